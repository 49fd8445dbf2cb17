"""retro serve: the classics in a web browser.

``app`` is the aiohttp application (the page, its API, the WebSocket of each
session, the limits a public exhibit needs); ``process`` runs a session's
program in a process of its own, on a pseudo-terminal (a WebSocket session)
or on pipes (a POST run), and ends it; ``child`` is that program's entry
point (``retro run`` with a visitor's options); ``messages`` parses the
page's JSON messages with bounds; ``listener`` accepts connections under a
cap; ``static/`` holds the page, its script and style, and (``vendor/``,
made by the build) xterm.js.
"""
