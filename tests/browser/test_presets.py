"""Full hands in both presets through the UI, with exchange, close, marriage and a claim."""
import pytest


def eager(used: set):
    """A policy that tries each special action: exchange and marry when it can, close once
    from the second hand on, claim when at 66 (and once regardless, after hand 3)."""
    def policy(table):
        actions = table.actions()
        state = table.state()
        if "claim" in actions and (state["scores"][0] >= 66 or state["hand_no"] >= 3 and "claim" not in used):
            choice = "claim"
        elif "exchange" in actions:
            choice = "exchange"
        elif any(a.startswith("marry") for a in actions):
            choice = next(a for a in actions if a.startswith("marry"))
        elif "close" in actions and state["hand_no"] >= 2 and "close" not in used:
            choice = "close"
        else:
            return table.playable()[0]
        used.add(choice.split()[0])
        return choice
    return policy


@pytest.mark.parametrize("preset", ["soft", "sharp"])
def test_full_hands_with_every_action(open_table, preset):
    table = open_table("seed=41&pace=0")
    if preset == "sharp":
        table.apply_rules("sharp", points_counter=True)
        assert table.state()["rules"] == "sharp"
        assert table.state()["hand_rules"] == "soft"  # applies from the next hand
        table.play_hand()
        table.next_hand()
        assert table.state()["hand_rules"] == "sharp"
    used: set = set()
    wanted = {"exchange", "close", "marry"} | ({"claim"} if preset == "sharp" else set())
    for _ in range(10):
        state = table.play_hand(eager(used))
        assert 1 <= state["outcome"]["game_points"] <= 3
        if wanted <= used:
            break
        table.next_hand()
    assert wanted <= used, f"never got to {wanted - used}"
    board = table.state()["board"]
    assert all(1 <= b <= 7 for b in board)


@pytest.mark.parametrize("lang, deck", [("en", "fr"), ("de", "de")])
def test_a_whole_bummerl(open_table, lang, deck):
    """Hands until someone's board reaches 0: the Bummerl is given and the board resets."""
    table = open_table(f"seed=43&lang={lang}&deck={deck}&pace=0")
    assert table.body("lang") == lang and table.body("deck") == deck
    for _ in range(14):
        state = table.play_hand()
        if sum(state["bummerls"]) == 1:
            assert state["board"] == [7, 7]
            assert "Bummerl" in table.status()
            assert table.page.locator("#trick .summary .bummerl-end").count() == 1
            assert table.page.inner_text('#actions [data-action="next-hand"]') == (
                "New Bummerl" if lang == "en" else "Neues Bummerl")
            table.next_hand()
            assert table.state()["hand_no"] == state["hand_no"] + 1
            return
        table.next_hand()
    raise AssertionError(f"no Bummerl after 14 hands: {table.state()}")
