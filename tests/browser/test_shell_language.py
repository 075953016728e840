"""The page shell (before Python has started) speaks one language: the one the table will
use (?lang=, else the saved game's setting, else the browser's languages)."""
from __future__ import annotations

import json

import pytest


def shell_words(browser, site_url, query="", locale="en-US", saved_lang=None):
    """The loading label and <html lang> of the shell, with PyScript kept from starting."""
    context = browser.new_context(locale=locale, service_workers="block")
    try:
        context.route("**/*", lambda route: route.abort()
                      if "/assets/vendor/" in route.request.url else route.continue_())
        if saved_lang:
            doc = json.dumps({"app": "bummerl", "version": 1, "settings": {"lang": saved_lang}})
            context.add_init_script(f"localStorage.setItem('bummerl', {json.dumps(doc)});")
        page = context.new_page()
        page.goto(site_url + query)
        return page.text_content("#status").strip(), page.get_attribute("html", "lang")
    finally:
        context.close()


@pytest.mark.parametrize("query, locale, saved, expected", [
    ("", "en-US", None, ("Shuffling the cards…", "en")),
    ("", "de-AT", None, ("Karten werden gemischt…", "de")),
    ("?lang=de", "en-US", None, ("Karten werden gemischt…", "de")),
    ("?lang=en", "de-AT", "de", ("Shuffling the cards…", "en")),
    ("", "en-US", "de", ("Karten werden gemischt…", "de")),
    ("?embed=1", "en-US", "de", ("Shuffling the cards…", "en")),
])
def test_loading_label_is_in_the_tables_language_only(browser, site_url, query, locale, saved, expected):
    assert shell_words(browser, site_url, query, locale, saved) == expected
