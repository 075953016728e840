"""The project speaks of itself: no words of how its work was organised (a working stop or
an issue by number) in any tracked file or file name. A date or a commit says when; a
document anchor says where."""
import re
import subprocess
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
VENDORED = ("assets/vendor/",)
STOP, ISSUE = "stop", "issue"  # spelt apart, so that this file does not match itself
IN_TEXT = re.compile(rf"\b{STOP}s? [0-9]|\bthis {STOP}\b|\b{ISSUE} #?[0-9]", re.IGNORECASE)
IN_NAME = re.compile(rf"{STOP}[-_ ]?[0-9]|{ISSUE}[-_ ]?[0-9]", re.IGNORECASE)


def tracked() -> list[str]:
    out = subprocess.run(["git", "ls-files", "-z"], cwd=ROOT, capture_output=True, check=True).stdout
    return [p for p in out.decode().split("\0") if p and not p.startswith(VENDORED)]


def offending_lines(text: str) -> list[str]:
    return [f"{n}: {line.strip()[:100]}" for n, line in enumerate(text.splitlines(), 1)
            if IN_TEXT.search(line)]


def test_the_word_finder_finds_the_words():
    assert offending_lines(f"measured at {STOP} 63\nfine\nsee {ISSUE} #19") == [
        f"1: measured at {STOP} 63", f"3: see {ISSUE} #19"]
    assert offending_lines(f"The bus {STOP}s at 6 pm? No: {STOP}ped. Non-{ISSUE}.") == []
    assert IN_NAME.search(f"docs/arena/trials/{STOP}69/x.py")
    assert not IN_NAME.search("docs/arena/hard-vs-hard-v1/2026-11-02.json")


def test_no_tracked_file_names_how_the_work_was_organised():
    found = {}
    for rel in tracked():
        if IN_NAME.search(rel):
            found[rel] = ["(its name)"]
        path = ROOT / rel
        try:
            text = path.read_text(encoding="utf-8")
        except (UnicodeDecodeError, FileNotFoundError, IsADirectoryError):
            continue  # binary (images, archives), or deleted in the working tree
        lines = offending_lines(text)
        if lines:
            found.setdefault(rel, []).extend(lines[:3])
    assert not found, "\n".join(f"{rel}: {lines}" for rel, lines in sorted(found.items()))
