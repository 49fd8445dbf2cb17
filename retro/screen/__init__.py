"""The screen layer: every text retro lays out on a terminal, and every
screen it draws (ARCHITECTURE.md, principle 8).

``wrap`` is the one word wrap (screens, messages, a teletype's prose on a
terminal); ``rows`` the screen's rows as a program drew them, which can be
drawn again whole at any size; ``notice`` a wrapped notice that waits for a key.
"""
