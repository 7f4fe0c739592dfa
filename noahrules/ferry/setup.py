"""Setting up the ferry game's rounds (F4-F9, F23-F24) and ending them (F20-F25, V1)."""

from __future__ import annotations

from attrs import evolve

from noahrules.errors import SetupError
from noahrules.events import Event
from noahrules.ferry.events import GameOver, RoundEnded, RoundStarted
from noahrules.ferry.kinds import Gender, ShortDeal
from noahrules.ferry.ruleset import Boarded, Card, Rules
from noahrules.ferry.scoring import winners
from noahrules.ferry.state import Ferry, Phase, State, Table
from noahrules.game import check_seating
from noahrules.rng import Rng

__all__ = ["end_round", "new_game", "start_round"]

_CHOSEN_GENDERS = (Gender.MALE, Gender.FEMALE)


def new_game(rules: Rules, players: int, seed: int = 0, first_player: int = 0) -> State:
    """A new game for ``players`` seats, with all chance drawn from ``seed``.

    ``first_player`` starts round 1 (F9). Raises :class:`~noahrules.errors.SetupError` for a
    player count outside the rules' range, a seat that does not exist, or a deck too small to give
    every player a card (F7).
    """
    check_seating(players, first_player, rules.min_players, rules.max_players, "F4, F9", seed)
    removed = tuple(c for c in rules.animals if c.min_players > players)  # F4
    in_play = len(rules.animals) - len(removed)
    if in_play - rules.docks < players:
        raise SetupError(
            f"F7: {in_play} cards for {players} players: after {rules.docks} setup cards "
            f"some player would get no card"
        )
    penalties = (0,) * players
    return start_round(
        rules,
        players=players,
        round=1,
        first=first_player,
        penalties=penalties,
        rng=Rng.from_seed(seed),
        removed=removed,
    )


def start_round(
    rules: Rules,
    *,
    players: int,
    round: int,
    first: int,
    penalties: tuple[int, ...],
    rng: Rng,
    removed: tuple[Card, ...],
    events: list[Event] | None = None,
) -> State:
    """Shuffle and deal a round (F5-F7, F23): every card not removed by mark is in play again.

    Its :class:`RoundStarted` event goes to ``events`` when given."""
    out = {c.id for c in removed}
    in_play = tuple([c for c in rules.animals if c.id not in out]) if out else rules.animals
    deck, rng = rng.shuffled(in_play)
    ferries, rng = rng.shuffled(rules.ferries)
    noah, rng = rng.below(rules.docks)  # F6
    docks = []
    for ferry_card, card in zip(ferries[: rules.docks], deck, strict=False):
        gender = card.gender
        if card.abilities.choose_gender:  # F7a: a snail placed at setup gets a random gender
            gender, rng = rng.choice(_CHOSEN_GENDERS)
        docks.append(Ferry.of(ferry_card, (Boarded(card, gender, card.weight),)))
    deck = deck[rules.docks :]
    dealt = _deal_count(rules, players, len(deck))
    # The k-th card dealt goes to seat (first + k) % players.
    hands = [deck[(seat - first) % players : dealt : players] for seat in range(players)]
    order = rules.order
    table = Table(
        rules=rules,
        players=players,
        round=round,
        first_player=first,
        seat=first,
        phase=Phase.PLAY,
        docks=tuple(docks),
        centre=ferries[rules.docks :],
        noah=noah,
        penalties=penalties,
        departures=0,
        departed=(),
        removed=removed,
    )
    state = State(
        table=table,
        hands=tuple(tuple(sorted(h, key=lambda c: order[c.id])) for h in hands),
        deck=deck[dealt:],
        rng=rng,
    )
    if events is not None:
        sizes = tuple(map(len, state.hands))
        events.append(RoundStarted(round, first, state.docks, state.centre, noah, sizes))
    return state


def _deal_count(rules: Rules, players: int, available: int) -> int:
    """F7: how many cards are dealt, in all, from ``available``."""
    full = rules.hand_size * players
    if available >= full:
        return full
    if rules.short_deal is ShortDeal.EQUAL:
        return available // players * players
    return available


def end_round(state: State, events: list[Event] | None = None) -> State:
    """Score the round (F22) and start the next (F23, F24), or end the game (F25, V1); the
    events go to ``events`` when given."""
    rules = state.rules
    tears = tuple(sum(c.tears for c in hand) for hand in state.hands)
    penalties = tuple(p + t for p, t in zip(state.penalties, tears, strict=True))
    if events is not None:
        events.append(RoundEnded(state.round, tears, penalties))
    last_round = rules.rounds is not None and state.round >= rules.rounds
    limit_reached = rules.penalty_limit is not None and max(penalties) >= rules.penalty_limit
    if last_round or limit_reached:
        table = evolve(state.table, penalties=penalties, phase=Phase.OVER, pair=False)
        over = evolve(state, table=table)
        if events is not None:
            events.append(GameOver(penalties, winners(over)))
        return over
    return start_round(
        rules,
        players=state.players,
        round=state.round + 1,
        first=_next_first(state.first_player, penalties),
        penalties=penalties,
        rng=state.rng,
        removed=state.removed,
        events=events,
    )


def _next_first(previous: int, penalties: tuple[int, ...]) -> int:
    """F24: the highest penalty starts; ties go to the first tied seat from the previous starter."""
    players = len(penalties)
    worst = max(penalties)
    return next(
        seat for k in range(players) if penalties[seat := (previous + k) % players] == worst
    )
