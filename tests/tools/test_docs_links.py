"""The README and docs/ link only to files that exist and to headings they have."""
import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
LINK = re.compile(r"\]\(([^)\s]+)\)")


def documents() -> list[Path]:
    return [ROOT / "README.md", *sorted((ROOT / "docs").rglob("*.md"))]


def anchors(document: Path) -> set[str]:
    """The anchors of its headings, as GitHub makes them (lower case, punctuation dropped,
    spaces as hyphens)."""
    found = set()
    for line in document.read_text().splitlines():
        heading = re.match(r"#+\s+(.*)", line)
        if heading:
            found.add(re.sub(r"[^\w\- ]", "", heading.group(1).strip().lower()).replace(" ", "-"))
    return found


def broken(document: Path) -> list[str]:
    wrong = []
    for target in LINK.findall(document.read_text()):
        if re.match(r"[a-z]+:", target):
            continue  # another site
        path, _, anchor = target.partition("#")
        linked = (document.parent / path).resolve() if path else document
        if not linked.exists():
            wrong.append(f"{target}: no such file")
        elif anchor and linked.suffix == ".md" and anchor not in anchors(linked):
            wrong.append(f"{target}: no such heading")
    return wrong


def test_every_link_of_the_readme_and_the_docs_leads_somewhere():
    assert len(documents()) > 5
    found = {str(d.relative_to(ROOT)): broken(d) for d in documents()}
    assert not {d: w for d, w in found.items() if w}


def test_the_link_checker_finds_a_missing_file_and_a_missing_heading(tmp_path):
    page = tmp_path / "page.md"
    page.write_text("# Where Hard stands\n[a](page.md#where-hard-stands) [b](gone.md) [c](#nowhere)\n")
    assert broken(page) == ["gone.md: no such file", "#nowhere: no such heading"]
