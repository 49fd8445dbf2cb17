"""The plan finders: victory plans, every scheme at every place and useful
orientation.  plans.py holds the plan, the turned scheme (``Oriented``) and
what the finders share (``PlanFinderBase``: the schemes compiled, the plans'
order, the level-1 search); incremental.py the learner's finder for
training (``PlanFinder``), kept up to date move by move; compact.py the
finder for play in bounded memory (``CompactPlanFinder``); lookahead.py and
vectorised.py look ahead whole-board, with NumPy; completions.py finds the
threats a mark makes (the forced lines' level-1 search, square by square).
The whole-board matcher they all answer as is the tests'
(tests/pascal_learner/reference_finder.py)."""
