"""The audit subjects, as the ports declare them.

Each port that makes a claim declares its subject next to its ``PROGRAM``
(``Program.audit``, in ``ports/<name>/audit.py``): a game held in the port's
own state and moved by the port's own code (see explore.Game), so that no
rule of any program is written again in the runtime.  ``SUBJECTS`` maps a
program id to its subject, for every port of the catalog that has one.
"""
from __future__ import annotations

from typing import Callable, Iterator, Mapping

from .. import catalog
from .explore import Subject


class _Subjects(Mapping[str, Callable[..., Subject]]):
    """``Program.audit`` of each port of the catalog, looked up when asked."""

    def _declared(self) -> dict[str, Callable[..., Subject]]:
        return {p.id: p.audit for p in catalog.programs().values() if p.audit is not None}

    def __getitem__(self, program_id: str) -> Callable[..., Subject]:
        return self._declared()[program_id]

    def __iter__(self) -> Iterator[str]:
        return iter(self._declared())

    def __len__(self) -> int:
        return len(self._declared())


SUBJECTS: Mapping[str, Callable[..., Subject]] = _Subjects()
