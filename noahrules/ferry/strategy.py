"""What the bots know of the ferry game beyond its rules: heuristics read from the rules data
(card ``tears`` and ``weight``, ferry ``load`` and ``capacity``, ``departure_gifts``), never from
species names.

- :func:`heuristic` (the greedy bot): shed cards with many tears, make ferries depart, make pairs
  for extra turns, empty the hand; send Noah where the next player is likely to have to take
  animals (or, before an extra turn of one's own, where one plays best); give away and give back
  the cards with most tears.
- :func:`rollout` (the search bot's playouts): make a ferry depart when a card can, give the
  cards with most tears, else a random move; :func:`horizon`: :data:`HORIZON` decisions, at
  most to the end of the round; :func:`standing`: penalties with the tears in hand counted,
  negated.
- :func:`playout` and :func:`best_horizon` (the best bot's rollouts, ``STRATEGY.best``): a
  departure first, else the card with most tears (a pair counted); Noah sent where the next
  player must take the animals (or, before an extra turn, where one's own card fits); for
  :data:`BEST_HORIZON` decisions; :func:`best_standing`: the penalty with each card in hand
  counted as :data:`HAND_CARD` and each of its tears as :data:`HAND_TEAR` of a penalty point,
  weights fitted on who wins greedy games (``benchmarks/ferry_standing.py``).
- :func:`position`: what makes a view the same position again, for the bots' rule against
  repetition.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Mapping, Sequence

from noahrules.ferry.determinize import unseen_cards
from noahrules.ferry.engine import legal_moves, plays
from noahrules.ferry.kinds import Gender
from noahrules.ferry.moves import (
    GiveBack,
    GiveCard,
    LookAtHand,
    Move,
    MoveNoah,
    PlayAnimal,
    SendEscapee,
    StealFrom,
)
from noahrules.ferry.ruleset import Boarded, Card
from noahrules.ferry.state import Ferry, Phase, State
from noahrules.ferry.view import View
from noahrules.game import Strategy
from noahrules.rng import Rng

__all__ = [
    "BEST_HORIZON",
    "HAND_CARD",
    "HAND_TEAR",
    "HORIZON",
    "STRATEGY",
    "best_horizon",
    "best_standing",
    "heuristic",
    "horizon",
    "playout",
    "position",
    "rollout",
    "standing",
]

HORIZON = 30
"""Rollouts stop after this many decisions (about three turns of each of four players), or at
the end of the round, and are rated by the penalties with the tears in hand counted."""
BEST_HORIZON = 15
"""The best bot's rollouts stop after this many decisions, or at the end of the round: against
the search bot, both at 0.02 s of CPU per decision over 100 2-player games, 15 decisions won
63.5% [53.7, 72.3] (67.0% [57.3, 75.4] with the other parts of best), 8 decisions 39.5% (with
them); against three greedy bots at 0.05 s over 150 4-player games, 15 decisions won 54.3%
[46.4, 62.1] and 30 decisions 52.9% [44.9, 60.7], at twice the CPU per iteration."""
HAND_CARD = 0.35
"""What the best bot counts a card in hand, in penalty points. Cards in hand foretell who wins
better than their tears do: a player sheds the most tears first, and a card taken back (F13)
or given (F17) is one more to shed. ``benchmarks/ferry_standing.py`` fits a conditional logit
of who wins on the positions of 4,000 greedy games per player count: a card in hand weighs
0.23, 0.28, 0.31 and 0.36 of a penalty point at 2, 3, 4 and 5 players, a tear in hand -0.01 to
0.08, and on held-out games the fit's log loss is 0.566 against 0.627 for the penalty plus the
tears at 2 players (1.136 against 1.231 at 4). Against three greedy bots over the 200 4-player
deals of seed 9100, the best bot at 1,100 iterations won 67.5% [60.7, 73.6] with this standing,
62.9% [56.0, 69.3] counting a fifth of each tear and no cards, and 60.2% [53.3, 66.7] counting
the tears."""
HAND_TEAR = 0.03
"""What the best bot counts a tear in hand, in penalty points (see :data:`HAND_CARD`)."""
_DEPART = 6.0
"""Worth of making a ferry depart (its animals leave the round), besides the bonus gifts."""
_PAIR = 2.5
"""Worth of an extra turn (F15): another card shed."""
_EMPTY_HAND = 40.0
"""Worth of emptying one's hand: the round ends and one's tears are 0 (F20)."""


def _as_played(card: Card) -> tuple[Boarded, ...]:
    """The ways an unseen card could board, as far as the gender rule goes."""
    if card.abilities.choose_gender:
        return tuple(Boarded(card, g, card.weight) for g in (Gender.MALE, Gender.FEMALE))
    return (Boarded(card, card.gender, card.weight),)


def _top_tears(hand: Sequence[Card], count: int) -> int:
    return sum(sorted((c.tears for c in hand), reverse=True)[:count])


def _play_value(view: View, ferry: Ferry, animal: Boarded) -> float:
    """The heuristic worth of playing ``animal`` onto ``ferry``."""
    rules = view.rules
    card = animal.card
    escaped = ferry.escapee(card)
    after = ferry.after(animal, rules.pattern_set_by_second_animal)
    hand = list(view.hand)
    hand.remove(card)
    value = float(card.tears) + 0.05 * card.weight
    if not hand:
        value += _EMPTY_HAND
    if after.load == after.capacity:
        gifts = rules.departure_gifts[min(view.departures, len(rules.departure_gifts) - 1)]
        value += _DEPART + _top_tears(hand, gifts) + 0.5 * min(gifts, len(hand))
    elif not card.abilities.noah_stays:
        value += 0.1 * (after.capacity - after.load) / max(after.capacity, 1)
    else:
        # F31: the next player plays here; a small gap invites them to make it depart.
        gap = after.capacity - after.load
        value -= 2.0 if 0 < gap <= 10 else 0.0
    if ferry.animals and ferry.animals[-1].card.species == card.species:
        value += _PAIR
    if card.abilities.reduce_penalty:
        value += min(card.abilities.reduce_penalty, view.penalties[view.seat])
    if escaped is not None:
        value += escaped.card.tears
    if card.abilities.look_at_hand or card.abilities.steal_and_return:
        value += 0.2
    return value


def _best_play_at(view: View, ferry: Ferry) -> float:
    """The best worth of one of the view's own cards on ``ferry`` (or the cost of taking)."""
    rules = view.rules
    values = [
        _play_value(view, ferry, rules.animal_of[m]) for m in plays(ferry, view.hand, rules.ways)
    ]
    if not values:
        return -float(sum(a.card.tears for a in ferry.animals)) - 1.0
    return max(values)


def _danger_for_next(view: View, ferry: Ferry, unseen: Sequence[Card]) -> float:
    """How good it is for us that the next player must play on ``ferry``: the chance they must
    take its animals (F13) times the tears aboard, minus the chance they make it depart."""
    nxt = (view.seat + 1) % view.players
    size = view.hand_sizes[nxt]
    if not unseen or not size:
        return 0.0
    fit = depart = 0
    for card in unseen:
        boarding = ferry.boarding(card)
        fitting = [a for a in _as_played(card) if boarding.fault(a) is None]
        if fitting:
            fit += 1
            if any(boarding.departs_with(a) for a in fitting):
                depart += 1
    p_fit, p_depart = fit / len(unseen), depart / len(unseen)
    p_stuck = (1.0 - p_fit) ** size
    p_departs = 1.0 - (1.0 - p_depart) ** size
    taken = sum(a.card.tears for a in ferry.animals) + 0.5 * len(ferry.animals)
    return p_stuck * taken - p_departs * _DEPART


def heuristic(view: View) -> list[float]:
    """A heuristic score per legal move of a ferry view (higher is better)."""
    rules = view.rules
    seat = view.seat
    # Opponents in the order we prefer to hurt: the leader (lowest penalty), then the next seat.
    order = {
        s: (view.penalties[s], (s - seat) % view.players) for s in range(view.players) if s != seat
    }
    ranked = sorted(order, key=order.__getitem__)
    target = {s: 0.5 * (len(ranked) - i) / len(ranked) for i, s in enumerate(ranked)}
    scores: list[float] = []
    unseen: Sequence[Card] | None = None
    for move in view.legal_moves:
        if isinstance(move, PlayAnimal):
            here = view.docks[view.noah]
            assert here is not None
            scores.append(_play_value(view, here, rules.animal_of[move]))
        elif isinstance(move, MoveNoah):
            there = view.docks[move.dock]
            if there is None:
                scores.append(0.0)
            elif view.pair:
                scores.append(_best_play_at(view, there))
            else:
                if unseen is None:
                    unseen = unseen_cards(view)
                scores.append(_danger_for_next(view, there, unseen))
        elif isinstance(move, GiveCard):
            card = rules.card[move.card]
            scores.append(1.0 + card.tears + 0.05 * card.weight + target[move.to])
        elif isinstance(move, GiveBack):
            card = rules.card[move.card]
            scores.append(card.tears + 0.05 * card.weight)
        elif isinstance(move, LookAtHand | SendEscapee):
            scores.append(target[move.seat])
        elif isinstance(move, StealFrom):
            scores.append(target[move.seat] + 0.1 * view.hand_sizes[move.seat])
        else:  # TakeAnimals (forced) and EndGiving
            scores.append(0.0)
    return scores


def standing(state: State) -> list[float]:
    """Per seat, minus its penalty with the tears in hand counted (what the round would add)."""
    return _penalty_with_hand(state, per_card=0.0, per_tear=1.0)


def best_standing(state: State) -> list[float]:
    """The best bot's standing: per seat, minus its penalty with each card in hand counted as
    :data:`HAND_CARD` and each tear in hand as :data:`HAND_TEAR` of a penalty point."""
    return _penalty_with_hand(state, per_card=HAND_CARD, per_tear=HAND_TEAR)


def _penalty_with_hand(state: State, per_card: float, per_tear: float) -> list[float]:
    """Per seat, minus its penalty with each card in hand counted as ``per_card`` and each tear
    in hand as ``per_tear`` penalty points."""
    return [
        -(p + per_card * len(hand) + per_tear * sum(c.tears for c in hand))
        for p, hand in zip(state.table.penalties, state.hands, strict=True)
    ]


def horizon(start: State) -> Callable[[State], bool]:
    """Rollouts stop after :data:`HORIZON` decisions, or at the end of the round of ``start``
    (or of the game). The search bot asks ``stop`` once per state it reaches, ``start`` first,
    so the predicate counts the decisions."""
    return _stop_after(start, HORIZON)


def _stop_after(start: State, decisions: int) -> Callable[[State], bool]:
    """A predicate true after ``decisions`` decisions from ``start``, or at the end of the round
    of ``start`` (or of the game)."""
    round_ = start.table.round
    asked = 0

    def stop(state: State) -> bool:
        nonlocal asked
        asked += 1
        table = state.table
        return asked > decisions or table.round != round_ or table.phase is Phase.OVER

    return stop


def rollout(state: State, rng: Rng) -> tuple[Move, Rng]:
    """Make a ferry depart when a card can; give and give back the cards with most tears;
    otherwise a random legal move."""
    moves = legal_moves(state)
    table = state.table
    phase = table.phase
    rules = table.rules
    if phase is Phase.PLAY and len(moves) > 1:
        here = table.docks[table.noah]
        assert here is not None
        animal_of = rules.animal_of
        departing = [
            m
            for m in moves
            if isinstance(m, PlayAnimal) and here.boarding((a := animal_of[m]).card).departs_with(a)
        ]
        if departing:
            return rng.choice(departing)
    elif phase is Phase.GIVE or phase is Phase.GIVE_BACK:
        heavy = [m for m in moves if isinstance(m, GiveCard | GiveBack)]
        most = max(rules.card[m.card].tears for m in heavy)
        return rng.choice([m for m in heavy if rules.card[m.card].tears == most])
    return rng.choice(moves)


def playout(state: State, rng: Rng) -> tuple[Move, Rng]:
    """The best bot's rollouts: :func:`rollout`, but a card that makes no ferry depart is the
    one with most tears, a pair's extra turn (F15) counted as :data:`_PAIR` tears (ties at
    random), and Noah goes where :func:`_noah_playout` sends him."""
    table = state.table
    if table.phase is Phase.MOVE_NOAH:
        return _noah_playout(state, rng)
    if table.phase is not Phase.PLAY:
        return rollout(state, rng)
    moves = legal_moves(state)
    if len(moves) == 1:
        return moves[0], rng
    here = table.docks[table.noah]
    assert here is not None
    animal_of = table.rules.animal_of
    last = here.animals[-1].card.species if here.animals else None
    most = -1.0
    best: list[Move] = []
    for move in moves:
        assert isinstance(move, PlayAnimal)  # with a choice, every move plays a card (F13)
        animal = animal_of[move]
        if here.boarding(animal.card).departs_with(animal):
            return rollout(state, rng)  # a departure first, as in the search bot's rollouts
        worth = animal.card.tears + (_PAIR if animal.card.species == last else 0.0)
        if worth > most:
            most, best = worth, [move]
        elif worth == most:
            best.append(move)
    return rng.choice(best)


def _noah_playout(state: State, rng: Rng) -> tuple[Move, Rng]:
    """Move Noah (F14) to a dock where the next player has no card that fits, so must take the
    animals (F13), or, before one's own extra turn (F15), to one where a card of one's own fits;
    at random among those, else among all."""
    moves = legal_moves(state)
    if len(moves) == 1:
        return moves[0], rng
    table = state.table
    again = table.pair
    hand = state.hands[table.seat if again else (table.seat + 1) % table.players]
    ways = table.rules.ways
    wanted = [
        m
        for m in moves
        if isinstance(m, MoveNoah)
        and (there := table.docks[m.dock]) is not None
        and _fits(there, hand, ways) is again
    ]
    return rng.choice(wanted or moves)


def _fits(
    ferry: Ferry, hand: Sequence[Card], ways: Mapping[str, Sequence[tuple[Boarded, PlayAnimal]]]
) -> bool:
    """``bool(plays(ferry, hand, ways))`` (F12), stopping at the first card that fits: the best
    bot's rollouts ask it for every dock Noah may go to, and the whole list costs three times as
    much."""
    for card in hand:
        fault = ferry.boarding(card).fault
        for animal, _ in ways[card.id]:
            if fault(animal) is None:
                return True
    return False


def best_horizon(start: State) -> Callable[[State], bool]:
    """The best bot's rollouts stop after :data:`BEST_HORIZON` decisions, or at the end of the
    round of ``start`` (or of the game)."""
    return _stop_after(start, BEST_HORIZON)


def position(view: View) -> Hashable:
    """What makes a view the same position again (the bots' rule against repetition): all of it
    but the secrets shown this round (F26), which only grow; what they told that still holds
    is in ``known``."""
    return (view.table, view.seat, view.hand, view.hand_sizes, view.known)


STRATEGY: Strategy[State, Move, View] = Strategy(
    standing=standing,
    scale=4.0,
    heuristic=heuristic,
    rollout=rollout,
    horizon=horizon,
    position=position,
    best=Strategy(
        standing=best_standing,
        scale=4.0,
        rollout=playout,
        horizon=best_horizon,
        iterations=900,
    ),
)
"""The ferry game's heuristics for the bots."""
