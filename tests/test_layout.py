"""The layout's promise (ARCHITECTURE.md): `retro/` is the runtime and knows no port
by name -- the catalog's list of port modules aside -- and no module of the
package imports itself back through others (every import counts, those made
inside functions too)."""
import ast
import re
from pathlib import Path

from retro import catalog

ROOT = Path(__file__).resolve().parent.parent
PACKAGES = ("retro",)


PORTS = ROOT / "retro" / "ports"


def is_runtime(name: str) -> bool:
    """The runtime is retro's every module but the ports' package."""
    return name != "retro.ports" and not name.startswith("retro.ports.")


def module_name(path: Path) -> str:
    parts = list(path.relative_to(ROOT).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def modules() -> dict[str, Path]:
    found = {}
    for package in PACKAGES:
        for path in (ROOT / package).rglob("*.py"):
            found[module_name(path)] = path
    return found


def imports(name: str, path: Path, known: set[str]) -> set[str]:
    """The package's modules that ``name`` imports, anywhere in its text."""
    is_package = path.name == "__init__.py"
    base = name.split(".") if is_package else name.split(".")[:-1]
    found: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text())):
        targets: list[str] = []
        if isinstance(node, ast.Import):
            targets = [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom):
            head = base[: len(base) - node.level + 1] if node.level else []
            stem = ".".join(head + ([node.module] if node.module else []))
            targets = [stem] + [f"{stem}.{alias.name}" for alias in node.names]
        for target in targets:
            while target and target not in known:
                target = target.rpartition(".")[0]
            if target and target != name:
                found.add(target)
    return found


def cycles(graph: dict[str, set[str]]) -> list[list[str]]:
    """The strongly connected components of more than one module (Tarjan)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found: list[list[str]] = []

    def visit(v: str) -> None:
        index[v] = low[v] = len(index)
        stack.append(v)
        on_stack.add(v)
        for w in graph[v]:
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on_stack:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            component = []
            while True:
                w = stack.pop()
                on_stack.discard(w)
                component.append(w)
                if w == v:
                    break
            if len(component) > 1:
                found.append(sorted(component))

    for v in sorted(graph):
        if v not in index:
            visit(v)
    return found


def package_graph() -> dict[str, set[str]]:
    known = modules()
    graph = {name: set() for name in known}
    for name, path in known.items():
        # A package's __init__ is imported with any of its modules: that edge is no cycle of theirs.
        graph[name] = {m for m in imports(name, path, set(known)) if not name.startswith(m + ".")}
    return graph


def test_no_module_imports_itself_back() -> None:
    assert cycles(package_graph()) == []


def test_the_cycle_finder_finds_a_cycle() -> None:
    assert cycles({"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}) == [["a", "b", "c"]]


def test_the_runtime_knows_no_port_by_name() -> None:
    graph = package_graph()
    for name, targets in graph.items():
        if is_runtime(name) and name != "retro.catalog":
            assert not {t for t in targets if t.startswith("retro.ports")}, name
    listed = {t for t in graph["retro.catalog"] if t.startswith("retro.ports")}
    assert listed <= set(catalog.OWN_PORTS) | {"retro.ports"}
    for path in (ROOT / "retro").rglob("*.py"):
        if path.name != "catalog.py" and PORTS not in path.parents:
            text = path.read_text()
            for module in catalog.OWN_PORTS:
                assert f'"{module}' not in text and f"'{module}" not in text, path  # no import by string


RUNTIME_TEXTS = ("*.py", "*.js", "*.css", "*.html")  # retro/web/static's own files too (not vendor/)


def runtime_files() -> list[Path]:
    """The runtime's own text: retro/ outside retro/ports/ (and xterm.js, not ours)."""
    return sorted(path for pattern in RUNTIME_TEXTS for path in (ROOT / "retro").rglob(pattern)
                  if PORTS not in path.parents and "vendor" not in path.parts)


def port_ids_in(text: str, ids: list[str]) -> list[str]:
    """The ports' ids ``text`` says, each a whole word (``cpm-c`` is not in ``cpm-cx``)."""
    words = "|".join(re.escape(port) for port in ids)
    return re.findall(rf"(?<![\w-])({words})(?![\w-])", text)


def test_the_port_id_finder_finds_an_id() -> None:
    assert port_ids_in('if program.id == "altair-3d":  # cpm-c\'s', ["altair-3d", "cpm-c"]) == ["altair-3d", "cpm-c"]
    assert port_ids_in("retro.ports.altair_3d, cpm-cx, xaltair-3d", ["altair-3d", "cpm-c"]) == []


def test_the_runtime_names_no_port_by_its_id() -> None:
    """What is a port's own (its terminal's look, its screen, its options) is
    declared in its Program: no runtime module, docstrings and comments
    included, says a port's id."""
    ids = catalog.ids()
    found = [f"{path.relative_to(ROOT)}:{number}: {', '.join(said)}"
             for path in runtime_files()
             for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1)
             if (said := port_ids_in(line, ids))]
    assert found == []
    assert ROOT / "retro" / "web" / "static" / "retro.js" in runtime_files()


def adding_a_program() -> str:
    text = (ROOT / "ARCHITECTURE.md").read_text(encoding="utf-8")
    return text.split("\n## Adding a program\n", 1)[1].split("\n## ", 1)[0]


def test_adding_a_program_says_every_step_and_names_what_there_is() -> None:
    """The steps a new maintainer follows (the issue's sixth program, added
    from this section alone): a program without variants (NoOptions), the
    entry point, the audit's turn rule (play_human makes no reply), the test
    facts, the menu entry by id, make docs and the README's row; and every
    file and module it names is there."""
    steps = adding_a_program()
    for said in ("NoOptions", "retro.ports", "play_human", "play_program", "facts.py", "number_of", "make docs",
                 "README"):
        assert said in steps, said
    for path in re.findall(r"`((?:retro|tests)/[\w./]+)`", steps):
        assert (ROOT / path).exists(), path
    for dotted in re.findall(r"`(retro(?:\.\w+)+)`", steps):  # a module, a package, or a name in a module
        module, _, name = dotted.rpartition(".")
        where, holder = ROOT / Path(*dotted.split(".")), (ROOT / Path(*module.split("."))).with_suffix(".py")
        assert where.is_dir() or where.with_suffix(".py").is_file() or (
            holder.is_file() and re.search(rf"^(class|def) {name}\b|^{name} = ", holder.read_text(), re.M)), dotted
