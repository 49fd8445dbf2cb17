"""The screen layer: every text retro lays out on a terminal, and every
screen it draws (ARCHITECTURE.md, principle 8).

``wrap`` is the one word wrap (screens, messages, a teletype's prose on a
terminal); ``rows`` the one model of a screen's rows, as the programs drew
them, which paints the whole screen again at any moment at any size;
``video`` the Altair's 80x24 video terminal drawn through it; ``line`` a
teletype's column on a terminal; ``notice`` a wrapped notice that waits for
a key.
"""
