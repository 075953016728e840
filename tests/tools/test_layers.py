"""The shape of src/ and tools/: no import circle anywhere, and the engine and bots import
nothing of the browser (they run unchanged in CPython and Pyodide)."""
import ast
from pathlib import Path

SRC = Path(__file__).resolve().parents[2] / "src"
TOOLS = SRC.parent / "tools"


def module_name(path: Path) -> str:
    parts = list(path.relative_to(SRC).with_suffix("").parts)
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


MODULES = {module_name(p): p for p in SRC.rglob("*.py")}


def imports(name: str) -> set[str]:
    """Every module of src/ that ``name`` imports, at the top or inside a function (a
    ``from package import submodule`` counts as the submodule)."""
    path = MODULES[name]
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    found = set()
    for node in ast.walk(ast.parse(path.read_text())):
        if isinstance(node, ast.Import):
            found |= {alias.name for alias in node.names}
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                parts = package.split(".")[:len(package.split(".")) - node.level + 1]
                base = ".".join(parts + ([base] if base else []))
            subs = {f"{base}.{alias.name}" for alias in node.names} & set(MODULES)
            found |= subs | ({base} if len(subs) < len(node.names) else set())
    return found


GRAPH = {name: {d for d in imports(name) if d in MODULES and d != name} for name in MODULES}


def tool_imports(path: Path) -> set[str]:
    """The names of the modules ``path`` imports, at the top or inside a function (the
    tools are plain scripts in one folder: they import each other by name)."""
    found = set()
    for node in ast.walk(ast.parse(path.read_text())):
        if isinstance(node, ast.Import):
            found |= {alias.name for alias in node.names}
        elif isinstance(node, ast.ImportFrom) and node.module and not node.level:
            found.add(node.module)
    return found


TOOL_GRAPH = {p.stem: tool_imports(p) & {q.stem for q in TOOLS.glob("*.py")} - {p.stem}
              for p in TOOLS.glob("*.py")}


def circles(graph: dict = GRAPH) -> list[list[str]]:
    found, state, stack = [], {}, []

    def visit(name):
        state[name] = "open"
        stack.append(name)
        for dep in sorted(graph[name]):
            if state.get(dep) == "open":
                found.append(stack[stack.index(dep):] + [dep])
            elif dep not in state:
                visit(dep)
        stack.pop()
        state[name] = "done"

    for name in sorted(graph):
        if name not in state:
            visit(name)
    return found


def test_src_has_no_import_circle():
    assert circles() == []


def test_tools_have_no_import_circle():
    assert "site_layout" in TOOL_GRAPH["build_bytecode"]  # the graph reads the tools' imports
    assert circles(TOOL_GRAPH) == []


def test_the_circle_finder_finds_a_circle():
    GRAPH["bummerl.cards"].add("bummerl.hand")  # hand imports cards: now a circle
    try:
        assert ["bummerl.cards", "bummerl.hand", "bummerl.cards"] in circles()
    finally:
        GRAPH["bummerl.cards"].discard("bummerl.hand")


def test_the_engine_and_bots_import_nothing_of_the_browser():
    for name in MODULES:
        if name.split(".")[0] == "bummerl":
            browser = {d for d in imports(name) if d.split(".")[0] in ("js", "pyodide", "pyscript", "bummerl_web")}
            assert not browser, (name, browser)
