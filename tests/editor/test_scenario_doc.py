"""The scenario document: placements read as core Units, and each edit with its inverse."""

from __future__ import annotations

from pathlib import Path

import pytest
import yaml

from gameapp.core.units import Formation, Status
from gameapp.editor.document import YamlFileDocument
from gameapp.editor.edits import Batch, DeleteKey, EditError, SetValue, apply_edit
from gameapp.editor.scenario_doc import ScenarioDocument

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture
def doc(demo_copy: Path) -> ScenarioDocument:
    return ScenarioDocument.load(demo_copy)


def _entry(doc: ScenarioDocument, unit_id: str) -> dict[str, object]:
    saved = yaml.safe_load(doc.doc.text())
    return next(e for e in saved["setup"] if e["unit"] == unit_id)


def test_placements_are_the_units_the_game_loads(doc: ScenarioDocument) -> None:
    from gameapp.core.scenario import load_scenario

    assert doc.units() == load_scenario(doc.path).units


def test_place_a_counter_with_its_sides_usual_facing(doc: ScenarioDocument) -> None:
    doc.doc.apply(doc.remove("US-9NH"))
    h = doc.map.parse("0605")
    undo = doc.doc.apply(doc.place("US-9NH", h))
    # every Union troop counter of the demo faces SE, so a new one does too; infantry in line
    assert _entry(doc, "US-9NH") == {"unit": "US-9NH", "hex": "0605", "facing": "SE",
                                     "formation": "line"}
    assert doc.unit("US-9NH").hex == h  # type: ignore[union-attr]
    doc.doc.apply(undo)
    assert doc.unit("US-9NH") is None


def test_a_leader_is_placed_without_facing_or_formation(doc: ScenarioDocument) -> None:
    doc.doc.apply(doc.remove("US-Nagle"))
    doc.doc.apply(doc.place("US-Nagle", doc.map.parse("1303")))
    assert _entry(doc, "US-Nagle") == {"unit": "US-Nagle", "hex": "1303"}


def test_move_rotate_formation_and_status(doc: ScenarioDocument) -> None:
    doc.doc.apply(doc.move("US-9NH", doc.map.parse("1206")))  # type: ignore[arg-type]
    # flat-top: 0 SE, 1 NE, 2 N; +1 is one hexside anticlockwise, SE -> NE
    doc.doc.apply(doc.rotate("US-9NH", 1))  # type: ignore[arg-type]
    doc.doc.apply(doc.set_formation("US-9NH", Formation.SKIRMISH))  # type: ignore[arg-type]
    doc.doc.apply(doc.toggle_status("US-9NH", Status.SHAKEN))  # type: ignore[arg-type]
    doc.doc.apply(doc.toggle_status("US-9NH", Status.COVER))  # type: ignore[arg-type]
    assert _entry(doc, "US-9NH") == {"unit": "US-9NH", "hex": "1206", "facing": "NE",
                                     "formation": "skirmish", "status": ["shaken", "cover"]}
    unit = doc.unit("US-9NH")
    assert unit is not None and unit.facing == 1 and unit.status == {Status.SHAKEN, Status.COVER}
    doc.doc.apply(doc.toggle_status("US-9NH", Status.SHAKEN))  # type: ignore[arg-type]
    doc.doc.apply(doc.toggle_status("US-9NH", Status.COVER))  # type: ignore[arg-type]
    assert "status" not in _entry(doc, "US-9NH")


def test_to_top_puts_the_counter_first_in_its_hex(doc: ScenarioDocument) -> None:
    # 1209 holds US-21MA, US-Ferrero, US-Sturgis in that order (the first is on top)
    h = doc.map.parse("1209")
    doc.doc.apply(doc.to_top("US-Sturgis"))  # type: ignore[arg-type]
    assert [u.id for u in doc.units() if u.hex == h] == ["US-Sturgis", "US-21MA", "US-Ferrero"]


def test_place_many_spreads_troops_and_stacks_leaders_with_the_first(
        doc: ScenarioDocument) -> None:
    brigade = ["US-Ferrero", "US-21MA", "US-35MA", "US-51PA"]
    for unit_id in brigade:
        doc.doc.apply(doc.remove(unit_id))  # type: ignore[arg-type]
    centre = doc.map.parse("0605")
    doc.doc.apply(doc.place_many(brigade, centre))
    where = {u.id: u.hex for u in doc.units() if u.id in brigade}
    assert where["US-21MA"] == centre
    assert where["US-Ferrero"] == centre
    assert len({where["US-21MA"], where["US-35MA"], where["US-51PA"]}) == 3
    assert all(centre.distance(h) <= 1 for h in where.values())


def test_add_a_reinforcement(doc: ScenarioDocument) -> None:
    doc.doc.apply(doc.remove("US-9NH"))  # type: ignore[arg-type]
    doc.doc.apply(doc.add_reinforcement(4, doc.map.parse("0107"), ["US-9NH"]))
    groups = doc.reinforcements()
    assert [(g.turn, g.hex_id, g.unit_ids) for g in groups][-1] == (4, "0107", ("US-9NH",))
    saved = yaml.safe_load(doc.doc.text())["reinforcements"][-1]
    assert saved == {"turn": 4, "hex": "0107", "facing": "SE", "units": ["US-9NH"]}
    assert doc.placed()["US-9NH"] == "turn 4 at 0107"


def test_set_field_nests_quotes_and_removes(doc: ScenarioDocument) -> None:
    doc.doc.apply(doc.set_field(("turns", "start"), "14:40"))  # type: ignore[arg-type]
    assert 'start: "14:40"' in doc.doc.text()
    assert doc.set_field(("options", "movement_allowances"), None) is None  # nothing to remove
    doc.doc.apply(doc.set_field(("options", "engagement"), None))  # type: ignore[arg-type]
    assert "engagement" not in yaml.safe_load(doc.doc.text())["options"]


def test_edits_return_their_inverses() -> None:
    tree = {"a": {"b": 1}, "items": [1, 2]}
    assert apply_edit(tree, SetValue(("a", "c"), 2)) == DeleteKey(("a", "c"))
    undo = apply_edit(tree, Batch((SetValue(("a", "b"), 5), SetValue(("items", 0), 9))))
    assert tree == {"a": {"b": 5, "c": 2}, "items": [9, 2]}
    apply_edit(tree, undo)
    assert tree == {"a": {"b": 1, "c": 2}, "items": [1, 2]}
    with pytest.raises(EditError):
        apply_edit(tree, SetValue(("nowhere", "x"), 1))


def test_a_map_or_counters_file_that_does_not_load_is_a_data_error(tmp_path: Path) -> None:
    from gameapp.core.yamlsource import DataError

    scenario = tmp_path / "s.yaml"
    scenario.write_text("name: x\nmap: nowhere.yaml\ncounters: none.yaml\n")
    with pytest.raises(DataError) as error:
        ScenarioDocument.load(scenario)
    assert "file not found" in str(error.value)
    assert YamlFileDocument.read(scenario).text() == scenario.read_text()
