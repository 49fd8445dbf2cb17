"""retro in the visitor's browser (``retro site``): a session's program run inside
Pyodide in a Web Worker, its keys and bytes carried by the page's small messages
as a pseudo-terminal carries them for ``retro serve``.

``page`` is what the worker offers Python (bytes out, keys in, the terminal's
size, a wait); ``keys`` the keys as a terminal's line discipline hands them over
(a teletype's line edited and echoed, a screen's keys one at a time); ``xterm``
the few parts of a terminal the screen console uses, as xterm's sequences;
``session`` one program run to its end; ``checking`` every shipped transcript
replayed in the browser.  Nothing here imports Pyodide but ``page``, so the
tests run all of it under CPython with a page of their own."""
