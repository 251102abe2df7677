"""Carousel's draft in the players' words (docs/i18n.md): the line that says a draft is open names
what to do with it in verbs of the language, not the buttons' names used as verbs (the tester read
Persian «یا واگرد یا از نو», "or Undo or Reset"); the button a tap presses to start a meld with the
picked card says so, not the drop space's "Drop a card here"."""

from __future__ import annotations

import pytest

import web_modules

LANGUAGES = ("en", "tr", "fa", "th")


@pytest.mark.parametrize("lang", ["fa"])
def test_the_open_draft_line_does_not_use_the_buttons_names_as_verbs(lang: str) -> None:
    catalog = web_modules.catalog(lang)
    line = catalog["carousel_draft_open"]
    for button in ("action_undo", "action_reset"):
        assert catalog[button] not in line, (button, line)


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_button_that_starts_a_meld_is_not_the_drop_spaces_words(lang: str) -> None:
    catalog = web_modules.catalog(lang)
    assert catalog["carousel_start_meld"] != catalog["carousel_new_meld"]
