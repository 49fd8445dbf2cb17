"""`python -m retro` is the `retro` command."""
from .cli import main

main()
