"""A 360x640 phone in portrait: nothing scrolls sideways, touch targets are at least 44 px;
the hand stays in place from turn to turn."""
import pytest


def test_phone_viewport(open_table):
    table = open_table("seed=31&pace=0", viewport={"width": 360, "height": 640},
                       has_touch=True, is_mobile=True)
    page = table.page
    assert page.evaluate("document.documentElement.scrollWidth") <= 360
    small = page.evaluate("""() => [...document.querySelectorAll('button, summary, select, input')]
        .filter(e => e.offsetParent !== null)
        .filter(e => { const d = e.closest('details');  // hidden inside a closed <details>
                       return !d || d.open || e.closest('summary'); })
        .map(e => [e.dataset.card || e.dataset.action || e.textContent.trim(), e.getBoundingClientRect()])
        .filter(([_, r]) => r.width < 44 || r.height < 44)
        .map(([n, r]) => `${n}: ${Math.round(r.width)}x${Math.round(r.height)}`)""")
    assert not small
    cards = page.locator("#hand button[data-card]")
    assert cards.count() == 5
    for i in range(5):
        box = cards.nth(i).bounding_box()
        assert box["x"] >= 0 and box["x"] + box["width"] <= 360
    table.page.tap(f'#hand button[data-card="{table.playable()[0]}"]')
    table.wait_ready()
    # the rules panel fits the phone too
    table.open_rules()
    fits = page.evaluate("""() => { const p = document.getElementById('rules-panel');
        const r = p.getBoundingClientRect();
        return p.scrollWidth <= p.clientWidth + 1 && r.left >= 0 && r.right <= 360; }""")
    assert fits
    page.click('#rules-panel [data-action="rules-cancel"]')


def test_phone_hand_is_on_the_first_screen(open_table):
    """Whenever it is your turn, your cards are on a 360x640 screen without scrolling."""
    table = open_table("seed=32&pace=0", viewport={"width": 360, "height": 640},
                       has_touch=True, is_mobile=True)
    bottoms = []
    while table.turn == "you":
        bottoms.append(table.page.evaluate(
            "Math.max(...[...document.querySelectorAll('#hand button')].map(b => b.getBoundingClientRect().bottom))"))
        table.play(table.playable()[0])
    assert len(bottoms) >= 3 and max(bottoms) <= 640, bottoms
    assert not table.axe_problems()


def test_hand_over_screen_is_accessible(open_table):
    table = open_table("seed=33&pace=0", viewport={"width": 360, "height": 640})
    table.play_hand()
    assert table.actions() == ["next-hand", "review"]
    assert not table.axe_problems()


HAND_BOX = """() => { const r = document.getElementById('hand').getBoundingClientRect();
    return [Math.round(r.x), Math.round(r.y + scrollY), Math.round(r.bottom + scrollY)]; }"""


@pytest.mark.parametrize("width, height", [(360, 640), (1280, 800)])
def test_hand_stays_in_place_over_a_whole_hand(open_table, width, height):
    """From turn to turn (status text, buttons, talon closed or used up) your cards stay
    where your finger is; on a phone their bottom is on the first screen."""
    table = open_table("seed=34&pace=0", viewport={"width": width, "height": height})
    boxes = []
    for _ in range(2):  # two hands: leads and follows, marriages, the talon used up
        while table.turn != "over":
            boxes.append(table.page.evaluate(HAND_BOX))
            table.play(table.playable()[0])
        table.next_hand()
    tops = [y for _, y, _ in boxes]
    assert len(boxes) >= 8 and max(tops) - min(tops) <= 2, boxes
    assert max(b for _, _, b in boxes) <= height, boxes
