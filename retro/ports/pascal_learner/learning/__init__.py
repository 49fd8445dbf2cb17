"""Learning: improveschemes (improveschemes.py) and the learner that plays,
learns from its lost games, keeps its record and gives its verdict
(learner.py)."""
