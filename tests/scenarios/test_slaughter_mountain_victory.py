"""Slaughter Mountain's victory points (docs/slaughter-mountain.md, "Victory points: the
reasons"): losses in men and guns, and the Union's points counted twice (Banks at one against
two), scored on end positions built by hand. The record's result lands on the line between
the sides."""

import shutil
from dataclasses import replace
from pathlib import Path

import pytest

from bench.tactical_rescore import judged
from gameapp.core.engine import Game
from gameapp.core.scenario import load_scenario
from gameapp.core.state import BrokenEntry
from gameapp.core.units import Side, UnitKind
from gameapp.core.yamlsource import DataError

ROOT = Path(__file__).resolve().parents[2]
SCENARIO = ROOT / "scenarios" / "slaughter_mountain.yaml"
HEXES = "R&C victory hexes"
LOSSES = "R&C victory"
EXPECTATION = "R&C victory expectation"
CS_HEXES = [("holds the gate", 3, HEXES), ("holds the Crittenden house", 2, HEXES),
            ("holds the shelf of Cedar Mountain", 2, HEXES),
            ("holds the Orange road exit", 2, HEXES), ("holds the Madison road exit", 1, HEXES)]
US_HEXES = [("holds the Culpeper road exit", 3, HEXES),
            ("holds the Mitchell's Station road exit", 1, HEXES)]


@pytest.fixture
def game() -> Game:
    return Game.from_scenario(SCENARIO, seed=1)


def lose(game: Game, unit_id: str, sps: int, guns: int = 0) -> None:
    """Take `sps` strength points (and `guns` of them as guns destroyed or taken) from a unit;
    all of them eliminates it."""
    unit = game.state.units[unit_id]
    if sps >= unit.strength:
        del game.state.units[unit_id]
    else:
        game.state.units[unit_id] = replace(unit, losses=unit.losses + sps,
                                            guns_lost=unit.guns_lost + guns)


def terms(game: Game, side: Side) -> list[tuple[str, float, str]]:
    return [(t.label, t.value, t.rule) for t in game.result().points[side]]


def test_at_the_start_the_union_counts_twice_and_the_confederates_lead_by_two(
        game: Game) -> None:
    assert terms(game, Side.UNION) == [
        *US_HEXES,
        ("Banks at one against two: the Union points count 2 times", 4, EXPECTATION)]
    assert terms(game, Side.CONFEDERATE) == CS_HEXES
    result = game.result()
    assert (result.points[Side.UNION].total, result.points[Side.CONFEDERATE].total) == (8, 10)


def test_the_record_lands_on_the_line_between_the_sides(game: Game) -> None:
    # The Union lost about 2,353 men and a gun taken: 23 infantry SPs (2,300 men) and three
    # battery SPs of Knap's (60 gunners), one of them the gun taken (Lee, OR XII/2 p. 179)
    for unit_id, sps in [("US-5CT", 4), ("US-10ME", 3), ("US-28NY", 2), ("US-46PA", 3),
                         ("US-7OH", 3), ("US-5OH", 1), ("US-29OH", 1), ("US-66OH", 1),
                         ("US-3MD", 1), ("US-102NY", 1), ("US-109PA", 1), ("US-2MA", 2)]:
        lose(game, unit_id, sps)
    lose(game, "US-Knap", 3, guns=1)
    # the Confederates about 1,338: 13 infantry SPs and two gun crews, no gun
    for unit_id, sps in [("CS-1VABn", 2), ("CS-21VA", 2), ("CS-42VA", 2), ("CS-48VA", 1),
                         ("CS-47AL", 1), ("CS-48AL", 1), ("CS-10VA", 1), ("CS-12GA", 1),
                         ("CS-13VA", 1), ("CS-23VA", 1), ("CS-Poague", 1), ("CS-Latimer", 1)]:
        lose(game, unit_id, sps)
    assert terms(game, Side.CONFEDERATE) == [
        *CS_HEXES,
        ("Union infantry and cavalry strength points lost", 23, LOSSES),
        ("Union battery strength points lost: 3 at 0.2", 0.6, LOSSES),
        ("Union guns lost: 1 at 1", 1, LOSSES)]
    assert terms(game, Side.UNION) == [
        *US_HEXES,
        ("Confederate infantry and cavalry strength points lost", 13, LOSSES),
        ("Confederate battery strength points lost: 2 at 0.2", 0.4, LOSSES),
        ("Banks at one against two: the Union points count 2 times", 17.4, EXPECTATION)]
    result = game.result()
    assert result.points[Side.CONFEDERATE].total == pytest.approx(34.6)
    assert result.points[Side.UNION].total == pytest.approx(34.8)
    assert result.title == "Union marginal victory"
    assert [(t.value, t.rule) for t in result.level_terms] == [(1.01, "R&C levels of victory")]


def test_a_battery_eliminated_loses_every_gun_and_one_routed_off_brings_them(
        game: Game) -> None:
    lose(game, "CS-Latimer", 3)  # taken whole on the shelf: three crews and three guns
    roemer = game.state.units.pop("US-Roemer")  # routed off the board with its six guns
    game.state.broken["US-Roemer"] = BrokenEntry(replace(roemer, losses=2), "Broken Box 1", 10)
    assert terms(game, Side.UNION)[2:] == [
        ("Confederate battery strength points lost: 3 at 0.2", 0.6, LOSSES),
        ("Confederate guns lost: 3 at 1", 3, LOSSES),
        ("Banks at one against two: the Union points count 2 times", 7.6, EXPECTATION)]
    # on the Broken Track a battery counts whole in the points (000 15.4), its guns with it
    assert terms(game, Side.CONFEDERATE)[5:] == [
        ("Union battery strength points lost: 6 at 0.2", 1.2, LOSSES)]


def test_jackson_through_to_culpeper_swings_the_road_exit_three_times_over(game: Game) -> None:
    culpeper = game.map.parse("1200")
    game.state.holders[culpeper] = Side.CONFEDERATE
    result = game.result()
    # the Confederates gain its 3 and the Union loses 3 counted twice
    assert (result.points[Side.CONFEDERATE].total, result.points[Side.UNION].total) == (13, 2)
    assert result.title == "Confederate decisive victory"


def test_bad_victory_points_give_file_and_line(tmp_path: Path) -> None:
    text = SCENARIO.read_text(encoding="utf-8").replace("    times: 2\n", "    times: 0\n")
    for folder, name in [("maps", "cedar_mountain.yaml"), ("counters", "cedar_mountain.yaml")]:
        (tmp_path / folder).mkdir()
        shutil.copy(ROOT / folder / name, tmp_path / folder / name)
    (tmp_path / "scenarios").mkdir()
    path = tmp_path / "scenarios" / "slaughter_mountain.yaml"
    path.write_text(text, encoding="utf-8")
    line = text.splitlines().index("    times: 0") + 1
    with pytest.raises(DataError) as info:
        load_scenario(path)
    assert [str(p).removeprefix(f"{path}:") for p in info.value.problems] == [
        f"{line}: victory_points.expectation.times: 0 is less than or equal to the minimum "
        "of 0"]


def test_a_saved_game_is_judged_again_by_the_points_as_they_stand() -> None:
    # bench/history.py --rescore: the record's end, as a save holds it (men by arm, guns,
    # holders), scores what the rules score for the same position (the test above)
    men = {Side.UNION: {UnitKind.INFANTRY: 2300, UnitKind.CAVALRY: 0, UnitKind.ARTILLERY: 60},
           Side.CONFEDERATE: {UnitKind.INFANTRY: 1300, UnitKind.CAVALRY: 0,
                              UnitKind.ARTILLERY: 40}}
    holders = {"the gate": Side.CONFEDERATE, "the Crittenden house": Side.CONFEDERATE,
               "the shelf of Cedar Mountain": Side.CONFEDERATE,
               "the Orange road exit": Side.CONFEDERATE, "the Madison road exit": Side.CONFEDERATE,
               "the Culpeper road exit": Side.UNION,
               "the Mitchell's Station road exit": Side.UNION}
    per_sp = {UnitKind.INFANTRY: 100, UnitKind.CAVALRY: 100, UnitKind.ARTILLERY: 20}
    winner, level, points = judged(SCENARIO, men, {Side.UNION: 1, Side.CONFEDERATE: 0}, holders,
                                   per_sp)
    assert (winner, level) == (Side.UNION, "marginal")
    assert points[Side.UNION] == pytest.approx(34.8)
    assert points[Side.CONFEDERATE] == pytest.approx(34.6)
