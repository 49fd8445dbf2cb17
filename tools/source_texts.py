"""Where the source texts are: the published texts the ports rest on (the
article, the web page, the blog posts, the assignment), which the repository
does not hold.

One rule for the tools and the tests: the folder named by $RETRO_SOURCE_TEXTS,
else a folder ``shared/seeds`` beside the checkout or beside its parent (where
a maintainer's copy is usually kept).
"""
from __future__ import annotations

import os
from pathlib import Path

VARIABLE = "RETRO_SOURCE_TEXTS"
ROOT = Path(__file__).resolve().parent.parent
TEXTS = {
    "000_3ed860745bea39e2.txt": "the web page of Tic-Tac-Toe.p",
    "001_7da924221099f213.txt": "the Fortran author's published source",
    "002_ceb5a6c167f4c3b4.txt": "the Perl course's assignment",
    "003_7ae37df1db29eaeb.txt": "the article with the Altair listing",
    "004_97c3467a7464b75b.txt": "the blog post of the C game",
}


def folders() -> list[Path]:
    """The folders searched, in order."""
    if os.environ.get(VARIABLE):
        return [Path(os.environ[VARIABLE])]
    return [base / "shared" / "seeds" for base in (ROOT.parent, ROOT.parent.parent)]


def source_text(name: str) -> Path:
    """The text's path; one that does not exist if it is not on this machine."""
    return next((folder / name for folder in folders() if (folder / name).is_file()), Path("/nonexistent") / name)


def read_source_text(name: str) -> str:
    """The text, or an exit that says which text is needed and where it is looked for."""
    path = source_text(name)
    if not path.is_file():
        raise SystemExit(f"needs {TEXTS[name]} ({name}): set {VARIABLE} to the folder that holds it")
    return path.read_text(encoding="utf-8")
