"""The editor's schedule and victory places of a strategic scenario (gameapp/editor/
strategic_schedule.py, strategic_victory.py): listed by week, added, changed and removed as
edits that undo, saved so that the game's loader reads what the designer meant, the rest of the
file (comments, sources, order) kept; bad values refused with the reason, broken entries left to
the problems list."""

from __future__ import annotations

from pathlib import Path

import pytest

from gameapp.core.rulesets.strategic.pieces import Division
from gameapp.core.rulesets.strategic.scenario import load_strategic
from gameapp.core.units import Side
from gameapp.editor.strategic_doc import StrategicScenarioDocument
from gameapp.editor.strategic_fields import FieldError
from gameapp.editor.strategic_problems import strategic_problems
from gameapp.editor.strategic_schedule import StrategicSchedule
from gameapp.editor.strategic_victory import StrategicVictoryPlaces

from .strategic_files import apply, copy_strategic


def test_the_schedule_is_listed_by_week_whatever_the_lists_order(
        east: StrategicScenarioDocument) -> None:
    rows = StrategicSchedule(east).rows()
    data = east.data
    assert len(rows) == sum(len(data[k]) for k in ("reinforcements", "withdrawals",
                                                    "leader_events"))
    weeks = [r.week for r in rows]
    assert weeks == sorted(weeks)  # the file lists reinforcements of weeks 9, 3, 8, 12
    first = rows[0]
    assert first.week == 1 and first.kind == "leader_events"
    assert first.label.startswith("week 1, confederate: leader event: Lee is recalled")


def test_a_reinforcement_added_arrives_in_play_and_the_file_keeps_the_rest(
        east: StrategicScenarioDocument) -> None:
    schedule = StrategicSchedule(east)
    before = east.path.read_text(encoding="utf-8")
    edit, index = schedule.add("reinforcements", 6, "confederate", "Richmond, VA")
    apply(east, edit)
    entry = schedule.entry("reinforcements", index)
    assert entry["date"] == "1862-04-05"  # the scenario starts on 1 Mar: week 6's first day
    assert strategic_problems(east) == []
    assert apply(east, schedule.set_field("reinforcements", index, "sp", 6)) is not None
    assert apply(east, schedule.set_field("reinforcements", index, "name",
                                          "Conscripts of April")) is not None
    east.doc.save()
    text = east.path.read_text(encoding="utf-8")
    assert text.startswith(before.rstrip("\n").split("\nreinforcements:")[0])  # all before it
    assert "# DESIGN" in text and text.count("source:") == before.count("source:") + 1
    scenario = load_strategic(east.path)
    week6 = [s for s in scenario.schedule if s.week == 6 and s.kind == "reinforcement"
             and s.side is Side.CONFEDERATE]
    (arrival,) = [p for s in week6 for p in s.arrive]
    assert isinstance(arrival, Division) and arrival.sp == 6
    assert arrival.name == "Conscripts of April"
    assert arrival.hex == east.parse_at("Richmond, VA")


def test_an_addition_undone_gives_back_the_file_byte_for_byte(
        east: StrategicScenarioDocument) -> None:
    before = east.doc.text()
    schedule = StrategicSchedule(east)
    undo = apply(east, schedule.add("withdrawals", 3, "union")[0])
    assert east.doc.text() != before
    apply(east, undo)
    assert east.doc.text() == before


def test_a_removed_entry_is_not_played_and_undo_puts_it_back(
        east: StrategicScenarioDocument) -> None:
    schedule = StrategicSchedule(east)
    before = east.doc.text()
    blenker = next(r for r in schedule.rows() if r.kind == "withdrawals" and "Blenker" in r.words)
    undo = apply(east, schedule.remove("withdrawals", blenker.index))
    assert all("Blenker" not in r.words or r.kind != "withdrawals" for r in schedule.rows())
    apply(east, undo)
    assert east.doc.text() == before


def test_a_date_on_its_weeks_first_day_moves_with_the_week(
        east: StrategicScenarioDocument) -> None:
    schedule = StrategicSchedule(east)
    edit, index = schedule.add("leader_events", 2, "union")
    apply(east, edit)
    apply(east, schedule.set_field("leader_events", index, "week", 4))
    assert schedule.entry("leader_events", index)["date"] == "1862-03-22"
    # a historical date the designer wrote stays where it is
    apply(east, schedule.set_field("leader_events", index, "date", "1862-03-24"))
    apply(east, schedule.set_field("leader_events", index, "week", 5))
    assert schedule.entry("leader_events", index)["date"] == "1862-03-24"


@pytest.mark.parametrize(("key", "value", "says"), [
    ("week", 0, "week must be a whole number from 1 to 27 (the scenario's turns); 0 is not"),
    ("week", 28, "week must be a whole number from 1 to 27"),
    ("week", "three", "week must be a whole number"),
    ("date", "1862-02-30", "date must be a day written YYYY-MM-DD; 1862-02-30 is not one"),
    ("side", "north", "side must be one of union, confederate, both; 'north' is not"),
    ("at", "Atlantis, VA", "at must name a place of the map ('Richmond, VA') or one of its "
                           "hexes; 'Atlantis, VA' is neither"),
    ("unit", "us_nobody", "unit names us_nobody, but no piece us_nobody is in this scenario"),
    ("sp", 100, "sp must be from 0 to 99"),
    ("source", "  ", "source may not be empty"),
    ("ships", [], "ships is not a field the editor changes in a reinforcement"),
])
def test_a_bad_value_is_refused_with_its_reason_and_nothing_changes(
        east: StrategicScenarioDocument, key: str, value: object, says: str) -> None:
    schedule = StrategicSchedule(east)
    before = east.doc.text()
    with pytest.raises(FieldError) as error:
        schedule.set_field("reinforcements", 0, key, value)
    assert says in str(error.value)
    assert east.doc.text() == before


def test_a_known_unit_an_empty_optional_field_and_the_default_flag(
        east: StrategicScenarioDocument) -> None:
    schedule = StrategicSchedule(east)
    edit, index = schedule.add("withdrawals", 4, "confederate")
    apply(east, edit)
    apply(east, schedule.set_field("withdrawals", index, "unit", "cs_branch"))
    assert schedule.entry("withdrawals", index)["unit"] == "cs_branch"
    apply(east, schedule.set_field("withdrawals", index, "unit", ""))  # emptied: taken out
    assert "unit" not in schedule.entry("withdrawals", index)
    assert schedule.value("withdrawals", index, "default") is True  # played unless an option
    assert schedule.set_field("withdrawals", index, "default", True) is None
    apply(east, schedule.set_field("withdrawals", index, "default", False))
    assert schedule.entry("withdrawals", index)["default"] is False


def test_a_reinforcement_needs_a_place_and_a_week_in_the_scenario(
        east: StrategicScenarioDocument) -> None:
    schedule = StrategicSchedule(east)
    with pytest.raises(FieldError, match="select a hex first"):
        schedule.add("reinforcements", 3, "union")
    with pytest.raises(FieldError, match="week must be a whole number from 1 to 27"):
        schedule.add("withdrawals", 40, "union")
    with pytest.raises(FieldError, match="side must be one of"):
        schedule.add("withdrawals", 4, "France")


def test_a_broken_entry_is_listed_as_a_problem_not_as_a_row(tmp_path: Path) -> None:
    path = copy_strategic("east_1862", tmp_path)
    text = path.read_text(encoding="utf-8").replace(
        "withdrawals:\n", "withdrawals:\n  - just some words\n", 1)
    path.write_text(text, encoding="utf-8")
    doc = StrategicScenarioDocument.load(path)
    schedule = StrategicSchedule(doc)
    assert all(r.kind != "withdrawals" or r.index != 0 for r in schedule.rows())
    with pytest.raises(FieldError, match="there is no withdrawal 1"):
        schedule.set_field("withdrawals", 0, "week", 3)
    problems = strategic_problems(doc)
    assert problems and any(p.line == text.splitlines().index("  - just some words") + 1
                            for p in problems)


def test_a_schedule_starts_in_a_file_that_has_none(tmp_path: Path) -> None:
    path = copy_strategic("east_1862", tmp_path)
    lines = path.read_text(encoding="utf-8").splitlines(keepends=True)
    start = next(i for i, line in enumerate(lines) if line.startswith("withdrawals:"))
    end = next(i for i, line in enumerate(lines) if line.startswith("leader_events:"))
    path.write_text("".join(lines[:start] + lines[end:]), encoding="utf-8")
    doc = StrategicScenarioDocument.load(path)
    schedule = StrategicSchedule(doc)
    apply(doc, schedule.add("withdrawals", 2, "union")[0])
    doc.doc.save()
    assert any(s.kind == "withdrawal" and s.week == 2 for s in load_strategic(path).schedule)


# --- victory places -----------------------------------------------------------------------------
def test_a_victory_place_added_at_a_hex_scores_in_the_game(
        east: StrategicScenarioDocument) -> None:
    places = StrategicVictoryPlaces(east)
    leesburg = east.parse_at("Leesburg, VA")
    assert leesburg is not None and places.at(leesburg) is None
    edit, index = places.add(leesburg)
    apply(east, edit)
    apply(east, places.set_field(index, "points", 3))
    apply(east, places.set_field(index, "why", "the Potomac crossing at White's Ford"))
    assert strategic_problems(east) == []
    east.doc.save()
    victory = load_strategic(east.path).victory
    assert victory is not None
    added = next(p for p in victory.places if p.hex == leesburg)
    assert (added.name, added.points, added.why) == (
        "Leesburg, VA", 3, "the Potomac crossing at White's Ford")


def test_victory_places_refuse_a_second_place_on_a_hex_and_points_out_of_bounds(
        east: StrategicScenarioDocument) -> None:
    places = StrategicVictoryPlaces(east)
    richmond = places.rows()[0]
    assert richmond.place == "Richmond, VA" and richmond.hex is not None
    with pytest.raises(FieldError, match="is a victory place already"):
        places.add(richmond.hex)
    with pytest.raises(FieldError, match="is a victory place already"):
        places.set_field(1, "hex", richmond.hex_id)
    with pytest.raises(FieldError, match="points must be from 0 to 50"):
        places.set_field(0, "points", 51)
    with pytest.raises(FieldError, match="hex must be a hex of the map"):
        places.set_field(0, "hex", "Z9999")
    with pytest.raises(FieldError, match="why may not be empty"):
        places.set_field(0, "why", "")


def test_removing_a_place_the_par_names_is_a_problem_with_its_line_and_undo_mends_it(
        east: StrategicScenarioDocument) -> None:
    places = StrategicVictoryPlaces(east)
    before = east.doc.text()
    held = next(r for r in places.rows() if r.place == "Washington, DC")
    undo = apply(east, places.remove(held.index))
    problems = strategic_problems(east)
    assert any("Washington, DC" in p.message for p in problems), problems
    apply(east, undo)
    assert east.doc.text() == before and strategic_problems(east) == []


def test_sudden_death_is_written_only_where_it_is_on(east: StrategicScenarioDocument) -> None:
    places = StrategicVictoryPlaces(east)
    row = next(r for r in places.rows() if not r.sudden_death)
    apply(east, places.set_field(row.index, "sudden_death", True))
    assert places.entries()[row.index]["sudden_death"] is True
    apply(east, places.set_field(row.index, "sudden_death", False))
    assert "sudden_death" not in places.entries()[row.index]
