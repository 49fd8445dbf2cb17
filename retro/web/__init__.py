"""retro serve: the classics in a web browser.

``bridge`` runs a port exactly as ``retro run`` does in a pipe, on a line
console whose input is what a visitor types and whose output goes to the
browser; ``app`` is the aiohttp application (the page, its API, the
WebSocket of each session, the limits a public exhibit needs); ``static/``
holds the page, its script and its style, served by the package.
"""
