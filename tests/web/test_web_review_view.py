"""The review panel's words and graph: decimals in the page's language, marks told apart by
more than colour, a graph whose axis and legend are on the chart."""
import re

import pytest

from bummerl.review import Decision, GraphPoint, Review
from bummerl_web import review_view
from bummerl_web.settings import default_settings

BLUNDER = Decision(step=4, trick=2, seat=0, played="play JH", values={"play JH": -0.75, "play AS": 0.61},
                   best="play AS", loss=1.36, mark="blunder", reason="lead_high", reason_params={})
BEST = Decision(step=8, trick=3, seat=0, played="play TS", values={"play TS": 0.5, "play KD": 0.2},
                best="play TS", loss=0.0, mark="best", reason="win_trick", reason_params={"points": 21})
REVIEW = Review(0, [BLUNDER, BEST], [GraphPoint(1, 2, 0.3, 1.0), GraphPoint(2, 4, -0.5, -1.0),
                                     GraphPoint(3, 8, 0.2, None)])


def test_losses_are_written_with_the_languages_decimal_mark_in_the_table_and_the_summary():
    german = review_view.rows_html(default_settings("de"), REVIEW)
    assert ">1,36<" in german and "1.36" not in german
    assert "1,4" in review_view.summary_text(default_settings("de"), REVIEW)
    assert ">1.36<" in review_view.rows_html(default_settings("en"), REVIEW)


def test_each_mark_has_a_sign_beside_its_word_hidden_from_screen_readers():
    rows = review_view.rows_html(default_settings("en"), REVIEW)
    assert '<span class="mark-sign" aria-hidden="true">??</span> blunder' in rows
    assert '<span class="mark-sign" aria-hidden="true">!</span> best' in rows
    signs = [s for s in review_view.MARK_SIGNS.values() if s]
    assert len(signs) == len(set(signs))  # no two marks share a sign


def test_the_graph_numbers_its_tricks_and_has_its_legend_on_the_chart():
    for lang, words in (("en", ("trick", "from what you saw", "all cards known")),
                        ("de", ("Stich", "nach deiner Sicht", "offene Karten"))):
        svg = review_view.graph_svg(default_settings(lang), REVIEW)
        assert re.findall(r'<text class="tick"[^>]*>(\d+)</text>', svg) == ["1", "2", "3"]
        assert f">{words[0]}<" in svg  # the axis's name
        legend = legend_of(svg)
        assert all(f">{w}<" in legend for w in words[1:])
        assert 'class="key seen"' in legend and 'class="key exact"' in legend


def test_a_graph_without_exact_values_has_no_legend_for_them():
    review = Review(0, [BEST], [GraphPoint(1, 2, 0.3, None), GraphPoint(2, 4, 0.1, None)])
    legend = legend_of(review_view.graph_svg(default_settings("en"), review))
    assert "key seen" in legend and "key exact" not in legend and "all cards known" not in legend


def legend_of(svg: str) -> str:
    return re.search(r'<g class="legend"[^>]*>(.*?)</g>', svg).group(1)


def test_a_loss_the_worlds_left_uncertain_is_shown_with_its_margin():
    from dataclasses import replace

    open_mark = replace(BLUNDER, loss=0.3, low=0.22, high=0.38, mark="inaccuracy", worlds=768)
    settled = replace(BLUNDER, step=6, loss=0.6, low=0.57, high=0.63, mark="mistake", worlds=96)
    review = Review(0, [open_mark, settled], [])
    assert ">0,30 ± 0,08<" in review_view.rows_html(default_settings("de"), review)
    english = review_view.rows_html(default_settings("en"), review)
    assert ">0.30 ± 0.08<" in english and ">0.60<" in english


@pytest.mark.parametrize("lang, deck, words", [
    ("en", "fr", "exchange the trump jack"), ("en", "de", "exchange the trump Unter"),
    ("de", "fr", "Atout-Buben tauschen"), ("de", "de", "Atout-Unter tauschen"),
])
def test_the_exchange_is_worded_for_the_deck_as_on_its_button(lang, deck, words):
    from bummerl_web.review_view import action_words

    assert action_words({"lang": lang, "deck": deck}, "exchange") == words
