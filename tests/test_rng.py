"""The pure, immutable SplitMix64 RNG."""

from __future__ import annotations

import ast
import random
from collections import Counter
from pathlib import Path

import attrs
import pytest

import noahrules
from noahrules import ferry, island, simulate
from noahrules.bots import SearchBot
from noahrules.game import Game
from noahrules.rng import Rng, _permutations

MASK = (1 << 64) - 1


def draws(rng: Rng, count: int) -> list[int]:
    out = []
    for _ in range(count):
        value, rng = rng.next64()
        out.append(value)
    return out


def test_splitmix64_reference_value_for_state_0() -> None:
    # standard SplitMix64: state += 0x9E3779B97F4A7C15, then the mix; first output from state 0
    value, after = Rng(0).next64()
    assert value == 0xE220A8397B1DCDAF
    assert after == Rng(0x9E3779B97F4A7C15)


def test_splitmix64_second_reference_value_for_state_0() -> None:
    # the second output of the reference generator seeded with 0 (published test vector)
    _, rng = Rng(0).next64()
    value, _ = rng.next64()
    assert value == 0x6E789E6AA1B965F4


def test_next64_is_a_64_bit_integer() -> None:
    assert all(0 <= v <= MASK for v in draws(Rng.from_seed(3), 1000))


def test_same_seed_same_sequence() -> None:
    assert draws(Rng.from_seed(42), 50) == draws(Rng.from_seed(42), 50)
    assert Rng.from_seed(42) == Rng.from_seed(42)


def test_same_rng_value_same_draw_again() -> None:
    rng = Rng.from_seed(7)
    first = rng.next64()
    second = rng.next64()
    assert first == second  # drawing does not advance the value drawn from


def test_different_seeds_differ() -> None:
    sequences = {tuple(draws(Rng.from_seed(seed), 8)) for seed in range(100)}
    assert len(sequences) == 100
    assert draws(Rng.from_seed(0), 8) != draws(Rng.from_seed(1), 8)


@pytest.mark.parametrize("seed", [-1, 2**64, 2**64 + 1, -(2**70), 10**30])
def test_any_integer_seed_gives_a_generator(seed: int) -> None:
    rng = Rng.from_seed(seed)
    assert 0 <= rng.state <= MASK
    assert draws(rng, 3) == draws(Rng.from_seed(seed), 3)


def test_large_seeds_differ_from_their_low_bits() -> None:
    assert Rng.from_seed(2**64 + 5) != Rng.from_seed(5)
    assert Rng.from_seed(-1) != Rng.from_seed(MASK)


def test_rng_is_immutable() -> None:
    rng = Rng.from_seed(1)
    with pytest.raises(attrs.exceptions.FrozenInstanceError):
        rng.state = 5  # type: ignore[misc]
    with pytest.raises((AttributeError, TypeError)):
        rng.other = 1  # type: ignore[attr-defined]


def test_rng_compares_and_hashes_by_value() -> None:
    assert Rng(12) == Rng(12)
    assert Rng(12) != Rng(13)
    assert hash(Rng(12)) == hash(Rng(12))
    assert len({Rng(12), Rng(12), Rng(13)}) == 2


def test_no_code_of_the_library_uses_the_global_random_module(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Games, views, determinization, bots and simulation run with every function of the global
    :mod:`random` module replaced by one that fails: all chance comes from :class:`Rng`."""

    def refuse(*args: object, **kwargs: object) -> None:
        raise AssertionError("the global random module was used")

    for name in ("random", "randint", "randrange", "choice", "choices", "shuffle", "sample"):
        monkeypatch.setattr(random, name, refuse)
    monkeypatch.setattr(random, "getrandbits", refuse)
    games: tuple[Game, ...] = (ferry.GAME, island.GAME)
    for game in games:
        report = simulate(game, game.load_rules(), 2, ["random", "greedy"], games=2, workers=1)
        assert report.unfinished == 0
        state = game.new_game(game.load_rules(), 2, seed=4)
        seat = game.current_player(state)
        assert seat is not None
        assert SearchBot(game, 1, iterations=3).choose(game.view(state, seat))


def test_the_library_imports_no_source_of_chance_but_rng() -> None:
    """Only :mod:`noahrules.rng` makes chance; the command line may pick a seed for a game
    the user did not seed (``noahrules play``), the simulator times bots, the search bot reads
    the CPU clock for its ``time`` budget (never to draw), the progress bar
    times runs and the rules cache compares the files' times with the clock (never the games).
    The framework adapters of ``noahrules.rl`` use NumPy, and pick
    a game's seed from NumPy's generator when ``reset`` is given none, as Gymnasium and
    PettingZoo environments do. The table server draws seat tokens and the seeds of its tables
    with ``secrets`` and keeps time for its checkpoints and bots."""
    allowed = {
        ("noahrules/cli/play.py", "secrets"),
        ("noahrules/simulation.py", "time"),
        ("noahrules/bots/search.py", "time"),
        ("noahrules/progress.py", "time"),
        ("noahrules/data/status.py", "time"),
    }
    found = set()
    root = Path(noahrules.__file__).parent.parent
    for path in sorted((root / "noahrules").rglob("*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            names = []
            if isinstance(node, ast.Import):
                names = [a.name.split(".")[0] for a in node.names]
            elif isinstance(node, ast.ImportFrom) and node.module:
                names = [node.module.split(".")[0]]
            for name in names:
                if name in ("random", "secrets", "numpy", "time", "uuid"):
                    found.add((path.relative_to(root).as_posix(), name))
    adapters = {(path, name) for path, name in found if path.startswith("noahrules/rl/")}
    assert {name for _, name in adapters} <= {"numpy"}, adapters
    server = {(path, name) for path, name in found if path.startswith("noahrules/serve/")}
    assert {name for _, name in server} <= {"secrets", "time"}, server
    assert found - adapters - server <= allowed, found - adapters - server - allowed


@pytest.mark.parametrize("n", [1, 2, 3, 5, 7, 10, 52])
def test_below_stays_in_range_and_hits_every_value(n: int) -> None:
    rng = Rng.from_seed(n)
    seen: Counter[int] = Counter()
    for _ in range(60 * n):
        value, rng = rng.below(n)
        assert 0 <= value < n
        seen[value] += 1
    assert set(seen) == set(range(n))


def test_below_one_is_always_zero() -> None:
    rng = Rng.from_seed(4)
    for _ in range(20):
        value, rng = rng.below(1)
        assert value == 0


@pytest.mark.parametrize("n", [0, -3])
def test_below_rejects_n_below_one(n: int) -> None:
    with pytest.raises(ValueError):
        Rng.from_seed(0).below(n)


def test_below_large_n_in_range() -> None:
    rng = Rng.from_seed(8)
    n = 3 * 2**62  # rejection zone is a quarter of all 64-bit values
    for _ in range(200):
        value, rng = rng.below(n)
        assert 0 <= value < n


def test_below_is_roughly_uniform() -> None:
    # 60000 draws over 6 faces: each face expects 10000, standard deviation about 91;
    # a bound of 600 (over 6 sigma) fails only for a broken generator
    rng = Rng.from_seed(2024)
    counts: Counter[int] = Counter()
    for _ in range(60000):
        value, rng = rng.below(6)
        counts[value] += 1
    assert set(counts) == set(range(6))
    assert all(abs(c - 10000) < 600 for c in counts.values()), counts


def test_next64_bits_are_roughly_balanced() -> None:
    values = draws(Rng.from_seed(77), 4000)
    for bit in (0, 1, 31, 32, 62, 63):
        ones = sum(v >> bit & 1 for v in values)
        # expected 2000, sd about 32
        assert abs(ones - 2000) < 250, (bit, ones)


def test_choice_picks_an_element() -> None:
    items = ("a", "b", "c")
    rng = Rng.from_seed(3)
    seen = set()
    for _ in range(100):
        item, rng = rng.choice(items)
        assert item in items
        seen.add(item)
    assert seen == set(items)


def test_shuffled_same_seed_same_order_and_advances() -> None:
    items = tuple(range(20))
    first, after = Rng.from_seed(5).shuffled(items)
    second, after2 = Rng.from_seed(5).shuffled(items)
    assert first == second
    assert after == after2
    assert after != Rng.from_seed(5)
    third, _ = after.shuffled(items)
    assert third != first  # 1 chance in 20! of a false failure


def test_permuted_same_rng_same_order() -> None:
    items = tuple(range(60))  # 60! needs five 64-bit draws
    assert Rng.from_seed(5).permuted(items) == Rng.from_seed(5).permuted(items)
    first, after = Rng.from_seed(5).permuted(items)
    assert sorted(first) == list(items)
    assert after.permuted(items)[0] != first  # 1 chance in 60! of a false failure


def test_permuted_draws_a_number_below_n_factorial_with_64_bits_to_spare() -> None:
    # 3! = 6 takes 3 bits: two 64-bit draws, kept below the largest multiple of 6 under 2**128
    assert _permutations(3) == (6, 2, 2**128 - 2**128 % 6)
    # 52! < 2**226: four draws make 256 bits, 30 to spare, so a fifth is drawn
    assert _permutations(52)[1] == 5


SHUFFLES = ["shuffled", "permuted"]


@pytest.mark.parametrize("method", SHUFFLES)
def test_a_shuffle_is_a_permutation_and_leaves_input_unchanged(method: str) -> None:
    items = [5, 1, 4, 1, 3, 9, 2, 6]
    copy = list(items)
    result, after = getattr(Rng.from_seed(11), method)(items)
    assert isinstance(result, tuple)
    assert sorted(result) == sorted(copy)
    assert items == copy
    assert after != Rng.from_seed(11)


@pytest.mark.parametrize("method", SHUFFLES)
def test_a_shuffle_of_nothing_or_one_item(method: str) -> None:
    rng = Rng.from_seed(1)
    assert getattr(rng, method)([])[0] == ()
    assert getattr(rng, method)(["x"])[0] == ("x",)


@pytest.mark.parametrize("method", SHUFFLES)
def test_a_shuffle_reaches_every_permutation_of_four_evenly(method: str) -> None:
    rng = Rng.from_seed(13)
    counts: Counter[tuple[str, ...]] = Counter()
    for _ in range(24000):
        order, rng = getattr(rng, method)("abcd")
        counts[order] += 1
    assert len(counts) == 24
    # each of the 24 orders expects 1000, sd about 31
    assert all(abs(c - 1000) < 200 for c in counts.values()), counts


@pytest.mark.parametrize("method", SHUFFLES)
def test_a_shuffle_moves_each_item_to_each_position(method: str) -> None:
    rng = Rng.from_seed(21)
    positions: Counter[int] = Counter()
    for _ in range(10000):
        order, rng = getattr(rng, method)(range(10))
        positions[order.index(0)] += 1
    # expected 1000 per position, sd 30
    assert all(abs(positions[p] - 1000) < 200 for p in range(10)), positions
