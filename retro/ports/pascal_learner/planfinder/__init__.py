"""The plan finder: victory plans, every scheme at every place and useful
orientation.  plans.py holds the plan, the turned scheme (``Oriented``) and the
whole-board matcher (``ReferencePlanFinder``); incremental.py the learner's
finder (``PlanFinder``), kept up to date move by move; lookahead.py and
vectorised.py look ahead whole-board, in Python and with NumPy."""
