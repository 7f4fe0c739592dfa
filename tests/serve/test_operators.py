"""What an operator needs from a server open to strangers (issue 42, point 5): tables where only
bots play are few per address, their bots think apart from the tables with people, and the
limits per address count an IPv6 network as one client.

How long a person's bot takes with bot-only tables running beside it is measured, not tested:
``benchmarks/serve_fairness.py``.
"""

from __future__ import annotations

import asyncio
import logging
import os
from collections.abc import Callable
from concurrent.futures import Future, ThreadPoolExecutor
from typing import Any

import attrs
import pytest
from starlette.testclient import TestClient

from noahrules import GAMES
from noahrules.bots import make_bot
from noahrules.game import Game
from noahrules.serve import Settings, create_app
from noahrules.serve.addresses import Counter, address_group
from noahrules.serve.choosers import Choosers
from noahrules.serve.creation import TableRequest
from noahrules.serve.hub import Hub
from tests.serve.support import play_out

BOTS_ONLY = {"game": "ferry", "players": 2, "seats": ["easy", "easy"]}
WITH_A_PERSON = {"game": "ferry", "players": 2, "seats": ["human", "easy"]}


# --- tables without a person, per address ---------------------------------------------------


def test_one_address_holds_one_bot_only_table_by_default() -> None:
    with TestClient(create_app(settings=Settings(bot_only_processes=0))) as client:
        assert client.post("/api/tables", json=BOTS_ONLY).status_code == 201
        refused = client.post("/api/tables", json=BOTS_ONLY)
        assert refused.status_code == 429 and refused.headers["Retry-After"] == "60"
        assert refused.json()["error"] == {
            "code": "rate_limited",
            "message": "your address has as many unfinished tables without a person's seat "
            "as it may (1); finish or leave one first",
        }
        # a table with a person's seat is held to the limit of every table, not this one
        assert client.post("/api/tables", json=WITH_A_PERSON).status_code == 201


def test_a_server_may_refuse_every_bot_only_table_as_the_page_does() -> None:
    settings = Settings(bot_tables_per_address=0)
    with TestClient(create_app(settings=settings)) as client:
        refused = client.post("/api/tables", json=BOTS_ONLY)
        assert refused.status_code == 403
        assert refused.json()["error"] == {
            "code": "forbidden",
            "message": "this server makes no table without a person's seat",
        }
        assert client.post("/api/tables", json=WITH_A_PERSON).status_code == 201


def test_a_finished_bot_only_table_frees_its_place() -> None:
    async def run() -> None:
        hub = Hub(settings=Settings(bot_tables_per_address=2, bot_only_processes=0))
        await hub.start()
        request = TableRequest("ferry", 2, (), ("easy", "easy"))
        first, _ = await hub.create(request, "192.0.2.1")
        await hub.create(request, "192.0.2.1")
        with pytest.raises(Exception, match=r"without a person's seat as it may \(2\)"):
            await hub.create(request, "192.0.2.1")
        await play_out(hub, first)
        assert first.over
        await hub.create(request, "192.0.2.1")  # the second may have ended too: no count here
        await hub.stop()

    asyncio.run(run())


# --- addresses: an IPv6 network is one client ----------------------------------------------


@pytest.mark.parametrize(
    ("address", "prefix", "group"),
    [
        ("192.0.2.7", 64, "192.0.2.7"),
        ("::ffff:192.0.2.7", 64, "192.0.2.7"),
        ("2001:db8:1:2::1", 64, "2001:db8:1:2::/64"),
        ("2001:DB8:1:2:ffff:ffff:ffff:ffff", 64, "2001:db8:1:2::/64"),
        ("2001:db8:1:3::1", 64, "2001:db8:1:3::/64"),
        ("2001:db8:1:2::1", 48, "2001:db8:1::/48"),
        ("2001:db8:1:2::1", 128, "2001:db8:1:2::1/128"),
        ("testclient", 64, "testclient"),
        ("", 64, ""),
    ],
)
def test_the_limits_count_an_ipv6_network_as_one_client(
    address: str, prefix: int, group: str
) -> None:
    assert address_group(address, prefix) == group


def test_a_counter_counts_a_network_together() -> None:
    sockets = Counter(2, lambda address: address_group(address, 64))
    assert sockets.acquire("2001:db8::1") and sockets.acquire("2001:db8::2")
    assert not sockets.acquire("2001:db8::ffff")  # the same /64
    assert sockets.acquire("2001:db8:0:1::1")  # the next /64
    sockets.release("2001:db8::2")
    assert sockets.held("2001:db8::1") == 1 and sockets.acquire("2001:db8::3")


@pytest.mark.parametrize(("prefix", "codes"), [(64, [201, 429, 429]), (128, [201, 201, 201])])
def test_creations_from_one_ipv6_network_share_an_allowance(prefix: int, codes: list[int]) -> None:
    settings = Settings(creations_per_minute=1, trust_proxy=True, ipv6_prefix=prefix)
    with TestClient(create_app(settings=settings)) as client:
        made = [
            client.post(
                "/api/tables",
                json={"game": "ferry"},
                headers={"X-Forwarded-For": f"2001:db8:aa:bb::{n}"},
            ).status_code
            for n in range(1, 4)
        ]
    assert made == codes


def test_the_settings_refuse_a_prefix_that_is_none_and_a_negative_limit() -> None:
    with pytest.raises(ValueError, match="ipv6_prefix is a prefix length from 0 to 128"):
        Settings(ipv6_prefix=129)
    with pytest.raises(ValueError, match="bot_tables_per_address must be 0 or more"):
        Settings(bot_tables_per_address=-1)
    with pytest.raises(ValueError, match="bot_only_processes must be 0 or more"):
        Settings(bot_only_processes=-1)


# --- where the bots think ----------------------------------------------------------------------


class Recording(ThreadPoolExecutor):
    """Threads that count the work given them."""

    def __init__(self) -> None:
        super().__init__(1)
        self.given = 0

    def submit(self, fn: Callable[..., Any], /, *args: Any, **kwargs: Any) -> Future[Any]:
        self.given += 1
        return super().submit(fn, *args, **kwargs)


def ferry_view() -> tuple[Game, object]:
    game = GAMES["ferry"]
    state = game.new_game(game.load_rules(()), players=2, seed=5)
    return game, game.view(state, 0)


def test_a_person_s_table_chooses_on_the_threads_a_bot_only_table_in_a_process() -> None:
    game, view = ferry_view()
    threads = Recording()
    choosers = Choosers(threads, processes=1)

    async def run() -> tuple[object, object, object]:
        person = await choosers.choose(True, make_bot, "greedy", game, 1, view)
        assert threads.given == 1 and not choosers.started
        bots = await choosers.choose(False, make_bot, "greedy", game, 1, view)
        assert threads.given == 1 and choosers.started
        elsewhere = await choosers.choose(False, _pid_of_process, "", game, 1, view)
        return person, bots, elsewhere

    try:
        person, bots, elsewhere = asyncio.run(run())
    finally:
        choosers.shutdown()
        threads.shutdown()
    assert person == bots and person in view.legal_moves  # type: ignore[attr-defined]
    assert isinstance(elsewhere, int) and elsewhere != os.getpid()


def _pid_of_process(name: str, game: Game, seed: int) -> Any:
    """A module-level maker (a process can find it) of a bot that answers with its process."""
    return _Pid()


@attrs.frozen
class _Pid:
    def choose(self, view: object) -> int:
        return os.getpid()


def test_without_processes_or_pickling_every_bot_chooses_on_the_threads(
    caplog: pytest.LogCaptureFixture,
) -> None:
    game, view = ferry_view()
    threads = ThreadPoolExecutor(1)
    shared = Choosers(threads, processes=0)
    unpicklable = Choosers(threads, processes=1)

    def local_maker(name: str, game: Game, seed: int) -> Any:  # no process can find it
        return _Pid()

    async def run() -> list[object]:
        return [
            await shared.choose(False, _pid_of_process, "", game, 1, view),
            await unpicklable.choose(False, local_maker, "", game, 1, view),
            await unpicklable.choose(False, local_maker, "", game, 2, view),
        ]

    with caplog.at_level(logging.WARNING, "noahrules.serve"):
        pids = asyncio.run(run())
    threads.shutdown()
    assert pids == [os.getpid()] * 3
    assert not shared.started and not unpicklable.started
    said = [r.getMessage() for r in caplog.records]
    assert len(said) == 1 and said[0].startswith("ferry's bots choose on the threads")


def test_bot_only_tables_play_to_their_end_in_a_process() -> None:
    async def run() -> Hub:
        hub = Hub(settings=Settings(bot_tables_per_address=3))
        await hub.start()
        request = TableRequest("island", 2, (), ("easy", "medium"))
        tables = [(await hub.create(request, "192.0.2.9"))[0] for _ in range(3)]
        await asyncio.gather(*(play_out(hub, t) for t in tables))
        assert all(t.over for t in tables) and hub._choosers.started
        await hub.stop()
        return hub

    hub = asyncio.run(run())
    assert not hub._choosers.started  # stopped with the hub
