"""The editor's strategic layer on the shipped scenarios: open, place, move, remove and edit
pieces, rosters kept as the loader wants them, and the round trip through the game's loader."""

from __future__ import annotations

from pathlib import Path

import pytest

from gameapp.core.rulesets.strategic.pieces import HQ, Division, Leader, Ship
from gameapp.core.rulesets.strategic.scenario import load_strategic
from gameapp.core.units import Side
from gameapp.core.yamlsource import DataError
from gameapp.editor.edits import SetValue
from gameapp.editor.strategic_doc import TEMPLATES, StrategicScenarioDocument
from gameapp.editor.strategic_fields import FieldError
from gameapp.editor.strategic_problems import strategic_problems

from .strategic_files import STRATEGIC, apply, copy_strategic


def reloaded(doc: StrategicScenarioDocument) -> dict[str, object]:
    doc.doc.save()
    return {p.id: p for p in load_strategic(doc.path).pieces}


@pytest.mark.parametrize("name", STRATEGIC)
def test_every_strategic_scenario_opens_reads_all_its_pieces_and_saves_unchanged(
        name: str, tmp_path: Path) -> None:
    path = copy_strategic(name, tmp_path)
    before = path.read_bytes()
    doc = StrategicScenarioDocument.load(path)
    loaded = load_strategic(path)
    assert sorted(doc.pieces(), key=lambda p: p.id) == sorted(loaded.pieces, key=lambda p: p.id)
    assert strategic_problems(doc) == []
    doc.doc.save()
    assert path.read_bytes() == before  # comments, source notes and layout byte for byte
    assert load_strategic(path).pieces == loaded.pieces


def test_a_division_placed_in_an_hq_hex_joins_its_roster_and_round_trips(
        east: StrategicScenarioDocument) -> None:
    manassas = east.parse_at("C2409")
    assert manassas is not None
    edit, new_id = east.place("infantry", Side.CONFEDERATE, manassas)
    apply(east, edit)
    pieces = reloaded(east)
    division = pieces[new_id]
    assert isinstance(division, Division) and division.hex == manassas and division.sp == 8
    army = pieces["cs_army_nva"]
    assert isinstance(army, HQ) and army.roster == ("cs_gw_smith", "cs_ewell", new_id)
    text = east.path.read_text(encoding="utf-8")
    assert "# Johnston's stores at Manassas, burned when he left" in text  # comments kept
    assert 'source: "[OR] I/11 pt. 3 p. 53 (7,760 officers' in text


def test_a_union_division_in_a_confederate_hq_hex_stays_off_its_roster(
        east: StrategicScenarioDocument) -> None:
    manassas = east.parse_at("C2409")
    assert manassas is not None
    edit, new_id = east.place("infantry", Side.UNION, manassas)
    apply(east, edit)
    assert east.hq_of(new_id) is None
    assert strategic_problems(east) == []


@pytest.mark.parametrize("template", [t.key for t in TEMPLATES])
def test_every_palette_piece_places_where_the_loader_accepts_it(
        east: StrategicScenarioDocument, template: str) -> None:
    water = east.parse_at("Fort Monroe, VA")  # by Hampton Roads: ships may stand there
    assert water is not None
    edit, new_id = east.place(template, Side.UNION, water)
    apply(east, edit)
    assert strategic_problems(east) == []
    assert new_id in reloaded(east)


def test_undoing_a_placement_gives_back_the_same_text(east: StrategicScenarioDocument) -> None:
    before = east.doc.text()
    h = east.parse_at("Richmond, VA")
    assert h is not None
    undo = apply(east, east.place("cavalry", Side.CONFEDERATE, h)[0])
    apply(east, undo)
    assert east.doc.text() == before


def test_moving_an_hq_takes_its_roster_and_writes_the_place_name(
        east: StrategicScenarioDocument) -> None:
    centreville = east.parse_at("Centreville, VA")
    assert centreville is not None
    apply(east, east.move("cs_army_nva", centreville))
    pieces = reloaded(east)
    assert {pieces[i].hex for i in ("cs_army_nva", "cs_gw_smith", "cs_ewell")} == {centreville}
    assert "at: \"Centreville, VA\", commander: je_johnston" in east.path.read_text("utf-8")


def test_a_rostered_division_moved_away_leaves_the_roster(
        east: StrategicScenarioDocument) -> None:
    richmond = east.parse_at("Richmond, VA")
    assert richmond is not None
    apply(east, east.move("cs_ewell", richmond))
    pieces = reloaded(east)
    assert pieces["cs_ewell"].hex == richmond
    army = pieces["cs_army_nva"]
    assert isinstance(army, HQ) and army.roster == ("cs_gw_smith",)


def test_removing_a_leader_clears_the_hq_he_commanded(east: StrategicScenarioDocument) -> None:
    apply(east, east.remove("je_johnston"))
    # his schedule entries still name him: the problems list says where, with the line
    problems = strategic_problems(east)
    assert problems and all(p.line > 0 for p in problems)
    assert all("je_johnston" in p.message for p in problems)
    army = east.piece("cs_army_nva")
    assert isinstance(army, HQ) and army.commander is None
    assert east.piece("je_johnston") is None


def test_removing_a_rostered_division_takes_it_off_the_roster(
        east: StrategicScenarioDocument) -> None:
    apply(east, east.remove("us_porter"))
    pieces = reloaded(east)
    assert "us_porter" not in pieces
    corps = pieces["us_iii_corps"]
    assert isinstance(corps, HQ) and corps.roster == ("us_hamilton", "us_hooker")


def test_fields_are_checked_against_the_schema(east: StrategicScenarioDocument) -> None:
    with pytest.raises(FieldError, match="sp must be from 1 to 30"):
        east.set_field("us_porter", "sp", 31)
    with pytest.raises(FieldError, match="initiative must be from 1 to 6"):
        east.set_field("jackson", "initiative", 7)
    with pytest.raises(FieldError, match="side must be one of union, confederate"):
        east.set_field("jackson", "side", "british")
    with pytest.raises(FieldError, match="name may not be empty"):
        east.set_field("jackson", "name", "  ")
    with pytest.raises(FieldError, match="commander must be a union leader"):
        east.set_field("us_aop", "commander", "jackson")
    apply(east, east.set_field("us_porter", "sp", 12))
    apply(east, east.set_field("jackson", "tactical", 2))
    apply(east, east.set_field("us_hampton_roads", "strength", 5))
    pieces = reloaded(east)
    porter, jackson, ships = pieces["us_porter"], pieces["jackson"], pieces["us_hampton_roads"]
    assert isinstance(porter, Division) and porter.sp == 12
    assert isinstance(jackson, Leader) and jackson.tactical == 2 and jackson.initiative == 6
    assert isinstance(ships, Ship) and ships.strength == 5
    assert 'source: "III Corps 33,047' in east.path.read_text("utf-8")  # the note is kept


def test_a_division_changing_side_leaves_its_roster(east: StrategicScenarioDocument) -> None:
    apply(east, east.set_field("us_porter", "side", "confederate"))
    corps = east.piece("us_iii_corps")
    assert isinstance(corps, HQ) and "us_porter" not in corps.roster
    assert strategic_problems(east) == []


def test_set_roster_moves_the_division_to_its_hq(east: StrategicScenarioDocument) -> None:
    apply(east, east.set_roster("us_franklin", "us_i_corps"))
    pieces = reloaded(east)
    corps = pieces["us_i_corps"]
    assert isinstance(corps, HQ) and corps.roster[-1] == "us_franklin"
    assert pieces["us_franklin"].hex == corps.hex
    with pytest.raises(FieldError, match="not an HQ of us_franklin's side"):
        east.set_roster("us_franklin", "cs_army_nva")


def test_a_bad_place_is_reported_with_file_and_line(east: StrategicScenarioDocument) -> None:
    where = east.entry_of("jackson")
    assert where is not None
    apply(east, SetValue((*where, "at"), "Atlantis, VA"))
    problems = strategic_problems(east)
    assert problems[0].message.startswith("no place 'Atlantis, VA'")
    lines = east.doc.text().splitlines()
    assert problems[0].line == next(n for n, line in enumerate(lines, 1) if "id: jackson," in line)
    assert "line" in problems[0].text(east)
    assert east.piece("jackson") is None  # unreadable: not drawn, but listed


def test_a_missing_theatre_map_is_told_with_file_and_line(tmp_path: Path) -> None:
    path = copy_strategic("east_1862", tmp_path)
    text = path.read_text("utf-8")
    line = next(n for n, t in enumerate(text.splitlines(), 1) if t.startswith("map: "))
    path.write_text(text.replace(text.splitlines()[line - 1], "map: theatre_nowhere.yaml"),
                    "utf-8")
    with pytest.raises(DataError) as raised:
        StrategicScenarioDocument.load(path)
    (problem,) = raised.value.problems
    assert (problem.file, problem.line) == (str(path), line)
    assert "theatre_nowhere.yaml" in problem.message


def test_a_map_outside_the_game_folders_is_refused_before_it_is_read(tmp_path: Path) -> None:
    path = copy_strategic("east_1862", tmp_path)
    text = path.read_text("utf-8")
    path.write_text(text.replace(text.split("\nmap: ")[1].split("\n")[0], "/etc/passwd"),
                    "utf-8")
    with pytest.raises(DataError, match="absolute path"):
        StrategicScenarioDocument.load(path)


def test_a_full_roster_takes_no_more_units(east: StrategicScenarioDocument) -> None:
    h = east.parse_at("Staunton, VA")
    assert h is not None
    edit, hq_id = east.place("corps_hq", Side.CONFEDERATE, h)
    apply(east, edit)
    placed = []
    for _ in range(13):
        edit, unit_id = east.place("brigade", Side.CONFEDERATE, h)
        apply(east, edit)
        placed.append(unit_id)
    hq = east.piece(hq_id)
    assert isinstance(hq, HQ) and hq.roster == tuple(placed[:12])  # the schema's 12
    assert east.hq_of(placed[12]) is None
    with pytest.raises(FieldError, match="roster is full"):
        east.set_roster(placed[12], hq_id)
    assert not [p for p in strategic_problems(east) if "roster" in p.message]
