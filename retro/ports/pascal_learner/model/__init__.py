"""The scheme model: the grid and its positions (board.py), the record
``schemes`` with its orientations and the list grouped by level (schemes.py),
and the rule sets learning and choice follow (rules.py)."""
