"""A file fetched once into the cache and refused unless its SHA-256 is the pinned one.

The tools that run an original (or a referee of one) fetch it at run time:
nothing fetched is committed.  ``fetch_pinned`` downloads ``url`` to ``path``
when the file is missing (written whole or not at all) and checks it.
"""
from __future__ import annotations

import hashlib
import urllib.request
from pathlib import Path


def fetch_pinned(url: str, path: Path, sha256: str, what: str) -> Path:
    """``path``, downloaded from ``url`` if missing; SystemExit unless its SHA-256 is ``sha256``."""
    if not path.exists():
        path.parent.mkdir(parents=True, exist_ok=True)
        try:
            with urllib.request.urlopen(url, timeout=60) as response:
                data = response.read()
        except OSError as error:
            raise SystemExit(f"{path} is missing and {url} could not be fetched ({error}); "
                             f"copy {what} there by hand") from None
        part = path.with_name(path.name + ".part")
        part.write_bytes(data)
        part.replace(path)
    digest = hashlib.sha256(path.read_bytes()).hexdigest()
    if digest != sha256:
        raise SystemExit(f"{path}: SHA-256 {digest}, expected {sha256} ({what})")
    return path
