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


# ---------------------------------------------------------------- the German-suited deck

def _css_colours():
    """The colour custom properties of cards.css's :root block."""
    css = (CARDS / "cards.css").read_text(encoding="utf-8")
    root = css[css.index(":root {"):css.index("}", css.index(":root {"))]
    return dict(re.findall(r"(--[\w-]+):\s*(#[0-9a-fA-F]{6})\s*;", root))


def _hls(hex_colour):
    import colorsys
    r, g, b = (int(hex_colour[i:i + 2], 16) / 255 for i in (1, 3, 5))
    return colorsys.rgb_to_hls(r, g, b)


def _contrast(a, b):
    def lum(hex_colour):
        c = [int(hex_colour[i:i + 2], 16) / 255 for i in (1, 3, 5)]
        c = [x / 12.92 if x <= 0.03928 else ((x + 0.055) / 1.055) ** 2.4 for x in c]
        return 0.2126 * c[0] + 0.7152 * c[1] + 0.0722 * c[2]
    hi, lo = sorted((lum(a), lum(b)), reverse=True)
    return (hi + 0.05) / (lo + 0.05)


def test_sprite_fallback_colours_match_the_stylesheet():
    colours = _css_colours()
    text = SPRITE.read_text(encoding="utf-8")
    fallbacks = re.findall(r"var\((--[\w-]+),(#[0-9a-fA-F]{6})\)", text)
    assert fallbacks
    for name, fallback in fallbacks:
        if name in colours:
            assert colours[name].lower() == fallback.lower(), f"{name}: css {colours[name]}, sprite {fallback}"


def test_rank_inks_are_readable_on_the_card_face():
    colours = _css_colours()
    for deck in ("fr", "de"):
        for suit in "HDCS":
            ink = colours[f"--{deck}-{suit}-ink"]
            assert _contrast(ink, colours["--card-face"]) >= 4.5, f"{deck}-{suit}: {ink}"


def test_schellen_and_eichel_differ_in_hue_and_lightness_not_a_shade_of_brown():
    colours = _css_colours()
    for a, b in (("--de-D-ink", "--de-C-ink"), ("--de-D", "--de-C")):
        (hue_a, light_a, _), (hue_b, light_b, _) = _hls(colours[a]), _hls(colours[b])
        hue_gap = min(abs(hue_a - hue_b), 1 - abs(hue_a - hue_b)) * 360
        assert hue_gap >= 10 or abs(light_a - light_b) >= 0.25, f"{a} vs {b} too alike"
        assert abs(light_a - light_b) >= 0.2, f"{a} vs {b}: one must be clearly darker"


def test_schellen_and_eichel_have_different_shapes():
    symbols = _symbols()
    bell, acorn = symbols["de-D"], symbols["de-C"]
    assert bell.find(".//svg:circle[@r='35']", NS) is not None, "Schellen: a round bell"
    assert acorn.find(".//svg:circle[@r='35']", NS) is None
    assert len(list(acorn.iter(f"{{{SVG_NS}}}path"))) >= 3, "Eichel: cup, nut and stalk"


def _figure_groups(symbol_id):
    groups = [g for g in _symbols()[symbol_id].findall("svg:g", NS)]
    by_toggle = {}
    for g in groups:
        hit = re.search(r"display:var\((--court-(?:fr|de)),(inline|none)\)", g.get("style", ""))
        if hit:
            by_toggle[hit.group(1)] = (hit.group(2), g)
    return by_toggle


def test_each_court_symbol_holds_a_french_emblem_shown_by_default_and_a_german_figure_hidden_by_default():
    for symbol_id in ("court-K", "court-Q", "court-J"):
        groups = _figure_groups(symbol_id)
        assert groups["--court-fr"][0] == "inline", symbol_id
        assert groups["--court-de"][0] == "none", symbol_id
        figure = groups["--court-de"][1]
        heads = [c for c in figure.iter(f"{{{SVG_NS}}}circle") if "--court-skin" in c.get("style", "")]
        assert heads, f"{symbol_id}: the German figure has a head"


def test_ober_raises_his_hand_and_unter_lowers_it():
    def hands(symbol_id):
        figure = _figure_groups(symbol_id)["--court-de"][1]
        return sorted(float(c.get("cy")) for c in figure.iter(f"{{{SVG_NS}}}circle")
                      if "--court-skin" in c.get("style", ""))
    ober, unter = hands("court-Q"), hands("court-J")
    assert ober[0] < 10, "the Ober's hand is raised above his head"
    assert unter[-1] > 90, "the Unter's hand hangs down to the bottom of the figure"


def _rule(css, selector):
    start = css.index(selector + " {")
    return css[start:css.index("}", start)]


def _u(rule, prop):
    return float(re.search(prop + r":\s*calc\(var\(--u\) \* ([\d.]+)\)", rule).group(1))


def test_german_cards_show_figures_with_the_ober_sign_high_and_the_unter_sign_low():
    css = (CARDS / "cards.css").read_text(encoding="utf-8")
    deck_rule = _rule(css, '.card[data-deck="de"]')
    assert "--court-fr: none" in deck_rule and "--court-de: inline" in deck_rule
    ober_pip = _u(_rule(css, '.card[data-deck="de"] .court ~ .pip'), "top")
    ober_figure = _u(_rule(css, '.card[data-deck="de"] .court'), "top")
    unter_pip = _u(_rule(css, '.card[data-deck="de"][data-card^="J"] .court ~ .pip'), "top")
    unter_figure = _u(_rule(css, '.card[data-deck="de"][data-card^="J"] .court'), "top")
    assert ober_pip < ober_figure, "Ober: suit sign above the figure"
    assert unter_figure < unter_pip, "Unter: suit sign below the figure"
    assert unter_pip > ober_pip + 60, "the two signs sit at opposite ends of the card"


def test_german_daus_is_indexed_d_and_framed():
    from bummerl_web import i18n
    assert i18n.RANK_LETTERS["de"] == {"A": "D", "T": "10", "K": "K", "Q": "O", "J": "U"}
    assert i18n.RANK_LETTERS["fr"]["A"] == "A"
    css = (CARDS / "cards.css").read_text(encoding="utf-8")
    assert '.card[data-deck="de"][data-card^="A"]::before' in css
    preview = (CARDS / "preview.html").read_text(encoding="utf-8")
    assert 'de: { A: "D",' in preview, "preview.html's reference markup uses the same index"
