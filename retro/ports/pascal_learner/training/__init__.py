"""Training, the WarGames mode: the sparring partners (opponents.py), the
live chart (chart.py), and the training loop with its command (train.py)."""
