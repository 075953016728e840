"""The review panel's HTML: progress while Hard thinks, then the decisions as a table (each
row a button that takes the replay to that position) and the evaluation graph as inline
SVG that scales from a phone to a desktop, in the page's language. Pure functions of a
`bummerl.review.Review` (the table is the graph's text equivalent).
"""
from __future__ import annotations

from html import escape

from bummerl import Action
from bummerl.review import judge

from . import i18n
from .render import attr, score_rows, t

WIDTH, HEIGHT, PAD = 320, 132, 14  # the graph's plot; values run from +3 (top) to -3
BELOW = 30  # the band under the plot: the tricks' numbers, then the legend
# A sign beside each mark's word, as chess annotates moves: marks are told apart by more
# than colour (screen readers read the word; the sign is hidden from them).
MARK_SIGNS = {"best": "!", "good": "", "inaccuracy": "?!", "mistake": "?", "blunder": "??"}


def action_words(settings: dict, action: str) -> str:
    """An action in the player's words ("play Queen of hearts")."""
    parsed = Action.parse(action)
    lang, deck = settings["lang"], settings["deck"]
    if parsed.kind == "play":
        return t(settings, "act_play", card=i18n.card_name(lang, deck, parsed.card))
    if parsed.kind == "marry":
        return t(settings, "act_marry", suit=i18n.suit_name(lang, deck, parsed.suit))
    if parsed.kind == "exchange" and deck == "de":  # German cards: the Unter, as on its button
        return t(settings, "act_exchange_de")
    return t(settings, f"act_{parsed.kind}")


def reason_words(settings: dict, reason: str, params: dict) -> str:
    """Why the better action, in the Hint's words."""
    words = dict(params)
    if words.get("card"):
        words["card"] = i18n.card_name(settings["lang"], settings["deck"], words["card"])
    return t(settings, f"hint_{reason}", **words)


def summary_text(settings: dict, review, seat: int | None = None) -> str:
    """"1 inaccuracy, 2 mistakes: 1.4 game points lost to them." in the page's language
    (of ``seat``'s decisions: the reviewed seat's by default)."""
    summary = review.summary(seat)
    counts = summary["marks"]
    errors = [t(settings, f"count_{name}", n=counts[name]) for name in ("inaccuracy", "mistake", "blunder")
              if counts[name]]
    if not errors:
        return t(settings, "review_none")
    return t(settings, "review_summary", errors=", ".join(errors), lost=_points(settings, summary["lost"], 1))


def _points(settings: dict, value: float, places: int) -> str:
    """Game points with ``places`` decimals, in the page's language ("1,4" in German)."""
    text = f"{value:.{places}f}"
    return text.replace(".", ",") if settings["lang"] == "de" else text


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
    axis = f'<text x="2" y="{HEIGHT + 8}">{escape(t(settings, "review_axis_trick"))}</text>' + "".join(
        f'<text class="tick" x="{x(trick)}" y="{HEIGHT + 8}">{trick}</text>' for trick in range(1, last + 1))
    legend_y = HEIGHT + BELOW - 6
    legend = (f'<line class="key seen" x1="{PAD}" x2="{PAD + 22}" y1="{legend_y - 3}" y2="{legend_y - 3}"/>'
              f'<text x="{PAD + 27}" y="{legend_y}">{escape(t(settings, "review_legend_seen"))}</text>')
    if exact:
        middle = WIDTH // 2
        legend += (f'<line class="key exact" x1="{middle}" x2="{middle + 22}" y1="{legend_y - 3}" y2="{legend_y - 3}"/>'
                   f'<text x="{middle + 27}" y="{legend_y}">{escape(t(settings, "review_legend_exact"))}</text>')
    title = escape(t(settings, "review_graph"))
    return (f'<svg class="review-graph" viewBox="0 0 {WIDTH} {HEIGHT + BELOW}" role="img" '
            f'aria-labelledby="review-graph-title" preserveAspectRatio="xMidYMid meet">'
            f'<title id="review-graph-title">{title}</title>{grid}{axis}'
            f'{line(exact, "exact")}{line(seen, "seen")}<g class="seen">{dots}</g>'
            f'<g class="legend" aria-hidden="true">{legend}</g></svg>'
            f'<p class="caption" aria-hidden="true">{title}</p>')


# A loss is shown with its margin ("0.30 ± 0.08") where half its interval is this wide
# (``review.Verdict``: where the most worlds still left the mark open).
UNCERTAIN = 0.05


def rows_html(settings: dict, review, show_bot: bool = False) -> str:
    """A row per decision (the bot's too with ``show_bot``), in the order of the hand. Each
    of yours where there was a choice can be copied as a puzzle link."""
    rows = []
    decisions = sorted((d for d in review.decisions if d.seat == review.seat or show_bot),
                       key=lambda d: d.step)
    for d in decisions:
        mine = d.seat == review.seat
        key = "review_row" if mine else "review_bot_row"
        what = escape(t(settings, key, trick=d.trick, action=action_words(settings, d.played)))
        better = "" if d.mark == "best" else escape(action_words(settings, d.best))
        why = escape(reason_words(settings, d.reason, d.reason_params))
        if d.board_changed:
            why += f" ({escape(t(settings, 'review_board'))})"
        lost = _points(settings, d.loss, 2) if d.loss >= 0.005 else ""
        margin = (d.high - d.low) / 2  # what remains uncertain after the worlds searched
        if lost and margin >= UNCERTAIN:
            lost += f" ± {_points(settings, margin, 2)}"
        puzzle = ""
        if mine and len(d.values) > 1:
            label = attr(t(settings, "puzzle_link_label", trick=d.trick))
            puzzle = (f' <button type="button" class="link puzzle-link" data-action="copy-puzzle" '
                      f'data-puzzle-step="{d.step}" aria-label="{label}" title="{label}">'
                      f'{escape(t(settings, "puzzle_link"))}</button>')
        seat = "" if mine else ' data-seat="bot"'
        rows.append(f'<tr class="mark-{d.mark}"{seat}><th scope="row"><button type="button" class="link" '
                    f'data-action="review-go" data-review-step="{d.step}">{what}</button>{puzzle}</th>'
                    f'<td>{mark_html(settings, d.mark)}</td><td>{better}</td><td>{lost}</td>'
                    f'<td>{why}</td></tr>')
    return "".join(rows)


def mark_html(settings: dict, mark: str) -> str:
    """A mark's word, with its sign before it (``MARK_SIGNS``) for the eye alone."""
    sign = MARK_SIGNS[mark]
    word = escape(t(settings, "mark_" + mark))
    return f'<span class="mark-sign" aria-hidden="true">{sign}</span> {word}' if sign else word


def panel_html(settings: dict, review, progress: tuple[int, int], running: bool, stopped: bool,
               show_bot: bool = False, bot_progress: tuple[int, int] = (0, 0)) -> str:
    """The whole panel: title, progress (with Stop) or how it ended, the summary, the
    toggle for the bot's decisions (with its summary), the graph and the table."""
    done, total = progress
    head = f'<h2 id="review-title">{escape(t(settings, "review_title"))}</h2>'
    if running:
        key, done_, total_ = (("review_progress", done, total) if done < total or not show_bot
                              else ("review_bot_progress", *bot_progress))
        status = (f'<p class="review-status"><label>{escape(t(settings, key, done=done_, total=total_))} '
                  f'<progress max="{max(total_, 1)}" value="{done_}"></progress></label> '
                  f'<button type="button" class="act" data-action="review-stop">{escape(t(settings, "review_stop"))}</button></p>')
    elif stopped:
        status = (f'<p class="review-status">{escape(t(settings, "review_stopped", done=done, total=total))} '
                  f'<button type="button" class="act" data-action="review-resume">{escape(t(settings, "review_resume"))}</button></p>')
    else:
        status = f'<p class="review-status">{escape(t(settings, "review_done"))} {escape(summary_text(settings, review))}</p>'
    toggle = (f'<p class="review-bot"><button type="button" class="tool" data-action="review-bot" '
              f'aria-pressed="{"true" if show_bot else "false"}">{escape(t(settings, "review_show_bot"))}</button>')
    if show_bot and bot_progress[1] and bot_progress[0] == bot_progress[1]:
        bot = summary_text(settings, review, 1 - review.seat)
        toggle += f' <span class="review-bot-summary">{escape(t(settings, "review_bot_summary", summary=bot))}</span>'
    toggle += "</p>"
    heads = "".join(f'<th scope="col">{escape(t(settings, key))}</th>' for key in (
        "review_decision", "review_mark", "review_better", "review_lost", "review_why"))
    table = (f'<div class="review-table"><table><thead><tr>{heads}</tr></thead>'
             f'<tbody>{rows_html(settings, review, show_bot)}</tbody></table></div>') if review.decisions else ""
    graph = graph_svg(settings, review) if review.graph else ""
    return head + status + toggle + graph + table


def review_button(settings: dict) -> str:
    return f'<button type="button" class="act" data-action="review">{attr(t(settings, "review"))}</button>'


def puzzle_verdict(settings: dict, answer: str, decision, played: bool = True) -> str:
    """What a puzzle's answer was worth, why the best action is best, and what was played
    in the game (the decision of the record, valued by the review; not when nothing was
    played there: ``played`` False, a position set up by hand)."""
    loss, mark = judge(decision, answer)
    best = decision.best  # the action the reason speaks for (the played one on a tie)
    words = action_words(settings, answer)
    if mark == "best":
        parts = [t(settings, "puzzle_verdict_best", answer=words)]
    else:
        parts = [t(settings, "puzzle_verdict", answer=words, mark=t(settings, "mark_" + mark),
                   lost=_points(settings, loss, 2),
                   best=action_words(settings, best))]
    parts.append(t(settings, "puzzle_why", best=action_words(settings, best),
                   why=reason_words(settings, decision.reason, decision.reason_params)))
    if played:
        parts.append(t(settings, "puzzle_played", action=action_words(settings, decision.played),
                       mark=t(settings, "mark_" + decision.mark)))
    return " ".join(parts)


def puzzle_html(settings: dict, scores, answer: str | None, decision, played: bool = True) -> str:
    """The puzzle's panel: the scores, then the question, or the answer while Hard thinks
    about it, or the verdict with the ways on."""
    rows = [f'<h2 class="caption" id="puzzle-title">{escape(t(settings, "puzzle_title"))}</h2>',
            score_rows(settings, scores)]
    if answer is None:
        rows.append(f'<p class="puzzle-text">{escape(t(settings, "puzzle_question"))}</p>')
    elif decision is None:
        rows.append(f'<p class="puzzle-text" aria-busy="true">'
                    f'{escape(t(settings, "puzzle_thinking", answer=action_words(settings, answer)))}</p>')
    else:
        mark = judge(decision, answer)[1]
        rows.append(f'<p class="puzzle-text mark-{mark}" data-mark="{mark}">'
                    f'{escape(puzzle_verdict(settings, answer, decision, played))}</p>'
                    f'<p class="puzzle-more"><button type="button" class="act" data-action="puzzle-again">'
                    f'{escape(t(settings, "puzzle_again"))}</button> '
                    f'<button type="button" class="act" data-action="puzzle-show">'
                    f'{escape(t(settings, "puzzle_show"))}</button></p>')
    return "".join(rows)


# ------------------------------------------------------------------ the collection's puzzles

def theme_name(settings: dict, theme: str) -> str:
    return t(settings, "theme_" + theme)


def puzzle_about(settings: dict, puzzle, answered: bool) -> str:
    """The puzzle's difficulty and id; its themes too once answered (before, they would
    give the answer away)."""
    difficulty = t(settings, "difficulty_" + puzzle.difficulty)
    if not answered:
        return t(settings, "puzzle_about", difficulty=difficulty, id=puzzle.id)
    themes = ", ".join(theme_name(settings, theme) for theme in puzzle.themes)
    return t(settings, "puzzle_about_themes", difficulty=difficulty, themes=themes, id=puzzle.id)


def collection_puzzle_html(settings: dict, scores, about: str, answer: str | None, verdict: str | None,
                           mark: str | None, alone: bool, next_ready: bool) -> str:
    """A collection's puzzle in the board's place: what it is, the scores, the question,
    then the verdict with *Next* (not in a puzzle embedded alone; a line saying all are
    solved when none is left), *Try again* and *Show the hand*."""
    rows = [f'<h2 class="caption" id="puzzle-title">{escape(t(settings, "puzzle_title"))}</h2>',
            f'<p class="puzzle-about">{escape(about)}</p>', score_rows(settings, scores)]
    if answer is None or verdict is None:
        rows.append(f'<p class="puzzle-text">{escape(t(settings, "puzzle_question"))}</p>')
        return "".join(rows)
    rows.append(f'<p class="puzzle-text mark-{mark}" data-mark="{mark}">{escape(verdict)}</p>')
    more = []
    if not alone and next_ready:
        more.append(f'<button type="button" class="act primary" data-action="puzzle-next">'
                    f'{escape(t(settings, "puzzle_next"))}</button>')
    more.append(f'<button type="button" class="act" data-action="puzzle-again">'
                f'{escape(t(settings, "puzzle_try_again"))}</button>')
    more.append(f'<button type="button" class="act" data-action="puzzle-show">'
                f'{escape(t(settings, "puzzle_show_hand"))}</button>')
    rows.append(f'<p class="puzzle-more">{" ".join(more)}</p>')
    if not alone and not next_ready:
        rows.append(f'<p class="puzzle-done">{escape(t(settings, "puzzle_all_solved"))}</p>')
    return "".join(rows)


def puzzles_panel_html(settings: dict, themes: list, theme: str, progress: str) -> str:
    """Under the table: the theme chosen (a select of "all" and ``themes``), the progress
    in it, and the puzzle's link."""
    options = "".join(f'<option value="{name}"{" selected" if name == theme else ""}>'
                      f'{escape(theme_name(settings, name))}</option>' for name in ("all", *themes))
    return (f'<h2 id="review-title">{escape(t(settings, "puzzles"))}</h2>'
            f'<p class="puzzle-pick"><label for="puzzle-theme">{escape(t(settings, "puzzle_theme"))}</label> '
            f'<select id="puzzle-theme" data-action="puzzle-theme">{options}</select></p>'
            f'<p class="puzzle-progress">{escape(progress)}</p>'
            f'<p class="puzzle-share"><button type="button" class="tool" data-action="puzzle-copy-link">'
            f'{escape(t(settings, "puzzle_copy_link"))}</button></p>')
