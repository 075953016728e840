"""The deal editor (Share → Set up a deal) in the page: built with the keyboard, moves
played forward, its link opened in a new page at the same position, its embed snippet in
another page, hostile captions kept as text, axe-clean on a phone and a desktop; and the
example rules page, whose three frames each post their ready message."""
import json
from urllib.parse import parse_qs, urlsplit

import pytest

HOSTILE = ('<script>window.pwned = 1</script><img src="x" onerror="window.pwned = 2">'
           '&amp; &lt;b&gt;bold&lt;/b&gt; \u202eevil\u202c end ')


@pytest.fixture(scope="module")
def editor(open_table):
    """One page with the editor open: the hearts ace, ten and king in your hand, the
    hearts jack the trump card (hearts are trumps), the rest at random; you lead."""
    table = open_table("seed=5&pace=0", viewport={"width": 1280, "height": 800},
                       permissions=["clipboard-read", "clipboard-write"])
    page = table.page
    page.focus("#share summary")
    page.keyboard.press("Enter")
    page.focus('#share [data-action="setup"]')
    table.settle(lambda: page.keyboard.press("Enter"))
    page.wait_for_selector('body[data-turn="setup"]')
    for code, key in (("AH", "y"), ("TH", "y"), ("KH", "y"), ("JH", "t")):
        page.focus(f"#setup-card-{code}")
        table.settle(lambda key=key: page.keyboard.press(key))
    return table


def setup_state(table) -> dict:
    return table.state()["setup"]


def test_the_editor_says_at_once_what_is_wrong_and_when_the_deal_is_complete(editor):
    page = editor.page
    assert page.input_value("#setup-card-AH") == "y" and page.input_value("#setup-card-JH") == "t"
    assert "complete" in page.inner_text("#setup-problems")
    for code in ("AD", "TD", "KD"):  # six cards in your hand
        page.focus(f"#setup-card-{code}")
        editor.settle(lambda: page.keyboard.press("y"))
    assert page.inner_text("#setup-problems") == "Your hand has 6 cards; it holds 5."
    assert setup_state(editor)["problems"] == ["too_many"]
    assert page.is_visible("#setup-cant") and not page.query_selector("#setup-link")
    assert page.evaluate("document.activeElement.id") == "setup-card-KD"  # the focus stays
    assert page.inner_text("#live") == "Your hand has 6 cards; it holds 5."
    for code in ("AD", "TD", "KD"):
        page.focus(f"#setup-card-{code}")
        editor.settle(lambda: page.keyboard.press("a"))  # At random
    assert setup_state(editor)["problems"] == []


def test_two_moves_played_forward_and_the_copied_link_opens_the_same_position(editor, open_table):
    page = editor.page
    page.focus('#setup [data-move="play AH"]')
    editor.settle(lambda: page.keyboard.press("Enter"))
    assert page.evaluate("document.activeElement.id") == "setup-move-0"  # the opponent's moves
    editor.settle(lambda: page.keyboard.press("Enter"))
    state = setup_state(editor)
    assert len(state["actions"]) == 2 and state["actions"][0] == "play AH" and state["to_act"] == 0
    page.focus("#setup-copy-link")
    page.keyboard.press("Enter")  # copies: nothing is redrawn
    page.wait_for_function("document.querySelector('#live').textContent === 'Copied to the clipboard.'")
    link = page.evaluate("navigator.clipboard.readText()")
    assert link == page.input_value("#setup-link") == state["link"]
    query = urlsplit(link).query
    assert parse_qs(query)["play"] == ["1"]
    other = open_table(query + "&pace=0")
    assert other.turn == "you" and other.state()["history"] == state["actions"]
    assert other.hand() == state["hands"][0]
    assert other.page.is_hidden("#notice")


def test_the_embed_snippet_in_a_page_shows_the_position(editor, site_url):
    page = editor.page
    page.select_option("#setup-mode", "replay")
    editor.page.wait_for_function("JSON.parse(document.body.dataset.state).setup.link.includes('setup=')")
    page.fill("#setup-caption", "Hearts are trumps: you lead the ace.")
    editor.settle(lambda: page.keyboard.press("Tab"))
    snippet = page.input_value("#setup-embed")
    assert snippet.startswith('<iframe title="Hearts are trumps: you lead the ace." src="') and "embed=1" in snippet
    assert "height: 600px" in snippet
    state = setup_state(editor)
    host = editor.context.new_page()
    host.set_content("<!doctype html><title>A rules page</title>")
    host.evaluate("""html => {
        window.got = [];
        addEventListener('message', e => { if (e.data && e.data.source === 'bummerl') window.got.push(e.data); });
        document.body.innerHTML = html;
    }""", snippet)
    host.wait_for_function("window.got.some(m => m.type === 'ready')", timeout=60_000)
    ready = next(m for m in host.evaluate("window.got") if m["type"] == "ready")
    assert ready["mode"] == "replay" and ready["hand"] == state["hands"][0]
    frame = host.frames[1]
    assert frame.inner_text("#caption") == "Hearts are trumps: you lead the ace."
    assert json.loads(frame.get_attribute("body", "data-state"))["replay"]["step"] == 2
    host.close()


def test_the_preview_frame_shows_the_embed_and_closes(editor):
    page = editor.page
    page.focus("#setup-preview-button")
    editor.settle(lambda: page.keyboard.press("Enter"))
    frame = page.frame_locator("#setup-preview")
    frame.locator('body[data-ready="1"]').wait_for(state="attached", timeout=60_000)
    assert frame.locator("#caption").inner_text() == "Hearts are trumps: you lead the ace."
    assert page.get_attribute("#setup-preview-button", "aria-expanded") == "true"
    editor.settle(lambda: page.click("#setup-preview-button"))
    assert page.is_hidden("#setup-preview-box") and not page.query_selector("#setup-preview")


@pytest.mark.parametrize("width, height", [(360, 640), (1280, 800)])
def test_the_editor_is_axe_clean_on_a_phone_and_a_desktop(editor, width, height):
    editor.page.set_viewport_size({"width": width, "height": height})
    assert not editor.axe_problems()
    overflow = editor.page.evaluate("document.documentElement.scrollWidth - window.innerWidth")
    assert overflow <= 0


def test_hostile_captions_and_questions_stay_text_and_are_cut(open_table):
    from bummerl_web.links import quote

    caption = HOSTILE + "x" * 10_000
    link = (f"record=111a5.abcdopqrstklmnfghije.at&at=2&caption={quote(caption)}"
            f"&question={quote(HOSTILE)}&pace=0")
    table = open_table(link)
    page = table.page
    shown = page.inner_text("#caption")
    assert shown.startswith('<script>window.pwned = 1</script><img src="x" onerror="window.pwned = 2">'
                            "&amp; &lt;b&gt;bold&lt;/b&gt; evil end x")
    assert len(shown) == 300 and shown.endswith("…") and "\u202e" not in shown
    assert page.inner_text("#question").startswith("<script>")
    assert page.evaluate("window.pwned") is None
    assert not page.query_selector("#caption *, #question *")
    notice = page.inner_text("#notice")
    assert "caption: cut to 300 characters" in notice and "direction characters removed" in notice


def test_the_rules_page_frames_each_post_their_ready_message(browser, site_url):
    from conftest import Table

    table = Table(browser, site_url)
    page = table.page
    page.goto(site_url + "examples/rules-page.html")
    for frame in ("#closing", "#marriage", "#puzzle"):  # the frames load lazily, as a reader scrolls
        page.locator(frame).scroll_into_view_if_needed()
    page.wait_for_function("window.bummerlReady && window.bummerlReady.size === 3", timeout=120_000)
    modes = sorted(page.evaluate("[...window.bummerlReady.values()].map(m => m.mode)"))
    assert modes == ["play", "puzzle", "review"]
    assert len(page.frames) == 4 and all(f.url.startswith(site_url) for f in page.frames[1:])
    closing = page.frame_locator("#closing")
    assert closing.locator("#caption").inner_text().startswith("Spades are trumps. You hold the ace")
    assert table.take_problems() == [] and all(u.startswith(site_url) for u in table.requests)
    table.close_context()
