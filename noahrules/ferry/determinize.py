"""Determinization of a ferry view: one full state a seat cannot tell from the real one.

A search bot sees only its :class:`~noahrules.ferry.view.View`. To look ahead
it samples a complete :class:`~noahrules.ferry.state.State` that agrees with everything the view
shows: the view's own table, and the cards it cannot see dealt at random into the other hands and
the unused deck; the future chance comes from a new generator, never from the real one (F26).
"""

from __future__ import annotations

from collections import Counter
from functools import lru_cache

from noahrules.ferry.knowledge import Known, alone
from noahrules.ferry.ruleset import Card
from noahrules.ferry.state import State, make_state
from noahrules.ferry.view import View
from noahrules.rng import Rng

__all__ = ["determinize", "unseen_cards"]


def unseen_cards(view: View) -> tuple[Card, ...]:
    """The cards the view's seat cannot place, in the order of the rules data.

    These are every card of the rules but the public ones (removed by mark, aboard, departed,
    the escapee in transit: :meth:`~noahrules.ferry.state.Table.public_cards`) and the seat's own
    hand: the cards in the other hands and the unused deck (F28).
    """
    # Counted by id (a card's id is unique in its rules): a string hashes faster than a card.
    seen = Counter([c.id for c in view.table.public_cards()])
    seen.update([c.id for c in view.hand])
    unseen: list[Card] = []
    for card in view.rules.animals:
        if seen[card.id]:
            seen[card.id] -= 1
        else:
            unseen.append(card)
    extra = +seen
    if extra:
        raise ValueError(f"the view shows cards the rules do not have: {sorted(extra)}")
    return tuple(unseen)


def determinize(view: View, rng: Rng) -> State:
    """A full state consistent with ``view``, its hidden cards dealt at random from ``rng``.

    The state holds the view's table and the seat keeps its own hand. Each other hand holds the
    cards the seat knows to be there (``view.known``: taken back, escapees, a giraffe's look,
    cards passed between the seat and that hand); the other cards the seat cannot see
    (:func:`unseen_cards`) are shuffled with ``rng`` (:meth:`~noahrules.rng.Rng.permuted`) and
    dealt, in seat order, to fill the other hands (of the sizes the view shows, each kept in the
    order of the rules data) and into the unused deck. The state's secrets are those shown to
    the seat, its knowledge the seat's own; its generator is a new one seeded from ``rng`` after
    the shuffle, so the sampled future chance is not the real one.

    ``view(determinize(v, rng), v.seat) == v``; the same ``v`` and ``rng`` give the same state.
    Raises :class:`ValueError` when the view's cards do not add up (a forged view).
    """
    free, others, known, knowledge = _plan(view)
    shuffled, rng = rng.permuted(free)
    seed, _ = rng.next64()
    order = view.rules.order
    hands = [view.hand] * view.table.players
    start = 0
    for s in others:
        stop = start + view.hand_sizes[s] - len(known[s])
        hands[s] = tuple(sorted((*known[s], *shuffled[start:stop]), key=lambda c: order[c.id]))
        start = stop
    return make_state(
        view.table, tuple(hands), shuffled[start:], Rng.from_seed(seed), view.revealed, knowledge
    )


@lru_cache(maxsize=16)
def _plan(
    view: View,
) -> tuple[tuple[Card, ...], tuple[int, ...], tuple[tuple[Card, ...], ...], Known]:
    """What :func:`determinize` deals from ``view``, the same for every sample of it (a search
    samples the one view again and again): the cards to shuffle, the other seats, the cards
    known in each hand, and the knowledge of the sampled worlds."""
    players = view.table.players
    seat = view.seat
    if len(view.hand_sizes) != players or not 0 <= seat < players or view.unused < 0:
        raise ValueError(
            f"a view of seat {seat} with {len(view.hand_sizes)} hand sizes for "
            f"{players} players and {view.unused} cards unused"
        )
    unseen = unseen_cards(view)
    others = tuple(s for s in range(players) if s != seat)
    wanted = sum(view.hand_sizes[s] for s in others) + view.unused
    if len(unseen) != wanted or len(view.hand) != view.hand_sizes[seat]:
        raise ValueError(
            f"the view hides {len(unseen)} cards but shows {wanted} in other hands and unused, "
            f"and a hand of {len(view.hand)} for a size of {view.hand_sizes[seat]}"
        )
    known = _known(view, unseen)
    placed = {card for cards in known for card in cards}
    free = tuple(card for card in unseen if card not in placed)
    return free, others, known, alone(view.known, seat, players)


def _known(view: View, unseen: tuple[Card, ...]) -> tuple[tuple[Card, ...], ...]:
    """Per seat, the cards the view knows in that hand, checked against what it cannot see."""
    players = view.table.players
    known = view.known or ((),) * players
    cards = [card for row in known for card in row]
    if (
        len(known) != players
        or known[view.seat]
        or len(set(cards)) != len(cards)
        or not set(cards) <= set(unseen)
        or any(len(known[s]) > view.hand_sizes[s] for s in range(players))
    ):
        raise ValueError("the view knows cards in other hands that cannot be there")
    return known
