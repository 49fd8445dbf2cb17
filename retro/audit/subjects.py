"""The audit subjects, as the ports declare them.

Each port that makes a claim declares its subject next to its ``PROGRAM``
(``Program.audit``, in ``retro/ports/<name>/audit.py``): a game held in the port's
own state and moved by the port's own code (see explore.Game), so that no
rule of any program is written again in the runtime.  ``SUBJECTS`` maps a
program id to its subject, for every port of the catalog that has one.
"""
from __future__ import annotations

from typing import Callable

from .. import catalog
from .explore import Subject

SUBJECTS: dict[str, Callable[..., Subject]] = {
    p.id: p.audit for p in catalog.programs().values() if p.audit is not None}
