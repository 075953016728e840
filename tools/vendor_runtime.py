#!/usr/bin/env python3
"""Vendor the browser runtime (PyScript + Pyodide) into assets/vendor/.

Installs the pinned npm packages into a temporary directory (nothing is saved in
the repo's own package files), copies exactly the files the page needs, each
package's licence text, and writes assets/vendor/VERSIONS.json with the versions
and the sha256 of every copied file.  The copies are committed: a fresh clone
plays with no install and no network.

    python tools/vendor_runtime.py          # re-vendor (needs npm and the registry)
    python tools/vendor_runtime.py --check  # verify the committed copies (offline)
"""
from __future__ import annotations

import argparse
import hashlib
import json
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
VENDOR = ROOT / "assets" / "vendor"

PYSCRIPT = ("@pyscript/core", "0.7.31")
PYODIDE = ("pyodide", "314.0.7")

# Exactly what Pyodide fetches at boot when no packages are requested.
PYODIDE_FILES = (
    "pyodide.mjs",
    "pyodide.asm.mjs",
    "pyodide.asm.wasm",
    "python_stdlib.zip",
    "pyodide-lock.json",
)
# The npm pyodide package ships no licence file; Debian ships the MPL 2.0 text.
MPL_FALLBACK = Path("/usr/share/common-licenses/MPL-2.0")


def sha256(path: Path) -> str:
    h = hashlib.sha256()
    with path.open("rb") as f:
        for block in iter(lambda: f.read(1 << 20), b""):
            h.update(block)
    return h.hexdigest()


def npm_install(workdir: Path) -> Path:
    (workdir / "package.json").write_text('{"name": "vendor-tmp", "private": true}\n')
    cmd = [
        "npm", "install", "--no-save", "--no-audit", "--no-fund",
        "--ignore-scripts", "--save-exact",
        f"{PYSCRIPT[0]}@{PYSCRIPT[1]}", f"{PYODIDE[0]}@{PYODIDE[1]}",
    ]
    subprocess.run(cmd, cwd=workdir, check=True)
    return workdir / "node_modules"


def package_version(pkg_dir: Path) -> str:
    return json.loads((pkg_dir / "package.json").read_text())["version"]


def licence_file(pkg_dir: Path) -> Path | None:
    for name in ("LICENSE", "LICENSE.md", "LICENSE.txt", "LICENCE", "COPYING"):
        if (pkg_dir / name).is_file():
            return pkg_dir / name
    return None


def dependency_tree(modules: Path, name: str) -> list[str]:
    """Runtime dependencies of `name` (transitively), sorted, `name` excluded."""
    seen: set[str] = set()
    todo = [name]
    while todo:
        pkg = todo.pop()
        meta = json.loads((modules / pkg / "package.json").read_text())
        for dep in meta.get("dependencies", {}):
            if dep not in seen and (modules / dep).is_dir():
                seen.add(dep)
                todo.append(dep)
    return sorted(seen)


def copy(src: Path, dst: Path) -> None:
    dst.parent.mkdir(parents=True, exist_ok=True)
    shutil.copyfile(src, dst)


def vendor(modules: Path) -> dict:
    if VENDOR.exists():
        for sub in ("pyodide", "pyscript"):
            shutil.rmtree(VENDOR / sub, ignore_errors=True)
    files: dict[str, str] = {}

    # Pyodide runtime
    pyo_src = modules / PYODIDE[0]
    assert package_version(pyo_src) == PYODIDE[1], "npm gave an unexpected pyodide"
    pyo_dst = VENDOR / "pyodide"
    for name in PYODIDE_FILES:
        copy(pyo_src / name, pyo_dst / name)
    lic = licence_file(pyo_src)
    if lic is None:
        if not MPL_FALLBACK.is_file():
            sys.exit(f"pyodide ships no LICENSE and {MPL_FALLBACK} is missing")
        lic = MPL_FALLBACK
    (pyo_dst / "LICENSE").write_text(
        "Pyodide (npm package pyodide %s) is licensed under the Mozilla Public "
        "License 2.0.\nThe bundled CPython standard library is under the PSF "
        "License (see python_stdlib.zip).\n\n%s" % (PYODIDE[1], lic.read_text())
    )

    # PyScript: every .js/.css of dist/, no source maps (chunk names are hashes).
    ps_src = modules / PYSCRIPT[0]
    assert package_version(ps_src) == PYSCRIPT[1], "npm gave an unexpected @pyscript/core"
    ps_dst = VENDOR / "pyscript"
    for src in sorted((ps_src / "dist").iterdir()):
        if src.suffix in (".js", ".css") and src.is_file():
            copy(src, ps_dst / src.name)
    copy(licence_file(ps_src), ps_dst / "LICENSE")
    # dist/ bundles its runtime dependencies: keep their notices too.
    parts = []
    for dep in dependency_tree(modules, PYSCRIPT[0]):
        meta = json.loads((modules / dep / "package.json").read_text())
        dep_lic = licence_file(modules / dep)
        body = dep_lic.read_text() if dep_lic else f"License: {meta.get('license')}\n"
        parts.append(f"==== {dep} {meta['version']} ({meta.get('license')}) ====\n{body}")
    (ps_dst / "THIRD_PARTY_LICENSES.txt").write_text("\n".join(parts))

    for path in sorted(VENDOR.rglob("*")):
        if path.is_file() and path.name != "VERSIONS.json":
            files[path.relative_to(VENDOR).as_posix()] = sha256(path)
    versions = {
        "packages": {PYSCRIPT[0]: PYSCRIPT[1], PYODIDE[0]: PYODIDE[1]},
        "files": files,
    }
    (VENDOR / "VERSIONS.json").write_text(json.dumps(versions, indent=2) + "\n")
    return versions


def check() -> int:
    """Compare the committed copies with VERSIONS.json; return the number of problems."""
    versions = json.loads((VENDOR / "VERSIONS.json").read_text())
    bad = 0
    for rel, digest in versions["files"].items():
        path = VENDOR / rel
        if not path.is_file():
            print(f"missing: {rel}")
            bad += 1
        elif sha256(path) != digest:
            print(f"changed: {rel}")
            bad += 1
    return bad


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--check", action="store_true", help="verify, do not vendor")
    args = parser.parse_args()
    if args.check:
        bad = check()
        print("vendored runtime OK" if not bad else f"{bad} problem(s)")
        return 1 if bad else 0
    with tempfile.TemporaryDirectory(prefix="bummerl-vendor-") as tmp:
        versions = vendor(npm_install(Path(tmp)))
    total = sum((VENDOR / f).stat().st_size for f in versions["files"])
    print(f"vendored {len(versions['files'])} files, {total / 1e6:.1f} MB, into {VENDOR}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
