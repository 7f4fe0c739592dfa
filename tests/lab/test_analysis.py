"""The analysis of a made-up study whose every number can be worked by hand, and of real
games."""

from __future__ import annotations

import math
import random
from typing import Any

import attrs
import pytest

from noahrules import GAMES
from noahrules.lab import Arm, BalanceReport, Finding, Outcome, Played, Study, analyse
from noahrules.lab.analysis import balance_spread, win_spread
from noahrules.lab.deals import Deal
from noahrules.lab.findings import readings
from noahrules.lab.stats import percentile_interval, resample, resampled
from noahrules.lab.tables import SEAT_MARK
from noahrules.simulation import GameResult

DEALS = 30
FERRY = GAMES["ferry"]
RULES = FERRY.load_rules()


def _holder(deal: int, table: int, card: str) -> int | None:
    """The seat the deal of ``deal`` gives ``card`` at ``table`` (F7), read from the hands."""
    state = FERRY.new_game(RULES, 3, 1000 + deal, table)
    return next((s for s, hand in enumerate(state.hands) if any(c.id == card for c in hand)), None)


def _game(deal: int, table: int, winner: int, decisions: int) -> Played:
    """Seat ``winner`` wins with 0 penalties (the others 10 and 20) having played cat-1; the
    others played parrot-5."""
    scores = tuple(0 if s == winner else 10 + 10 * ((s - winner) % 3 == 2) for s in range(3))
    counts = {"plays per card": {"cat-1": 1, "parrot-5": 2}}
    for seat in range(3):
        counts[f"plays per card{SEAT_MARK}{seat}"] = (
            {"cat-1": 1} if seat == winner else {"parrot-5": 1}
        )
    result = GameResult(
        index=deal,
        seed=1000 + deal,
        seats=("greedy",) * 3,
        scores=scores,
        winners=(winner,),
        decisions=decisions,
        finished=True,
        numbers={"rounds": 3},
        counts=counts,
    )
    return Played(deal, table, result)


def _study(deals: int) -> Study:
    return Study(
        game="ferry",
        arms=(Arm("base", ()), Arm("frog", ("frog",))),
        players=(3,),
        bots=("greedy",),
        games=3 * deals,
    )


@pytest.fixture(scope="module")
def made_up() -> Outcome:
    """In the base the first player (seat t at table t) always wins; with the frog the second
    does, and games are 20 decisions longer."""
    base = tuple(_game(d, t, t, 100 + d) for d in range(DEALS) for t in range(3))
    frog = tuple(_game(d, t, (t + 1) % 3, 120 + d) for d in range(DEALS) for t in range(3))
    return Outcome(_study(DEALS), (base, frog), (DEALS,), interrupted=False)


def test_seat_balance_by_hand(made_up: Outcome) -> None:
    report = analyse(made_up)
    base, frog = report.arms
    assert [r.rate for r in base.positions] == [1.0, 0.0, 0.0]
    assert [r.rate for r in frog.positions] == [0.0, 1.0, 0.0]
    # 90 wins at position 0, expected 30 each: (60^2 + 30^2 + 30^2) / 30 = 180
    assert base.positions_test.statistic == pytest.approx(180.0)
    assert base.positions_test.p_value == pytest.approx(math.exp(-90), rel=1e-9)
    # each seat number moves first at one table of each deal: even
    assert [r.wins for r in base.seats] == [30, 30, 30]
    assert base.seats_test.statistic == 0 and base.seats_test.p_value == 1.0


def test_lengths_scores_and_measures_by_hand(made_up: Outcome) -> None:
    base = analyse(made_up).arms[0]
    decisions = base.length["decisions"]
    # 100..129, three times each: median 114.5; the 81st of 90 is 100 + 80 // 3
    assert (decisions.median, decisions.p90) == (114.5, 126.0)
    assert (decisions.minimum, decisions.maximum) == (100, 129)
    assert decisions.capped.wins == 0
    assert base.lengths["decisions"][0] == (100, 3)
    assert set(base.length) == {"decisions", "rounds"}  # the game's statistics count rounds
    assert base.length["rounds"].mean == 3 and base.lengths["rounds"] == ((3, 90),)
    assert [s.mean for s in base.scores] == [0.0, 10.0, 20.0]
    assert base.score_counts[0] == ((0, 90),)
    assert base.spread.mean == 20.0
    assert base.decisive.rate == 1.0 and base.drawn.rate == 0.0
    assert "rounds" not in base.numbers  # a length: in the one table of lengths
    measures = base.measures
    assert measures.win_spread.estimate == 1.0  # position 0 wins every game
    assert measures.first_seat.estimate == pytest.approx(2 / 3)
    assert measures.duration["decisions"].estimate == pytest.approx(114.5)


def test_what_was_played_is_counted_never_tested(made_up: Outcome) -> None:
    """Every winner played cat-1 and every loser parrot-5: before, this was a "finding" that
    cat-1 wins. It is a table of what winners did, and no test is made of it."""
    report = analyse(made_up)
    base = report.arms[0]
    cat = {t.key: t for t in base.played["plays per card"]}["cat-1"]
    assert (cat.per_game, cat.seats_with.rate, cat.seats_with.games) == (1.0, 1.0, 90)
    assert (cat.seats_without.rate, cat.seats_without.games) == (0.0, 180)
    parrots = {t.key: t for t in base.played["plays per card by species"]}["parrot"]
    assert parrots.per_game == 2.0 and parrots.seats_with.rate == 0.0
    assert not [f for f in report.findings if "cat-1" in f.subject or "cat-1" in f.text]
    kinds = {f.kind for f in report.findings}
    assert kinds == {"seats", "seat numbers", "against the base", "dealt"}


def test_the_deal_decides_the_effects() -> None:
    """The seat dealt elephant-1 wins; without it, the first player does. The effect of being
    dealt elephant-1 is counted from the hands of each deal (F7), within turn positions."""
    deals = DEALS
    holders = {(d, t): _holder(d, t, "elephant-1") for d in range(deals) for t in range(3)}
    games = tuple(
        _game(d, t, t if holders[d, t] is None else holders[d, t], 100)  # type: ignore[arg-type]
        for d in range(deals)
        for t in range(3)
    )
    dealt = sum(h is not None for h in holders.values())
    outcome = Outcome(_study(deals), (games, games), (deals,), interrupted=False)
    report = analyse(outcome)
    effects = {e.key: e for e in report.arms[0].dealt["cards dealt"]}
    elephant = effects["elephant-1"]
    assert (elephant.given.games, elephant.given.rate) == (dealt, 1.0)
    undealt_games = 3 * deals - dealt
    assert elephant.not_given.games == 2 * dealt + 3 * undealt_games
    assert elephant.not_given.wins == undealt_games  # the first player of each other game
    assert set(effects) == {c.id for c in RULES.animals if c.min_players <= 3}  # F4: 31 cards
    assert "frog-1" not in effects
    found = {(f.family, f.subject): f for f in report.findings if f.arm == "base"}
    finding = found["dealt: cards dealt", "elephant-1"]
    assert finding.significant and finding.p_adjusted < 1e-6
    assert finding.p_adjusted >= finding.p_value
    assert finding.method == "Cochran-Mantel-Haenszel test within turn positions"
    assert finding.text.startswith("base: seats given 'elephant-1' (cards dealt) win 100.0%")
    species = found["dealt: cards dealt by species", "elephant"]
    assert species.estimate is not None and species.estimate > 0
    families = {f.name: f for f in report.families}
    # every card of each arm: 31 in the base, 29 with the frog (V2: no snails, 3 frogs)
    assert families["dealt: cards dealt"].tests == 31 + 29


def test_differences_from_the_base_by_hand(made_up: Outcome) -> None:
    report = analyse(made_up)
    (frog,) = report.comparisons
    assert (frog.arm, frog.players) == ("frog", 3)
    # Each frog game is 20 decisions longer than the base's of its deal: the median too, in
    # every resample of the deals drawn alike for both arms, so the interval is 20 alone, and
    # with no spread at all the z-test's p-value is 0.
    assert (frog.length.estimate, frog.length.low, frog.length.high) == (20.0, 20.0, 20.0)
    assert (frog.length.error, frog.length.p_value) == (0.0, 0.0)
    assert frog.length.method == "paired bootstrap over deals of the difference of medians"
    # position 0 wins every base game and no frog game: -1 in every deal, no spread
    assert (frog.first_seat.estimate, frog.first_seat.p_value) == (-1.0, 0.0)
    assert frog.first_seat.method == "paired z-test over deals"
    # by position: the frog's second player wins what the base's first did
    assert [d.estimate for d in frog.positions] == [-1.0, 1.0, 0.0]
    # both arms give all wins to one position: the same spread, 1
    assert frog.win_spread.estimate == 0 and frog.win_spread.p_value == 1.0
    assert frog.win_spread.method == "paired bootstrap over deals"
    assert frog.spread.estimate == 0 and frog.decisive.estimate == 0
    written: Any = report.to_dict()["comparisons"]
    assert written[0]["length"]["method"].endswith("of medians")


def test_findings_are_records_corrected_by_family(made_up: Outcome) -> None:
    report = analyse(made_up)
    by = {(f.kind, f.arm, f.subject): f for f in report.findings}
    seats = by["seats", "base", "positions"]
    assert seats.significant and seats.method == "Pearson's chi-square of even wins (2 df)"
    assert seats.family == "seats" and seats.players == 3
    assert (seats.estimate, seats.unit) == (100.0, "pp")  # the win-rate spread: 100% - 0%
    numbers = by["seat numbers", "base", "seat numbers"]
    assert (numbers.estimate, numbers.low, numbers.high) == (0.0, None, None)
    assert seats.text.startswith(
        "base: positions (turn order) do not win evenly: position 0 wins 100.0%"
    )
    assert "chi-square 180.0, 2 df, p = 8.2e-40, Holm-adjusted" in seats.text
    length = by["against the base", "frog", "game length"]
    assert length.significant and length.estimate == pytest.approx(20.0)
    assert length.text.startswith("frog against base: game length (median) +20.0 decisions")
    spread = by["against the base", "frog", "win-rate spread"]
    assert not spread.significant and "no difference shown" in spread.text
    assert not by["seat numbers", "base", "seat numbers"].significant
    # the seat family: 4 tests (positions and seat numbers of both arms), corrected together
    family = {f.name: f for f in report.families}["seats"]
    assert (family.tests, family.significant, family.correction) == (4, 2, "holm")
    bonferroni = analyse(made_up, correction="bonferroni").findings
    assert [f.p_adjusted for f in bonferroni if f.family == "seats"] == pytest.approx(
        [min(1.0, 4 * f.p_value) for f in report.findings if f.family == "seats"]
    )
    first = report.to_dict()["findings"]
    assert isinstance(first, list) and first[0].keys() >= {
        "text", "kind", "arm", "p_value", "p_adjusted", "method", "significant"
    }  # fmt: skip


def _borderline() -> BalanceReport:
    """Three identical bots over 1,500 games: positions win 546, 467 and 487."""
    deals, cuts = 500, (546, 546 + 467)
    games = []
    for k in range(3 * deals):
        deal, table = divmod(k, 3)
        position = 0 if k < cuts[0] else 1 if k < cuts[1] else 2
        games.append(_game(deal, table, (table + position) % 3, 100))
    study = Study(game="ferry", arms=(Arm("base", ()),), players=(3,), bots=("greedy",), games=1500)
    return analyse(Outcome(study, (tuple(games),), (deals,), interrupted=False))


def test_a_borderline_seat_test_is_no_finding_once_corrected() -> None:
    """Three identical bots over 1,500 games: positions win 546, 467 and 487 (chi-square
    (46^2 + 33^2 + 13^2) / 500 = 6.748, p = exp(-3.374) = 0.0343), seat numbers about evenly.
    Alone, the position test said "do not win evenly"; corrected with the seat numbers' test
    of its family, its p-value doubles (Holm: the smaller of two p-values times 2) and it is
    no finding."""
    report = _borderline()
    by = {f.subject: f for f in report.findings if f.family == "seats"}
    positions, seats = by["positions"], by["seat numbers"]
    assert positions.p_value == pytest.approx(math.exp(-6.748 / 2), rel=1e-6)
    assert seats.p_value > positions.p_value
    assert positions.p_adjusted == pytest.approx(2 * positions.p_value)
    assert not positions.significant
    assert "win evenly as far as these games tell" in positions.text
    assert not report.significant or all(f.kind == "dealt" for f in report.significant)


def test_a_study_of_real_games_adds_up(ferry_outcome: Outcome, island_outcome: Outcome) -> None:
    for outcome in (ferry_outcome, island_outcome):
        report = analyse(outcome)
        assert [a.name for a in report.arms] == [a.name for a in outcome.study.arms]
        assert len(report.comparisons) == len(report.arms) - 1
        for arm, games in zip(report.arms, outcome.games, strict=True):
            won = sum(1 for p in games if p.result.winners)
            assert sum(r.wins for r in arm.positions) == pytest.approx(won)
            assert sum(r.wins for r in arm.seats) == pytest.approx(won)
            assert sum(n for _, n in arm.lengths["decisions"]) == arm.games == len(games)
            assert set(arm.length) == {"decisions", "turns", "rounds"}
            assert all(sum(n for _, n in c) == len(games) for c in arm.score_counts)
            decisions = arm.length["decisions"]
            assert decisions.minimum <= decisions.median <= decisions.p90 <= decisions.maximum
    ferry_report = analyse(ferry_outcome)
    ratings = ferry_report.arms[0].ratings
    assert set(ratings) == {"greedy", "random"}
    assert ratings["greedy"].mu > ratings["random"].mu  # greedy beats random
    assert ferry_report.arms[0].bots["greedy"].games == 24
    island_report = analyse(island_outcome)
    assert island_report.arms[0].ratings == {}  # one bot: nothing to rate
    assert "pairs rescued per species" in island_report.arms[0].played
    assert list(island_report.arms[0].dealt) == ["x2 species face up at the start"]


def test_a_long_study_is_bootstrapped_over_groups_of_deals() -> None:
    """Beyond 1,000 deals the bootstrap draws groups of consecutive deals: the estimate is
    that of all the deals, and the interval still brackets it."""
    deals = 1200
    base = tuple(_game(d, t, (d + t) % 3, 100) for d in range(deals) for t in range(3))
    frog = tuple(
        _game(d, t, t if d % 2 else (d + t) % 3, 100) for d in range(deals) for t in range(3)
    )
    outcome = Outcome(_study(deals), (base, frog), (deals,), interrupted=False)
    (comparison,) = analyse(outcome).comparisons
    # the base is even; the frog gives position 0 every win of odd deals: shares 2/3, 1/6, 1/6
    assert comparison.win_spread.estimate == pytest.approx(1 / 2)
    assert comparison.win_spread.low < 1 / 2 < comparison.win_spread.high
    assert comparison.win_spread.p_value is not None and comparison.win_spread.p_value < 0.01


def test_games_stopped_at_the_cap_decide_nothing(made_up: Outcome) -> None:
    """The base's game of deal 0 at table 0 stopped at the cap: it counts apart, and the win
    rates, lengths and scores are of the 89 finished games (unless counted in)."""
    capped = made_up.games[0][0]
    stopped = Played(0, 0, attrs.evolve(capped.result, winners=(), finished=False,
                                        decisions=10_000, numbers={}))  # fmt: skip
    outcome = attrs.evolve(made_up, games=((stopped, *made_up.games[0][1:]), made_up.games[1]))
    report = analyse(outcome)
    base = report.arm("base")
    assert (base.games, base.unfinished) == (90, 1)
    assert (base.positions[0].wins, base.positions[0].games) == (89, 89)
    decisions = base.length["decisions"]
    # 89 lengths: 100 twice, then 101..129 three times each; the 45th is 115
    assert (decisions.median, decisions.maximum, decisions.capped.wins) == (115.0, 129.0, 1)
    assert sum(n for _, n in base.lengths["decisions"]) == 89
    assert sum(n for _, n in base.score_counts[0]) == 89
    assert report.notes == (
        "base: 1 of 90 games stopped at the cap of 10,000 decisions: the bots looped; left "
        "out of the win rates, the lengths and the scores",
    )
    assert report.comparisons[0].first_seat.estimate == -1.0  # 89 of 89 against 0 of 90
    counted = analyse(outcome, count_capped=True)
    assert counted.arm("base").positions[0].games == 90
    assert counted.arm("base").positions[0].rate == pytest.approx(89 / 90)
    assert "counted as games nobody won" in counted.notes[0]


def _finding(kind: str, arm: str, significant: bool, estimate: float = 0.0) -> Finding:
    subject = "positions" if kind == "seats" else "win-rate spread"
    family = "seats" if kind == "seats" else "against the base"
    p = 0.001 if significant else 0.4
    return Finding("", kind, arm, 4, subject, family, "", p, p, significant, estimate,
                   estimate - 3, estimate + 3, "pp")  # fmt: skip


def test_which_arm_is_fairer_is_read_only_from_their_difference() -> None:
    """The base's seats uneven, the arm's not shown uneven: the arm is fairer only if the test
    of the difference of their spreads says so."""
    tested = [
        _finding("seats", "base", True),
        _finding("seats", "three", False),
        _finding("against the base", "three", False, -4.1),
    ]
    (open_,) = readings(tested, several=True)
    assert open_.startswith(
        "three at 4 players: the seat test finds base's positions uneven and not three at 4 "
        "players's, but the difference between them is not significant"
    )
    assert "-4.1 pp (95% CI -7.1 to -1.1)" in open_
    tested[2] = _finding("against the base", "three", True, -4.1)
    (shown,) = readings(tested, several=True)
    assert "the difference between them says three at 4 players is fairer than the base" in shown
    tested[1] = _finding("seats", "three", True)
    assert readings(tested, several=True) == ()  # both uneven: nothing to read apart


def test_a_finding_near_the_level_says_how_to_replicate_it() -> None:
    report = _borderline()  # the positions' adjusted p-value is 0.069
    (positions,) = [f for f in report.findings if f.subject == "positions"]
    assert positions.replicate is not None
    needed = int(positions.replicate.split("about ")[1].split(" games")[0].replace(",", ""))
    assert positions.replicate.startswith("replicate: adjusted p 0.069 lies near 0.05; about ")
    assert needed > 1500  # more than this study played
    decided = [f for f in report.findings if f.p_adjusted < 0.005 or f.p_adjusted >= 0.15]
    assert all(f.replicate is None or f.kind == "dealt" for f in decided)


def test_the_balance_interval_holds_a_fair_game_as_often_as_it_should() -> None:
    """200 studies of fair seats (each game won by a position drawn evenly), 60 deals of 3
    players: the bias-corrected spread's interval reaches 0 in at least 93% of them. The plain
    bootstrap interval of the spread, which is above 0 by chance alone, almost never does."""
    rng = random.Random(7)
    draws = resample(60, 11, 1000)
    corrected = plain = 0
    for _ in range(200):
        deals = []
        for _deal in range(60):
            wins = [0.0, 0.0, 0.0]
            for _table in range(3):
                wins[rng.randrange(3)] += 1
            deals.append(Deal(3, 3, tuple(wins), tuple(wins), 3, 0.0, {}))
        sample = resampled(deals, win_spread, draws)
        corrected += balance_spread(deals, sample).low == 0.0
        plain += percentile_interval(win_spread(deals), sample).low <= 0.0
    assert corrected >= 0.93 * 200
    assert plain < 0.1 * 200
