"""The ferry game for reinforcement learning: its action blocks and its observation encoder.

Actions (F12-F33, V3): every way to play every card in play at the player count (F4, F29, V2),
taking the animals (F13), Noah's move to each dock (F14), each bonus gift of each card to each
seat and the end of giving (F17), and, when a card of the rules has the ability, the giraffe's
look (F32), the lion's steal and give-back (F33) and the crocodile's escapee (V3) per seat.

Observations are built from a :class:`~noahrules.ferry.View` only: the public table (F26), the
seat's own hand, the sizes of the hands and of the unused deck, and the secrets shown to this
seat this round (a giraffe's look, cards stolen, given back or given as a bonus). Cards are
numbered in the order of the rules data, leaving out those removed by player-count mark (F4).
"""

from __future__ import annotations

import struct
from array import array

from noahrules.events import Event
from noahrules.ferry import (
    Card,
    CardGiven,
    CardGivenBack,
    CardStolen,
    Ferry,
    FerryCard,
    Gender,
    HandLookedAt,
    Move,
    Phase,
    Rules,
    View,
)
from noahrules.ferry.engine import END_GIVING, TAKE_ANIMALS
from noahrules.rl.codec import ActionBlock
from noahrules.rl.encoding import Encoding
from noahrules.rl.layout import Layout, Observation, column, observation_over, record, vector, zeros

__all__ = ["ENCODING", "FerryObserver", "action_blocks", "cards_in_play"]

_PHASES = tuple(Phase)
_PHASE_NAMES = ", ".join(ph.value for ph in _PHASES)
_PASSED = (CardGiven, CardGivenBack, CardStolen)
"""The secrets of a card passed between two seats (F17, F33)."""


def cards_in_play(rules: Rules, players: int) -> tuple[Card, ...]:
    """The cards used with ``players`` players, in the order of the rules data (F4)."""
    return tuple(c for c in rules.animals if c.min_players <= players)


def action_blocks(rules: Rules, players: int) -> tuple[ActionBlock[Move], ...]:
    """Every move that can ever be legal under ``rules`` with ``players`` seats, in blocks in
    the order of the move classes; a block appears only if some card or parameter of the rules
    makes its moves possible."""
    cards = cards_in_play(rules, players)
    seats = range(players)
    has = {
        ability: any(getattr(c.abilities, ability) for c in cards)
        for ability in ("look_at_hand", "steal_and_return", "first_escapes")
    }
    noah = {m.dock: m for pair in rules.noah_moves.values() for m in pair}
    table = rules.moves  # the move objects the engine hands out, so apply need not judge them
    gifts = any(rules.departure_gifts)
    blocks: list[ActionBlock[Move]] = [
        ActionBlock(
            "PlayAnimal",
            tuple(move for c in cards for _, move in rules.ways[c.id]),
            "per card in rules-data order, then per way to play it (F29 gender, V2 weight)",
        ),
        ActionBlock("TakeAnimals", (TAKE_ANIMALS,), "one (F13)"),
        ActionBlock("MoveNoah", tuple(noah[d] for d in sorted(noah)), "per dock (F14)"),
        ActionBlock(
            "GiveCard",
            tuple(table.give[c.id][s] for c in cards for s in seats) if gifts else (),
            "per card, then per receiving seat (F17)",
        ),
        ActionBlock("EndGiving", (END_GIVING,) if gifts else (), "one (F17)"),
        ActionBlock("LookAtHand", table.look[:players] if has["look_at_hand"] else (), "per seat"),
        ActionBlock(
            "StealFrom", table.steal[:players] if has["steal_and_return"] else (), "per seat"
        ),
        ActionBlock(
            "GiveBack",
            tuple(table.give_back[c.id] for c in cards) if has["steal_and_return"] else (),
            "per card (F33)",
        ),
        ActionBlock(
            "SendEscapee", table.send[:players] if has["first_escapes"] else (), "per seat (V3)"
        ),
    ]
    return tuple(b for b in blocks if b.moves)


def _penalty_bound(rules: Rules, players: int) -> int:
    """The highest penalty a game can reach: every round adds at most all tears in play
    (F22), for a fixed number of rounds (F25) or until a round ends at the limit (V1)."""
    tears = sum(c.tears for c in cards_in_play(rules, players))
    bounds = []
    if rules.rounds is not None:
        bounds.append(rules.rounds * tears)
    if rules.penalty_limit is not None:
        bounds.append(rules.penalty_limit - 1 + tears)
    return min(bounds)


class FerryObserver:
    """The observation encoder of ferry views for one rules value and player count (see the
    module docstring; the fields are in :attr:`layout`).

    An observation is made of parts that lie end to end: the head (the seat, the turn and the
    counts, up to Noah's dock), the seat's hand, the board (the docks, the centre and the
    departed cards), the turn in progress, the seat's secrets and what it knows of the hands.
    Consecutive views share most of them, so an observer remembers the parts it encoded last,
    by identity (or, for a seat's knowledge of the hands, by value): each dock's row (a ferry
    that one animal boarded gets a copy of its last row with that animal added), the board,
    and each seat's hand, secrets and knowledge; it encodes only what changed, in
    ``array('f')`` parts whose item stores cost a fraction of NumPy's, and joins the parts
    into one buffer (:meth:`encode`) that a NumPy array is made over.
    """

    __slots__ = (
        "_aboard",
        "_board_seen",
        "_card",
        "_count_values",
        "_counts",
        "_departed",
        "_escapee",
        "_first",
        "_given",
        "_k",
        "_looked",
        "_male",
        "_no_hand",
        "_no_head",
        "_no_public",
        "_no_secrets",
        "_no_turn",
        "_noah",
        "_pair",
        "_phase",
        "_played",
        "_played_male",
        "_private_seen",
        "_received",
        "_round",
        "_rows",
        "_to_act",
        "_turn",
        "_victim",
        "_width",
        "layout",
        "players",
        "rules",
    )

    def __init__(self, rules: Rules, players: int) -> None:
        cards = cards_in_play(rules, players)
        self.rules = rules
        self.players = players
        self.layout = layout = _layout(rules, players, len(cards))
        self._card = {c.id: k for k, c in enumerate(cards)}
        self._k = len(cards)
        rounds = ("round",) if "round" in layout else ()
        head = ("seat", "to_act", "first_player", "phase", *rounds, "penalties", "departures")
        turn = ("played", "played_male", "turn_dock", "pair", "victim", "escapee")
        layout.run(*head, "gifts", "hand_sizes", "unused", "noah", "hand", "docks", "centre")
        layout.run("centre", "departed", *turn, "looked", "given", "received", "known")
        at = layout.offset
        self._no_head = zeros(at("hand"))
        """The head, all zeros: the fields from ``seat`` to ``noah``, at the observation's
        start."""
        self._to_act, self._first = at("to_act"), at("first_player")
        self._phase = {ph: at("phase") + i for i, ph in enumerate(_PHASES)}
        self._round = at("round") if rounds else None
        self._counts = 4 * at("penalties")
        self._count_values = struct.Struct(f"{2 * players + 3}f")
        """Writes the fields ``penalties`` to ``unused`` (which lie end to end) in one call."""
        self._noah = at("noah")
        self._width = layout["docks"].shape[1]
        self._aboard = layout.column("docks", "aboard")[0]
        self._male = layout.column("docks", "male")[0]
        self._departed = at("departed") - at("centre")
        self._no_public = zeros(layout["centre"].size + layout["departed"].size)
        self._no_turn = zeros(at("looked") - at("played"))
        base = at("played")
        self._played, self._played_male = 0, at("played_male") - base
        self._turn, self._pair = at("turn_dock") - base, at("pair") - base
        self._victim, self._escapee = at("victim") - base, at("escapee") - base
        base = at("looked")
        self._looked, self._given = 0, at("given") - base
        self._received = at("received") - base
        self._board_seen: tuple[object, ...] = (None, None, None, b"", None)
        self._rows: list[tuple[Ferry | None, array[float]]] = [
            (None, zeros(self._width))
        ] * rules.docks
        self._private_seen: list[tuple[object, ...]] = [(None,) * 7] * players
        self._no_hand = zeros(self._k)
        self._no_secrets = zeros(self._k * players)

    def __reduce__(self) -> tuple[object, ...]:
        return (type(self), (self.rules, self.players))

    def __call__(self, view: View) -> Observation:
        """The observation of ``view`` (a new array)."""
        return observation_over(self.encode(view))

    def encode(self, view: View) -> bytearray:
        """The observation of ``view`` as the bytes of its single-precision floats."""
        t = view.table
        head = self._no_head[:]
        head[view.seat] = 1.0
        head[self._first + t.first_player] = 1.0
        head[self._phase[t.phase]] = 1.0
        head[self._noah + t.noah] = 1.0
        if t.phase is not Phase.OVER:
            head[self._to_act + t.seat] = 1.0
        if self._round is not None:
            head[self._round] = t.round
        self._count_values.pack_into(
            head, self._counts, *t.penalties, t.departures, t.gifts, *view.hand_sizes, view.unused
        )
        hand, secrets, known = self._private(view.seat, view.hand, view.revealed, view.known)
        turn = (
            self._no_turn
            if t.played is None and t.victim is None and t.escapee is None
            else self._turn_part(view)
        )
        parts = (head, hand, self._board(t.docks, t.departed, t.centre), turn, secrets, known)
        return bytearray().join(parts)

    def _turn_part(self, view: View) -> array[float]:
        """The fields ``played`` to ``escapee``: the turn in progress (F12, F14, F15, F33, V3)."""
        t, card = view.table, self._card
        part = self._no_turn[:]
        played = t.played
        if played is not None:
            part[self._played + card[played.card.id]] = 1.0
            part[self._turn + t.dock] = 1.0
            if played.gender is Gender.MALE:
                part[self._played_male] = 1.0
            if t.pair:
                part[self._pair] = 1.0
        if t.victim is not None:
            part[self._victim + t.victim] = 1.0
        if t.escapee is not None:
            part[self._escapee + card[t.escapee.id]] = 1.0
        return part

    def _board(
        self,
        docks: tuple[Ferry | None, ...],
        departed: tuple[Card, ...],
        centre: tuple[FerryCard, ...],
    ) -> bytes:
        """The fields ``docks``, ``centre`` and ``departed``, which lie end to end: the rows of
        the docks and the centre and departed cards, each encoded again only if it changed
        (remembered until one of the three changes)."""
        seen = self._board_seen
        if seen[0] is docks and seen[1] is departed and seen[2] is centre:
            return seen[3]  # type: ignore[return-value]
        rows = self._rows
        for i, ferry in enumerate(docks):
            row = rows[i]
            if row[0] is not ferry:
                rows[i] = (ferry, self._row(row[0], row[1], ferry))
        if seen[1] is departed and seen[2] is centre:
            public = seen[4]
        else:
            public = self._public_part(departed, centre)
        board = b"".join([*(row for _, row in rows), public])  # type: ignore[list-item]
        self._board_seen = (docks, departed, centre, board, public)
        return board

    def _public_part(
        self, departed: tuple[Card, ...], centre: tuple[FerryCard, ...]
    ) -> array[float]:
        """The fields ``centre`` and ``departed``, which lie end to end."""
        part = self._no_public[:]
        for i, f in enumerate(centre):
            part[2 * i] = f.capacity
            part[2 * i + 1] = f.unique_species
        for c in departed:
            part[self._departed + self._card[c.id]] = 1.0
        return part

    def _row(self, before: Ferry | None, row: array[float], ferry: Ferry | None) -> array[float]:
        """A row of the field ``docks``: the ferry's load, capacity and roommate flag, who may
        board next (F10), each card's place in the boarding order and whether it travels as a
        male. When one animal boarded ``before`` (whose row is ``row``), only what that changed
        is written into a copy of ``row``."""
        if ferry is None:
            return zeros(self._width)
        animals = ferry.animals
        boarded = (
            before is not None
            and before.card is ferry.card
            and len(animals) == len(before.animals) + 1
            and animals[:-1] == before.animals
        )
        row = row[:] if boarded else zeros(self._width)
        row[0], row[1], row[2] = ferry.load, ferry.capacity, ferry.card.unique_species
        row[3] = row[4] = 0.0
        for gender in ferry.genders:
            row[3 + (gender is Gender.FEMALE)] = 1.0
        index = self._card
        first = len(animals) if boarded else 1
        for place, animal in enumerate(animals[first - 1 :], first):
            card = index[animal.card.id]
            row[self._aboard + card] = place
            if animal.gender is Gender.MALE:
                row[self._male + card] = 1.0
        return row

    def _private(
        self,
        seat: int,
        hand: tuple[Card, ...],
        revealed: tuple[Event, ...],
        known: tuple[tuple[Card, ...], ...],
    ) -> tuple[array[float], array[float], array[float]]:
        """The fields only ``seat`` sees: ``hand``; ``looked``, ``given`` and ``received``,
        which lie end to end; and ``known``. Each is remembered per seat: a hand that did not
        change is the same tuple, the secrets only grow during a round, so their last event and
        number name them, and what a seat knows of the hands compares by value (a few cards)."""
        last = revealed[-1] if revealed else None
        seen = self._private_seen[seat]
        in_hand, secrets, in_hands = seen[4], seen[5], seen[6]
        card, k = self._card, self._k
        if seen[0] is not hand:
            in_hand = self._no_hand[:]
            for c in hand:
                in_hand[card[c.id]] = 1.0
        if seen[1] is not last or seen[2] != len(revealed):
            no = self._no_secrets
            secrets = no + no + no
            for i in self._secrets(seat, revealed) if revealed else ():
                secrets[i] = 1.0
        if seen[3] != known:
            in_hands = self._no_secrets[:]
            for holder, cards in enumerate(known):
                for c in cards:
                    in_hands[holder * k + card[c.id]] = 1.0
        self._private_seen[seat] = (hand, last, len(revealed), known, in_hand, secrets, in_hands)
        return in_hand, secrets, in_hands  # type: ignore[return-value]

    def _secrets(self, me: int, revealed: tuple[Event, ...]) -> list[int]:
        """The secrets shown to seat ``me`` this round (F26): the latest look at each hand, and
        the cards stolen, given back or given as a bonus, by or to this seat."""
        k, card = self._k, self._card
        looks: dict[int, tuple[Card, ...]] = {}
        ones = []
        for event in revealed:
            if isinstance(event, HandLookedAt):
                looks[event.target] = event.cards or ()
            elif isinstance(event, _PASSED) and event.card is not None:
                if event.giver == me:
                    ones.append(self._given + event.receiver * k + card[event.card.id])
                elif event.receiver == me:
                    ones.append(self._received + event.giver * k + card[event.card.id])
        for target, cards in looks.items():
            row = self._looked + target * k
            ones += [row + card[c.id] for c in cards]
        return ones


def _layout(rules: Rules, players: int, k: int) -> Layout:
    """The fields of a ferry observation: ``k`` cards in play, in the order of the rules data."""
    p, d, c = players, rules.docks, rules.centre
    capacity = max(f.capacity for f in rules.ferries)
    rounds = (
        ()
        if rules.rounds is None
        else (vector("round", (1,), rules.rounds, "the round, from 1 (F25)"),)
    )
    return Layout.of(
        vector("seat", (p,), 1, "1 at the observing seat"),
        vector("to_act", (p,), 1, "1 at the seat to decide; all 0 once the game is over"),
        vector("first_player", (p,), 1, "1 at the seat that started this round (F9, F24)"),
        vector("phase", (len(_PHASES),), 1, f"the pending decision: {_PHASE_NAMES}"),
        *rounds,
        vector("penalties", (p,), _penalty_bound(rules, p), "per seat (F22, V3)"),
        vector("departures", (1,), c + 1, "departures this round (F17, F21)"),
        vector("gifts", (1,), max(rules.departure_gifts), "bonus cards still to give (F17)"),
        vector("hand_sizes", (p,), k, "cards in each seat's hand (F26)"),
        vector("unused", (1,), k, "cards unused this round (F8)"),
        vector("noah", (d,), 1, "1 at Noah's dock"),
        vector("hand", (k,), 1, "1 for each card in the seat's own hand"),
        record(
            "docks",
            d,
            "a row per dock",
            column("load", 1, capacity, "weight aboard (F11); 0 without a ferry (F18)"),
            column("capacity", 1, capacity, "the ferry's capacity (F11, F30)"),
            column("roommate", 1, 1, "1 for the roommate ferry (V4)"),
            column("may_board", 2, 1, "may a male, a female board next (F10)"),
            column("aboard", k, k, "per card: its place in the boarding order, 1 first"),
            column("male", k, 1, "per card: 1 if it travels as a male (F29)"),
        ),
        record(
            "centre",
            c,
            "a row per waiting ferry, in the order they will come (F5)",
            column("capacity", 1, capacity, "its capacity; 0 once none waits there"),
            column("roommate", 1, 1, "1 for the roommate ferry (V4)"),
        ),
        vector("departed", (k,), 1, "cards gone on ferries that departed this round (F16)"),
        vector("played", (k,), 1, "the card played this turn (F12)"),
        vector("played_male", (1,), 1, "1 if this turn's card was played as a male (F14)"),
        vector("turn_dock", (d,), 1, "1 at the dock of this turn's play"),
        vector("pair", (1,), 1, "1 if this turn's play made a pair (F15)"),
        vector("victim", (p,), 1, "1 at the seat a lion robbed, awaiting a card back (F33)"),
        vector("escapee", (k,), 1, "the card escaped from a crocodile, awaiting its seat (V3)"),
        vector("looked", (p, k), 1, "per seat: its hand when this seat last looked, this round"),
        vector("given", (p, k), 1, "per seat: cards this seat passed to it this round (F17, F33)"),
        vector("received", (p, k), 1, "per seat: cards this seat got from it this round"),
        vector(
            "known",
            (p, k),
            1,
            "per seat: the cards this seat knows to be in that hand now (F13, V3, F17, F32, F33)",
        ),
    )


def hand_text(view: View) -> str:
    """The seat's hand, as card ids: the private part of a view (the deal of a round is no
    event, F7)."""
    return "hand " + " ".join(c.id for c in view.hand)


ENCODING = Encoding(actions=action_blocks, observer=FerryObserver, private=hand_text)
"""The ferry game's encoding (no bound on a game's length, F27)."""
