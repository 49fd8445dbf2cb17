"""retro serve: the classics in a web browser, one module a concern (``app``'s routes, ``server``,
``config``'s limits, ``security``, ``api``, ``websocket``, ``process``, ``child``), the page in ``static/``."""
