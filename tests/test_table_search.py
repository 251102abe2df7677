"""The table search bot (Kalooki, Carousel): legal, seeded moves from its observation alone,
its policy's choice first and greedy's among its candidates, its policy in its own rollouts,
knocking weighed by rollouts, budgets and refusals; the policies themselves (Kalooki keeps the
cards linked to the rest of the hand, Carousel knocks whenever it may)."""

from __future__ import annotations

import random
from typing import Any

import pytest

import rummykit
from rummykit.bots.card_links import links
from rummykit.bots.registry import bot_factory, make_bot
from rummykit.bots.table_search import TableSearchBot
from rummykit.core.pieces import JOKER, make_face, rank_of, suit_of
from rummykit.engine.game import Game
from rummykit.solvers.arrange import Objective
from rummykit.variants.carousel.actions import CVerb
from rummykit.variants.carousel.bots import (
    HOLD_CARDS,
    STOCK_LOW,
    CarouselGreedyBot,
    CarouselPolicy,
    meld_action,
)
from rummykit.variants.kalooki.actions import KVerb
from rummykit.variants.kalooki.bots import (
    OPEN_LEAVES,
    KalookiGreedyBot,
    KalookiPolicy,
    KalookiSearchBot,
    layoff_faces,
)

GAMES = [
    ("kalooki", {"players": 2, "match": "rounds", "rounds": 1}),
    ("carousel", {"players": 2, "target": 60}),
]


def search_bot(game: Game[Any, Any], seed: int = 0, **options: Any) -> TableSearchBot:
    """The game's table search bot (its package's ``search``) with ``options``."""
    bot: TableSearchBot = bot_factory("search", game.variant)(game, seed, **options)
    return bot


def positions(game: Game[Any, Any], seed: int, every: int) -> list[tuple[Any, int]]:
    """(state, seat to move) every ``every`` actions of a greedy match dealt from ``seed``."""
    state = game.new_state(seed)
    bots = [make_bot("greedy", game, s) for s in range(game.players)]
    out = []
    step = 0
    while (seat := game.current_seat(state)) is not None:
        if step % every == 0:
            out.append((state.clone(), seat))
        game.apply(state, seat, bots[seat].choose(game.observe(state, seat), game.legal_actions(state, seat)))
        step += 1
    return out


@pytest.mark.parametrize(("name", "options"), GAMES)
def test_the_search_plays_legal_seeded_moves_to_the_end(name: str, options: dict[str, Any]) -> None:
    """With no margin the search leaves its policy's choice whenever the rollouts favour another
    (Carousel's deal is one where that happens: its policy holding back leaves few decisions
    with more than one candidate)."""
    game = rummykit.load(name, **options)
    state = game.new_state(5 if name == "kalooki" else 2)
    bots = [search_bot(game, 1, iterations=4, horizon=20, margin=0.0), make_bot("greedy", game, 1)]
    twin = search_bot(game, 1, iterations=4, horizon=20, margin=0.0)
    left_policy = 0
    while (seat := game.current_seat(state)) is not None:
        view, legal = game.observe(state, seat), game.legal_actions(state, seat)
        action = bots[seat].choose(view, legal)
        if seat == 0:
            assert twin.choose(view, legal) == action
            left_policy += action != twin.candidates(view, legal)[0]
        assert game.is_legal(state, seat, action)
        game.apply(state, seat, action)
    assert left_policy > 0


@pytest.mark.parametrize(("name", "options"), GAMES)
def test_the_search_reads_nothing_the_seat_cant_see(name: str, options: dict[str, Any]) -> None:
    game = rummykit.load(name, **options)
    for state, seat in positions(game, 4, 9):
        twin = game.resample(state, seat, random.Random(8))
        view, legal = game.observe(state, seat), game.legal_actions(state, seat)
        assert game.observe(twin, seat) == view and game.legal_actions(twin, seat) == legal
        first = search_bot(game, 3, iterations=4, horizon=12).choose(view, legal)
        assert search_bot(game, 3, iterations=4, horizon=12).choose(game.observe(twin, seat), legal) == first


@pytest.mark.parametrize(("name", "options"), GAMES)
def test_the_policys_choice_comes_first_among_few_candidates(name: str, options: dict[str, Any]) -> None:
    """The search's own policy's choice first, greedy's among the candidates (but where the
    Carousel policy holds back: rollouts cut short can't judge it); the policy leaves greedy's
    choice at some decisions."""
    game = rummykit.load(name, **options)
    bot = search_bot(game, 0, width=2)
    greedy = make_bot("greedy", game, 0)
    policy = KalookiPolicy(game) if name == "kalooki" else CarouselPolicy(game)
    kinds = set()
    choices = differ = 0
    for state, seat in positions(game, 2, 1) + positions(game, 6, 1) + positions(game, 11, 1):
        view, legal = game.observe(state, seat), game.legal_actions(state, seat)
        found = bot.candidates(view, legal)
        assert found[0] == policy.choose(view, legal)
        theirs = greedy.choose(view, legal)
        holds = name == "carousel" and found[0].verb is CVerb.DRAW and theirs.verb is CVerb.MELD
        assert (theirs in found) != holds
        assert len(found) == len(set(found)) <= 5
        assert all(game.is_legal(state, seat, a) for a in found)
        differ += found[0] != greedy.choose(view, legal)
        if len(found) > 1:
            kinds |= {a.verb for a in found}
            choices += 1
    wanted = {KVerb.DRAW, KVerb.TAKE, KVerb.DISCARD} if name == "kalooki" else {CVerb.DRAW, CVerb.MELD}
    assert wanted <= kinds and choices > 10 and differ > 0


@pytest.mark.parametrize(("name", "options"), GAMES)
def test_the_searching_seat_plays_its_policy_in_rollouts(name: str, options: dict[str, Any]) -> None:
    """In a rollout the searching seat knocks whenever it may (Carousel) or plays
    :class:`KalookiPolicy`; the other seats play greedy's rollout policy."""
    game = rummykit.load(name, **options)
    plan = search_bot(game, 0).plan
    own_differs = knocks = 0
    for state, seat in positions(game, 3, 1) + positions(game, 6, 1):
        own, other = plan.step(state, seat, True), plan.step(state, seat, False)
        assert game.is_legal(state, seat, own) and game.is_legal(state, seat, other)
        view, legal = game.observe(state, seat), game.legal_actions(state, seat)
        if name == "kalooki":
            assert own == KalookiPolicy(game).choose(view, legal)
            assert other == KalookiGreedyBot(game).choose(view, legal)
        elif CVerb.KNOCK in {a.verb for a in legal}:
            assert own.verb is CVerb.KNOCK
            knocks += 1
        own_differs += own != other
    assert own_differs > 0 and (name == "kalooki" or knocks > 0)


def test_knocking_is_weighed_when_greedy_wouldnt() -> None:
    """A Carousel seat that may knock but holds more points than an opponent has cards is not
    sure to be lowest: greedy draws on, the search also tries knocking and, given enough
    rollouts, plays whichever is better."""
    game = rummykit.load("carousel", players=2, target=60)
    seen = 0
    for state, seat in positions(game, 3, 1) + positions(game, 6, 1):
        view, legal = game.observe(state, seat), game.legal_actions(state, seat)
        if CVerb.KNOCK not in {a.verb for a in legal}:
            continue
        bot = search_bot(game, 0, iterations=4, horizon=20)
        found = bot.candidates(view, legal)
        assert CVerb.KNOCK in {a.verb for a in found}
        assert bot.choose(view, legal) in found
        seen += 1
    assert seen


def test_a_time_budget_stops_in_time() -> None:
    game = rummykit.load("kalooki", players=2)
    state, seat = next(
        (s, t)
        for s, t in positions(game, 2, 1)
        if len(search_bot(game).candidates(game.observe(s, t), game.legal_actions(s, t))) > 1
    )
    bot = search_bot(game, 0, seconds=0.05)
    assert bot.choose(game.observe(state, seat), game.legal_actions(state, seat)) in game.legal_actions(
        state, seat
    )


def test_bad_budgets_and_games_are_refused() -> None:
    kalooki = rummykit.load("kalooki", players=2)
    for options in ({"iterations": 0}, {"width": 0}, {"seconds": 0.0}, {"margin": -1.0}, {"horizon": 0}):
        with pytest.raises(ValueError, match="a search needs"):
            search_bot(kalooki, 0, **options)
    with pytest.raises(ValueError, match="plays kalooki, not okey"):
        KalookiSearchBot(rummykit.load("okey", rounds=1), 0)


def test_links_count_set_suits_and_run_neighbours() -> None:
    ace = make_face(0, 1)
    rest = [make_face(0, 2), make_face(0, 13), make_face(1, 1), make_face(0, 1), JOKER]
    assert links(ace, rest) == 3.0  # the two and the king of its suit, the ace of another
    assert links(make_face(2, 7), [make_face(2, 9), make_face(2, 9), make_face(2, 10)]) == 0.5
    assert links(make_face(2, 7), [make_face(3, 8), make_face(2, 7)]) == 0.0


def _plain_links(face: int, rest: list[int]) -> float:
    """:func:`links` as it was first written, card by card (the reference for its bit masks)."""
    rank, suit = rank_of(face), suit_of(face)
    high = 14 if rank == 1 else rank
    suits: set[int] = set()
    near: dict[int, int] = {}
    for other in rest:
        if other == JOKER:
            continue
        other_rank, other_suit = rank_of(other), suit_of(other)
        if other_suit != suit:
            if other_rank == rank:
                suits.add(other_suit)
            continue
        other_high = 14 if other_rank == 1 else other_rank
        gap = min(abs(other_rank - rank), abs(other_high - high))
        if gap in (1, 2):
            near[other_rank] = gap
    return len(suits) + sum(1.0 if gap == 1 else 0.5 for gap in near.values())


def test_links_from_bit_masks_are_the_card_by_card_count() -> None:
    deck = [f for f in range(JOKER) for _ in range(2)] + [JOKER, JOKER]
    rng = random.Random(4)
    for _ in range(3000):
        rest = rng.sample(deck, rng.randint(0, 15))
        face = rng.randrange(JOKER)
        got, expected = links(face, rest), _plain_links(face, rest)
        assert got == expected and type(got) is type(expected)


def test_kalooki_policy_throws_the_loose_card_not_the_pair() -> None:
    game = rummykit.load("kalooki", players=2)
    hand = [
        *(make_face(0, r) for r in (3, 4, 5)),
        *(make_face(1, r) for r in (9, 10, 11)),
        make_face(2, 13),
        make_face(3, 13),
        make_face(1, 2),
    ]
    assert KalookiGreedyBot(game).worst_card(hand) in (make_face(2, 13), make_face(3, 13))
    assert KalookiPolicy(game).worst_card(hand) == make_face(1, 2)
    assert KalookiPolicy(game).worst_card([JOKER, JOKER, make_face(0, 5)]) == make_face(0, 5)


def test_layoff_faces_are_the_engines_natural_layoffs() -> None:
    game = rummykit.load("kalooki", players=2)
    checked = 0
    for state, seat in positions(game, 4, 1) + positions(game, 9, 1):
        view = game.observe(state, seat)
        if view["phase"] == "draw" or seat not in view["opened"]:
            continue
        legal = game.legal_actions(state, seat)
        for meld in view["table"]:
            if meld["kind"] == "set" and sum(f != JOKER for f in meld["faces"]) == 1:
                continue  # one natural and two jokers: it may still become a run
            fits = layoff_faces([meld])
            laid = {a.cards[0][0] for a in legal if a.verb is KVerb.LAYOFF and a.target == meld["number"]}
            assert laid - {JOKER} == fits & set(view["hand"])
            checked += bool(laid)
    assert checked > 0


def test_kalooki_policy_takes_a_discard_it_can_lay_off_once_open() -> None:
    game = rummykit.load("kalooki", players=2)
    policy, greedy = KalookiPolicy(game), KalookiGreedyBot(game)
    taken = 0
    for state, seat in positions(game, 4, 1) + positions(game, 9, 1) + positions(game, 12, 1):
        view = game.observe(state, seat)
        if view["phase"] != "draw" or seat not in view["opened"] or view["takeable"] is None:
            continue
        legal = game.legal_actions(state, seat)
        choice = policy.choose(view, legal)
        if view["takeable"] in layoff_faces(view["table"]):
            assert choice.verb is KVerb.TAKE
            taken += greedy.choose(view, legal).verb is not KVerb.TAKE
        else:
            assert choice == KalookiGreedyBot._draw_or_take(policy, view, legal)
    assert taken > 0


def test_kalooki_policy_opens_only_to_go_out() -> None:
    game = rummykit.load("kalooki", players=2)
    policy, greedy = KalookiPolicy(game), KalookiGreedyBot(game)
    delayed = opened = 0
    for state, seat in positions(game, 4, 1) + positions(game, 9, 1) + positions(game, 12, 1):
        view = game.observe(state, seat)
        if view["phase"] == "draw" or seat in view["opened"] or view["pending"]:
            continue
        legal = game.legal_actions(state, seat)
        theirs = greedy.choose(view, legal)
        if theirs.verb is not KVerb.MELD:
            continue
        leaves = policy.opening_leaves(view["hand"], view["table"])
        assert leaves <= len(policy._keeping_one(view["hand"], Objective.MELD_VALUE).ungrouped)
        mine = policy.choose(view, legal)
        if leaves > OPEN_LEAVES:
            assert mine.verb is KVerb.DISCARD
            delayed += 1
        else:
            assert mine == theirs
            opened += 1
    assert delayed > 0 and opened > 0


def test_carousel_policy_knocks_whenever_it_may_holds_back_and_is_greedy_otherwise() -> None:
    game = rummykit.load("carousel", players=2, target=60)
    policy, greedy = CarouselPolicy(game), CarouselGreedyBot(game)
    knocks = held = 0
    for state, seat in positions(game, 3, 1) + positions(game, 6, 1):
        view, legal = game.observe(state, seat), game.legal_actions(state, seat)
        verbs = {a.verb for a in legal}
        mine, theirs = policy.choose(view, legal), greedy.choose(view, legal)
        if CVerb.KNOCK in verbs:
            assert mine.verb is CVerb.KNOCK
            knocks += theirs.verb is not CVerb.KNOCK
        elif mine != theirs:
            best = greedy.best_meld(view)
            assert (mine.verb, theirs) == (CVerb.DRAW, meld_action(best))
            assert len(best.left) > 0 and best.points_left > game.rules.knock_max
            assert len(view["hand"]) < HOLD_CARDS and view["stock_count"] >= STOCK_LOW
            held += 1
        elif theirs.verb is CVerb.MELD and CVerb.DRAW in verbs:
            best = greedy.best_meld(view)
            assert (
                not best.left
                or best.points_left <= game.rules.knock_max
                or len(view["hand"]) >= HOLD_CARDS
                or view["stock_count"] < STOCK_LOW
            )
    assert knocks > 0 and held > 0
