"""The greedy bot: the legal move with the best one-step heuristic score, from the view alone.

Each game has its own scoring function (:func:`ferry_scores`, :func:`island_scores`) that rates
every legal move of a view; the bot takes the best, breaking ties with its seeded generator. The
heuristics read the rules data (card ``tears`` and ``weight``, ferry ``load`` and ``capacity``,
``departure_gifts``, tile ``points``, the ark's ``doubled`` species), never species names.

- ferry: shed cards with many tears, make ferries depart, make pairs for extra turns, empty the
  hand; send Noah where the next player is likely to have to take animals (or, before an extra
  turn of one's own, where one plays best); give away and give back the cards with most tears.
- island: rescue the most valuable pair (x2 species, sole-rescuer bonus); sail next to pairs;
  flood for points, next to the ark and face-down animals, and never over a pair one could rescue.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from noahrules import ferry as ferry_game
from noahrules import island as island_game
from noahrules.bots.base import moves_to_choose
from noahrules.ferry import Boarded, Card, Ferry, Gender
from noahrules.ferry.state import capacity
from noahrules.rng import Rng

__all__ = ["GreedyBot", "ferry_scores", "island_scores", "scorer_for"]

Scorer = Callable[[Any], Sequence[float]]


class GreedyBot:
    """Plays the legal move with the highest one-step heuristic score for its game
    (:func:`ferry_scores` or :func:`island_scores`); ties are broken by its seeded generator."""

    name = "greedy"

    def __init__(self, game: Any, seed: int = 0) -> None:
        self.game = game
        self.rng = Rng.from_seed(seed)
        self.score = scorer_for(game)

    def choose(self, view: Any) -> Any:
        """The best-scoring legal move of ``view`` (ties broken at random)."""
        moves = moves_to_choose(view)
        if len(moves) == 1:
            return moves[0]
        values = self.score(view)
        best = max(values)
        top = [m for m, v in zip(moves, values, strict=True) if v >= best - 1e-9]
        move, self.rng = self.rng.choice(top)
        return move


def scorer_for(game: Any) -> Scorer:
    """The heuristic scoring function for a game module (by its ``NAME``)."""
    scorer = _SCORERS.get(game.NAME)
    if scorer is None:
        raise ValueError(f"the greedy bot has no heuristic for the game '{game.NAME}'")
    return scorer


# --- ferry ---------------------------------------------------------------------------------------

_DEPART = 6.0
"""Worth of making a ferry depart (its animals leave the round), besides the bonus gifts."""
_PAIR = 2.5
"""Worth of an extra turn (F15): another card shed."""
_EMPTY_HAND = 40.0
"""Worth of emptying one's hand: the round ends and one's tears are 0 (F20)."""


def _fits(ferry: Ferry, animal: Boarded) -> bool:
    """Whether ``animal`` may board ``ferry`` by F10, F11 and V4 (a frog's wild weight and a
    crocodile's escape are left to the rules engine: this is a heuristic's estimate)."""
    animals = ferry.animals
    if len(animals) >= 2:
        alternate = animals[0].gender is not animals[1].gender
        if (animal.gender is animals[-1].gender) == alternate:
            return False
    limit = animal.card.abilities.capacity_limit
    cap = min(ferry.capacity, limit) if limit is not None else ferry.capacity
    if ferry.load + animal.weight > cap:
        return False
    unique = ferry.card.unique_species
    return not (unique and any(a.card.species == animal.card.species for a in animals))


def _as_played(card: Card) -> tuple[Boarded, ...]:
    """The ways an unseen card could board, as far as the gender rule goes."""
    if card.abilities.choose_gender:
        return tuple(Boarded(card, g, card.weight) for g in (Gender.MALE, Gender.FEMALE))
    return (Boarded(card, card.gender, card.weight),)


def _top_tears(hand: Sequence[Card], count: int) -> int:
    return sum(sorted((c.tears for c in hand), reverse=True)[:count])


def _play_value(view: Any, ferry: Ferry, card: Card, gender: Gender, weight: int) -> float:
    """The heuristic worth of playing ``card`` (as ``gender``, ``weight``) onto ``ferry``."""
    rules = view.rules
    aboard = ferry.animals
    animal = Boarded(card, gender, weight)
    escaped: Card | None = None
    if card.abilities.first_escapes and aboard:
        escaped, aboard = aboard[0].card, aboard[1:]
    after = (*aboard, animal)
    load = sum(a.weight for a in after)
    cap = capacity(ferry.card, after)
    hand = list(view.hand)
    hand.remove(card)
    value = float(card.tears) + 0.05 * card.weight
    if not hand:
        value += _EMPTY_HAND
    if load == cap:
        gifts = rules.departure_gifts[min(view.departures, len(rules.departure_gifts) - 1)]
        value += _DEPART + _top_tears(hand, gifts) + 0.5 * min(gifts, len(hand))
    elif not card.abilities.noah_stays:
        value += 0.1 * (cap - load) / max(cap, 1)
    else:
        # F31: the next player plays here; a small gap invites them to make it depart.
        gap = cap - load
        value -= 2.0 if 0 < gap <= 10 else 0.0
    if ferry.animals and ferry.animals[-1].card.species == card.species:
        value += _PAIR
    if card.abilities.reduce_penalty:
        value += min(card.abilities.reduce_penalty, view.penalties[view.seat])
    if escaped is not None:
        value += escaped.tears
    if card.abilities.look_at_hand or card.abilities.steal_and_return:
        value += 0.2
    return value


def _best_play_at(view: Any, ferry: Ferry) -> float:
    """The best worth of one of the view's own cards on ``ferry`` (or the cost of taking)."""
    best: float | None = None
    for card in view.hand:
        for animal, _ in view.rules.ways[card.id]:
            if _fits(ferry, animal):
                value = _play_value(view, ferry, card, animal.gender, animal.weight)
                best = value if best is None else max(best, value)
    if best is None:
        return -float(sum(a.card.tears for a in ferry.animals)) - 1.0
    return best


def _danger_for_next(view: Any, ferry: Ferry, unseen: Sequence[Card]) -> float:
    """How good it is for us that the next player must play on ``ferry``: the chance they must
    take its animals (F13) times the tears aboard, minus the chance they make it depart."""
    nxt = (view.seat + 1) % view.players
    size: int = view.hand_sizes[nxt]
    if not unseen or not size:
        return 0.0
    fit = depart = 0
    for card in unseen:
        ways = _as_played(card)
        fitting = [a for a in ways if _fits(ferry, a)]
        if fitting:
            fit += 1
            if any(
                ferry.load + a.weight == capacity(ferry.card, (*ferry.animals, a)) for a in fitting
            ):
                depart += 1
    p_fit, p_depart = fit / len(unseen), depart / len(unseen)
    p_stuck = (1.0 - p_fit) ** size
    p_departs = 1.0 - (1.0 - p_depart) ** size
    taken = sum(a.card.tears for a in ferry.animals) + 0.5 * len(ferry.animals)
    return p_stuck * taken - p_departs * _DEPART


def ferry_scores(view: Any) -> list[float]:
    """A heuristic score per legal move of a ferry view (higher is better)."""
    moves = view.legal_moves
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
    for move in moves:
        if isinstance(move, ferry_game.PlayAnimal):
            card = rules.card[move.card]
            here = view.docks[view.noah]
            gender = move.gender if move.gender is not None else card.gender
            weight = move.weight if move.weight is not None else card.weight
            scores.append(_play_value(view, here, card, gender, weight))
        elif isinstance(move, ferry_game.MoveNoah):
            there = view.docks[move.dock]
            if there is None:
                scores.append(0.0)
            elif view.pair:
                scores.append(_best_play_at(view, there))
            else:
                if unseen is None:
                    unseen = ferry_game.unseen_cards(view)
                scores.append(_danger_for_next(view, there, unseen))
        elif isinstance(move, ferry_game.GiveCard):
            card = rules.card[move.card]
            scores.append(1.0 + card.tears + 0.05 * card.weight + target[move.to])
        elif isinstance(move, ferry_game.GiveBack):
            card = rules.card[move.card]
            scores.append(card.tears + 0.05 * card.weight)
        elif isinstance(move, ferry_game.LookAtHand | ferry_game.SendEscapee):
            scores.append(target[move.seat])
        elif isinstance(move, ferry_game.StealFrom):
            scores.append(target[move.seat] + 0.1 * view.hand_sizes[move.seat])
        else:  # TakeAnimals (forced) and EndGiving
            scores.append(0.0)
    return scores


# --- island --------------------------------------------------------------------------------------


def _species_value(view: Any, species: str) -> float:
    """What rescuing one pair of ``species`` is worth to the view's seat (I17, I18)."""
    rules = view.rules
    seat = view.seat
    kind = rules.kind[species]
    if not kind.rescuable:
        return 0.0
    mine = view.rescued[seat].count(species)
    others = [s for s, r in enumerate(view.rescued) if s != seat and species in r]
    if rules.scoring is island_game.Scoring.ADVANCED and rules.is_species(species):
        pairs = sum(r.count(species) for r in view.rescued) // 2
        value = float(rules.species_points // (pairs + 1))
    else:
        value = 2.0 * kind.points
    if species in rules.arks[seat].doubled:
        value *= 2
    if rules.is_species(species):
        if not others and not mine:
            value += rules.sole_rescuer_bonus
        elif len(others) == 1 and not mine:
            value += 0.5 * rules.sole_rescuer_bonus  # it spoils an opponent's bonus
    return value


def _pairs(view: Any, gone: frozenset[int] = frozenset()) -> dict[str, list[int]]:
    """Face-up rescuable tiles by species (two or more), leaving out the spaces ``gone``."""
    found: dict[str, list[int]] = {}
    kind = view.rules.kind
    for space, tile in enumerate(view.tiles):
        if tile is not None and tile.face_up and space not in gone and kind[tile.species].rescuable:
            found.setdefault(tile.species, []).append(space)
    return {s: spaces for s, spaces in found.items() if len(spaces) >= 2}


def _reach(view: Any, ark: int, pairs: dict[str, list[int]]) -> float:
    """The best pair the ark could rescue from ``ark`` (one tile next to it)."""
    near = view.rules.board.near[ark]
    best = 0.0
    for species, spaces in pairs.items():
        if any(s in near for s in spaces):
            best = max(best, _species_value(view, species))
    return best


def _nearby(view: Any, ark: int) -> float:
    """Prospects around a water space: face-up pair tiles and face-down tiles next to it."""
    tiles = view.tiles
    value = 0.0
    for n in view.rules.board.neighbours[ark]:
        tile = tiles[n]
        if tile is not None:
            value += 0.3 if tile.face_up else 0.15
    return value


def island_scores(view: Any) -> list[float]:
    """A heuristic score per legal move of an island view (higher is better)."""
    rules = view.rules
    board = rules.board
    seat = view.seat
    ark = view.arks[seat]
    moves = view.legal_moves
    scores: list[float] = []
    pairs = _pairs(view) if ark is not None else {}
    for move in moves:
        if isinstance(move, island_game.Rescue):
            species = view.tiles[move.first].species
            scores.append(10.0 + _species_value(view, species))
        elif isinstance(move, island_game.MoveArk):
            if view.actions_left >= 2:
                value = 5.0 + 0.9 * _reach(view, move.space, pairs)
                value = value if value > 5.0 else 0.0
            else:
                value = 0.0
            assert ark is not None
            scores.append(value + _nearby(view, move.space) - _nearby(view, ark))
        elif isinstance(move, island_game.Flood):
            scores.append(_flood_value(view, move.space, pairs))
        elif isinstance(move, island_game.PlaceArk):
            ring = set(board.neighbours[move.space])
            for n in board.neighbours[move.space]:
                ring.update(board.neighbours[n])
            scores.append(float(sum(1 for s in ring if view.tiles[s] is not None)))
        else:  # EndTurn
            scores.append(0.0)
    return scores


def _flood_value(view: Any, space: int, pairs: dict[str, list[int]]) -> float:
    """Worth of flooding ``space``: the points (I10), the animals revealed near one's ark (I11),
    the pair spoiled or kept, and a new water space beside the ark to sail into."""
    rules = view.rules
    board = rules.board
    ark = view.arks[view.seat]
    assert ark is not None
    tiles = view.tiles
    value = float(len(board.near[space] & view.water))
    around = board.near[ark]
    hidden = [n for n in board.neighbours[space] if tiles[n] is not None and not tiles[n].face_up]
    value += sum(0.6 if n in around else 0.25 for n in hidden)
    tile = tiles[space]
    if tile is not None and tile.face_up:
        spaces = pairs.get(tile.species, [])
        if len(spaces) == 2:  # covering it breaks the only pair of its species
            value -= 1.0 * _species_value(view, tile.species)
    if space in around:
        # The ark may sail into the new water next to land it could not reach before.
        reached = {n for spaces in pairs.values() for n in spaces}
        value += 0.5 * sum(1 for n in board.neighbours[space] if n in reached and n not in around)
    return value


_SCORERS: dict[str, Scorer] = {"ferry": ferry_scores, "island": island_scores}
"""Per game name, its heuristic."""
