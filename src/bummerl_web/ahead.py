"""Python compiled ahead, kept in the memory snapshot: what a restored page would otherwise
compile from source at every return visit.

A page restored from the snapshot (assets/js/interpreter.mjs) still runs Python that PyScript
hands over as source: PyScript's own start (code that writes its ``pyscript`` package to
the working directory and imports it) and our entry script, boot.py. Compiling them is not
all it costs: in a browser started afresh, the interpreter's parser and compiler, which
nothing else on a return visit needs, are WebAssembly the browser has to compile first,
function by function. The snapshot worker (assets/js/snapshot-worker.mjs) gets from the page
the sources it ran (``runs``) and the ``.py`` files PyScript wrote (``files``) and calls
``prepare``: their code objects are then in the snapshot, and used where the same source
comes again. A source that differs (another PyScript, a changed boot.py) is compiled as
usual. Standard library only; Pyodide's own part is passed in, so that CPython tests reach
the rest (tests/web/test_ahead.py).
"""
from __future__ import annotations

import ast
import sys
from importlib import machinery
from types import CodeType
from typing import Any, Awaitable, Callable

# The compile options of Pyodide's runPythonAsync (pyodide.code.eval_code_async's defaults)
ALLOW_AWAIT = ast.PyCF_ALLOW_TOP_LEVEL_AWAIT
_RUNS: dict[str, Any] = {}  # source -> its compiled runner
_FILES: dict[str, tuple[bytes, CodeType]] = {}  # path -> (the file's bytes, their code)
HOOK_NAME = "path_hook_for_FileFinder"  # what importlib's FileFinder.path_hook returns


class AheadLoader(machinery.SourceFileLoader):
    """A ``.py`` file's loader: the code compiled ahead where the file holds exactly the
    bytes it was compiled from, else as importlib would (compiled from the file)."""

    def get_code(self, fullname: str) -> CodeType | None:
        ahead = _FILES.get(self.path)
        if ahead is not None:
            try:
                if self.get_data(self.path) == ahead[0]:
                    return ahead[1]
            except OSError:
                pass
        return super().get_code(fullname)


def add_files(files: dict[str, bytes]) -> None:
    """Compile each file's bytes as importlib would (``SourceLoader.source_to_code``), under
    its path, and let imports use them (``install_loader``)."""
    for path, data in files.items():
        _FILES[path] = (bytes(data), compile(bytes(data), path, "exec", dont_inherit=True))
    install_loader()


def install_loader() -> None:
    """Import ``.py`` files with AheadLoader: importlib's file finder for folders on
    sys.path, with the same loaders but this one for sources."""
    loaders = [(machinery.ExtensionFileLoader, machinery.EXTENSION_SUFFIXES),
               (AheadLoader, machinery.SOURCE_SUFFIXES),
               (machinery.SourcelessFileLoader, machinery.BYTECODE_SUFFIXES)]
    hook = machinery.FileFinder.path_hook(*loaders)
    hooks = [hook if getattr(h, "__name__", "") == HOOK_NAME else h for h in sys.path_hooks]
    sys.path_hooks[:] = hooks if hook in hooks else [*hooks, hook]
    sys.path_importer_cache.clear()  # folders seen so far get the new finder


def add_runs(sources: list[str], runner: Callable[..., Any]) -> None:
    """Compile each source as runPythonAsync does: ``runner(source, flags=...)`` makes
    Pyodide's CodeRunner, whose ``compile()`` returns it compiled."""
    for source in sources:
        _RUNS[source] = runner(source, flags=ALLOW_AWAIT).compile()


def running_ahead(real: Callable[..., Awaitable[Any]]) -> Callable[..., Awaitable[Any]]:
    """``real`` (pyodide.code.eval_code_async) taking a source compiled ahead from _RUNS
    when it is called with nothing that changes how it compiles (only the scopes)."""

    async def eval_code_async(source: str, globals: dict | None = None,
                              locals: dict | None = None, **options: Any) -> Any:
        compiled = None if options else _RUNS.get(source)
        if compiled is None:
            return await real(source, globals, locals, **options)
        return await compiled.run_async(globals, locals)

    eval_code_async.__wrapped__ = real  # type: ignore[attr-defined]
    return eval_code_async


def prepare(runs: list[str], files: dict[str, bytes]) -> int:
    """In Pyodide, before its memory is snapshotted: compile ``runs`` and ``files`` ahead
    and route runPythonAsync and imports through them. Returns how many were compiled."""
    import pyodide.code
    from _pyodide._base import CodeRunner

    add_runs(runs, CodeRunner)
    add_files(files)
    code = pyodide.code
    code.eval_code_async = running_ahead(getattr(code.eval_code_async, "__wrapped__",
                                                 code.eval_code_async))
    return len(_RUNS) + len(_FILES)
