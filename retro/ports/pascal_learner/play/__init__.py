"""Play: the variant options (variants.py), ``playthegame``'s choice of move
(choice.py), the screen and the lines of a pipe (display.py), and the main
program with its game loop (tictactoe.py)."""
