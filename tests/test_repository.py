"""The repository stands on its own (ARCHITECTURE.md): it tracks no build
artefact, cites no path of one machine or outside itself, and the layout
ARCHITECTURE.md draws is the one on disk."""
import re
import subprocess
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent


def tracked() -> list[str]:
    try:
        out = subprocess.run(["git", "ls-files"], cwd=ROOT, capture_output=True, text=True, check=True).stdout
    except (OSError, subprocess.CalledProcessError):
        pytest.skip("not a git checkout (an unpacked sdist): nothing is tracked")
    return out.splitlines()


def test_no_build_artefact_is_tracked() -> None:
    assert [name for name in tracked() if re.search(r"\.(whl|egg|zip|7z|exe|tar\.gz|so|pyc)$", name)] == []


def test_nothing_cites_a_path_outside_the_repository() -> None:
    outside = re.compile(r"(^|[^A-Za-z0-9_.])/(work|root|home)/|\.\./shared|\bDESIGN\.md\b")
    cited = []
    for name in tracked():
        path = ROOT / name
        if name == "package-lock.json" or not path.is_file() or path.suffix in (".png", ".data"):
            continue
        text = path.read_text(encoding="utf-8", errors="replace")
        cited += [f"{name}:{n}" for n, line in enumerate(text.splitlines(), 1) if outside.search(line)]
    assert cited == [], "a clone has none of these"


ENTRY_INDENT = 8  # an entry's name stands at most this deep; a job's words run on deeper


def layout_paths() -> list[str]:
    """The paths ARCHITECTURE.md's layout names, as paths from the root: an
    entry's name at its depth (two spaces a folder), its job beside it."""
    text = (ROOT / "ARCHITECTURE.md").read_text()
    block = text.split("## Layout", 1)[1].split("```")[1]
    paths, parents = [], {}
    for line in block.splitlines():
        match = re.match(r"^( *)(\S+)", line)
        if not match or len(match.group(1)) > ENTRY_INDENT:
            continue
        indent, name = len(match.group(1)), match.group(2)
        assert re.fullmatch(r"[\w.<>/-]+", name), f"not a name in the layout: {line!r}"
        path = (parents.get(indent - 2, "") if indent else "") + name
        if name.endswith("/"):
            parents[indent] = path
        paths.append(path)
    return paths


def runtime_modules() -> list[str]:
    """The runtime's modules on disk: every module of retro/ but the ports'
    (the layout names them as one entry, ports/<name>/) and the packages'
    __init__.py."""
    return sorted(str(path.relative_to(ROOT)) for path in (ROOT / "retro").rglob("*.py")
                  if path.name != "__init__.py" and "ports" not in path.relative_to(ROOT / "retro").parts)


def test_the_layout_in_architecture_md_is_on_disk() -> None:
    paths = layout_paths()
    assert "retro/ports/<name>/" in paths and "retro/cli.py" in paths and "retro/web/forking.py" in paths
    missing = []
    for path in paths:
        if "<" in path:
            base = path.split("<", 1)[0]
            found = (ROOT / base).is_dir() and any(p.is_dir() for p in (ROOT / base).iterdir())
        else:
            found = (ROOT / path).exists()
        if not found:
            missing.append(path)
    assert missing == []


def test_the_layout_names_every_module_of_the_runtime() -> None:
    named = set(layout_paths())
    assert [module for module in runtime_modules() if module not in named] == []
@pytest.mark.parametrize("name, reader", [("aiohttp", "retro/web/connection.py"), ("blessed", "retro/terminal.py")])
def test_a_dependency_whose_private_parts_are_read_is_bounded(name: str, reader: str) -> None:
    """``reader`` reads private parts of ``name``, checked against one version
    (its guard tests): pyproject.toml admits that version and no later minor
    one, so that a fresh install never takes a version nobody has checked."""
    from packaging.requirements import Requirement
    from packaging.version import Version

    [line] = re.findall(rf'^\s*"({name}[<>=!~,.\d ]*)",', (ROOT / "pyproject.toml").read_text(), re.MULTILINE)
    [checked] = re.findall(rf"\b{name} (\d+\.\d+\.\d+)", (ROOT / reader).read_text())
    allowed, at = Requirement(line).specifier, Version(checked)
    assert at in allowed, (line, checked)
    assert Version(f"{at.major}.{at.minor + 1}") not in allowed and Version(f"{at.major + 1}") not in allowed, line
