"""The review panel's HTML: progress while Hard thinks, then the decisions as a table (each
row a button that takes the replay to that position) and the evaluation graph as inline
SVG that scales from a phone to a desktop, in the page's language. Pure functions of a
`bummerl.review.Review` (the table is the graph's text equivalent).
"""
from __future__ import annotations

from html import escape

from bummerl import Action

from . import i18n
from .render import attr, t

WIDTH, HEIGHT, PAD = 320, 132, 14  # the graph's viewBox; values run from +3 (top) to -3


def action_words(settings: dict, action: str) -> str:
    """An action in the player's words ("play Queen of hearts")."""
    parsed = Action.parse(action)
    lang, deck = settings["lang"], settings["deck"]
    if parsed.kind == "play":
        return t(settings, "act_play", card=i18n.card_name(lang, deck, parsed.card))
    if parsed.kind == "marry":
        return t(settings, "act_marry", suit=i18n.suit_name(lang, deck, parsed.suit))
    return t(settings, f"act_{parsed.kind}")


def reason_words(settings: dict, reason: str, params: dict) -> str:
    """Why the better action, in the Hint's words."""
    words = dict(params)
    if words.get("card"):
        words["card"] = i18n.card_name(settings["lang"], settings["deck"], words["card"])
    return t(settings, f"hint_{reason}", **words)


def summary_text(settings: dict, review) -> str:
    """"1 inaccuracy, 2 mistakes: 1.4 game points lost to them." in the page's language."""
    counts = review.summary()["marks"]
    errors = [t(settings, f"count_{name}", n=counts[name]) for name in ("inaccuracy", "mistake", "blunder")
              if counts[name]]
    if not errors:
        return t(settings, "review_none")
    lost = f"{review.summary()['lost']:.1f}"
    if settings["lang"] == "de":
        lost = lost.replace(".", ",")
    return t(settings, "review_summary", errors=", ".join(errors), lost=lost)


def _y(value: float) -> float:
    return round(HEIGHT / 2 - value * (HEIGHT / 2 - PAD) / 3, 1)


def graph_svg(settings: dict, review) -> str:
    """The seat's expected game points after each trick (solid) and with all cards known
    (dashed, where the solver has a value), tricks left to right."""
    points = review.graph
    last = max([p.trick for p in points] + [1])

    def x(trick):
        return round(PAD + trick * (WIDTH - 2 * PAD) / last, 1)

    def line(pairs, cls):
        coords = " ".join(f"{x(trick)},{_y(value)}" for trick, value in pairs)
        return f'<polyline class="{cls}" points="{coords}"/>' if len(pairs) > 1 else ""

    seen = [(p.trick, p.value) for p in points]
    exact = [(p.trick, p.exact) for p in points if p.exact is not None]
    dots = "".join(f'<circle cx="{x(trick)}" cy="{_y(value)}" r="3"/>' for trick, value in seen)
    grid = "".join(f'<line class="grid" x1="{PAD}" x2="{WIDTH - PAD}" y1="{_y(v)}" y2="{_y(v)}"/>'
                   f'<text x="2" y="{_y(v) + 4}">{v:+d}</text>' for v in (3, 0, -3))
    title = escape(t(settings, "review_graph"))
    return (f'<svg class="review-graph" viewBox="0 0 {WIDTH} {HEIGHT}" role="img" '
            f'aria-labelledby="review-graph-title" preserveAspectRatio="xMidYMid meet">'
            f'<title id="review-graph-title">{title}</title>{grid}'
            f'{line(exact, "exact")}{line(seen, "seen")}<g class="seen">{dots}</g></svg>'
            f'<p class="caption" aria-hidden="true">{title}</p>')


def rows_html(settings: dict, review) -> str:
    rows = []
    for d in review.decisions:
        what = escape(t(settings, "review_row", trick=d.trick, action=action_words(settings, d.played)))
        better = "" if d.mark == "best" else escape(action_words(settings, d.best))
        why = escape(reason_words(settings, d.reason, d.reason_params))
        if d.board_changed:
            why += f" ({escape(t(settings, 'review_board'))})"
        lost = f"{d.loss:.2f}" if d.loss >= 0.005 else ""
        rows.append(f'<tr class="mark-{d.mark}"><th scope="row"><button type="button" class="link" '
                    f'data-action="review-go" data-review-step="{d.step}">{what}</button></th>'
                    f'<td>{escape(t(settings, "mark_" + d.mark))}</td><td>{better}</td><td>{lost}</td>'
                    f'<td>{why}</td></tr>')
    return "".join(rows)


def panel_html(settings: dict, review, progress: tuple[int, int], running: bool, stopped: bool) -> str:
    """The whole panel: title, progress (with Stop) or how it ended, the summary, the
    graph and the table of decisions."""
    done, total = progress
    head = f'<h2 id="review-title">{escape(t(settings, "review_title"))}</h2>'
    if running:
        status = (f'<p class="review-status"><label>{escape(t(settings, "review_progress", done=done, total=total))} '
                  f'<progress max="{max(total, 1)}" value="{done}"></progress></label> '
                  f'<button type="button" class="act" data-action="review-stop">{escape(t(settings, "review_stop"))}</button></p>')
    elif stopped:
        status = f'<p class="review-status">{escape(t(settings, "review_stopped", done=done, total=total))}</p>'
    else:
        status = f'<p class="review-status">{escape(t(settings, "review_done"))} {escape(summary_text(settings, review))}</p>'
    heads = "".join(f'<th scope="col">{escape(t(settings, key))}</th>' for key in (
        "review_decision", "review_mark", "review_better", "review_lost", "review_why"))
    table = (f'<div class="review-table"><table><thead><tr>{heads}</tr></thead>'
             f'<tbody>{rows_html(settings, review)}</tbody></table></div>') if review.decisions else ""
    graph = graph_svg(settings, review) if review.graph else ""
    return head + status + graph + table


def review_button(settings: dict) -> str:
    return f'<button type="button" class="act" data-action="review">{attr(t(settings, "review"))}</button>'
