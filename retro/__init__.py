"""retro: historical tic-tac-toe programs, brought back as faithful ports
(their prompts, play and bugs).

The runtime (console, dialects, transcripts, command line, menu) lives here;
the programs themselves live in its ``retro.ports`` package, which the runtime
knows only through the catalog's list of port modules.
"""
__version__ = "0.1.0"
