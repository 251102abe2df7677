"""The Turkish words players read (docs/i18n.md, "The players' words"): the catalog and the rules
pages speak to the player as "sen", never "siz"; the rating ("reyting") is never called the score
("puan"); a name takes no suffix ("Sıra: Ahmet", not "Sıra Ahmet oyuncusunda"); a pair is a
"çift", never a "per" (a set or run)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

import web_modules

ROOT = Path(__file__).resolve().parents[1]
HELP_PAGES = sorted((ROOT / "src" / "rummykit" / "variants").glob("*/help/tr.md"))
TURKISH = web_modules.catalog("tr")
ENGLISH = web_modules.catalog("en")

WORD = re.compile(r"[A-Za-zÇĞİÖŞÜçğıöşüâ]+")
SIZ_ENDING = re.compile(r"(?:n[ıiuü]z|s[ıiuü]n[ıiuü]z|s[ae]n[ıi]z)(?:[a-zçğıöşü]{0,6})$")
"""The second person plural (and polite) endings: elinizde, açtınız, izliyorsunuz, isterseniz."""
NOT_SIZ = {"yalnız", "yalnızca", "henüz", "deniz"}
SIZ_WORDS = {"siz", "size", "sizi", "sizin", "sizde", "sizden", "sizinki"}
IMPERATIVE_WORDS = (
    "alın atın açın bakın basın bitirin çekin çıkın deneyin değiştirin dokunun doldurun döndürün "
    " edin geçin gönderin gösterin izleyin işleyin kapatın katılın kopyalayın koyun kurun "
    " onaylayın oturun oynayın seçin sıfırlayın taşıyın tutun tıklayın verin yapın yazın yenileyin"
)
SIZ_IMPERATIVES = set(IMPERATIVE_WORDS.split())
"""The "siz" imperatives of the verbs the catalog and the rules pages ask the player for (the
"sen" imperative is the stem: çek, at, seç)."""


def lower(word: str) -> str:
    return word.replace("I", "ı").replace("İ", "i").lower()


def siz_words(text: str) -> list[str]:
    """The words of ``text`` (outside placeholders and code) that speak to the player as "siz"."""
    prose = re.sub(r"\{[^}]*\}|```.*?```|`[^`]*`", " ", text, flags=re.S)
    found = []
    for word in WORD.findall(prose):
        low = lower(word)
        if low in NOT_SIZ:
            continue
        if low in SIZ_WORDS or low in SIZ_IMPERATIVES or SIZ_ENDING.search(low):
            found.append(word)
    return found


def test_the_turkish_catalog_speaks_to_the_player_as_sen() -> None:
    spoken = {key: found for key, text in TURKISH.items() if (found := siz_words(text))}
    assert not spoken, spoken


@pytest.mark.parametrize("page", HELP_PAGES, ids=lambda p: p.parts[-3])
def test_the_turkish_rules_pages_speak_to_the_player_as_sen(page: Path) -> None:
    assert siz_words(page.read_text("utf-8")) == []


def test_the_check_finds_the_siz_register() -> None:
    """The check above finds what the catalog said before (a check that finds nothing proves
    nothing)."""
    said = "Sıra sizde: desteden çekin; eli zaten açtınız, birini seçin. İzliyorsunuz. {size}"
    assert siz_words(said) == ["sizde", "çekin", "açtınız", "seçin", "İzliyorsunuz"]
    assert siz_words("Sıra sende: desteden çek; eli zaten açtın, birini seç. Yalnızca izliyorsun.") == []


def test_the_rating_is_reyting_and_the_score_puan() -> None:
    rating = [
        k
        for k, text in ENGLISH.items()
        if re.search(r"\brat(ing|ings|ed)\b", re.sub(r"\{\w+\}", "", text), re.I)
    ]
    assert len(rating) >= 8
    called_score = {k: TURKISH[k] for k in rating if "puan" in lower(TURKISH[k])}
    assert not called_score, called_score
    unnamed = {k: TURKISH[k] for k in rating if "reyting" not in lower(TURKISH[k])}
    assert not unnamed, unnamed
    scores = [k for k, text in ENGLISH.items() if re.search(r"\bscores?\b", text, re.I) and k not in rating]
    called_rating = {k: TURKISH[k] for k in scores if "reyting" in lower(TURKISH[k])}
    assert not called_rating, called_rating
    assert lower(TURKISH["scores_title"]).startswith("puan")


def test_a_name_takes_no_suffix() -> None:
    """Turkish suffixes follow the name's vowels, so a template writes a name bare: "Sıra: Ahmet",
    "Ahmet — eli"; never "{name} oyuncusunda" or "{name}'in"."""
    suffixed = {
        key: text
        for key, text in TURKISH.items()
        if re.search(r"\{(?:name|seat|winner|asked|to_move)\}(?:\s+oyuncusu\w*|['’]?[a-zçğıöşü])", text)
    }
    assert not suffixed, suffixed
    assert TURKISH["turn_other"] == "Sıra: {name}"


def test_a_pair_is_a_cift_not_a_per() -> None:
    pairs = [
        k
        for k, text in ENGLISH.items()
        if re.search(r"\bpairs?\b", text) and not re.search(r"\b(melds?|sets?|runs?)\b", text)
    ]
    assert "log_okey_101.pair" in pairs
    called_per = {k: TURKISH[k] for k in pairs if re.search(r"\bper(?:ler)?\b", TURKISH[k])}
    assert not called_per, called_per
