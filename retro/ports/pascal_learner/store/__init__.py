"""The data file and its session: the Tic-Tac-Toe-Data files' format, saving
and lock (datafile.py), and a learner opened on its data file, the file found
from the options (session.py)."""
