"""The tuning document's figures are what its commands give: a short arena run plays a row of
docs/tuning.md again, on its own seed (the same figure) and on a fresh one (within the
figure's uncertainty)."""

import math
import re
import shlex
from pathlib import Path

from bummerl.rules import Rules
from bummerl_lab import arena

TUNING = Path(__file__).resolve().parents[2] / "docs" / "tuning.md"


def row(field: str) -> str:
    found = [line for line in TUNING.read_text().splitlines() if line.startswith(f"| `{field}` |")]
    assert len(found) == 1, f"docs/tuning.md has {len(found)} rows for {field}"
    return found[0]


def arena_command(line: str) -> dict:
    """The first ``python -m bummerl arena A B --bummerls N --seed S --rules R`` in ``line``."""
    command = re.search(r"`(python -m bummerl arena [^`]+)`", line).group(1)
    words = shlex.split(command)[4:]
    options = dict(zip(words[2::2], words[3::2]))
    return {"a": words[0], "b": words[1], "bummerls": int(options["--bummerls"]),
            "seed": int(options["--seed"]), "rules": options["--rules"]}


def net_per_hand(a: str, b: str, bummerls: int, seed: int, rules: str) -> tuple[float, float]:
    result = arena.run(a, b, bummerls, seed, Rules.preset(rules))
    return result["a_net_points_per_hand"], result["a_net_points_per_hand_se"]


def test_the_tie_breakers_row_is_what_its_arena_command_gives_and_holds_on_a_fresh_seed():
    line = row("tie_breaker")
    figure, se = (float(x) for x in re.search(r"\*\*([+-][0-9.]+) ± ([0-9.]+)\*\*", line).groups())
    command = arena_command(line)
    again, again_se = net_per_hand(**command)
    assert (round(again, 3), round(again_se, 3)) == (figure, se)
    fresh, fresh_se = net_per_hand(**{**command, "seed": command["seed"] + 1})
    assert abs(fresh - figure) <= 3 * math.hypot(se, fresh_se), (fresh, fresh_se)
