"""Kalooki on the v2 interface: old records replay, clone/JSON/position round trips, what a seat
may see, the integer action space, malformed actions and huge numbers, resample."""

from __future__ import annotations

import json
import random
from collections import Counter
from collections.abc import Iterator
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from helpers import cards
from rummykit.core.melds import CARD_JOKERS, HIGH_ACE, MAX_RUN
from rummykit.core.pieces import JOKER, N_RANKS, N_SUITS, make_face
from rummykit.engine.table import TableMeld, table_meld
from rummykit.errors import IllegalActionError, MeldError, NotationError, NotYourTurnError
from rummykit.messages import CATALOG
from rummykit.variants.kalooki.actions import (
    LAYOFF_BASE,
    LAYOFF_CODES,
    MAX_JOKERS,
    MAX_SET,
    MELD_BASE,
    MELDS,
    NUM_ACTIONS,
    RELEASE_BASE,
    RELEASE_CODES,
    KalookiAction,
    KVerb,
    card_list,
    meld_index,
)
from rummykit.variants.kalooki.bots import KalookiGreedyBot
from rummykit.variants.kalooki.game import (
    DECKS,
    KalookiGame,
    _card_texts,
    _meld_ids,
    _run_ids,
    _set_ids,
    faces,
)
from rummykit.variants.kalooki.messages import ERRORS, EVENTS, NOTES
from rummykit.variants.kalooki.rules import KalookiRules, MatchMode
from rummykit.variants.kalooki.state import KalookiState, KPhase
from test_kalooki_rules import play, refused, round_result, setup
from test_records_reference import RETRACTING

RECORDS = Path(__file__).parent / "data" / "records"
GAME = KalookiGame(KalookiRules())


def walk(seed: int, steps: int = 400, greedy: bool = False) -> Iterator[KalookiState]:
    """The states of a self-play game (random or greedy bots), one per decision."""
    state = GAME.new_state(seed)
    rng = random.Random(seed)
    bot = KalookiGreedyBot(GAME, seed)
    for _ in range(steps):
        seat = GAME.current_seat(state)
        if seat is None:
            return
        yield state
        legal = GAME.legal_actions(state, seat)
        action = bot.choose(GAME.observe(state, seat), legal) if greedy else rng.choice(legal)
        GAME.apply(state, seat, action)


# ---------------------------------------------------------------- the engine before v2
@pytest.mark.parametrize(
    "name", sorted(p.name for p in RECORDS.glob("kalooki-*.jsonl") if p.name not in RETRACTING)
)
def test_records_of_the_old_engine_replay_and_greedy_plays_them_again(name: str) -> None:
    lines = [json.loads(line) for line in (RECORDS / name).read_text("utf-8").splitlines()]
    expected = json.loads((RECORDS / "expected.json").read_text("utf-8"))[name]
    header, moves = lines[0], [m for m in lines[1:] if "action" in m]
    rules = KalookiRules(**{**header["rules"], "match": MatchMode(header["rules"]["match"])})
    game = KalookiGame(rules)
    state = game.new_state(header["seed"])
    greedy = header["seats"][0] == "greedy"
    bots = [KalookiGreedyBot(game, s) for s in range(game.players)]
    for move in moves:
        action = game.parse_action(move["action"])
        if greedy:
            chosen = bots[move["seat"]].choose(
                game.observe(state, move["seat"]), game.legal_actions(state, move["seat"])
            )
            assert game.action_id(state, chosen) == game.action_id(state, action)
        game.apply(state, move["seat"], action)
    assert [
        {
            "round": r.round_no,
            "winner": r.winner,
            "kind": r.kind,
            "deltas": list(r.deltas),
            "explanation": list(r.explanation),
        }
        for r in state.results
    ] == expected["rounds"]
    assert state.scores == expected["scores"] and game.returns(state)[expected["winners"][0]] > 0


# ---------------------------------------------------------------- state as data
def test_clone_is_equal_and_independent() -> None:
    for state in walk(1, 300):
        if state.phase is KPhase.PLAY and state.table:
            break
    copy = state.clone()
    assert copy == state
    seat = state.turn
    GAME.apply(copy, seat, GAME.legal_actions(copy, seat)[-1])
    assert copy != state and GAME.position(copy) != GAME.position(state)


@pytest.mark.parametrize("seed", [2, 5])
def test_json_and_position_round_trips(seed: int) -> None:
    for i, state in enumerate(walk(seed, 600, greedy=seed == 5)):
        if i % 7:
            continue
        assert KalookiState.from_json(json.loads(json.dumps(state.to_json()))) == state
        text = GAME.position(state)
        back = GAME.from_position(text)
        assert "\n" not in text and GAME.position(back) == text
        seat = state.turn
        assert GAME.legal_ids(back, seat) == GAME.legal_ids(state, seat)
        assert GAME.observe(back, seat) == GAME.observe(state, seat)


def test_position_keeps_the_future_deals() -> None:
    state = GAME.new_state(4)
    back = GAME.from_position(GAME.position(state))
    for _ in range(60):
        seat = state.turn
        action = GAME.legal_actions(state, seat)[0]
        assert GAME.apply(state, seat, action) == GAME.apply(back, seat, action)
    assert GAME.position(back) == GAME.position(state)


@pytest.mark.parametrize(
    "bad",
    [
        "",
        "okey; seed 1",
        "kalooki; seed 1",
        "kalooki; seed 1; seed 2",
        "kalooki; colour red",
    ],
)
def test_bad_positions_are_refused(bad: str) -> None:
    with pytest.raises(NotationError):
        GAME.from_position(bad)


def test_a_position_must_hold_every_card_once() -> None:
    text = GAME.position(GAME.new_state(1))
    head, _, rest = text.partition("; stock ")
    stock, _, results = rest.partition(";")
    with pytest.raises(NotationError, match="106"):
        GAME.from_position(f"{head}; stock {stock.rsplit(' ', 1)[0]};{results}")
    with pytest.raises(NotationError, match="copies"):
        GAME.from_position(f"{head}; stock JK {stock};{results}")


# ---------------------------------------------------------------- what a seat may see
def test_observe_hides_other_hands_and_the_stock() -> None:
    for i, state in enumerate(walk(3, 500)):
        if i % 25:
            continue
        rng = random.Random(i)
        for seat in range(4):
            view = GAME.observe(state, seat)
            assert view["hand"] == [GAME.pieces.face(p) for p in state.hands[seat]]
            json.dumps(view)
            other = GAME.resample(state, seat, rng)
            assert GAME.observe(other, seat) == view
        spectator = GAME.observe(state, None)
        assert spectator["hand"] == [] and spectator["seat"] is None
        assert spectator["hand_counts"] == [len(h) for h in state.hands]


def test_a_drawn_card_is_told_to_the_drawer_only() -> None:
    state = GAME.new_state(6)
    seat = state.turn
    events = GAME.apply_text(state, seat, "draw")
    drawn = GAME.observe(state, seat)["hand"][-1]
    assert GAME.parse_action("discard " + GAME.events_for(events, seat)[0]["params"]["card"]).face == drawn
    assert "card" not in GAME.events_for(events, (seat + 1) % 4)[0]["params"]
    assert "card" not in GAME.events_for(events, None)[0]["params"]


def test_round_end_shows_every_hand_and_the_events_read_as_before() -> None:
    game, state = setup(["7H 7D 7C KC", "AS JK 5D", None, None], opened={0}, table=[(1, "2S 3S 4S")])
    events = play(game, state, "meld 7H 7D 7C", "discard KC")
    assert [e.text() for e in events] == ["discard KC", "seat 1 goes out"]
    result = round_result(events)
    assert all(hand is not None for hand in result["hands"])
    assert game.observe(state, 2)["last_result"] == state.results[-1].to_json()


def test_every_code_has_english_text() -> None:
    for code in {**EVENTS, **NOTES, **ERRORS}:
        assert code in CATALOG
    game, state = setup(["7H 8H KC", None, None, None], table=[(1, "5H 6H JK[7H] 8H")])
    with pytest.raises(IllegalActionError) as err:
        game.apply_text(state, 0, "release 1 7H")
    assert (
        err.value.code == "kalooki_release_closed_hand"
        and str(err.value) == "only a player who has opened may release a joker"
    )
    with pytest.raises(IllegalActionError, match="you don't hold QS"):
        game.apply_text(state, 0, "discard QS")


def test_a_seat_not_to_move_is_refused() -> None:
    state = GAME.new_state(8)
    before = state.clone()
    other = (state.turn + 1) % 4
    with pytest.raises(NotYourTurnError):
        GAME.apply_text(state, other, "draw")
    assert GAME.legal_actions(state, other) == [] and state == before


# ---------------------------------------------------------------- the action space
def test_the_meld_table_is_canonical() -> None:
    assert len(MELDS) < NUM_ACTIONS < 50_000
    for i, laid in enumerate(MELDS):
        assert meld_index(laid) == i and meld_index(laid[::-1]) == i


def test_every_legal_action_has_an_id_that_maps_back() -> None:
    for i, state in enumerate(walk(9, 500, greedy=True)):
        seat = state.turn
        legal = GAME.legal_actions(state, seat)
        ids = [GAME.action_id(state, a) for a in legal]
        assert None not in ids and ids == sorted(set(ids)) == GAME.legal_ids(state, seat)  # type: ignore[type-var]
        assert [GAME.action_from_id(state, seat, n) for n in ids] == legal  # type: ignore[arg-type]
        assert [GAME.parse_action(a.text()) for a in legal] == legal
        mask = GAME.legal_mask(state, seat)
        assert [n for n, ok in enumerate(mask) if ok] == ids
        if i % 40 == 3 and state.phase is KPhase.PLAY:
            every = [
                n
                for n in range(NUM_ACTIONS)
                if GAME.is_legal(state, seat, GAME.action_from_id(state, seat, n))
            ]
            assert every == ids


def test_every_meld_with_jokers_anywhere_is_listed() -> None:
    game, state = setup(["5H 6H 7H JK JK 7S 7D KC", None, None, None])
    texts = {a.text() for a in game.legal_actions(state, 0)}
    for meld in (
        "meld 5H JK[6H] 7H",
        "meld JK[5H] JK[6H] 7H",
        "meld JK[3H] JK[4H] 5H 6H 7H",
        "meld 7S 7H JK JK",
        "meld 5H 6H 7H JK[8H] JK[9H]",
        "meld 7S 7H 7D JK",
    ):
        assert meld in texts
    assert "meld 5H 6H" not in texts


def test_a_joker_lay_off_at_either_end_and_every_release_are_listed() -> None:
    game, state = setup(
        ["JK 9S KC", None, None, None], table=[(1, "5H 6H 7H 8H"), (2, "9H 9C JK")], opened={0}
    )
    texts = [a.text() for a in game.legal_actions(state, 0)]
    assert {"layoff 1 JK[4H]", "layoff 1 JK[9H]", "layoff 1 JK", "layoff 2 9S", "layoff 2 JK"} <= set(texts)
    game, state = setup(
        ["7H 9S 9D KC", None, None, None], table=[(1, "5H 6H JK[7H] 8H"), (2, "9H 9C JK")], opened={0}
    )
    texts = [a.text() for a in game.legal_actions(state, 0)]
    assert {"release 1 7H", "release 2 9S 9D"} <= set(texts)
    assert "release 2 9S" not in texts  # one missing suit closes the set: it frees nothing


def test_the_meld_listing_is_every_meld_the_hand_holds_with_a_card_to_spare() -> None:
    """The listing's melds (bit masks, suits without a run start skipped, answers cached per rank
    and suit) against a plain reading of the meld table, on random hands with 0-2 jokers."""
    needs = [(len(m), Counter(f for f, _ in m)) for m in MELDS]
    naturals = [f for f in range(JOKER) for _ in range(2)]
    rng = random.Random(12)
    for _ in range(120):
        hand = rng.sample(naturals, rng.randint(1, 15)) + [JOKER] * rng.randint(0, 2)
        held = Counter(hand)
        expected = [
            MELD_BASE + i
            for i, (size, need) in enumerate(needs)
            if size < len(hand) and all(held[f] >= k for f, k in need.items())
        ]
        assert sorted(_meld_ids(hand)) == expected


def _plain_meld_ids(hand: list[int]) -> list[int]:
    """The meld listing in its order (sets rank by rank, then runs suit by suit) from the uncached
    set and run tables, asked with every position held and the hand's own longest run."""
    jokers = min(hand.count(JOKER), MAX_JOKERS)
    out: list[int] = []
    for rank in range(1, N_RANKS + 1):
        suits = sum(1 << s for s in range(N_SUITS) if make_face(s, rank) in hand)
        out += _set_ids.__wrapped__(rank, suits, jokers, min(len(hand), MAX_SET + 1))
    for suit in range(N_SUITS):
        spots = sum(1 << r for r in range(1, N_RANKS + 1) if make_face(suit, r) in hand)
        spots |= (spots >> 1 & 1) << HIGH_ACE
        out += _run_ids.__wrapped__(suit, spots, jokers, min(MAX_RUN, len(hand) - 1))
    return out


def test_the_meld_listing_order_is_the_plain_tables_order() -> None:
    """The listing asks the run cache only about the positions some run can hold, and for no
    longer runs than those make: the same ids in the same order as the plain tables, for every
    suit's ranks alone with 0-2 jokers and on random hands."""
    for row in range(1, 1 << N_RANKS):
        naturals = [make_face(2, r + 1) for r in range(N_RANKS) if row >> r & 1]
        for jokers in range(MAX_JOKERS + 1):
            hand = naturals + [JOKER] * jokers
            assert _meld_ids(hand) == _plain_meld_ids(hand)
    deck = [f for f in range(JOKER) for _ in range(2)]
    rng = random.Random(31)
    for _ in range(400):
        hand = rng.sample(deck, rng.randint(1, 15)) + [JOKER] * rng.randint(0, 3)
        assert _meld_ids(hand) == _plain_meld_ids(hand)


def _layoff_and_release_ids(game: KalookiGame, state: KalookiState) -> list[int]:
    """Every lay-off and release id on the table's melds that ``is_legal`` accepts, ascending."""
    ids = [
        base + code
        for m in state.table
        for base, codes in (
            (LAYOFF_BASE + (m.number - 1) * LAYOFF_CODES, LAYOFF_CODES),
            (RELEASE_BASE + (m.number - 1) * RELEASE_CODES, RELEASE_CODES),
        )
        for code in range(codes)
    ]
    seat = state.turn
    return sorted(n for n in ids if game.is_legal(state, seat, game.action_from_id(state, seat, n)))


def test_the_listed_lay_offs_and_releases_are_every_legal_one() -> None:
    """The listing's lay-offs and releases (each table meld's options worked out once) against
    a check of every lay-off and release id, in opened seats' turns of random self-play, and on a
    set of one natural and two jokers (any natural may fit) and a run of 2 to K (an ace fits at
    both ends: one lay-off)."""
    checked = 0
    for seed in range(20, 26):
        for i, state in enumerate(walk(seed, 400)):
            if state.phase is KPhase.PLAY and state.turn in state.opened and i % 3 == 0:
                listed = [n for n in GAME.legal_ids(state, state.turn) if n >= LAYOFF_BASE]
                assert listed == _layoff_and_release_ids(GAME, state)
                checked += 1
    assert checked >= 30
    game, state = setup(
        ["AS 9C 8H 4D 3C", None, None, None],
        table=[(1, "2S 3S 4S 5S 6S 7S 8S 9S TS JS QS KS"), (2, "9H JK JK"), (1, "5C 5D 5H")],
        opened={0},
    )
    texts = [a.text() for a in game.legal_actions(state, 0) if a.verb is KVerb.LAYOFF]
    assert texts == ["layoff 1 AS", "layoff 2 8H", "layoff 2 9C"]
    listed = sorted(set(game.legal_ids(state, 0)) - set(range(LAYOFF_BASE)))
    assert listed == _layoff_and_release_ids(game, state)


def _assert_listed_once(game: KalookiGame, state: KalookiState) -> None:
    """``state``'s mover's legal actions, their texts and their ids each appear once, the ids
    ascending and those of the actions."""
    seat = state.turn
    actions = game.legal_actions(state, seat)
    ids = game.legal_ids(state, seat)
    assert len(set(actions)) == len(actions)
    assert len({a.text() for a in actions}) == len(actions)
    assert ids == sorted(set(ids)) == [game.action_id(state, a) for a in actions]


def test_an_ace_fitting_both_ends_of_a_run_is_listed_once_and_goes_low() -> None:
    """A run of 2 to K takes an ace (or a joker declared as it) at either end: one action, listed
    once, that makes the run A..K (the ace low, as a new meld of 13 is); an undeclared joker goes
    above the K (``docs/rule-choices.md``)."""
    table = [(1, "2S 3S 4S 5S 6S 7S 8S 9S TS JS QS KS")]
    for hand, text, positions in (
        ("AS 9C 8H 4D 3C", "layoff 1 AS", range(1, 14)),
        ("JK 9C 8H 4D 3C", "layoff 1 JK[AS]", range(1, 14)),
        ("JK 9C 8H 4D 3C", "layoff 1 JK", range(2, 15)),
    ):
        game, state = setup([hand, None, None, None], table=table, opened={0})
        _assert_listed_once(game, state)
        assert [a.text() for a in game.legal_actions(state, 0)].count(text) == 1
        play(game, state, text)
        assert state.table[0].meld.positions == tuple(positions)


def test_the_legal_listing_never_repeats_an_action() -> None:
    """Every decision of random and greedy self-play lists each legal action once, and so does
    an opened seat's turn on random tables of runs (a third of them 2 to K, some with a joker)
    with a hand of cards that fit their ends and a joker (self-play seldom shows a run of 2 to
    K)."""
    checked = 0
    for seed in range(30, 36):
        for state in walk(seed, 400, greedy=seed % 2 == 1):
            _assert_listed_once(GAME, state)
            checked += 1
    assert checked >= 1000
    rng = random.Random(7)
    ranks = "A23456789TJQK"
    for _ in range(150):
        table, near = [], ["JK"]
        for suit in rng.sample("SHDC", rng.randint(1, 3)):
            lo, hi = (2, 13) if rng.random() < 1 / 3 else sorted(rng.sample(range(1, 15), 2))
            if not 2 <= hi - lo <= 12:
                continue
            run = [ranks[(p - 1) % 13] + suit for p in range(lo, hi + 1)]
            if not table and rng.random() < 0.3:
                i = rng.randrange(len(run))
                run[i] = f"JK[{run[i]}]"
            table.append((1, " ".join(run)))
            near += [ranks[(p - 1) % 13] + suit for p in (lo - 1, hi + 1) if 1 <= p <= 14]
        ends = sorted(set(near))
        hand = " ".join([*rng.sample(ends, min(4, len(ends))), "4D", "9C"])
        game, state = setup([hand, None, None, None], table=table, opened={0})
        _assert_listed_once(game, state)


def test_several_melds_in_one_action_are_a_shortcut_applied_atomically() -> None:
    game, state = setup(["QS KS AS 7D 7H 7C KC", None, None, None])
    assert game.action_id(state, game.parse_action("meld QS KS AS | 7D 7H 7C")) is None
    refused(game, state, "meld QS KS AS | 7D 7H 2C", "kalooki_not_held")
    play(game, state, "meld QS KS AS | 7D 7H 7C")
    assert 0 in state.opened and [m.number for m in state.table] == [1, 2]


# ---------------------------------------------------------------- defects of issue 9
def test_a_lay_off_with_no_cards_is_refused_and_okey_yapmak_stays() -> None:
    game, state = setup(
        ["AH 2H 3H 4H 5H 6H 7H 8H 9H TH TC TD TS", None, None, None],
        phase=KPhase.DRAW,
        pile="2D",
        table=[(1, "2S 3S 4S")],
    )
    play(game, state, "take", "meld AH 2H 3H 4H 5H 6H 7H 8H 9H TH", "meld TC TD TS")
    before = state.clone()
    with pytest.raises(IllegalActionError):
        game.apply(state, 0, KalookiAction(KVerb.LAYOFF, target=1))
    assert state == before
    assert round_result(play(game, state, "discard 2D"))["kind"] == "hunt"


@pytest.mark.parametrize(
    "action",
    [
        KalookiAction(KVerb.DISCARD),
        KalookiAction(KVerb.DRAW, face=3),
        KalookiAction(KVerb.MELD),
        KalookiAction(KVerb.MELD, melds=((),)),
        KalookiAction(KVerb.MELD, melds=(((7, 7),),)),
        KalookiAction(KVerb.LAYOFF, cards=((7, None),)),
        KalookiAction(KVerb.RELEASE, target=10**5000, cards=((7, None),)),
        KalookiAction(KVerb.DISCARD, face=99),
        KalookiAction("draw"),  # type: ignore[arg-type]
        "draw",
    ],
)
def test_malformed_action_objects_raise_the_games_error(action: KalookiAction) -> None:
    game, state = setup(["7H 7D 7C KC", None, None, None], opened={0}, table=[(1, "2S 3S 4S")])
    before = state.clone()
    with pytest.raises(IllegalActionError) as err:
        game.apply(state, 0, action)
    assert err.value.code == "malformed_action" and state == before
    assert not game.is_legal(state, 0, action) and game.action_id(state, action) is None


@pytest.mark.parametrize("verb", ["layoff", "release"])
def test_a_huge_meld_number_is_a_clean_notation_error(verb: str) -> None:
    with pytest.raises(NotationError, match="meld number"):
        GAME.parse_action(f"{verb} {'9' * 5000} 7H")
    with pytest.raises(NotationError, match="meld number"):
        GAME.parse_action(f"{verb} 36 7H")


# ---------------------------------------------------------------- search
def test_resample_keeps_what_the_seat_knows() -> None:
    game, state = setup(
        ["7H 8H KC", None, None, None],
        table=[(1, "5H 6H JK[7H] 8H")],
        opened={0, 1},
        phase=KPhase.DRAW,
        pile="QD",
    )
    play(game, state, "take", "release 1 7H", "discard KC", "take")
    assert faces(state.known[1]) == cards("KC") and sorted(faces(state.known[0])) == sorted(cards("QD JK"))
    rng = random.Random(0)
    for _ in range(5):
        other = game.resample(state, 0, rng)
        assert [len(h) for h in other.hands] == [len(h) for h in state.hands]
        assert other.hands[0] == state.hands[0] and set(state.known[1]) <= set(other.hands[1])
        assert sorted(game.piece_places(other).elements()) == list(range(106))
        assert game.observe(other, 0) == game.observe(state, 0)


@settings(max_examples=400, deadline=None)
@given(st.integers(0, len(MELDS) - 1), st.randoms(use_true_random=False), st.booleans(), st.integers(1, 35))
def test_table_melds_and_their_kept_cards_are_the_engines(
    index: int, rng: random.Random, extra: bool, number: int
) -> None:
    """The game's memoised table meld (its card order kept with the validation) is the engine's
    ``table_meld``, the cards a lay-off keeps are the meld's ``declarations``, and the cards an
    event names are ``card_list``'s: for a meld of the action table, its cards in random order,
    either copy of each face, a run's jokers declared or not, and maybe one random card more."""
    cards_played = [(f, d if d is None or rng.random() < 0.8 else None) for f, d in MELDS[index]]
    if extra:
        cards_played.append((rng.randrange(JOKER + 1), None))
    rng.shuffle(cards_played)
    first: dict[int, int] = {}
    played = []
    for f, d in cards_played:
        if f in first:
            if first[f] < 0:
                return  # a third card of one face
            played.append((DECKS.piece(f, 1 - first[f]), d))
            first[f] = -1
        else:
            first[f] = rng.randrange(2)
            played.append((DECKS.piece(f, first[f]), d))
    try:
        expected = table_meld(number, 1, played, DECKS, GAME.meld_rules, CARD_JOKERS)
    except MeldError as exc:
        refused = GAME._table_meld(number, 1, played)
        assert isinstance(refused, MeldError) and refused.to_json() == exc.to_json()
        return
    meld = GAME._table_meld(number, 1, played)
    assert meld == expected
    assert isinstance(meld, TableMeld)
    kept = list(zip(meld.pieces, meld.declarations(DECKS, CARD_JOKERS, fixed_sets=False), strict=True))
    assert GAME._kept(meld) == kept
    texts = tuple(cards_played)
    assert _card_texts(texts) == card_list(texts) == _card_texts(texts)


def test_a_lay_off_that_does_not_fit_names_its_card_and_the_meld() -> None:
    """A refused lay-off says which card doesn't go onto which meld, the card in notation (not
    the meld checker's English text of the whole new meld): every client words it (issue 28)."""
    game, state = setup(["4H 9C KC", None, None, None], table=[(1, "5S 6S 7S"), (2, "9H 9D 9S")], opened={0})
    for text, cards_, number in (("layoff 1 4H", ["4H"], 1), ("layoff 2 KC", ["KC"], 2)):
        with pytest.raises(IllegalActionError) as err:
            game.apply_text(state, 0, text)
        assert (err.value.code, err.value.params) == ("kalooki_no_fit", {"cards": cards_, "number": number})
        assert str(err.value) == f"{cards_[0]} doesn't go onto meld {number}"
