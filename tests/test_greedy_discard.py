"""The greedy bot's discard (one search for the pieces the rack can spare, then the tie order)
is the one it chose by counting every discard: fewest pieces left out, then not a wild, then the
highest face; for Okey and Turkish Rummy, pairs of identical pieces or of one number, wilds in pairs
or not."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

import rummykit
from rummykit.core.melds import CARD_JOKERS, okey_wilds
from rummykit.core.pieces import OKEY_TILES, card_set
from rummykit.variants.closed_hand.bots import GreedyBot

BOTS = {
    "okey": GreedyBot(rummykit.load("okey"), 0),
    "okey same number": GreedyBot(rummykit.load("okey", pair_rule="same_number"), 0),
    "okey no okey in pairs": GreedyBot(rummykit.load("okey", okey_in_pairs=False), 0),
    "turkish_rummy": GreedyBot(rummykit.load("turkish_rummy"), 0),
}
DECKS = card_set(2, 2)


@settings(max_examples=300, deadline=None)
@given(
    st.sampled_from(sorted(BOTS)),
    st.lists(st.integers(0, 105), min_size=1, max_size=15, unique=True),
    st.integers(0, 51),
    st.data(),
)
def test_discard_is_the_one_every_count_gives(
    name: str, ids: list[int], indicator: int, data: st.DataObject
) -> None:
    bot = BOTS[name]
    if name.startswith("okey"):
        rack = [OKEY_TILES.face(i) for i in ids]
        wilds = okey_wilds(indicator)
    else:
        rack = [DECKS.face(i) for i in ids]
        wilds = CARD_JOKERS
    faces = list(dict.fromkeys(rack))
    choices = data.draw(st.lists(st.sampled_from(faces), min_size=1, unique=True))
    counted = []
    for face in choices:
        rest = list(rack)
        rest.remove(face)
        counted.append((bot.left_out(rest, wilds), wilds.is_wild(face), -face, face))
    left, _, _, face = min(counted)
    assert bot.best_discard(rack, wilds, choices) == (left, face)
