"""The engine's workbench: the bot arena and the engine benchmark.

Command-line tools over ``bummerl`` (``python -m bummerl arena|bench``); they are not part
of the site: ``tools/sync_site.py`` ships only ``bummerl`` and ``bummerl_web`` to the page.
"""
