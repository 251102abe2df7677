"""``rummykit solve`` without the command-line framework: the solver's report on one hand or a
batch of hands, and a quick reading of the command's usual arguments, so that solving one hand
starts without importing Typer (and the Pydantic it validates with).

:mod:`rummykit.cli.solve` is the Typer command; both end in :func:`run_solve`.
"""

from __future__ import annotations

import json
import sys
from collections import Counter
from collections.abc import Sequence
from operator import eq
from pathlib import Path
from typing import Any

from rummykit.cli.errors import USER_ERROR, error_line
from rummykit.core.melds import CARD_JOKERS, NO_WILDS, Meld, MeldKind, Wilds
from rummykit.core.notation import format_face, parse_face, parse_pieces, split_tokens
from rummykit.core.pieces import JOKER, Kind, PieceSet
from rummykit.errors import NotationError, RummykitError
from rummykit.memo import keep
from rummykit.solvers.arrange import WinKind
from rummykit.solvers.report import HandProfile, HandReport, analyse
from rummykit.variants.declaration import GamePackage
from rummykit.variants.registry import VARIANTS, variant

INDICATOR, UP_CARD = "indicator", "up_card"
"""The pieces set aside that make wilds (:attr:`GamePackage.wild_marker`): ``--indicator`` and
``--up-card``."""


def _marked(marker: str) -> str:
    """The games whose wilds come from ``marker``, for an error message."""
    return " and ".join(info.name for info in VARIANTS.values() if info.wild_marker == marker)


def _wilds(info: GamePackage, rules: Any, indicator: str | None, up_card: str | None) -> Wilds:
    """The wilds of a hand of ``info``'s game under ``rules``, given the indicator or up card; raises
    :class:`RummykitError` for a piece set aside that the game doesn't have."""
    if up_card is not None and info.wild_marker != UP_CARD:
        raise RummykitError(f"--up-card is for {_marked(UP_CARD)}")
    if info.wild_marker == INDICATOR:
        if indicator is None:
            return NO_WILDS
        return rules.wilds(parse_face(info.kind, indicator))  # type: ignore[no-any-return]
    if indicator is not None:
        raise RummykitError(
            "an indicator (--indicator, or 'INDICATOR:' before a batch line's pieces) is for "
            f"{_marked(INDICATOR)}; card games have printed jokers"
        )
    if info.wild_marker == UP_CARD:
        up = parse_face(info.kind, up_card) if up_card else None
        return rules.wilds(up)  # type: ignore[no-any-return]
    return CARD_JOKERS


def _names(kind: Kind) -> list[str]:
    """The notation of every face (index 52: the joker), looked up instead of formatted."""
    return [format_face(kind, f) for f in range(JOKER + 1)]


def meld_json(kind: Kind, meld: Meld, names: list[str] | None = None) -> dict[str, object]:
    """A meld as JSON: its kind, its pieces and the face each stands for."""
    names = names or _names(kind)
    return {
        "kind": meld.kind.value,
        "pieces": [names[f] for f in meld.faces],
        "stands_for": [names[f] for f in meld.stands_for],
    }


def report_json(
    kind: Kind, faces: list[int], report: HandReport, names: list[str] | None = None
) -> dict[str, object]:
    """The solver's report as the JSON object documented in the README."""
    names = names or _names(kind)
    max_meld = report.max_meld
    return {
        "hand": [names[f] for f in faces],
        "melds": [meld_json(kind, m, names) for m in report.melds],
        "ungrouped": [names[f] for f in report.arrangement.ungrouped],
        "arrangement": report.arrangement.kind.value,
        "winning": report.winning,
        "win_kind": report.win_kind.value if report.win_kind else None,
        "win_kinds": [k.value for k in report.win_kinds],
        "finishes": None if report.finishes is None else [names[f] for f in report.finishes],
        "deadwood_points": report.deadwood_points,
        "max_meld_value": None if max_meld is None else max_meld.score,
        "max_value_melds": None if max_meld is None else [meld_json(kind, m, names) for m in max_meld.melds],
    }


def _describe(kind: Kind, melds: tuple[Meld, ...]) -> str:
    return " | ".join(m.describe(kind) for m in melds) or "-"


def report_text(kind: Kind, data: dict[str, object], report: HandReport, header: str) -> str:
    """The readable form of a report."""
    lines = [header]
    lines.append(f"melds:      {_describe(kind, report.melds)}")
    lines.append(f"ungrouped:  {' '.join(data['ungrouped']) or '-'}")  # type: ignore[arg-type]
    win = f"yes ({report.win_kind})" if report.winning else "no"
    lines.append(f"winning:    {win}")
    if report.finishes is not None:
        lines.append(f"finishes:   {' '.join(data['finishes']) or 'none'}")  # type: ignore[arg-type]
    if report.deadwood_points is not None:
        lines.append(f"deadwood:   {report.deadwood_points} points")
    if report.max_meld is not None:
        best = _describe(kind, report.max_meld.melds)
        lines.append(f"max meld value: {report.max_meld.score} ({best})")
    return "\n".join(lines)


_WIN_KIND: dict[WinKind | None, str] = {None: "null", **{k: json.dumps(k.value) for k in WinKind}}
"""A win kind (or none) as JSON."""
_MELD_KIND = {k: f'{{"kind": {json.dumps(k.value)}' for k in MeldKind}
"""The start of a meld's JSON object, by its kind."""
_MELD_TEXTS_KEPT = 100_000
MAX_VALUE_HAND = 28
"""The most cards ``solve`` takes in a hand whose highest-value melds it reports (Kalooki's
opening). A Kalooki hand in play holds at most 14; that search grows about sixfold with every four
cards of runs (32 cards in a row of ranks: 1.2 s of CPU, 40: 111 s), where 28 cards of any shape
tried took at most 0.2 s. The other games' searches take any hand the decks hold."""


class _HandReader:
    """Solves hands of one game under one set of rules: the pieces parsed, the wilds, the solver
    profile and the notation of every face are looked up once per batch, not once per hand."""

    def __init__(self, info: GamePackage, rules: Any, pieces: PieceSet, up: str | None) -> None:
        self.info = info
        self.rules = rules
        self.pieces = pieces
        self.up = up
        self.profile: HandProfile = rules.hand_profile()
        self.names = _names(pieces.kind)
        self._quoted = [json.dumps(name) for name in self.names]
        """Each face's notation as a JSON string, by face."""
        self._head = f'"variant": {json.dumps(info.name)}'
        self._heads: dict[str | None, str] = {}
        """:meth:`_head_of` by indicator."""
        self._tails: dict[tuple[WinKind, tuple[WinKind, ...]], str] = {}
        """:meth:`_tail` of reports with no finishes, deadwood or meld value, by arrangement kind
        and win kinds."""
        self._meld_texts: dict[int, tuple[Meld, str]] = {}
        """Each meld's JSON text by the meld's ``id`` (with the meld, which keeps the id its own)."""
        self._faces: dict[str, int] = {}
        self._fewest_copies = min(pieces.copies, pieces.jokers)
        """No face is one copy too many when none appears more often than this."""
        self._wilds: dict[str | None, Wilds] = {}

    def faces(self, tokens: list[str]) -> list[int]:
        """The faces of ``tokens``; a malformed token or one copy too many raises as
        :func:`parse_pieces` does (it is asked whenever the quick reading fails)."""
        known = self._faces
        try:
            faces = list(map(known.__getitem__, tokens))
        except KeyError:
            faces = [self.pieces.face(i) for i in parse_pieces(self.pieces, tokens)]
            known.update(zip(tokens, faces, strict=True))
            return faces
        ordered = sorted(faces)
        if any(map(eq, ordered, ordered[self._fewest_copies :])):
            # some face appears more than the fewest copies of any face: count them exactly
            copies = self.pieces.copies_of
            if any(n > copies(f) for f, n in Counter(faces).items()):
                parse_pieces(self.pieces, tokens)
        return faces

    def face(self, token: str) -> int:
        """The face of one token (raises :class:`NotationError` naming a bad one)."""
        face = self._faces.get(token)
        if face is None:
            face = self._faces[token] = parse_face(self.pieces.kind, token)
        return face

    def wilds(self, indicator: str | None) -> Wilds:
        wilds = self._wilds.get(indicator)
        if wilds is None:
            wilds = self._wilds[indicator] = _wilds(self.info, self.rules, indicator, self.up)
        return wilds

    def _analyse(self, tokens: list[str], indicator: str | None) -> tuple[list[int], Wilds, HandReport]:
        """(faces, wilds, report) of one hand; raises :class:`RummykitError` for bad input."""
        if indicator == "":
            raise RummykitError("an empty indicator (a batch line is INDICATOR: PIECES, or the pieces alone)")
        wilds = self.wilds(indicator)
        faces = self.faces(tokens)
        if not faces:
            raise RummykitError("no pieces given: write the hand, e.g. R1 R2 R3 or 7H 8H 9H")
        if self.profile.max_value and len(faces) > MAX_VALUE_HAND:
            raise RummykitError(
                f"{len(faces)} cards: a {self.info.name} hand to solve holds at most {MAX_VALUE_HAND}"
            )
        if indicator is not None:
            _check_set_aside(self.pieces, faces, self.face(indicator), indicator, "indicator")
        if self.up is not None:
            _check_set_aside(self.pieces, faces, self.face(self.up), self.up, "up card")
        return faces, wilds, analyse(self.profile, faces, wilds)

    def solve(self, tokens: list[str], indicator: str | None) -> tuple[dict[str, object], HandReport]:
        """The JSON report and the report of one hand; raises :class:`RummykitError` for bad input."""
        faces, wilds, report = self._analyse(tokens, indicator)
        data: dict[str, object] = {"variant": self.info.name}
        if indicator is not None:
            data["indicator"] = self.names[self.face(indicator)]
            data["okey"] = self.names[min(wilds.faces)]
        data.update(report_json(self.pieces.kind, faces, report, self.names))
        return data, report

    def json_line(self, number: int, tokens: list[str], indicator: str | None) -> str:
        """``json.dumps({"line": number, **data})`` for the ``data`` of :meth:`solve`, or of
        ``{"line": number, "error": message}`` for bad input; written directly from the report,
        with no dictionary between (what ``--batch`` prints for each hand)."""
        try:
            faces, wilds, report = self._analyse(tokens, indicator)
        except RummykitError as exc:
            return json.dumps({"line": number, "error": str(exc)})
        head = self._heads.get(indicator)
        if head is None:
            head = self._heads[indicator] = self._head_of(indicator, wilds)
        arrangement = report.arrangement
        if report.finishes is None and report.deadwood_points is None and report.max_meld is None:
            # the rest of the line follows from the arrangement's kind and the win kinds alone
            at = (arrangement.kind, report.win_kinds)
            tail = self._tails.get(at)
            if tail is None:
                tail = self._tails[at] = self._tail(report)
        else:
            tail = self._tail(report)
        listed = self._list
        return (
            f'{{"line": {number}, {head}, "hand": {listed(faces)}, '
            f'"melds": {self._melds(arrangement.melds)}, "ungrouped": {listed(arrangement.ungrouped)}, {tail}'
        )

    def _tail(self, report: HandReport) -> str:
        """The fields of a batch line after ``ungrouped``, and its closing brace."""
        kinds = report.win_kinds
        max_meld = report.max_meld
        return (
            f'"arrangement": {_WIN_KIND[report.arrangement.kind]}, '
            f'"winning": {"true" if kinds else "false"}, '
            f'"win_kind": {_WIN_KIND[report.win_kind]}, '
            f'"win_kinds": [{", ".join(_WIN_KIND[k] for k in kinds)}], '
            f'"finishes": {"null" if report.finishes is None else self._list(report.finishes)}, '
            f'"deadwood_points": {"null" if report.deadwood_points is None else report.deadwood_points}, '
            f'"max_meld_value": {"null" if max_meld is None else max_meld.score}, '
            f'"max_value_melds": {"null" if max_meld is None else self._melds(max_meld.melds)}}}'
        )

    def _head_of(self, indicator: str | None, wilds: Wilds) -> str:
        """The fields of a batch line between its number and its hand: the variant, and for a hand
        with an indicator, the indicator and the okey."""
        if indicator is None:
            return self._head
        quoted = self._quoted
        return (
            f'{self._head}, "indicator": {quoted[self.face(indicator)]}, "okey": {quoted[min(wilds.faces)]}'
        )

    def _list(self, faces: Sequence[int]) -> str:
        """The JSON list of the notation of ``faces``."""
        return f"[{', '.join(map(self._quoted.__getitem__, faces))}]"

    def _melds(self, melds: Sequence[Meld]) -> str:
        """The JSON list of :func:`meld_json` of each of ``melds`` (each meld's text kept while the
        meld lives: the solver hands out the same meld object again for the same meld)."""
        known = self._meld_texts
        texts = []
        for meld in melds:
            hit = known.get(id(meld))
            if hit is None or hit[0] is not meld:
                pieces = self._list(meld.faces)
                stands = pieces if meld.stands_for == meld.faces else self._list(meld.stands_for)
                text = f'{_MELD_KIND[meld.kind]}, "pieces": {pieces}, "stands_for": {stands}}}'
                hit = keep(known, id(meld), (meld, text), _MELD_TEXTS_KEPT)
            texts.append(hit[1])
        return f"[{', '.join(texts)}]"


def _check_set_aside(pieces: PieceSet, faces: list[int], face: int, token: str, what: str) -> None:
    """The indicator or up card ``face`` (written ``token``) is out of play: never a joker, and the
    hand holds at most the other copies of its face."""
    if face == JOKER:
        raise NotationError(token, "notation.marker_joker", what=what)
    held = faces.count(face)
    if held >= pieces.copies_of(face):
        raise NotationError(token, "notation.marker_out", what=what, count=held - 1 or "one")


def position_hand(
    game: str, text: str, seat: int | None, rule: Sequence[str] | None, preset: Path | None
) -> tuple[list[str], str | None, str | None]:
    """(hand tokens, indicator, up card) of ``seat``'s hand in position ``text`` of ``game`` under
    the rules given (``seat`` ``None``: the seat to move): what ``rummykit solve --position`` solves.
    The up card is given only where it sets the wilds. Raises :class:`RummykitError` for a bad
    position or seat."""
    info = variant(game)
    rules = info.load_rules(preset, rule or [])
    match = info.game(rules)
    state = match.from_position(text)
    if seat is None:
        seat = match.current_seat(state)
        if seat is None:
            raise RummykitError("the match is over in that position: name a seat with --seat")
    elif not 0 <= seat < rules.players:
        raise RummykitError(f"there is no seat {seat}: the seats are 0..{rules.players - 1}")
    view = match.observe(state, seat)
    hand = [format_face(info.kind, face) for face in view["hand"]]
    marker = match.wild_marker(state)
    named = None if marker is None else format_face(info.kind, marker)
    if info.wild_marker == INDICATOR:
        return hand, named, None
    return hand, None, named


def run_solve(
    game: str,
    pieces: Sequence[str] | None = None,
    indicator: str | None = None,
    up_card: str | None = None,
    decks: int | None = None,
    rule: Sequence[str] | None = None,
    preset: Path | None = None,
    as_json: bool = False,
    batch: str | None = None,
    table: str | None = None,
    hand: str | None = None,
) -> None:
    """What ``rummykit solve`` does with its arguments (see :func:`rummykit.cli.solve.solve`);
    raises :class:`RummykitError` for bad input."""
    info = variant(game)
    rules = info.load_rules(preset, rule or [])
    own = info.part("hand_solve")
    if own is not None:  # the game's own questions (101 Okey: the opening, pairs, a hand finish)
        if any(x is not None for x in (up_card, decks, batch, table, hand)):
            raise RummykitError(f"{info.name} solves one hand: its pieces and --indicator (or --position)")
        print(own(rules, split_tokens(pieces or []), indicator, as_json))
        return
    if decks is not None and (info.kind is Kind.TILES or decks not in (1, 2)):
        raise RummykitError("--decks is 1 or 2, for card games")
    piece_set = info.pieces(rules, decks)
    if table is not None or hand is not None:
        solve_table = info.part("table_solve")
        if solve_table is None:
            tables = " and ".join(g.name for g in VARIANTS.values() if g.table_solve is not None)
            raise RummykitError(f"--table and --hand are for {tables}, the games solved with a table")
        if batch is not None:
            raise RummykitError("--batch is for hands alone; a table is solved with --table and --hand")
        if pieces:
            raise RummykitError("give the hand with --hand, not as pieces")
        solve_table(rules, piece_set.copies, table or "", hand or "", as_json)
        return
    if batch is not None:
        if pieces:
            raise RummykitError("give either pieces or --batch, not both")
        _batch(info, rules, piece_set, batch, indicator, up_card)
        return
    if not pieces:
        raise RummykitError("no pieces given: write the hand, e.g. rummykit solve okey R1 R2 R3")
    data, report = _HandReader(info, rules, piece_set, up_card).solve(split_tokens(pieces), indicator)
    if as_json:
        print(json.dumps(data))
        return
    header = f"{info.title} hand: {' '.join(data['hand'])}"  # type: ignore[arg-type]
    if indicator is not None:
        header += f"   (indicator {data['indicator']}, okey {data['okey']})"
    print(report_text(piece_set.kind, data, report, header))


def _batch(
    info: GamePackage, rules: Any, pieces: PieceSet, source: str, default: str | None, up_card: str | None
) -> None:
    """One JSON line per hand of ``source``; ``default`` is the indicator of lines without one."""
    if source == "-":
        lines = sys.stdin.read().splitlines()
    else:
        try:
            lines = Path(source).read_text("utf-8").splitlines()
        except OSError as exc:
            raise RummykitError(f"can't read {source}: {exc.strerror}") from None
        except UnicodeDecodeError:
            raise RummykitError(f"can't read {source}: it is not UTF-8 text") from None
    if lines and lines[0].startswith(_BOM):
        lines[0] = lines[0][len(_BOM) :]
    reader = _HandReader(info, rules, pieces, up_card)
    out: list[str] = []
    for number, line in enumerate(lines, start=1):
        text = line.partition("#")[0].strip()
        if not text:
            continue
        indicator = default
        if ":" in text:
            given, _, text = text.partition(":")
            indicator = given.strip()
        out.append(reader.json_line(number, split_tokens(text), indicator))
        if len(out) == _WRITE_EVERY:
            _write_lines(out)
    _write_lines(out)
    sys.stdout.flush()


_BOM = "\ufeff"
"""The byte order mark some editors put at the start of a UTF-8 file (not part of its first line)."""
_WRITE_EVERY = 1000
"""Batch lines written to standard output at once."""


def _write_lines(lines: list[str]) -> None:
    """Write ``lines`` (each with its newline) and empty the list."""
    if lines:
        sys.stdout.write("\n".join(lines) + "\n")
        lines.clear()


QUICK_OPTIONS: dict[str, str] = {
    "--indicator": "indicator",
    "--up-card": "up_card",
    "--decks": "decks",
    "--rule": "rule",
    "--preset": "preset",
    "--json": "as_json",
    "--batch": "batch",
}
"""The options :func:`quick_solve` reads (each as the command declares it), by the parameter of
:func:`run_solve` they fill; anything else goes to the full command line."""


def quick_solve(args: Sequence[str]) -> int | None:
    """Run ``rummykit solve ARGS`` when they are plain (a game, pieces and the options of
    :data:`QUICK_OPTIONS`, each given once but ``--rule``): the exit code. None when they are not
    (help, a Carousel table, an unknown or repeated option, a missing value, a bad number): the
    Typer command then reads them and says what is wrong exactly as it always does."""
    values: dict[str, Any] = {}
    words: list[str] = []
    rules: list[str] = []
    at = 0
    while at < len(args):
        arg = args[at]
        at += 1
        if not arg.startswith("-") or arg == "-":
            words.append(arg)
            continue
        name, equals, given = arg.partition("=")
        target = QUICK_OPTIONS.get(name)
        if target is None or (target in values and target != "rule"):
            return None
        if target == "as_json":
            if equals:
                return None
            values[target] = True
            continue
        if not equals:
            if at == len(args):
                return None
            given = args[at]
            at += 1
        if target == "rule":
            rules.append(given)
        elif target == "decks":
            if not given.isdigit():
                return None
            values[target] = int(given)
        elif target == "preset":
            values[target] = Path(given)
        else:
            values[target] = given
    if not words:
        return None
    try:
        run_solve(words[0], words[1:], rule=rules, **values)
    except RummykitError as exc:
        print(error_line(exc), file=sys.stderr)
        return USER_ERROR
    return 0
