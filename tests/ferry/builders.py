"""Build exact ferry positions for scenario tests."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from noahrules.ferry import (
    Boarded,
    Ferry,
    Gender,
    Pattern,
    Phase,
    Rules,
    State,
    Table,
    load_rules,
)
from noahrules.rng import Rng

# The cards carrying a player-count mark (F4, the card table's [choice]): one male and one female
# parrot, cat, kangaroo and panda each.
MARK_4 = (
    "parrot-1",
    "parrot-2",
    "cat-1",
    "cat-2",
    "kangaroo-1",
    "kangaroo-2",
    "panda-1",
    "panda-2",
)
MARK_5 = (
    "parrot-3",
    "parrot-4",
    "cat-3",
    "cat-4",
    "kangaroo-3",
    "kangaroo-4",
    "panda-3",
    "panda-4",
)


def rules(*variants: str) -> Rules:
    """Packaged rules with variants (``load_rules`` loads each combination once)."""
    return load_rules(variants)


def aboard(rules: Rules, spec: str) -> Boarded:
    """An animal as played: ``"cat-1"``, a snail with its gender ``"snail-1/female"``,
    a frog with its weight ``"frog-1=3"``."""
    card_id, _, weight = spec.partition("=")
    card_id, _, gender = card_id.partition("/")
    card = rules.card[card_id]
    return Boarded(
        card, Gender(gender) if gender else card.gender, int(weight) if weight else card.weight
    )


def position(
    *,
    variants: Sequence[str] = (),
    players: int = 2,
    hands: Sequence[Sequence[str]],
    docks: Sequence[Sequence[str] | None],
    ferry_cards: Sequence[str] | None = None,
    centre: Sequence[str] | None = None,
    noah: int = 0,
    seat: int = 0,
    penalties: Sequence[int] | None = None,
    round: int = 1,
    first_player: int = 0,
    departures: int = 0,
    departed: Sequence[str] = (),
    seed: int = 0,
    kept: Mapping[int, Pattern] | None = None,
) -> State:
    """A PLAY position: the named cards in hands and on docks, every other card of the players'
    deck unused (or removed by its mark). Docks take ``ferry_cards`` (default: the rules' ferries
    in order) and the rest of the ferries wait in the centre unless ``centre`` names them.

    Under ``pattern_set_by_second_animal`` a ferry of two animals or more keeps the pattern its
    first two fix (F10); ``kept`` gives the kept pattern of a dock's ferry instead."""
    r = rules(*variants)
    ferry_ids = list(ferry_cards or [f.id for f in r.ferries[: len(docks)]])
    ferries = {f.id: f for f in r.ferries}
    dock_values: list[Ferry | None] = []
    for dock, contents in enumerate(docks):
        if contents is None:
            dock_values.append(None)
            continue
        card = ferries[ferry_ids.pop(0)]
        animals = tuple(aboard(r, spec) for spec in contents)
        pattern = None
        if r.pattern_set_by_second_animal and len(animals) >= 2:
            pattern = Pattern.of(animals[0].gender, animals[1].gender)
        pattern = (kept or {}).get(dock, pattern)
        dock_values.append(Ferry(card, animals, pattern))
    used_ferries = {d.card.id for d in dock_values if d is not None}
    if centre is None:
        centre = [f.id for f in r.ferries if f.id not in used_ferries]
    hand_cards = tuple(
        tuple(sorted((r.card[c] for c in h), key=lambda c: r.order[c.id])) for h in hands
    )
    placed = {c for h in hand_cards for c in h}
    placed |= {a.card for d in dock_values if d is not None for a in d.animals}
    placed |= {r.card[c] for c in departed}
    removed = tuple(c for c in r.animals if c.min_players > players)
    deck = tuple(c for c in r.animals if c not in placed and c not in removed)
    assert not placed & set(removed), "a card placed in the position is removed by its mark"
    table = Table(
        rules=r,
        players=players,
        round=round,
        first_player=first_player,
        seat=seat,
        phase=Phase.PLAY,
        docks=tuple(dock_values),
        centre=tuple(ferries[c] for c in centre),
        noah=noah,
        penalties=tuple(penalties or (0,) * players),
        departures=departures,
        departed=tuple(r.card[c] for c in departed),
        removed=removed,
    )
    return State(table=table, hands=hand_cards, deck=deck, rng=Rng.from_seed(seed))


def ferries(state: State) -> list[Ferry]:
    """The docked ferries, dock by dock; fails if a dock is empty."""
    docked = [f for f in state.docks if f is not None]
    assert len(docked) == len(state.docks), "a dock is empty"
    return docked


def at(state: State, dock: int | None = None) -> Ferry:
    """The ferry at ``dock`` (default: Noah's dock); fails if the dock is empty."""
    ferry_ = state.docks[state.noah if dock is None else dock]
    assert ferry_ is not None, "the dock is empty"
    return ferry_
