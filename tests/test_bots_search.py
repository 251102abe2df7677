"""The search bot and :meth:`Game.determinise`: a state rebuilt from a seat's observation looks the
same to that seat and depends on nothing else; the bot plays legal, seeded moves from its
observation alone; budgets are checked."""

from __future__ import annotations

import random
import time
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import rummykit
from play_helpers import play_beside_twin
from rig import rigged
from rummykit.bots.budget import Deadline, budget_options, spent
from rummykit.bots.registry import bot_names, make_bot, parse_bot_list
from rummykit.bots.table_search import TableSearchBot
from rummykit.core.melds import CARD_JOKERS, NO_WILDS, Wilds
from rummykit.core.notation import parse_faces
from rummykit.core.pieces import JOKER, N_FACES, Kind
from rummykit.errors import RummykitError
from rummykit.variants.closed_hand import search as search_module
from rummykit.variants.closed_hand.actions import Verb
from rummykit.variants.closed_hand.bots import GreedyBot, _wilds, _without
from rummykit.variants.closed_hand.draw_value import could_join, draw_value, joining_faces, unseen_counts
from rummykit.variants.closed_hand.search import SearchBot
from rummykit.variants.closed_hand.state import Phase

GAMES = [
    ("okey", {"rounds": 2}),
    ("okey", {"rounds": 1, "discard_history": "top_only"}),
    ("turkish_rummy", {"rounds": 2}),
]


def positions(name: str, options: dict[str, Any], seed: int, every: int = 7) -> list[tuple[Any, Any, int]]:
    """(game, state, seat to move) every ``every`` actions of a greedy-and-random match."""
    game = rummykit.load(name, **options)
    state = game.new_state(seed)
    bots = [make_bot("greedy" if s % 2 else "random", game, s) for s in range(game.players)]
    out = []
    step = 0
    while (seat := game.current_seat(state)) is not None:
        if step % every == 0:
            out.append((game, state.clone(), seat))
        game.apply(state, seat, bots[seat].choose(game.observe(state, seat), game.legal_actions(state, seat)))
        step += 1
    return out


@pytest.mark.parametrize(("name", "options"), GAMES)
def test_a_determinised_state_looks_the_same_to_the_seat(name: str, options: dict[str, Any]) -> None:
    rng = random.Random(5)
    for game, state, seat in positions(name, options, 3):
        for viewer in (seat, (seat + 1) % game.players):
            view = game.observe(state, viewer)
            world = game.determinise(view, rng)
            assert game.observe(world, viewer) == view
            assert set(game.piece_places(world).values()) == {1}
            assert len(game.piece_places(world)) == game.pieces.size
        assert game.legal_actions(world := game.determinise(game.observe(state, seat), rng), seat) == (
            game.legal_actions(state, seat)
        )
        assert world.seed != state.seed


@pytest.mark.parametrize(("name", "options"), GAMES)
def test_determinise_reads_nothing_the_seat_cant_see(name: str, options: dict[str, Any]) -> None:
    for game, state, seat in positions(name, options, 4, every=11):
        twin = game.resample(state, seat, random.Random(8))  # the same to this seat, hidden pieces moved
        view = game.observe(state, seat)
        assert game.observe(twin, seat) == view
        assert game.determinise(view, random.Random(1)) == game.determinise(
            game.observe(twin, seat), random.Random(1)
        )
        assert SearchBot(game, 2, iterations=2).choose(view, game.legal_actions(state, seat)) == SearchBot(
            game, 2, iterations=2
        ).choose(game.observe(twin, seat), game.legal_actions(twin, seat))


def test_determinise_shuffles_the_unseen_pieces() -> None:
    game, state, seat = positions("okey", {"rounds": 1}, 6)[2]
    view = game.observe(state, seat)
    other = (seat + 1) % game.players
    racks = {tuple(sorted(game.determinise(view, random.Random(i)).racks[other])) for i in range(5)}
    assert len(racks) == 5


@pytest.mark.parametrize(("name", "options"), GAMES)
def test_a_finished_match_determinises_with_every_round(name: str, options: dict[str, Any]) -> None:
    game, state, _ = positions(name, options, 9)[-1]
    while (seat := game.current_seat(state)) is not None:
        game.apply(state, seat, game.legal_actions(state, seat)[0])
    view = game.observe(state, 0)
    world = game.determinise(view, random.Random(2))
    assert game.observe(world, 0) == view
    assert len(world.results) == len(state.results) == options["rounds"]
    assert game.outcome(world) == game.outcome(state)


def test_determinise_needs_a_seat() -> None:
    game = rummykit.load("okey", rounds=1)
    state = game.new_state(1)
    with pytest.raises(ValueError, match="a seat's observation"):
        game.determinise(game.observe(state, None), random.Random(0))


@pytest.mark.parametrize("name", ["okey", "turkish_rummy"])
def test_search_plays_legal_seeded_moves(name: str) -> None:
    game = rummykit.load(name, rounds=1)
    state = game.new_state(11)
    bots = [SearchBot(game, 1, iterations=1, width=2), *(make_bot("greedy", game, s) for s in (1, 2, 3))]
    twin = SearchBot(game, 1, iterations=1, width=2)
    assert play_beside_twin(game, state, bots, twin) > 0


def test_search_finishes_when_it_can() -> None:
    win = "R1 R2 R3 Y4 Y5 Y6 B7 B8 B9 K10 K11 K12 K13 R9"
    game, state = rigged([win, None, None, None], "K5", phase=Phase.DISCARD)
    action = SearchBot(game, 0).choose(game.observe(state, 0), game.legal_actions(state, 0))
    assert action.verb is Verb.FINISH


def test_a_draw_that_leaves_five_melds_of_three_is_no_finish() -> None:
    # 12 pieces in four runs of three and K5 K6: K7 puts all 15 in melds of three, but every
    # discard then breaks one (two pieces out, as now: no gain); K13 makes a run of four, and
    # a discard of K5 or K6 leaves one piece out (a gain of one)
    game = rummykit.load("okey", rounds=1)
    bot = GreedyBot(game)
    hand = parse_faces(Kind.TILES, "R1 R2 R3 Y4 Y5 Y6 B7 B8 B9 K10 K11 K12 K5 K6")
    assert bot.left_out(hand, NO_WILDS) == 2
    for drawn, value in (("K7", 2.0), ("K13", 1.0)):
        unseen = [0] * (N_FACES + 1)
        unseen[parse_faces(Kind.TILES, drawn)[0]] = 2
        assert draw_value(hand, NO_WILDS, unseen, bot.left_out, True) == value


@pytest.mark.parametrize(("name", "options"), GAMES)
def test_search_discards_leave_the_fewest_pieces_out(name: str, options: dict[str, Any]) -> None:
    seen = 0
    for game, state, seat in positions(name, options, 2, every=3):
        if state.phase is not Phase.DISCARD:
            continue
        view, legal = game.observe(state, seat), game.legal_actions(state, seat)
        bot = SearchBot(game, 0, iterations=2)
        greedy = bot.greedy.choose(view, legal)
        action = bot.choose(view, legal)
        if greedy.verb is not Verb.DISCARD:
            assert action == greedy
            continue
        wilds = _wilds(view)
        assert action.verb is Verb.DISCARD
        assert not wilds.is_wild(action.face) or wilds.is_wild(greedy.face)
        faces = {a.face for a in legal if a.face is not None and not wilds.is_wild(a.face)}
        fewest = min(bot.left_out(_without(view["hand"], f), wilds) for f in faces or {greedy.face})
        assert bot.left_out(_without(view["hand"], action.face), wilds) == fewest
        seen += 1
    assert seen > 5


def test_search_counts_seven_pairs_only_near_going_out() -> None:
    # four pairs and six singles, no meld: greedy counts six pieces out of seven pairs and takes
    # R4 for a fifth pair; the search counts melds only (all 14 out) and draws
    far = "R1 R1 Y5 Y5 B9 B9 K12 K12 R4 Y8 B2 K6 R11 Y13"
    game, state = rigged([far, None, None, None], "B5", discards=["", "", "", "R4"])
    bot = SearchBot(game, 0)
    hand = parse_faces(Kind.TILES, far)
    assert (bot.greedy.left_out(hand, NO_WILDS), bot.left_out(hand, NO_WILDS)) == (6, 14)
    view, legal = game.observe(state, 0), game.legal_actions(state, 0)
    assert view["takeable"] == parse_faces(Kind.TILES, "R4")[0]
    assert bot.greedy.choose(view, legal).verb is Verb.TAKE
    assert bot.choose(view, legal).verb is Verb.DRAW
    # six pairs and two singles: two out of seven pairs by both counts, and B2 is taken
    near = "R1 R1 Y5 Y5 B9 B9 K12 K12 R4 R4 Y8 Y8 B2 K7"
    game, state = rigged([near, None, None, None], "B5", discards=["", "", "", "B2"])
    assert bot.left_out(parse_faces(Kind.TILES, near), NO_WILDS) == 2
    assert bot.choose(game.observe(state, 0), game.legal_actions(state, 0)).verb is Verb.TAKE


def test_unseen_counts_subtract_everything_the_seat_sees() -> None:
    for game, state, seat in positions("okey", {"rounds": 1}, 5, every=9):
        view = game.observe(state, seat)
        unseen = unseen_counts(view, game.pieces)
        hidden = [game.pieces.face(p) for s, rack in enumerate(state.racks) if s != seat for p in rack]
        hidden += [game.pieces.face(p) for p in state.stock]
        for known in (k for s, k in enumerate(view["known"]) if s != seat):
            for face in known:
                hidden.remove(face)
        assert unseen == [hidden.count(face) for face in range(len(unseen))]


PIECES = [face for face in range(N_FACES + 1) for _ in range(2)]
"""Every piece of Okey's set and of Turkish Rummy's two decks, as faces: two of each, jokers too."""


@settings(max_examples=60, deadline=None)
@given(st.permutations(PIECES), st.integers(0, 51))
def test_a_draw_that_fits_nothing_is_left_out(pieces: list[int], indicator: int) -> None:
    # a rack and its draw from one set of pieces (the solvers count on at most two of a face)
    hand, face = pieces[:14], pieces[14]
    for game, wilds in (
        (rummykit.load("okey", rounds=1), Wilds(frozenset({indicator}), indicator)),
        (rummykit.load("turkish_rummy", rounds=1, set_distinct_suits=False), CARD_JOKERS),
    ):
        bot = GreedyBot(game)
        if not could_join(hand, face, wilds, bot.profile.pairs_win):
            assert bot.left_out([*hand, face], wilds) == bot.left_out(hand, wilds) + 1


def test_a_time_budget_stops_in_time() -> None:
    game, state, seat = next(
        (g, s, t) for g, s, t in positions("okey", {"rounds": 1}, 2, every=1) if s.phase is Phase.DISCARD
    )
    bot = make_bot("search:0.05s", game, 0)
    assert isinstance(bot, SearchBot) and bot.seconds == 0.05
    assert bot.choose(game.observe(state, seat), game.legal_actions(state, seat)) in game.legal_actions(
        state, seat
    )


def test_a_budget_counts_iterations_or_the_threads_cpu_time() -> None:
    by_count = spent(5, None)
    assert [by_count(done) for done in (0, 4, 5, 6)] == [False, False, True, True]
    # a time budget ignores the count: a minute of CPU time is not spent at once, however many
    # iterations, and a nanosecond is spent once this thread has done some work
    assert not spent(1, 60.0)(10_000)
    tiny = spent(1, 1e-9)
    sum(range(100_000))
    assert tiny(0)


def test_a_time_budget_begins_no_iteration_that_would_overrun(monkeypatch: pytest.MonkeyPatch) -> None:
    clock = [10.0]
    monkeypatch.setattr("rummykit.bots.budget.time.thread_time", lambda: clock[0])
    over = spent(1, 0.1)
    clock[0] += 0.03  # one iteration of 30 ms: another ends at 60 ms
    assert not over(1)
    clock[0] += 0.03  # two of 30 ms: a third would end at 90 ms
    assert not over(2)
    clock[0] += 0.02  # three in 80 ms (27 ms each): a fourth would end past 100 ms
    assert over(3)
    assert spent(1, 0.1)(0) is False


def test_a_time_budget_counts_from_the_decisions_start(monkeypatch: pytest.MonkeyPatch) -> None:
    """A budget begun at the decision's start counts the work before the search's iterations: 70 ms
    spent before them leave room for one 20 ms iteration, not four."""
    clock = [10.0]
    monkeypatch.setattr("rummykit.bots.budget.time.thread_time", lambda: clock[0])
    over = spent(32, 0.1, capped=True, since=9.93)
    clock[0] += 0.02
    assert over(1)
    from_now = spent(32, 0.1, capped=True)
    clock[0] += 0.06
    assert not from_now(3)


def test_a_deadline_passes_before_a_step_as_long_as_the_longest_would_end_past_it() -> None:
    clock = [10.0]
    deadline = Deadline(0.1, lambda: clock[0])
    assert not deadline.passed()  # nothing spent, no step timed yet
    clock[0] += 0.03  # a step of 30 ms: another ends at 60 ms
    assert not deadline.passed()
    clock[0] += 0.01  # 40 ms spent, the longest step 30 ms: one more ends at 70 ms
    assert not deadline.passed()
    clock[0] += 0.035  # 75 ms: a step of 35 ms more would end past 100 ms
    assert deadline.passed()
    never = Deadline(None, lambda: clock[0])
    clock[0] += 60
    assert not never.passed()


def test_the_search_budget_counts_the_whole_decision(monkeypatch: pytest.MonkeyPatch) -> None:
    """The expert's 0.1 s of CPU time is the decision's: its iterations stop once the time spent
    since ``choose`` began (greedy's choice, the candidates' values) would pass it."""
    game, state, seat = next(
        (g, s, t) for g, s, t in positions("okey", {"rounds": 1}, 2, every=1) if s.phase is Phase.DISCARD
    )
    bot = make_bot("expert", game, 0)
    assert isinstance(bot, SearchBot)
    starts: list[float] = []
    real = search_module.spent

    def watched(
        iterations: int,
        seconds: float | None,
        capped: bool = False,
        since: float | None = None,
        clock: Any = None,
    ) -> Any:
        starts.append(time.thread_time() if since is None else since)
        return real(iterations, seconds, capped, since, clock)

    greedy = bot.greedy.choose

    def slow_greedy(observation: dict[str, Any], legal: list[Any]) -> Any:
        end = time.thread_time() + 0.03
        while time.thread_time() < end:
            pass
        return greedy(observation, legal)

    monkeypatch.setattr(search_module, "spent", watched)
    monkeypatch.setattr(bot.greedy, "choose", slow_greedy)
    before = time.thread_time()
    bot.choose(game.observe(state, seat), game.legal_actions(state, seat))
    assert starts and all(before <= start < before + 0.03 for start in starts)


def test_budgets_and_names() -> None:
    assert "search" in bot_names()
    assert budget_options("12") == {"iterations": 12} and budget_options("0.1s") == {"seconds": 0.1}
    assert parse_bot_list("search:3,greedy", 2) == ["search:3", "greedy"]
    bot = make_bot("search:3", rummykit.load("okey", rounds=1), 0)
    assert isinstance(bot, SearchBot) and bot.iterations == 3
    for bad in (
        "search:0",
        "search:x",
        "search:-1s",
        "search:",
        "search:100s",
        "search:0.0000001s",
        "expert:0.009s",
    ):
        with pytest.raises(RummykitError, match=r"a search budget is .*\(0\.01 to 60, search:0\.1s\)"):
            parse_bot_list(bad, 1)
    assert parse_bot_list("search:0.01s,expert:60s", 2) == ["search:0.01s", "expert:60s"]
    with pytest.raises(RummykitError, match="only the search and expert bots take a budget"):
        parse_bot_list("greedy:3", 1)
    assert isinstance(make_bot("search:3", rummykit.load("kalooki"), 0), TableSearchBot)
    with pytest.raises(ValueError, match="at least one iteration"):
        SearchBot(rummykit.load("okey", rounds=1), 0, iterations=0)


def _joins_by_hand(hand: list[int], face: int, wilds: Wilds, pairs: bool) -> bool:
    """could_join's rule read card by card (the reference for joining_faces)."""
    if wilds.is_wild(face):
        return True

    def natural(f: int) -> int:
        return wilds.joker_as if f == JOKER and wilds.joker_as is not None else f

    naturals = [natural(f) for f in hand if not wilds.is_wild(f)]
    helpers = len(hand) - len(naturals)
    face = natural(face)
    if pairs and (helpers or face in naturals):
        return True
    same_rank = sum(1 for f in naturals if f % 13 == face % 13)
    near = {
        f
        for f in naturals
        if f // 13 == face // 13 and f != face and min((f - face) % 13, (face - f) % 13) <= 2
    }
    return helpers + max(same_rank, len(near)) >= 2


@settings(max_examples=150, deadline=None)
@given(st.permutations(PIECES), st.integers(0, 51), st.booleans(), st.integers(1, 15))
def test_joining_faces_reads_every_face_as_the_rule_does(
    pieces: list[int], indicator: int, pairs: bool, size: int
) -> None:
    hand = pieces[:size]
    for wilds in (Wilds(frozenset({indicator}), indicator), CARD_JOKERS, NO_WILDS):
        assert joining_faces(hand, wilds, pairs) == [
            _joins_by_hand(hand, face, wilds, pairs) for face in range(N_FACES + 1)
        ]


def test_the_kept_counts_give_the_same_moves() -> None:
    # the search keeps each hand's count for a decision; a bot that forgets them after every
    # question must choose alike, also when one bot plays two games with different wilds
    game = rummykit.load("okey", rounds=1)
    kept, fresh = SearchBot(game, 3, iterations=4), SearchBot(game, 3, iterations=4)
    forget = fresh.left_out

    def left_out(faces: Any, wilds: Wilds) -> int:
        fresh._left.clear()
        return forget(faces, wilds)

    fresh.left_out = left_out  # type: ignore[method-assign]
    decisions = 0
    for g, state, seat in positions("okey", {"rounds": 1}, 3, every=1) + positions(
        "okey", {"rounds": 1}, 4, every=1
    ):
        if state.phase is Phase.DISCARD:
            view, legal = g.observe(state, seat), g.legal_actions(state, seat)
            assert kept.choose(view, legal) == fresh.choose(view, legal)
            decisions += 1
    assert decisions > 20
