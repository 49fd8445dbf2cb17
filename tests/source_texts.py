"""The source texts the ports rest on -- the article with the Altair listing,
the web page of the Pascal learner, the blog post of the C game, the Fortran
author's published source, the Perl course's assignment -- are not part of
the repository.  A test that reads one finds it in the folder named by
$RETRO_SOURCE_TEXTS, else in shared/seeds beside the checkout or beside its
parent; without it the test is skipped and says which text it needs."""
from __future__ import annotations

import os
from pathlib import Path

import pytest

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
    if os.environ.get(VARIABLE):
        return [Path(os.environ[VARIABLE])]
    return [base / "shared" / "seeds" for base in (ROOT.parent, ROOT.parent.parent)]


def source_text(name: str) -> Path:
    """The text's path; one that does not exist if it is not on this machine."""
    return next((folder / name for folder in folders() if (folder / name).is_file()), Path("/nonexistent") / name)


def needs(name: str) -> pytest.MarkDecorator:
    """Skip the test, saying why, unless the source text is here."""
    return pytest.mark.skipif(not source_text(name).is_file(),
                              reason=f"needs {TEXTS[name]} ({name}): set {VARIABLE} to the folder that holds it")
