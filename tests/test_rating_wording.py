"""The rating and the score are two words in every language (docs/i18n.md, "The players'
words"): in Persian a rating is "ریتینگ" and a rated table "رسمی", a score "امتیاز"; in Thai a
rating is "เรตติ้ง" and rated "จัดอันดับ", a score "คะแนน" or "แต้ม". Turkish has its own test
(``test_turkish_wording.py``)."""

from __future__ import annotations

import re

import pytest

import web_modules

ENGLISH = web_modules.catalog("en")
WORDS = {
    "fa": (("ریتینگ", "رسمی"), ("امتیاز",)),
    "th": (("เรตติ้ง", "จัดอันดับ"), ("คะแนน", "แต้ม")),
}
"""Per language: (the rating's words, the score's words)."""


def bare(text: str) -> str:
    return re.sub(r"\{\w+\}", "", text)


RATING = [k for k, text in ENGLISH.items() if re.search(r"\brat(ing|ings|ed)\b", bare(text), re.I)]
SCORE = [k for k, text in ENGLISH.items() if re.search(r"\bscores?\b", bare(text), re.I) and k not in RATING]


@pytest.mark.parametrize("lang", sorted(WORDS))
def test_a_rating_is_never_called_a_score(lang: str) -> None:
    catalog = web_modules.catalog(lang)
    rating_words, score_words = WORDS[lang]
    assert len(RATING) >= 8 and "rating_heading" in RATING and "scores_title" in SCORE
    called_score = {k: catalog[k] for k in RATING if any(w in catalog[k] for w in score_words)}
    assert not called_score, called_score
    unnamed = {k: catalog[k] for k in RATING if not any(w in catalog[k] for w in rating_words)}
    assert not unnamed, unnamed
    called_rating = {k: catalog[k] for k in SCORE if any(w in catalog[k] for w in rating_words)}
    assert not called_rating, called_rating
    assert any(w in catalog["scores_title"] for w in score_words)
