"""A scenario's schedule played on the Hazel map (docs/strategic-rules.md, "Schedules"):
reinforcements, withdrawals and leader changes at the start of their week, each told by an
event; arrivals displaced off an enemy-held hex; "N SP of infantry" from the largest unit
first; withdrawn units coming back; options for the historical changes; a leader who waits
for his post."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from gameapp.core.engine import Game
from gameapp.core.rulesets.strategic import schedule
from gameapp.core.rulesets.strategic.actions import EndPhase
from gameapp.core.rulesets.strategic.pieces import HQ, Division, Leader, Quality, Ship
from gameapp.core.rulesets.strategic.schedule import SCHEDULE, ScheduleEvent
from gameapp.core.units import Side
from gameapp.core.yamlsource import DataError
from tests.rulesets.strategic.positions import HAZEL, SMALL_MAP, hazel_game, state_of

U, C = Side.UNION, Side.CONFEDERATE


def scheduled(tmp_path: Path, lists: str, options: str = "") -> Path:
    """Hazel with schedule lists (and options) appended."""
    (tmp_path / "small_theatre.yaml").write_text(SMALL_MAP.read_text(encoding="utf-8"))
    path = tmp_path / "hazel.yaml"
    path.write_text(HAZEL.read_text(encoding="utf-8") + lists + options, encoding="utf-8")
    return path


def to_week(game: Game, week: int) -> list[Any]:
    """End phases until the week begins; the schedule's events on the way."""
    told = [e for e in game.opening_events if isinstance(e, ScheduleEvent)]
    while game.state.turn < week:
        told += [e for e in game.apply(EndPhase()) if isinstance(e, ScheduleEvent)]
    return told


def test_a_reinforcement_arrives_at_the_start_of_its_week_where_its_side_holds(
        tmp_path: Path) -> None:
    path = scheduled(tmp_path, """
reinforcements:
  - {week: 2, side: union, at: "0302", sp: 5, name: Fresh division, quality: green,
      what: new regiments, source: test}
  - {week: 2, side: union, at: "0704", sp: 4, name: Lost division, what: sent to Jackson's hex,
      source: test}
""")
    game = hazel_game(path=path)
    state = state_of(game)
    assert "un-w2-0" not in state.pieces  # not before week 2
    fresh, lost = to_week(game, 2)
    unit = state_of(game).pieces["un-w2-0"]
    assert isinstance(unit, Division) and unit.sp == 5 and unit.quality is Quality.GREEN
    assert game.map.hex_id(unit.hex) == "0302"
    assert (fresh.sp_in, fresh.arrived, fresh.rule) == (5, ("un-w2-0",), SCHEDULE)
    assert fresh.terms[0].label == "Fresh division arrives at 0302"
    # 0704 is Jackson's (Confederate, occupied): the division comes to the nearest hex the
    # Union holds, free of the enemy, with room; the term says how far from 0704 it is
    other = state_of(game).pieces["un-w2-1"]
    distance = other.hex.distance(game.map.parse("0704"))
    assert f"{distance} hexes from 0704" in lost.terms[0].label
    nearer = [h for h in game.map.hexes() if h.distance(game.map.parse("0704")) < distance
              and game.scenario.home[h] is U and h not in state_of(game).control]
    assert not nearer and game.scenario.home[other.hex] is U


def test_a_withdrawn_unit_leaves_without_counting_as_lost_and_comes_back(
        tmp_path: Path) -> None:
    path = scheduled(tmp_path, """
withdrawals:
  - {week: 2, side: union, unit: u6, what: Sigel goes west, source: test}
reinforcements:
  - {week: 3, side: union, unit: u6, at: "0101", what: Sigel comes back, source: test}
""")
    game = hazel_game(path=path)
    (out,) = to_week(game, 2)
    state = state_of(game)
    assert "u6" not in state.pieces and "u6" in state.withdrawn
    assert (out.withdrawn, out.sp_out) == (("u6",), 7)
    assert state.lost == {U: 0, C: 0}  # a withdrawal scores nothing for the enemy
    (back,) = to_week(game, 3)
    unit = state_of(game).pieces["u6"]
    assert game.map.hex_id(unit.hex) == "0101" and unit.sp == 7 and back.sp_in == 7


def test_n_sp_of_infantry_leave_from_the_largest_unit_first(tmp_path: Path) -> None:
    path = scheduled(tmp_path, """
withdrawals:
  - {week: 2, side: union, sp: 5, arm: infantry, what: "(5i) of the owner's", source: test}
""")
    game = hazel_game(path=path)
    (out,) = to_week(game, 2)
    sp = {i: state_of(game).pieces[i].sp for i in ("u1", "u3", "u6")}  # type: ignore[union-attr]
    # infantry u1 8, u6 7, u3 6, one SP at a time from the largest (ties by id):
    # u1 8->7; u1 7 (before u6 7)->6; u6 7->6; all at 6: u1->5; u3 6 (before u6)->5
    assert sp == {"u1": 5, "u3": 5, "u6": 6}
    assert out.sp_out == 5 and state_of(game).pieces["u2"].sp == 3  # militia untouched
    assert [t.value for t in out.terms] == [3, 1, 1]  # u1, u3, u6 in the order listed


def test_a_replacement_takes_the_old_leaders_hex_and_hq_and_the_option_can_turn_it_off(
        tmp_path: Path) -> None:
    lists = """
leader_events:
  - {week: 2, side: union, option: pope_for_mcdowell, default: true, replaces: mcdowell,
      leader: {id: pope, name: Pope, stars: 3, initiative: 4, tactical: -1, span: 3},
      what: Pope takes the army, source: test}
"""
    game = hazel_game(path=scheduled(tmp_path, lists))
    (told,) = to_week(game, 2)
    state = state_of(game)
    pope, army = state.pieces["pope"], state.pieces["army-va"]
    assert isinstance(pope, Leader) and isinstance(army, HQ)
    assert game.map.hex_id(pope.hex) == "0302" and army.commander == "pope"
    assert "mcdowell" not in state.pieces and told.withdrawn == ("mcdowell",)
    assert "Pope takes the place of McDowell and command of Army of Virginia" in [
        t.label for t in told.terms]
    off = tmp_path / "off"
    off.mkdir()
    game = hazel_game(path=scheduled(off, lists, "options: {events: {pope_for_mcdowell: false}}\n"))
    assert to_week(game, 3) == [] and "pope" not in state_of(game).pieces


def test_an_entry_played_when_its_option_is_off(tmp_path: Path) -> None:
    """East '63's Hooker for Burnside: on (the history), nothing to do; off, Burnside still
    commands, so the entry that restores him is played only when the option is off."""
    lists = """
leader_events:
  - {week: 1, side: confederate, option: jackson_stays, default: true, played_if: "off",
      leaves: [stuart], what: Stuart recalled, source: test}
"""
    game = hazel_game(path=scheduled(tmp_path, lists))
    assert "stuart" in state_of(game).pieces and to_week(game, 1) == []
    off = tmp_path / "off"
    off.mkdir()
    game = hazel_game(path=scheduled(off, lists, "options: {events: {jackson_stays: false}}\n"))
    (told,) = to_week(game, 1)
    assert "stuart" not in state_of(game).pieces and told.withdrawn == ("stuart",)


def test_troops_arrive_aboard_the_transports_arriving_with_them(tmp_path: Path) -> None:
    path = scheduled(tmp_path, """
reinforcements:
  - {week: 2, side: union, at: "0405", sp: 10, divisions: 2, name: Gulf division, aboard: true,
      ships: [{vessel: gunboat, strength: 4}, {vessel: transport}, {vessel: transport}],
      what: the squadron, source: test}
""")
    game = hazel_game(path=path)
    to_week(game, 2)
    state = state_of(game)
    ships = [p for p in state.pieces.values() if isinstance(p, Ship) and p.id.startswith("un-w2")]
    assert [(s.vessel.value, s.cargo) for s in ships] == [
        ("gunboat", ()), ("transport", ("un-w2-0-1",)), ("transport", ("un-w2-0-2",))]
    for i in (1, 2):  # 10 SP as two divisions of 5, each filling a transport of 6 as far as it can
        unit = state.pieces[f"un-w2-0-{i}"]
        assert isinstance(unit, Division) and unit.sp == 5 and unit.aboard == f"un-w2-0-s{i + 1}"


def test_a_leader_waits_for_his_post_while_the_enemy_holds_all_around_it(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(schedule, "LEADER_REACH", 2)
    path = scheduled(tmp_path, """
leader_events:
  - {week: 2, side: union,
      leader: {id: butler, name: Butler, stars: 2, initiative: 2, tactical: -1, span: 2,
               at: "Hazelton, VA"},
      what: Butler for Hazelton, source: test}
""")
    game = hazel_game(path=path)
    (waits,) = to_week(game, 2)
    # the nearest Union hex to Hazelton (0702) is in column 03, 4 hexes off: more than 2
    assert waits.waits and "waits" in waits.terms[0].label and "butler" not in state_of(game).pieces
    state = state_of(game)
    for piece_id in ("c3", "cd1"):
        del state.pieces[piece_id]
    state.control[game.map.parse("0702")] = U  # the Union takes Hazelton
    (comes,) = to_week(game, 3)
    assert not comes.waits and game.map.hex_id(state_of(game).pieces["butler"].hex) == "0702"


def test_a_schedule_naming_a_piece_not_in_the_scenario_is_refused_at_its_line(
        tmp_path: Path) -> None:
    path = scheduled(tmp_path, """
leader_events:
  - {week: 2, side: union, replaces: nobody, what: nothing, source: test}
""")
    with pytest.raises(DataError) as error:
        hazel_game(path=path)
    assert ("names nobody, but no piece nobody is defined in this scenario"
            in str(error.value))
    assert "hazel.yaml:" in str(error.value)


HQ_LISTS = """
reinforcements:
  - {week: 2, side: union, at: "0302", what: IX Corps formed, source: test,
      leader: {id: burnside, name: Burnside, stars: 2, initiative: 3, tactical: 0, span: 2},
      hqs: [{id: ix, name: IX Corps, commander: burnside}]}
"""


def test_the_hq_roll_option_replaces_the_scheduled_corps_hqs_by_the_22_22_die(
        tmp_path: Path) -> None:
    from dataclasses import replace

    from gameapp.core.rulesets.strategic.scenario_rules import HQsDeployed, month_rolls

    deployment = "options: {hq_deployment: {option: hq_roll, union: [1]}}\n"
    game = hazel_game(path=scheduled(tmp_path, HQ_LISTS, deployment))
    (told,) = to_week(game, 2)  # off, the default: the history
    assert {"ix", "burnside"} <= set(state_of(game).pieces) and "ix" in told.arrived
    state_of(game).turn = 4  # the end of month 1: no roll while the option is off
    assert not [e for e in month_rolls(game._context()) if isinstance(e, HQsDeployed)]
    (choice,) = schedule.schedule_choices(game.scenario)
    assert choice.name == "hq_roll" and choice.default is False and "22.22" in choice.description

    on = tmp_path / "on"
    on.mkdir()
    game = hazel_game(path=scheduled(
        on, HQ_LISTS, "options: {hq_deployment: {option: hq_roll, union: [1]}, "
                      "events: {hq_roll: true}}\n"))
    (told,) = to_week(game, 2)
    state = state_of(game)
    assert "ix" not in state.pieces and "burnside" in state.pieces  # he comes, his HQ does not
    (held,) = [t for t in told.terms if t.rule == "004 22.22"]
    assert held.label.startswith("IX Corps does not come: with the HQ roll on")
    state.turn = 4
    game.scenario = replace(game.scenario, counter_mix={})
    game.dice.forced = [1, 2]  # a 1, then 2 corps HQs at the army HQ
    (rolled,) = [e for e in month_rolls(game._context()) if isinstance(e, HQsDeployed)]
    assert rolled.deployed == ("union-corps-1", "union-corps-2") and rolled.side is U
    assert state.pieces["union-corps-1"].hex == state.pieces["army-va"].hex


def test_the_dialogs_hq_roll_choice_goes_into_the_events() -> None:
    from dataclasses import replace

    game = hazel_game()
    scenario = replace(game.scenario, options={"hq_deployment": {"option": "hq_roll",
                                                                 "union": [3]}})
    merged = schedule.with_schedule_options(scenario, {"hq_roll": True})
    assert merged["events"] == {"hq_roll": True}
    assert schedule.hq_roll_on(merged, U) and not schedule.hq_roll_on(merged, C)


def test_a_leader_recalled_comes_back_to_take_an_army_and_a_corps_passes_with_a_rank(
        tmp_path: Path) -> None:
    """East '62's Lee: out of play from week 1 (recalled as Davis's adviser), back in week 2
    to take McDowell's army; West '62's Thomas: a new rank; East '63's Hancock: a corps
    passing to a leader who arrives for it."""
    lists = """
leader_events:
  - {week: 1, side: confederate, leaves: [stuart], what: Stuart recalled, source: test}
  - {week: 2, side: confederate, replaces: jackson, by: stuart, what: Stuart back, source: test}
  - {week: 2, side: union, by: bayard, ranks: {bayard: 3}, what: Bayard promoted, source: test}
  - {week: 2, side: union, with: ii-corps, at: "0302", takes: [ii-corps],
      leader: {id: hancock, name: Hancock, stars: 2, initiative: 4, tactical: 1, span: 2},
      what: Hancock takes II Corps, source: test}
"""
    game = hazel_game(path=scheduled(tmp_path, lists))
    state = state_of(game)
    assert "stuart" not in state.pieces and "stuart" in state.withdrawn  # gone from week 1
    valley = state.pieces["valley"]
    assert isinstance(valley, HQ) and valley.commander == "jackson"
    recalled, back, promoted, passed = to_week(game, 2)
    assert recalled.withdrawn == ("stuart",) and recalled.week == 1
    stuart = state.pieces["stuart"]
    assert isinstance(stuart, Leader) and "stuart" not in state.withdrawn
    assert "Stuart comes back into play" in [t.label for t in back.terms]
    valley = state.pieces["valley"]
    assert isinstance(valley, HQ) and valley.commander == "stuart"
    assert stuart.hex == valley.hex and "jackson" not in state.pieces
    bayard = state.pieces["bayard"]
    assert isinstance(bayard, Leader) and bayard.stars == 3
    assert promoted.terms[0].label == "Bayard now ranks ★★★ (3 stars)"
    corps = state.pieces["ii-corps"]
    hancock = state.pieces["hancock"]
    assert isinstance(corps, HQ) and corps.commander == "hancock" and hancock.hex == corps.hex
    assert "Hancock takes command of II Corps from Banks" in [t.label for t in passed.terms]
