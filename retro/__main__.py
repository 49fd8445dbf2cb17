"""`python -m retro` is the `retro` command."""
from .launch import main

main()
