"""Static checks for the card artwork in assets/cards (stdlib only, no browser)."""

import re
import xml.etree.ElementTree as ET
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
CARDS = ROOT / "assets" / "cards"
SPRITE = CARDS / "suits.svg"
SVG_NS = "http://www.w3.org/2000/svg"
NS = {"svg": SVG_NS}

SUIT_IDS = [f"{deck}-{suit}" for deck in ("fr", "de") for suit in "HDCS"]
REQUIRED_IDS = SUIT_IDS + ["back"]

# Anything that would make the browser fetch from elsewhere.
EXTERNAL = re.compile(r"https?:|@import|url\(\s*['\"]?\s*(?:https?:)?//|(?<![\w-])//[\w.-]+\.\w", re.I)


def _symbols():
    root = ET.parse(SPRITE).getroot()
    assert root.tag == f"{{{SVG_NS}}}svg", "suits.svg root must be an SVG element"
    return {s.get("id"): s for s in root.iter(f"{{{SVG_NS}}}symbol")}


def _without_namespace_decls(text):
    # xmlns="http://www.w3.org/2000/svg" is an identifier, not a fetched URL.
    return re.sub(r'\sxmlns(?::\w+)?="[^"]*"', "", text)


def test_required_symbols_exist():
    symbols = _symbols()
    missing = [i for i in REQUIRED_IDS if i not in symbols]
    assert not missing, f"missing symbol ids: {missing}"


def test_symbol_viewboxes():
    symbols = _symbols()
    for sid in SUIT_IDS:
        assert symbols[sid].get("viewBox") == "0 0 100 100", sid
    assert symbols["back"].get("viewBox") == "0 0 100 150"


def test_every_symbol_has_a_title():
    for sid, sym in _symbols().items():
        title = sym.find("svg:title", NS)
        assert title is not None, f"{sid} has no <title>"
        assert (title.text or "").strip(), f"{sid} has an empty <title>"


def test_ids_are_unique():
    root = ET.parse(SPRITE).getroot()
    ids = [e.get("id") for e in root.iter() if e.get("id")]
    assert len(ids) == len(set(ids))


def test_sprite_references_nothing_external():
    root = ET.parse(SPRITE).getroot()
    for el in root.iter():
        for name, value in el.attrib.items():
            assert not EXTERNAL.search(value), f"external reference in {el.tag} {name}={value!r}"
            if name.endswith("href"):
                assert value.startswith("#"), f"non-local href {value!r}"
        if el.text:
            assert not EXTERNAL.search(el.text), f"external reference in text of {el.tag}"
    assert not EXTERNAL.search(_without_namespace_decls(SPRITE.read_text(encoding="utf-8")))


def test_css_and_preview_reference_nothing_external():
    for name in ("cards.css", "preview.html"):
        text = _without_namespace_decls((CARDS / name).read_text(encoding="utf-8"))
        hit = EXTERNAL.search(text)
        assert not hit, f"{name}: external reference {hit.group(0)!r}"


def test_css_contract():
    css = (CARDS / "cards.css").read_text(encoding="utf-8")
    for needle in (".card.back", ".card.crosswise", ":disabled", ":focus-visible",
                   ".selected", "--card-w", "prefers-reduced-motion"):
        assert needle in css, f"cards.css lacks {needle}"


def test_readme_licence_line():
    readme = (CARDS / "README.md").read_text(encoding="utf-8")
    assert "Original artwork for Bummerl, MIT licence" in readme
