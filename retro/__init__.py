"""retro: five historical tic-tac-toe programs, brought back as faithful ports
(their prompts, play and bugs).

The runtime (console, dialects, transcripts, command line, menu) lives here;
the programs themselves live in the ``ports`` package.
"""
__version__ = "0.1.0"

import os as _os

# blessed 1.5x asks the terminal who it is when a Terminal starts and waits up
# to this many seconds per question for terminals that never answer (a bare
# pty, some emulators).  retro needs no answer: half a second is plenty for the
# terminals that do answer, and a user's own setting wins.
_os.environ.setdefault("BLESSED_QUERY_TIMEOUT_SECONDS", "0.5")
