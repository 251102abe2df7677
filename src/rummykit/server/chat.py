"""Chat and its moderation: a table's two rooms (its players' and its spectators', kept apart as
lichess keeps them: a line said in one never reaches the other) and the lobby's.

**Who may say what.** A seated player (a guest too, shown by the seat's name) speaks in the
table's players' room, a signed-in spectator in its spectators' room, a signed-in account in the
lobby (everyone reads it). A line is at most :data:`MAX_CHARS` characters once its control
characters are gone and its ends trimmed, and each sender says at most :data:`SEND_LIMIT` (counted
in the database, so across every process). A banned account says nothing.

**Where it goes.** A line is stored (``chat_messages``) and then sent to every process (over the
broker's ``all`` channel, or at once without a broker), each of which sends it to its own
connections in that room. A connection joining a room gets its last :data:`HISTORY` lines first.
Game records never carry chat: it is in a table of its own.

**Moderation.** Anyone who can read a line and is a seated player or signed in may report it (a
copy of it is kept for the moderators, ``chat_reports``). A moderator (``accounts.moderator``,
``rummykit moderator grant NAME``) deletes a line (gone for everyone, live) and bans an account
(its sessions end, it can't sign in, its sockets are closed with ``banned`` and its seats refuse it).

**Mutes** are each reader's own: an account's are stored (``mutes``), a guest's kept by its
browser; every line carries its sender's ``mute`` key (``u:<username>`` for an account, ``g:<digest>`` for
the guest in a seat: the person's, so the next guest in that seat is neither muted nor rate limited
as the last one was) and the page hides the lines of the keys muted.
"""

from __future__ import annotations

import time
from dataclasses import dataclass
from typing import Any, TypeVar

from sqlalchemy import delete, select
from sqlalchemy.orm import Session, aliased

from rummykit.server.accounts import Limit, count_attempt
from rummykit.server.broker import Broker
from rummykit.server.db import AccountRow, ChatReportRow, ChatRow, Database, MuteRow, SeatRow, SessionRow
from rummykit.server.protocol import ProtocolError, error_message, plain_text
from rummykit.server.table import Outbox, dumps
from rummykit.server.tokens import token_hash
from rummykit.server.usernames import username_key

K = TypeVar("K")

MAX_CHARS = 200
"""Longest line (characters, once cleaned)."""
HISTORY = 50
"""Lines a connection joining a room gets."""
SEND_LIMIT = Limit(5, 10.0)
"""Lines one sender may say (in any room, through any process)."""
REPORT_LIMIT = Limit(10, 600.0)
"""Reports one reporter may make."""
MAX_MUTES = 500
"""Senders an account may mute."""
MAX_KEY = 80
"""Longest mute key (characters)."""
BANNED_CLOSE = 4003
"""The close code of a banned account's sockets."""
SIGNED_OUT_CLOSE = 4004
"""The close code of a socket whose session ended (signed out, signed in anew, the password changed,
the account deleted): the page connects again, as what its cookie now says."""
SESSION = "s:"
"""How :func:`signer` begins for a session: :meth:`Chat.signed_out` with it alone ends every session."""
ACCESS_TOKEN = "t:"
"""How :func:`signer` begins for a personal access token (then the token's SHA-256 hash)."""
LOBBY = "lobby"
"""The lobby's room."""
LARGEST_ID = 2**31 - 1
"""The largest id a line can have (the column's type on both databases): a larger one names no line
and is never looked up, which the database would refuse."""


def clean(raw: object) -> str:
    """A line as said: ``raw`` (text) as :func:`~rummykit.server.protocol.plain_text` keeps it.
    Raises ``bad_message`` (not text), ``chat_empty`` and ``chat_too_long`` (``limit``)."""
    if not isinstance(raw, str):
        raise ProtocolError("bad_message", field="text")
    kept = plain_text(raw)
    if not kept:
        raise ProtocolError("chat_empty")
    if len(kept) > MAX_CHARS:
        raise ProtocolError("chat_too_long", limit=MAX_CHARS)
    return kept


def table_room(table_id: str, seat: int | None) -> str:
    """The room of a table's viewer: its players' (a seat) or its spectators' (``None``)."""
    return f"{'spectators' if seat is None else 'players'}:{table_id}"


def channel_of(room: str) -> str:
    """``lobby``, ``players`` or ``spectators``: what the page calls a room."""
    return room.partition(":")[0]


@dataclass(frozen=True)
class Sender:
    """Who says a line: the ``name`` shown, the account (``None``: a guest's seat) and its
    username, the seat (players' room) and the ``mute`` key."""

    name: str
    account: int | None
    username: str | None
    seat: int | None
    mute: str

    @staticmethod
    def of(
        name: str, account: int | None, username: str | None, seat: int | None, guest: str | None
    ) -> Sender:
        """The sender of a connection: an account's key is its username's, a guest's ``guest``,
        the key of the person in its seat (:meth:`~rummykit.server.table.SeatInfo.guest_key`)."""
        if username is not None:
            return Sender(name, account, username, seat, f"u:{username_key(username)}")
        if guest is None:
            raise ProtocolError("chat_sign_in")
        return Sender(name, None, None, seat, guest)


def _line(session: Session, message_id: int, lock: bool = False) -> ChatRow | None:
    """Line ``message_id`` (``None``: no line has that id), locked for an update when ``lock``."""
    if not 0 < message_id <= LARGEST_ID:
        return None
    return session.get(ChatRow, message_id, with_for_update=lock)


def message_json(row: ChatRow, username: str | None) -> dict[str, Any]:
    """The ``chat`` message of a stored line."""
    return {
        "type": "chat",
        "channel": channel_of(row.room),
        "id": row.id,
        "name": row.name,
        "user": username,
        "seat": row.seat,
        "mute": row.mute,
        "text": row.text,
        "t": round(row.created, 3),
    }


class ChatStore:
    """The chat's queries (run in the database's threads, :meth:`Database.run`)."""

    def __init__(self, db: Database) -> None:
        self.db = db

    def add(self, room: str, table_id: str | None, sender: Sender, text: str) -> dict[str, Any]:
        """Store a line; its ``chat`` message. Raises ``banned`` when the sender's account is."""
        with self.db.session() as session:
            if sender.account is not None and session.scalar(
                select(AccountRow.banned).where(AccountRow.id == sender.account)
            ):
                raise ProtocolError("banned")
            row = ChatRow(
                room=room,
                table_id=table_id,
                seat=sender.seat,
                account_id=sender.account,
                name=sender.name[:64],
                mute=sender.mute[:MAX_KEY],
                text=text,
                created=time.time(),
                deleted=False,
            )
            session.add(row)
            session.flush()
            return message_json(row, sender.username)

    def recent(self, room: str) -> list[dict[str, Any]]:
        """The last :data:`HISTORY` lines of ``room`` not deleted, oldest first."""
        with self.db.session() as session:
            query = (
                select(ChatRow, AccountRow.username)
                .outerjoin(AccountRow, AccountRow.id == ChatRow.account_id)
                .where(ChatRow.room == room, ChatRow.deleted.is_(False))
                .order_by(ChatRow.id.desc())
                .limit(HISTORY)
            )
            return [message_json(row, name) for row, name in reversed(list(session.execute(query)))]

    def report(self, message_id: int, rooms: set[str], reporter: Sender) -> None:
        """Keep a copy of line ``message_id`` for the moderators; raises ``no_such_message`` when
        it is not a line of ``rooms`` (those the reporter reads) or is deleted."""
        with self.db.session() as session:
            row = _line(session, message_id)
            if row is None or row.room not in rooms or row.deleted:
                raise ProtocolError("no_such_message", id=message_id)
            session.add(
                ChatReportRow(
                    message_id=row.id,
                    room=row.room,
                    table_id=row.table_id,
                    text=row.text,
                    sender_name=row.name,
                    sender_account=row.account_id,
                    reporter_name=reporter.name[:64],
                    reporter_account=reporter.account,
                    created=time.time(),
                )
            )

    def reports(self, limit: int = 200) -> list[dict[str, Any]]:
        """The latest reports, newest first: the copy of the line, its sender's name and username
        (``None``: a guest), the reporter's, and whether the line is deleted since."""
        with self.db.session() as session:
            sender, reporter = aliased(AccountRow), aliased(AccountRow)
            query = (
                select(ChatReportRow, ChatRow.deleted, sender.username, reporter.username)
                .join(ChatRow, ChatRow.id == ChatReportRow.message_id)
                .outerjoin(sender, sender.id == ChatReportRow.sender_account)
                .outerjoin(reporter, reporter.id == ChatReportRow.reporter_account)
                .order_by(ChatReportRow.id.desc())
                .limit(limit)
            )
            return [
                {
                    "report": r.id,
                    "message": r.message_id,
                    "channel": channel_of(r.room),
                    "table": r.table_id,
                    "text": r.text,
                    "sender": r.sender_name,
                    "user": user,
                    "reporter": r.reporter_name,
                    "reporter_user": reporter_user,
                    "t": round(r.created, 3),
                    "deleted": bool(deleted),
                }
                for r, deleted, user, reporter_user in session.execute(query)
            ]

    def delete(self, message_id: int) -> str:
        """Mark line ``message_id`` deleted; its room. Raises ``no_such_message``."""
        with self.db.session() as session:
            row = _line(session, message_id, lock=True)
            if row is None:
                raise ProtocolError("no_such_message", id=message_id)
            row.deleted = True
            return row.room

    def ban(self, username: str, banned: bool) -> int:
        """Ban (or, ``banned=False``, let back) the account ``username`` (any case): a ban ends
        its sessions. Its id; raises ``no_such_account``."""
        with self.db.session() as session:
            account = session.scalar(select(AccountRow).where(AccountRow.key == username_key(username)))
            if account is None:
                raise ProtocolError("no_such_account", username=username[:40])
            account.banned = banned
            if banned:
                session.execute(delete(SessionRow).where(SessionRow.account_id == account.id))
            return int(account.id)

    def set_moderator(self, username: str, moderator: bool) -> str:
        """Make the account ``username`` (any case) a moderator (or no longer one); its username as
        it is written. Raises ``no_such_account``."""
        with self.db.session() as session:
            account = session.scalar(select(AccountRow).where(AccountRow.key == username_key(username)))
            if account is None:
                raise ProtocolError("no_such_account", username=username[:40])
            account.moderator = moderator
            return str(account.username)

    def seat_banned(self, table_id: str, seat: int) -> bool:
        """Whether seat ``seat`` of ``table_id`` was joined by an account banned since."""
        with self.db.session() as session:
            banned = session.scalar(
                select(AccountRow.banned)
                .join(SeatRow, SeatRow.account_id == AccountRow.id)
                .where(SeatRow.table_id == table_id, SeatRow.idx == seat)
            )
            return bool(banned)

    def mutes(self, account_id: int) -> list[str]:
        """The mute keys of an account, sorted."""
        with self.db.session() as session:
            query = select(MuteRow.key).where(MuteRow.account_id == account_id).order_by(MuteRow.key)
            return list(session.scalars(query))

    def set_mute(self, account_id: int, key: str, muted: bool) -> list[str]:
        """Mute (or unmute) ``key`` for an account; its mutes now. Raises ``too_many_mutes``."""
        with self.db.session() as session:
            known = session.get(MuteRow, (account_id, key))
            if muted and known is None:
                held = session.scalars(select(MuteRow.key).where(MuteRow.account_id == account_id))
                if len(list(held)) >= MAX_MUTES:
                    raise ProtocolError("too_many_mutes", limit=MAX_MUTES)
                session.add(MuteRow(account_id=account_id, key=key))
            elif not muted and known is not None:
                session.delete(known)
        return self.mutes(account_id)


class Chat:
    """This process's side of the chat: who listens to which room here, whose account and session
    each signed-in socket is (to close them at a ban or when their session ends), and the lines to
    and from the other processes over ``broker`` (``None``: this process alone)."""

    def __init__(self, db: Database, broker: Broker | None) -> None:
        self.db = db
        self.store = ChatStore(db)
        self.broker = broker
        self.rooms: dict[str, set[Outbox]] = {}
        self.accounts: dict[int, set[Outbox]] = {}
        self.signers: dict[Outbox, str] = {}
        """What signed each socket of :attr:`accounts` in (:func:`signer`)."""

    # ------------------------------------------------------------------ this process's sockets
    async def enter(self, room: str, out: Outbox) -> None:
        """``out`` hears ``room`` from now on, after its ``chat_history``."""
        self.rooms.setdefault(room, set()).add(out)
        history = await self.db.run(self.store.recent, room)
        out.send(dumps({"type": "chat_history", "channel": channel_of(room), "messages": history}))

    def leave(self, out: Outbox) -> None:
        """``out`` is gone: out of every room and account."""
        _drop(self.rooms, out)
        _drop(self.accounts, out)
        self.signers.pop(out, None)

    def signed(self, account: int, signer: str, out: Outbox) -> None:
        """``out`` is a socket of ``account`` signed in by ``signer`` (:func:`signer`): closed if
        the account is banned or what signed it in ends."""
        self.accounts.setdefault(account, set()).add(out)
        self.signers[out] = signer

    def signed_out(self, account: int, ended: str = "") -> None:
        """What ``ended`` names of ``account`` no longer signs in: a :func:`signer`, :data:`SESSION`
        every session, ``""`` everything (the account deleted). The sockets it signed in, on every
        process, are closed with :data:`SIGNED_OUT_CLOSE`."""
        self._publish({"kind": "signed_out", "account": account, "ended": ended}, "")

    # ------------------------------------------------------------------ lines
    async def say(self, room: str, table_id: str | None, sender: Sender, raw: object) -> None:
        """Store ``sender``'s line and send it to ``room`` on every process; raises the refusals
        of :func:`clean`, ``chat_rate_limited`` (``seconds`` to wait) and ``banned``."""
        text = clean(raw)
        who = f"a:{sender.account}" if sender.account is not None else sender.mute
        wait = await self.db.run(count_attempt, self.db, "chat", who, SEND_LIMIT)
        if wait is not None:
            raise ProtocolError("chat_rate_limited", seconds=wait)
        message = await self.db.run(self.store.add, room, table_id, sender, text)
        self._publish({"kind": "chat", "room": room}, dumps(message))

    async def report(self, message_id: object, rooms: set[str], reporter: Sender) -> dict[str, Any]:
        """Report a line of ``rooms``; the ``chat_reported`` answer. Raises ``bad_message``,
        ``no_such_message`` and ``chat_report_rate_limited`` (``seconds`` to wait)."""
        if type(message_id) is not int:
            raise ProtocolError("bad_message", field="id")
        who = f"a:{reporter.account}" if reporter.account is not None else reporter.mute
        wait = await self.db.run(count_attempt, self.db, "chat-report", who, REPORT_LIMIT)
        if wait is not None:
            raise ProtocolError("chat_report_rate_limited", seconds=wait)
        await self.db.run(self.store.report, message_id, rooms, reporter)
        return {"type": "chat_reported", "id": message_id}

    async def delete(self, message_id: int) -> None:
        """Delete a line, for everyone now (``chat_deleted``); raises ``no_such_message``."""
        room = await self.db.run(self.store.delete, message_id)
        self.deleted([(message_id, room)])

    def deleted(self, lines: list[tuple[int, str]]) -> None:
        """Lines (id, room) deleted in the database go from every page that shows them now."""
        for message_id, room in lines:
            text = dumps({"type": "chat_deleted", "channel": channel_of(room), "id": message_id})
            self._publish({"kind": "chat", "room": room}, text)

    async def ban(self, username: str, banned: bool) -> None:
        """Ban an account (its sockets everywhere closed with ``banned``) or let it back."""
        account = await self.db.run(self.store.ban, username, banned)
        if banned:
            self._publish({"kind": "ban", "account": account}, "")

    def _publish(self, fields: dict[str, Any], payload: str) -> None:
        """To every process (this one hears it back from the broker), or here alone."""
        if self.broker is not None:
            self.broker.post(None, fields, payload)
        else:
            self.receive(fields, payload)

    def receive(self, fields: dict[str, Any], payload: str) -> None:
        """A ``chat`` (a line or a deletion for a room), ``signed_out`` or ``ban`` from the broker."""
        if fields["kind"] == "chat":
            for out in list(self.rooms.get(fields["room"], ())):
                out.send(payload)
        elif fields["kind"] == "signed_out":
            for out in list(self.accounts.get(fields["account"], ())):
                if self.signers.get(out, "").startswith(fields["ended"]):
                    out.close(SIGNED_OUT_CLOSE)
        else:
            closing = dumps(error_message("banned", {}))
            for out in list(self.accounts.pop(fields["account"], ())):
                out.send(closing)
                out.close(BANNED_CLOSE)


def signer(token: str, access: bool = False) -> str:
    """What signs a socket in, as :meth:`Chat.signed_out` names it: :data:`SESSION` and the
    SHA-256 hash of its session token, or :data:`ACCESS_TOKEN` and that of its personal access
    token (``access``)."""
    return (ACCESS_TOKEN if access else SESSION) + token_hash(token)


def _drop(groups: dict[K, set[Outbox]], out: Outbox) -> None:
    """``out`` out of every group of ``groups`` (an emptied group goes)."""
    for key in [k for k, outs in groups.items() if out in outs]:
        groups[key].discard(out)
        if not groups[key]:
            del groups[key]


__all__ = [
    "ACCESS_TOKEN",
    "LOBBY",
    "MAX_CHARS",
    "MAX_KEY",
    "SESSION",
    "Chat",
    "ChatStore",
    "Sender",
    "clean",
    "signer",
    "table_room",
]
