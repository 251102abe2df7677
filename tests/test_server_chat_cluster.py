"""Chat across the processes of a cluster (PostgreSQL and a Redis broker): a table's players and
spectators connected through either process hear their own room's lines and never the other's, the
lobby's lines reach every process's lobby, a moderator's deletion through one process reaches the
sockets of the other at once, and a ban through one closes the account's socket at the other."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from websockets.exceptions import ConnectionClosed

from test_server_accounts import Browser
from test_server_chat import Socket, grant, seated, signed_up, table_of_two, watching
from test_server_support import Server, needs_cluster, running_cluster

pytestmark = needs_cluster


@pytest.fixture(scope="module")
def cluster() -> Iterator[list[Server]]:
    with pytest.MonkeyPatch.context() as patch:
        patch.setenv("RUMMYKIT_PASSWORD_COST", "test")
        with running_cluster() as servers:
            yield servers


def test_chat_reaches_every_process_and_its_moderation_too(cluster: list[Server]) -> None:
    first, second = cluster
    owner, guest = signed_up(first, "owner_c"), Browser(first)
    table, tokens = table_of_two(first, owner, guest)  # created through the first: it runs there
    ann = seated(second, table, 0, tokens[0], owner)  # through the process that doesn't run it
    bob = seated(first, table, 1, tokens[1])
    fan = watching(second, table, signed_up(second, "fan_c"))
    critic = watching(first, table, signed_up(first, "critic_c"))
    lobby = [Socket(server) for server in cluster]
    for socket in lobby:
        socket.send({"type": "lobby"})
        socket.until("chat_history")

    ann.say("from the second process")
    bob.say("from the first process")
    critic.say("watching from the first")
    fan.say("watching from the second")
    players = ["from the second process", "from the first process"]
    watchers = ["watching from the first", "watching from the second"]
    assert sorted(ann.lines()) == sorted(bob.lines()) == sorted(players)
    assert sorted(fan.lines()) == sorted(critic.lines()) == sorted(watchers)
    ann_line = next(m for m in bob.seen if m["type"] == "chat" and m["name"] == "ann")
    assert ann_line["user"] == "owner_c" and ann_line["seat"] == 0
    # the guest in seat 1 through the process that doesn't run the table speaks with the same key
    bob_there = seated(second, table, 1, tokens[1])
    bob_there.say("the guest from the second")
    bob_lines = [m for m in ann.seen if m["type"] == "chat" and m["seat"] == 1]
    bob_lines.append(ann.until("chat"))
    assert bob_lines[-1]["text"] == "the guest from the second"
    assert len({m["mute"] for m in bob_lines}) == 1 and bob_lines[0]["mute"].startswith("g:")
    bob_there.close()

    writer = Socket(second, owner)
    writer.say("lobby news", room="lobby")
    for socket in lobby:
        assert socket.until("chat")["text"] == "lobby news"

    # a moderator deletes through the first process: the second's sockets hear it at once
    mod = signed_up(first, "mod_c")
    grant(first, "mod_c")
    assert mod.post(f"/moderation/messages/{ann_line['id']}/delete").status_code == 200
    for socket in (ann, bob):
        assert socket.until("chat_deleted")["id"] == ann_line["id"]
    # a ban through the first process closes the account's socket at the second
    assert mod.post("/moderation/accounts/owner_c/ban").status_code == 200
    assert ann.until("error")["code"] == "banned"
    with pytest.raises(ConnectionClosed):
        ann.ws.recv(timeout=10)
    again = Socket(second)
    refused = again.refused({"type": "hello", "table": table, "seat": 0, "token": tokens[0]})
    assert refused["code"] == "banned"
    for socket in (bob, fan, critic, writer, again, *lobby):
        socket.close()
