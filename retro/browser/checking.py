"""Every shipped transcript replayed in the visitor's browser, as ``retro check``
replays them (retro.check): the page's "Check in this browser"."""
from __future__ import annotations

import time
from typing import Any

from .. import check, resources


def check_shipped() -> dict[str, Any]:
    """How many of the shipped sessions match byte for byte, and what differs in the others."""
    began = time.monotonic()
    results = []
    for session in resources.shipped_sessions():
        result = check.check_file(session.path)
        results.append({"name": session.name, "ok": result.ok, "diff": result.diff, "error": result.error})
    return {"total": len(results), "matched": sum(r["ok"] for r in results),
            "seconds": round(time.monotonic() - began, 3), "results": results}
