"""Climb: a small two-player card game that lives only in the tests, to show that any game
plugs into noahrules through its declaration alone (no edit to the library).

Rules (T1-T11):

- T1. Two players. A deck of numbered cards: each number 1..``top`` twice (``top`` 9; the
  variant ``short`` makes it 6).
- T2. Setup: the deck is shuffled (seeded); each player gets 3 cards, the rest form the draw pile,
  face down (its order is hidden: drawing is the game's chance step). Seat 0 (or the first
  player given) starts.
- T3. Hands are hidden from the other player; the number of cards in each hand, the pile of
  played cards, the scores and the number of cards left to draw are public.
- T4. On a turn the player either plays a card from hand (``Play(card)``) or draws the top card
  of the draw pile (``Draw()``).
- T5. Drawing is allowed while the draw pile is not empty and the hand holds fewer than 5 cards.
- T6. Playing is allowed for any card in hand.
- T7. A played card higher than the card on top of the played pile (or any card on an empty
  pile) scores its number; a card not higher scores nothing and clears the pile: the pile and
  that card leave the game, face up.
- T8. Then the other player is to act.
- T9. A player who can neither play nor draw passes (``Pass()``), the only legal move then.
- T10. The game ends when both hands and the draw pile are empty.
- T11. The higher score wins; equal scores share the win.
"""

from __future__ import annotations

import hashlib
from collections import Counter

from attrs import field, frozen

from noahrules.data import Variants, variant_names
from noahrules.errors import IllegalMoveError, RulesDataError, SerializationError
from noahrules.events import Event
from noahrules.game import GameSpec, check_seat, check_seating
from noahrules.rng import Rng

__all__ = ["GAME", "Draw", "Move", "Pass", "Play", "Rules", "State", "Table", "View"]

HAND = 3
"""T2: cards dealt to each player."""
MOST = 5
"""T5: the most cards a hand may hold after drawing."""


@frozen(eq=False)
class Rules:
    """The deck's top number; identity by digest."""

    top: int
    variants: tuple[str, ...]
    digest: str
    min_players: int = 2
    max_players: int = 2

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Rules) and other.digest == self.digest

    def __hash__(self) -> int:
        return hash(self.digest)


_VARIANTS = {"short": 6}


def packaged_variants() -> tuple[str, ...]:
    """The variants of Climb."""
    return tuple(sorted(_VARIANTS))


def load_rules(variants: Variants = ()) -> Rules:
    """T1: the deck, with ``short`` for numbers up to 6."""
    names = variant_names(variants)
    top = 9
    for name in names:
        if name not in _VARIANTS:
            raise RulesDataError(name, "", f"unknown climb variant '{name}'")
        top = _VARIANTS[name]
    digest = hashlib.sha256(f"climb:{top}".encode()).hexdigest()
    return Rules(top, names, digest)


@frozen(cache_hash=True)
class Move:
    """The base class of Climb's moves."""


@frozen(cache_hash=True)
class Play(Move):
    """T4, T6: play ``card`` from hand."""

    card: int


@frozen(cache_hash=True)
class Draw(Move):
    """T4, T5: draw the top card of the draw pile."""


@frozen(cache_hash=True)
class Pass(Move):
    """T9: neither play nor draw is possible."""


@frozen
class Played(Event):
    """T7: ``seat`` played ``card`` and scored ``points``."""

    seat: int
    card: int
    points: int


@frozen
class Drew(Event):
    """T4: ``seat`` drew a card; only that seat sees which."""

    SECRET = ("card",)

    seat: int
    card: int | None

    @property
    def insiders(self) -> tuple[int, ...]:
        """The drawer."""
        return (self.seat,)


@frozen(cache_hash=True)
class Table:
    """T3: what both players see."""

    rules: Rules
    players: int
    seat: int
    pile: tuple[int, ...]
    cleared: tuple[int, ...]
    """The cards out of the game (T7), in order."""
    scores: tuple[int, ...]
    hand_sizes: tuple[int, ...]
    to_draw: int
    over: bool


@frozen(cache_hash=True)
class State:
    """A position: the public table, the hands and the draw pile's hidden order."""

    table: Table
    hands: tuple[tuple[int, ...], ...]
    deck: tuple[int, ...]

    @property
    def rules(self) -> Rules:
        """The rules played."""
        return self.table.rules

    @property
    def players(self) -> int:
        """Two."""
        return self.table.players


@frozen(cache_hash=True)
class View:
    """One seat's view: the table, its own hand and its legal moves."""

    table: Table
    seat: int
    hand: tuple[int, ...]
    legal_moves: tuple[Move, ...] = field(factory=tuple)

    @property
    def rules(self) -> Rules:
        """The rules played."""
        return self.table.rules


def new_game(rules: Rules, players: int, seed: int = 0, first_player: int = 0) -> State:
    """T2: shuffle and deal."""
    check_seating(players, first_player, rules.min_players, rules.max_players, "T1")
    deck, _ = Rng.from_seed(seed).shuffled([n for n in range(1, rules.top + 1) for _ in (0, 1)])
    hands = (tuple(sorted(deck[:HAND])), tuple(sorted(deck[HAND : 2 * HAND])))
    rest = len(deck) - 2 * HAND
    table = Table(rules, players, first_player, (), (), (0, 0), (HAND, HAND), rest, False)
    return State(table, hands, deck[2 * HAND :])


def legal_moves(state: State) -> tuple[Move, ...]:
    """T4-T6, T9: plays in ascending card order, then the draw; ``Pass`` alone when stuck."""
    table = state.table
    if table.over:
        return ()
    hand = state.hands[table.seat]
    moves: list[Move] = [Play(c) for c in sorted(set(hand))]
    if state.deck and len(hand) < MOST:
        moves.append(Draw())
    return tuple(moves) or (Pass(),)


def step(state: State, move: Move) -> tuple[State, tuple[Event, ...]]:
    """The next state and what happened."""
    if move not in legal_moves(state):
        rule = "T10" if state.table.over else "T5" if isinstance(move, Draw) else "T6"
        raise IllegalMoveError(rule, f"{move!r} is not allowed here")
    table, hands, deck = state.table, list(state.hands), state.deck
    seat = table.seat
    events: list[Event] = []
    pile, cleared, scores = table.pile, table.cleared, list(table.scores)
    if isinstance(move, Play):
        hand = list(hands[seat])
        hand.remove(move.card)
        hands[seat] = tuple(hand)
        higher = not pile or move.card > pile[-1]
        points = move.card if higher else 0
        scores[seat] += points
        if higher:
            pile = (*pile, move.card)
        else:
            pile, cleared = (), (*cleared, *pile, move.card)
        events.append(Played(seat, move.card, points))
    elif isinstance(move, Draw):
        hands[seat] = tuple(sorted((*hands[seat], deck[0])))
        events.append(Drew(seat, deck[0]))
        deck = deck[1:]
    over = not deck and not any(hands)
    after = Table(
        table.rules,
        table.players,
        1 - seat,
        pile,
        cleared,
        tuple(scores),
        tuple(map(len, hands)),
        len(deck),
        over,
    )
    return State(after, tuple(hands), deck), tuple(events)


def apply(state: State, move: Move) -> State:
    """The next state; ``IllegalMoveError`` naming the rule for anything not legal."""
    return step(state, move)[0]


def current_player(state: State) -> int | None:
    """The seat to act, ``None`` when over."""
    return None if state.table.over else state.table.seat


def is_over(state: State) -> bool:
    """T10."""
    return state.table.over


def scores(state: State) -> tuple[int, ...]:
    """The points so far."""
    return state.table.scores


def winners(state: State) -> tuple[int, ...]:
    """T11."""
    if not state.table.over:
        return ()
    best = max(state.table.scores)
    return tuple(s for s, p in enumerate(state.table.scores) if p == best)


def view(state: State, seat: int) -> View:
    """What ``seat`` may know (T3)."""
    check_seat(seat, state.table.players)
    mine = current_player(state) == seat
    return View(state.table, seat, state.hands[seat], legal_moves(state) if mine else ())


def determinize(seen: View, rng: Rng) -> State:
    """A state consistent with ``seen``: the unseen cards dealt to the other hand and the draw
    pile at random."""
    table = seen.table
    known = Counter(seen.hand) + Counter(table.pile) + Counter(table.cleared)
    unseen = sorted((_deck(table.rules) - known).elements())
    other = 1 - seen.seat
    size = table.hand_sizes[other]
    if len(unseen) != size + table.to_draw:
        raise ValueError("the view's card counts do not add up")
    dealt, _ = rng.shuffled(unseen)
    hand = tuple(sorted(dealt[:size]))
    deck = tuple(dealt[size:])
    hands = [seen.hand, seen.hand]
    hands[other] = hand
    return State(table, tuple(hands), deck)


def _deck(rules: Rules) -> Counter[int]:
    return Counter(n for n in range(1, rules.top + 1) for _ in (0, 1))


def check_state(state: State) -> None:
    """Invariants of a state read from outside: every card in one place, counts as shown."""
    table = state.table
    places = Counter(table.pile) + Counter(table.cleared) + Counter(state.deck)
    for hand in state.hands:
        places.update(hand)
    if (
        places != _deck(table.rules)
        or tuple(map(len, state.hands)) != table.hand_sizes
        or len(state.deck) != table.to_draw
    ):
        raise SerializationError("not a possible climb state: the cards do not add up")


GAME: GameSpec[Rules, State, Move, View] = GameSpec(
    name="climb",
    title="a two-player card game of the test suite",
    min_players=2,
    max_players=2,
    lower_scores_win=False,
    score_name="points",
    rules_type=Rules,
    state_type=State,
    view_type=View,
    move_type=Move,
    move_types=(Play, Draw, Pass),
    event_types=(Played, Drew),
    load_rules=load_rules,
    new_game=new_game,
    legal_moves=legal_moves,
    apply=apply,
    step=step,
    current_player=current_player,
    is_over=is_over,
    scores=scores,
    winners=winners,
    view=view,
    determinize=determinize,
    check_state=check_state,
    known_variants=packaged_variants,
    max_decisions=4 * 18 + 2,
)
"""Climb's declaration: registered by the tests (``register_game(GAME)``), or announced
through the entry-point group ``noahrules.games``."""
