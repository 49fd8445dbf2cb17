"""The source texts the ports rest on -- the article with the Altair listing,
the web page of the Pascal learner, the blog post of the C game, the Fortran
author's published source, the Perl course's assignment -- are not part of
the repository.  A test that reads one finds it as the tools do
(tools/source_texts.py); without it the test is skipped and says which text
it needs."""
from __future__ import annotations

import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
from tools.source_texts import TEXTS, VARIABLE, folders, source_text

__all__ = ["TEXTS", "VARIABLE", "folders", "source_text", "needs"]


def needs(name: str) -> pytest.MarkDecorator:
    """Skip the test, saying why, unless the source text is here."""
    return pytest.mark.skipif(not source_text(name).is_file(),
                              reason=f"needs {TEXTS[name]} ({name}): set {VARIABLE} to the folder that holds it")
