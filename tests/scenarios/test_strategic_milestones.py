"""The historical milestones the history harness looks for (bench/milestones.yaml, issue 29):
every scenario has 3 to 5, each on a place of its map and inside its weeks; the watch records
the week a milestone first happens."""

from __future__ import annotations

import datetime
from pathlib import Path

import pytest

from bench.strategic_milestones import MilestoneWatch, load_milestones, week_of
from gameapp.core.engine import Game
from gameapp.core.rulesets.strategic.pieces import Division
from gameapp.core.units import Side

SCENARIOS = Path(__file__).resolve().parents[2] / "scenarios"
NAMES = ["east_1862", "west_1862", "east_1863", "west_1863", "east_1864", "west_1864"]


@pytest.mark.parametrize("name", NAMES)
def test_each_scenario_has_three_to_five_milestones_on_its_map_and_in_its_weeks(
        name: str) -> None:
    game = Game.from_scenario(SCENARIOS / f"{name}.yaml", seed=1)
    milestones = load_milestones(game.scenario, name)
    assert 3 <= len(milestones) <= 5
    for m in milestones:
        assert m.source and m.places
        assert 1 <= week_of(game, m.date) <= game.scenario.clock.last_turn, m.name


def test_a_milestone_on_an_unknown_place_is_refused_with_its_name(tmp_path: Path) -> None:
    data = tmp_path / "m.yaml"
    data.write_text("west_1862:\n  - name: Atlantis falls\n    date: 1862-03-01\n"
                    "    held: {side: union, place: \"Atlantis, TN\"}\n")
    game = Game.from_scenario(SCENARIOS / "west_1862.yaml", seed=1)
    with pytest.raises(ValueError, match=r"m.yaml: west_1862\[0\] \(Atlantis falls\)"):
        load_milestones(game.scenario, "west_1862", data)


def test_the_watch_records_the_week_a_place_changes_hands_and_an_army_comes_near() -> None:
    game = Game.from_scenario(SCENARIOS / "west_1862.yaml", seed=1)
    milestones = load_milestones(game.scenario, "west_1862")
    assert week_of(game, datetime.date(1862, 2, 16)) == 3  # 1 Feb is week 1's first day
    watch = MilestoneWatch(game, milestones)
    state = game.state
    nashville = game.scenario.map.place("Nashville, TN").hex
    state.turn = 4  # week 3 has ended with Nashville still Confederate
    watch(game, [])
    state.control[nashville] = Side.UNION  # given up in week 4
    state.turn = 5
    watch(game, [])
    weeks = watch.finish(game)
    assert weeks["Nashville is given up"] == 4
    assert weeks["Fort Donelson falls"] is None


def test_near_counts_field_troops_not_garrisons() -> None:
    from dataclasses import replace

    from bench.strategic_milestones import Milestone, happened
    from gameapp.core.rulesets.strategic.pieces import Arm

    game = Game.from_scenario(SCENARIOS / "west_1862.yaml", seed=1)
    corinth = game.scenario.map.place("Corinth, MS").hex
    near = Milestone("army at Corinth", datetime.date(1862, 4, 6), "", "near", Side.UNION,
                     (corinth,), within=1, sp=10)
    assert not happened(game, near)
    union = [p for p in game.state.pieces.values()
             if isinstance(p, Division) and p.side is Side.UNION]
    game.state.put(replace(union[0], hex=corinth, sp=10, arm=Arm.GARRISON))
    assert not happened(game, near)
    game.state.put(replace(union[0], hex=corinth, sp=10, arm=Arm.INFANTRY))
    assert happened(game, near)


def test_of_recurring_battles_the_one_nearest_the_record_counts() -> None:
    from gameapp.core.rulesets.strategic.combat import BattleFought

    game = Game.from_scenario(SCENARIOS / "west_1862.yaml", seed=1)
    watch = MilestoneWatch(game, load_milestones(game.scenario, "west_1862"))
    corinth = game.scenario.map.place("Corinth, MS").hex

    class Preview:
        target = corinth

    def battle_in_week(week: int) -> None:
        game.state.turn = week
        fought = BattleFought.__new__(BattleFought)
        object.__setattr__(fought, "preview", Preview())
        watch(game, [fought])

    name = "a battle near Corinth or Pittsburg Landing"  # the record: 6 April, week 10
    battle_in_week(2)
    assert watch.week[name] == 2
    battle_in_week(9)
    battle_in_week(15)
    assert watch.week[name] == 9
