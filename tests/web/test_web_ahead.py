"""Python compiled ahead into the memory snapshot (bummerl_web.ahead), in CPython: imports and
runs take the code compiled ahead only for exactly the source it was compiled from."""
import importlib
import sys

import pytest

from bummerl_web import ahead


@pytest.fixture
def clean_import_state():
    """ahead changes the interpreter's import hooks: put them back after each test."""
    hooks, cache = list(sys.path_hooks), dict(sys.path_importer_cache)
    path, modules = list(sys.path), set(sys.modules)
    yield
    sys.path_hooks[:] = hooks
    sys.path_importer_cache.clear()
    sys.path_importer_cache.update(cache)
    sys.path[:] = path
    for name in set(sys.modules) - modules:
        del sys.modules[name]
    ahead._FILES.clear()
    ahead._RUNS.clear()


def write_package(folder, name, text):
    package = folder / name
    package.mkdir()
    (package / "__init__.py").write_text(text, encoding="utf-8")
    return package / "__init__.py"


def test_an_import_takes_the_code_compiled_ahead_for_the_same_bytes(tmp_path, clean_import_state):
    init = write_package(tmp_path, "ahead_pkg_same", "VALUE = 'as written'\n")
    ahead.add_files({str(init): init.read_bytes()})
    sys.path.insert(0, str(tmp_path))
    module = importlib.import_module("ahead_pkg_same")
    assert module.VALUE == "as written"
    assert type(module.__loader__) is ahead.AheadLoader
    assert module.__loader__.get_code("ahead_pkg_same") is ahead._FILES[str(init)][1]


def test_a_file_that_changed_is_compiled_from_the_file(tmp_path, clean_import_state):
    init = write_package(tmp_path, "ahead_pkg_changed", "VALUE = 'before'\n")
    ahead.add_files({str(init): init.read_bytes()})
    init.write_text("VALUE = 'after'\n", encoding="utf-8")
    sys.path.insert(0, str(tmp_path))
    module = importlib.import_module("ahead_pkg_changed")
    assert module.VALUE == "after"
    assert module.__loader__.get_code("ahead_pkg_changed") is not ahead._FILES[str(init)][1]


def test_the_loader_takes_the_file_finders_place_once(clean_import_state):
    before = len(sys.path_hooks)
    ahead.install_loader()
    ahead.install_loader()
    named = [h for h in sys.path_hooks if getattr(h, "__name__", "") == ahead.HOOK_NAME]
    assert len(named) == 1 and len(sys.path_hooks) == before


def finish(coroutine):
    """Run a coroutine that never waits (no event loop: the browser tests' Playwright may
    hold this thread's)."""
    try:
        coroutine.send(None)
    except StopIteration as done:
        return done.value
    raise AssertionError("the coroutine waited")


class Runner:
    """Stands in for Pyodide's CodeRunner: compiled once, run any number of times."""

    compiled: list = []

    def __init__(self, source, *, flags):
        self.source, self.flags = source, flags

    def compile(self):
        Runner.compiled.append(self.source)
        self.code = compile(self.source, "<exec>", "exec")
        return self

    async def run_async(self, globals, locals):
        exec(self.code, globals, locals)
        return ("ahead", (globals or {}).get("x"))


def test_a_run_of_a_source_compiled_ahead_skips_compiling(clean_import_state):
    calls = []

    async def real(source, globals=None, locals=None, **options):
        calls.append((source, options))
        return "compiled now"

    Runner.compiled = []
    ahead.add_runs(["x = 42"], Runner)
    assert Runner.compiled == ["x = 42"]
    run = ahead.running_ahead(real)
    assert finish(run("x = 42", {})) == ("ahead", 42)
    assert calls == []
    # another source, or options that change how it compiles: compiled as usual
    assert finish(run("x = 43", {})) == "compiled now"
    assert finish(run("x = 42", {}, filename="other.py")) == "compiled now"
    assert calls == [("x = 43", {}), ("x = 42", {"filename": "other.py"})]
    assert run.__wrapped__ is real
