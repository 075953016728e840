"""Hard thinks in slices (bummerl.bots.Thinking): the page answers while the bot thinks."""
from conftest import first_playable

# Installed once the table is ready: when the bot's turn began, when the rules dialog
# opened, and when the bot's move landed (the history grew past your card), all on the
# page's own clock.
WATCH = """() => {
  const t = window.__t = {};
  const history = () => JSON.parse(document.body.dataset.state || "{}").history || [];
  const start = history().length;
  new MutationObserver(() => {
    const now = performance.now();
    if (!t.botTurn && document.body.dataset.turn === "bot") t.botTurn = now;
    if (t.botTurn && !t.moved && history().length > start + 1) t.moved = now;
  }).observe(document.body, {attributes: true, attributeFilter: ["data-turn", "data-state"]});
  const panel = document.getElementById("rules-panel");
  new MutationObserver(() => { if (panel.open && !t.opened) t.opened = performance.now(); })
    .observe(panel, {attributes: true, attributeFilter: ["open"]});
}"""


def test_a_click_is_handled_while_hard_thinks(open_table):
    table = open_table("seed=3&pace=0")
    table.apply_rules(bot="hard", think="long")  # 1.5 s of thinking per move
    assert table.turn == "you"
    table.page.evaluate(WATCH)
    rules = table.page.locator('header button[data-action="rules"]').bounding_box()
    table.page.click(f'#hand button[data-card="{first_playable(table)}"]')
    table.page.wait_for_function("() => window.__t.botTurn")
    # While the bot thinks: a plain mouse click (no actionability checks, which would
    # each wait for the page), as a player's.
    table.page.mouse.click(rules["x"] + rules["width"] / 2, rules["y"] + rules["height"] / 2)
    table.page.wait_for_function("() => window.__t.opened && window.__t.moved", timeout=30_000)
    t = table.page.evaluate("() => window.__t")
    # A search that held the main thread would let the click through only when it ended,
    # about when the move lands; in slices it is answered at once.
    assert t["opened"] - t["botTurn"] < (t["moved"] - t["botTurn"]) / 3, t
    table.page.locator('button[data-action="rules-cancel"]').click()
    table.wait_ready()
