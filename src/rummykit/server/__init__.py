"""The rummykit game server: tables, seats, bots, spectators and persistence, over WebSockets.

``rummykit serve`` runs :func:`rummykit.server.app.create_app` under uvicorn. A table is stored as
its variant, rules, seed and an append-only list of accepted actions (:mod:`rummykit.server.db`);
any process rebuilds it by re-simulation (:mod:`rummykit.server.table`). The wire protocol is
described in ``docs/protocol.md`` and implemented in :mod:`rummykit.server.protocol`.
"""
