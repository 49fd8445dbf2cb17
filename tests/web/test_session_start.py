"""A session forked from the template (retro.web.template) starts from what the template has
loaded: before its first prompt, no program imports a module of its own."""
import asyncio
import sys
from pathlib import Path

import pytest

from import_probe import IMPORTS_FILE
from measure_sessions import VISITS, until_prompt
from retro import catalog
from retro.web.forking import Template
from retro.web.process import Command, Terminal

PROBE = ("import sys; sys.path.insert(0, {tests!r}); from retro.web import child, template; import import_probe; "
         "child.run = import_probe.counting(child.run); template.main()").format(tests=str(Path(__file__).parent))


@pytest.mark.parametrize("program_id", catalog.programs())
def test_a_forked_session_imports_nothing_before_its_first_prompt(program_id, tmp_path, monkeypatch) -> None:
    imports = tmp_path / "imports"
    imports.touch()
    monkeypatch.setenv(IMPORTS_FILE, str(imports))

    async def first_prompt() -> None:
        template = Template(command=(sys.executable, "-c", PROBE))
        try:
            term = await Terminal.start(Command().argv(program_id, []), 80, 24, template=template)
            try:
                await until_prompt(term, VISITS[program_id].prompt)
            finally:
                await term.end(1.0)
        finally:
            template.close()

    asyncio.run(first_prompt())
    assert imports.read_text().split() == []
