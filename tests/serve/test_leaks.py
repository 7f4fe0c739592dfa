"""What goes on the wire (issue 15, point 2): over 1,000 random games with every seat a client
(and a spectator), every message a client receives holds exactly the serialized view and events
of its seat, and its raw text names no card and no tile species that seat cannot know.

The games are played through the hub in-process (the same code the WebSocket hands each message
to), so that a thousand whole games take minutes. Clients leave and come back now and then, with
the position they last saw, to check the events they missed. The expected messages come from an
independent replay of the moves the clients sent; what a seat may know comes from the state and
the events' insiders, not from the view machinery under test.
"""

from __future__ import annotations

import asyncio
import json
import os
import random
import re
from collections.abc import Iterable, Iterator, Sequence
from collections.abc import Set as AbstractSet
from concurrent.futures import ProcessPoolExecutor
from typing import Any

import attrs
import pytest

from noahrules import GAMES
from noahrules.events import Event
from noahrules.game import Game
from noahrules.serialize import from_dict, to_dict
from noahrules.serve import messages
from noahrules.serve.creation import TableRequest
from noahrules.serve.explain import explanation
from noahrules.serve.hub import Hub
from noahrules.serve.settings import Settings
from noahrules.serve.visibility import derived
from tests.harness import DECISION_BOUND
from tests.serve.support import Recorder, join

GAMES_PLAYED = int(os.environ.get("NOAHRULES_LEAK_GAMES", "1000"))
"""Whole games played, half of each game (1,000 unless ``NOAHRULES_LEAK_GAMES`` says fewer, for
a quick run by hand)."""
CHUNKS = 20
"""The games are played in this many chunks, spread over the machine's cores."""
DISPLAY_EVERY = 7
"""The display beside the view is checked in every welcome and every seventh update."""
REJOIN = 1 / 120
"""The chance, after each move, that a client leaves and comes back."""


def plan(index: int) -> tuple[Game, int, tuple[str, ...], int]:
    """The game, player count, variants and seed of game number ``index``."""
    rng = random.Random(f"leaks-{index}")
    game = GAMES["ferry" if index % 2 == 0 else "island"]
    players = rng.randint(game.min_players, game.max_players)
    variants = tuple(v for v in game.known_variants() if rng.random() < 0.3)
    return game, players, variants, rng.randrange(1 << 31)


@attrs.define
class Transcript:
    """One connection's seat and what it received."""

    seat: int | None
    since: int
    client: Recorder


async def play(index: int) -> tuple[list[Transcript], list[dict[str, Any]], str]:
    """Play game ``index`` with every seat a client (and in every third game a spectator): the
    transcripts, the moves sent, and the table's id."""
    game, players, variants, seed = plan(index)
    hub = Hub(":memory:", Settings(allow_seed=True, max_moves=DECISION_BOUND))
    await hub.start()
    table, links = await hub.create(
        TableRequest(game.name, players, variants, ("human",) * players, seed=seed)
    )
    tokens = {int(str(link["seat"])): str(link["token"]) for link in links}
    live: dict[int | None, Transcript] = {}
    done: list[Transcript] = []
    watchers = (None,) if index % 3 == 0 else ()
    for seat in (*range(players), *watchers):
        client = await join(hub, table.id, tokens.get(seat) if seat is not None else None)
        live[seat] = Transcript(seat, 0, client)
    rng = random.Random(index)
    sent: list[dict[str, Any]] = []
    while not table.over:
        mover = live[table.to_act]
        message = mover.client.last("welcome", "update")
        move = rng.choice(message["view"]["legal_moves"])
        sent.append(move)
        request = {"type": "move", "seq": message["seq"], "move": move}
        assert mover.client.session is not None
        await hub.receive(mover.client.session, json.dumps(request))
        if rng.random() < REJOIN:
            seat = rng.choice(list(live))
            leaving = live[seat]
            assert leaving.client.session is not None
            hub.disconnect(leaving.client.session)
            done.append(leaving)
            since = rng.choice([0, leaving.client.last("welcome", "update")["seq"]])
            token = tokens[seat] if seat is not None else None
            live[seat] = Transcript(seat, since, await join(hub, table.id, token, since))
    await hub.stop()
    return [*done, *live.values()], sent, table.id


def check_game(index: int) -> list[str]:
    """Play game ``index`` and check every message; the problems found."""
    transcripts, sent, _ = asyncio.run(play(index))
    game, players, variants, seed = plan(index)
    oracle = Oracle(game, players, variants, seed, sent)
    problems: list[str] = []
    for transcript in transcripts:
        problems.extend(f"game {index}: {p}" for p in oracle.check(transcript))
    return problems


class Oracle:
    """The game replayed independently from the moves the clients sent."""

    def __init__(
        self,
        game: Game,
        players: int,
        variants: tuple[str, ...],
        seed: int,
        sent: list[Any],
        labels: Sequence[str] = (),
    ) -> None:
        self.game = game
        self.labels = list(labels) or [f"seat {s}" for s in range(players)]
        """The seats as the table names them (every seat a person's: ``seat N``)."""
        self.rules = game.load_rules(variants)
        state = game.new_game(self.rules, players, seed)
        self.states: list[Any] = [state]
        self.events: list[tuple[Event, ...]] = [()]
        for data in sent:
            state, events = game.step(state, from_dict(data, game.move_type, self.rules))
            self.states.append(state)
            self.events.append(events)
        self.secrets = Secrets(game, self.rules)
        self._tables: dict[int, Any] = {}
        self._seen: dict[int | None, list[set[str]]] = {}

    def view(self, seq: int, seat: int | None) -> Any:
        """The serialized view of ``seat`` at ``seq``: ``to_dict(view)``, its public table
        written once per position (``test_core`` checks that this is ``to_dict(view)``)."""
        table = self._tables.get(seq)
        if table is None:
            table = self._tables[seq] = to_dict(self.game.view(self.states[seq], 0).table)
        if seat is None:
            return {"table": table}
        view = self.game.view(self.states[seq], seat)
        names = [f.name for f in attrs.fields(type(view))]
        rest = to_dict(tuple(getattr(view, n) for n in names if n != "table"))
        assert isinstance(rest, list)
        return {"table": table, **dict(zip([n for n in names if n != "table"], rest, strict=True))}

    def events_seen(self, seq: int, seat: int | None) -> list[Any]:
        return [to_dict(_as_seen(e, seat)) for e in self.events[seq]]

    def check(self, transcript: Transcript) -> Iterator[str]:
        seat = transcript.seat
        at: int | None = None
        for text in transcript.client.texts:
            message = json.loads(text)
            kind = message["type"]
            if kind == "welcome":
                at = message["seq"]
                yield from self._check_welcome(message, seat, transcript.since)
            elif kind == "update":
                if at is None or message["seq"] != at + 1:
                    yield f"seat {seat}: update {message['seq']} after {at}"
                at = message["seq"]
                yield from self._check_update(message, seat)
                if message["over"] and message["seq"] % DISPLAY_EVERY:
                    yield from self._check_display(message, at, seat)  # the end, always
            elif kind != "presence":
                yield f"seat {seat}: unexpected {kind} message {text[:200]}"
            assert at is not None
            seqs = range(transcript.since + 1, at + 1) if kind == "welcome" else [at]
            earlier = self._seen_before(seat, at) if self.game.name == "ferry" else set()
            yield from self.secrets.check(text, self.states[at], self._events(seqs), seat, earlier)

    def _seen_before(self, seat: int | None, at: int) -> set[str]:
        """The cards ``seat`` saw in the events up to ``at``: a ferry view tells its seat which
        cards it knows to be in other hands (F26), learned from any event it saw."""
        cumulative = self._seen.setdefault(seat, [set()])
        while len(cumulative) <= at:
            seq = len(cumulative)
            cards = (c for e in self.events[seq] for c in _cards(_as_seen(e, seat)))
            cumulative.append(cumulative[-1] | set(cards))
        return cumulative[at]

    def _events(self, seqs: Iterable[int]) -> list[Event]:
        return [e for seq in seqs for e in self.events[seq]]

    def _check_welcome(self, message: Any, seat: int | None, since: int) -> Iterator[str]:
        seq = message["seq"]
        if message["seat"] != seat or message["view"] != self.view(seq, seat):
            yield f"seat {seat}: the welcome at {seq} is not its view"
        expected = [
            {"seq": j, "events": self.events_seen(j, seat)} for j in range(since + 1, seq + 1)
        ]
        got = [{"seq": e["seq"], "events": e["events"]} for e in message["log"]]
        if got != expected:
            yield f"seat {seat}: the welcome's log from {since} to {seq} is not its events"
        yield from self._check_display(message, seq, seat)

    def _check_update(self, message: Any, seat: int | None) -> Iterator[str]:
        seq = message["seq"]
        if message["view"] != self.view(seq, seat):
            yield f"seat {seat}: update {seq} is not its view"
        if message["events"] != self.events_seen(seq, seat):
            yield f"seat {seat}: update {seq} does not hold its events"
        if seq % DISPLAY_EVERY == 0:
            yield from self._check_display(message, seq, seat)

    def _check_display(self, message: Any, seq: int, seat: int | None) -> Iterator[str]:
        state = self.states[seq]
        view = self.game.view(state, seat if seat is not None else 0)
        shown = view if seat is not None else view.table
        at = "" if seat is not None else "table"
        display = message["display"]
        if display["derived"] != derived(self.game, shown, at):
            yield f"seat {seat}: the derived values at {seq} are not its view's"
        moves = view.legal_moves if seat is not None else ()
        if len(display["choices"]) != len(moves) or (display["prompt"] is None) != (not moves):
            yield f"seat {seat}: the choices at {seq} are not its legal moves"
        over = self.game.is_over(state)
        if over != ("outcome" in message):
            yield f"seat {seat}: an outcome at {seq} before the end, or none at the end"
        elif over:
            seen = [_as_seen(e, seat) for events in self.events[1 : seq + 1] for e in events]
            if message["outcome"] != explanation(self.game, shown, seen, self.labels):
                yield f"seat {seat}: the outcome is not that of its view and events"


def _as_seen(event: Event, seat: int | None) -> Event:
    """An event as ``seat`` may see it: whole for an insider or without secrets, else with its
    secret fields blank (written here again, from the event's declaration)."""
    if event.SECRET and (seat is None or seat not in event.insiders):
        return attrs.evolve(event, **dict.fromkeys(event.SECRET))
    return event


CARD_ID = re.compile(r"[a-z]+-[0-9]+")
"""What a ferry card id looks like (``cat-3``), wherever it is in a message's text."""
WORD = re.compile(r"[a-z]+")
"""A word, such as a species (``zebra``), wherever it is in a message's text."""


class Secrets:
    """What a seat cannot know: the ferry's animal cards that are hidden from it, the island's
    species that lie face down. Found in the raw text of a message, they are a leak."""

    def __init__(self, game: Game, rules: Any) -> None:
        self.game = game
        self.names = frozenset(rules.card if game.name == "ferry" else rules.kind)
        self.words = CARD_ID if game.name == "ferry" else WORD

    def check(
        self,
        text: str,
        state: Any,
        events: list[Event],
        seat: int | None,
        earlier: AbstractSet[str] = frozenset(),
    ) -> Iterator[str]:
        """Problems with ``text``: a card or species named that ``seat`` cannot know from the
        state, the message's ``events`` or what it saw ``earlier``."""
        named = self.names.intersection(self.words.findall(text)) - earlier
        if not named or not named - self.plainly_known(state, seat):
            return
        known = self.known(state, events, seat)
        for name in sorted(named - known):
            yield f"seat {seat} was sent {name!r}, which it cannot know"

    def plainly_known(self, state: Any, seat: int | None) -> set[str]:
        """What the seat knows without looking at events: the ferry's public cards and hand."""
        if self.game.name != "ferry":
            return set()
        found = {c.id for c in state.table.public_cards()}
        if seat is not None:
            found.update(c.id for c in state.hands[seat])
        return found

    def known(self, state: Any, events: list[Event], seat: int | None) -> set[str]:
        found: set[str] = self.plainly_known(state, seat)
        if self.game.name == "ferry":
            shown = [e for e in state.secrets if seat is not None and seat in e.insiders]
            for event in [*events, *shown]:
                found.update(_cards(_as_seen(event, seat)))
        else:
            table = state.table
            found.update(t.species for t in table.tiles if t is not None and t.face_up)
            found.update(s for _, s in table.covered if s is not None)
            found.update(s for rescued in table.rescued for s in rescued)
            for event in events:
                found.update(_species(event))
        return found


def _cards(value: object) -> Iterator[str]:
    """The ids of the animal cards in a value (a ferry event), however deep."""
    if isinstance(value, tuple):
        for item in value:
            yield from _cards(item)
    elif attrs.has(type(value)):
        if type(value).__name__ == "Card":
            yield value.id  # type: ignore[attr-defined]
            return
        for field in attrs.fields(type(value)):  # type: ignore[arg-type]
            yield from _cards(getattr(value, field.name))


def _species(event: Event) -> Iterator[str]:
    """The species an island event names (all its events are public, I20)."""
    for field in attrs.fields(type(event)):
        value = getattr(event, field.name)
        if isinstance(value, str):
            yield value
        elif isinstance(value, tuple):
            yield from (v[1] for v in value if isinstance(v, tuple) and len(v) == 2)


def _chunk(number: int) -> list[str]:
    problems: list[str] = []
    for index in range(number, GAMES_PLAYED, CHUNKS):
        problems.extend(check_game(index))
    return problems


def test_every_message_is_the_seats_view_and_names_nothing_hidden() -> None:
    with ProcessPoolExecutor(min(4, os.cpu_count() or 1)) as pool:
        problems = [p for chunk in pool.map(_chunk, range(CHUNKS)) for p in chunk]
    assert not problems, "\n".join(problems[:20])


@pytest.mark.parametrize("index", [0, 1])
def test_the_oracle_sees_a_leak(index: int, monkeypatch: pytest.MonkeyPatch) -> None:
    """The check can fail: a server that sends seat 0's view to the spectator and to every seat
    but the one to act is caught."""
    right = messages.view_of  # type: ignore[attr-defined]

    def leaky(game: Game, state: object, seat: int | None) -> object:
        return right(game, state, seat if seat == game.current_player(state) else 0)

    monkeypatch.setattr(messages, "view_of", leaky)
    problems = check_game(index)
    assert any("is not its view" in p for p in problems)
    if GAMES["ferry"] is plan(index)[0]:
        assert any("which it cannot know" in p for p in problems)
