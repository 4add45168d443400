"""The counters file as an editor document: add a counter under a brigade, change one, take out an
unused one; every edit undoes to the original bytes, untouched lines keep theirs, and a unit the
schema or the d66 rule refuses never reaches the file."""

from __future__ import annotations

from pathlib import Path

import pytest

from gameapp.core.counters import load_counters
from gameapp.core.units import SmallArms, UnitKind
from gameapp.editor.counters_doc import CountersDocument, UnitError
from gameapp.editor.document import YamlFileDocument
from gameapp.editor.scenario_doc import ScenarioDocument

NAGLE = ("sides", "union", "commands", 0, "divisions", 0, "brigades", 0)
NEW_REGIMENT = {"id": "US-7RI", "name": "7th Rhode Island", "strength": 4, "morale": 33,
                "weapon": "R", "fire_power": 1.0, "detachment": False, "regular": False,
                "source": ""}


@pytest.fixture
def counters(demo_copy: Path) -> CountersDocument:
    return CountersDocument(YamlFileDocument.read(demo_copy.parent.parent / "counters" /
                                                  "demo.yaml"))


def test_a_new_counter_goes_at_the_end_of_its_brigade_s_list(counters: CountersDocument) -> None:
    original = counters.doc.text()
    undo = counters.doc.apply(counters.add_unit(NAGLE, UnitKind.INFANTRY, NEW_REGIMENT))
    text = counters.doc.text()
    # the defaults (fire power 1, not a detachment, not regular, no source) are not written
    new_line = ("                  - {id: US-7RI, name: 7th Rhode Island, strength: 4, "
                "morale: 33, weapon: R}\n")
    assert text.replace(new_line, "") == original
    assert text.index(new_line) > text.index("id: US-9NH")
    assert text.index(new_line) < text.index("- name: Ferrero's Brigade")
    counters.doc.save()
    unit = load_counters(counters.doc.path)["US-7RI"]
    assert (unit.brigade, unit.morale, unit.weapon) == ("Nagle's Brigade", 33, SmallArms.R)
    counters.doc.apply(undo)
    assert counters.doc.text() == original


def test_editing_a_counter_rewrites_only_the_fields_that_changed(
        counters: CountersDocument) -> None:
    original = counters.doc.text()
    found = counters.find("US-9NH")
    assert found is not None and found.kind is UnitKind.INFANTRY
    fields = dict(found.fields, morale=36, source="")
    counters.doc.apply(counters.edit_unit("US-9NH", UnitKind.INFANTRY, fields))
    before = original.splitlines()
    after = counters.doc.text().splitlines()
    # morale 26 -> 36 on its own line; the source line goes; nothing else moves
    assert [b for b in before if b not in after] == [
        "                    morale: 26",
        "                    source: A new regiment, mustered in August 1862; armed here with "
        "smoothbores.",
    ]
    assert [a for a in after if a not in before] == ["                    morale: 36"]


def test_a_leader_is_the_formation_s_leader_key(counters: CountersDocument) -> None:
    with pytest.raises(UnitError, match="already has a leader"):
        counters.add_unit(NAGLE, UnitKind.LEADER,
                          {"id": "US-X", "name": "Col. X", "morale_bonus": 1, "command": 2})
    counters.doc.apply(counters.remove_unit("US-Nagle"))
    counters.doc.apply(counters.add_unit(NAGLE, UnitKind.LEADER,
                                         {"id": "US-X", "name": "Col. X", "morale_bonus": 1,
                                          "command": 2}))  # fmt: skip
    assert "                leader: {id: US-X, name: Col. X, morale_bonus: 1, command: 2}\n" \
        in counters.doc.text()


def test_bad_values_are_refused_with_their_reasons(counters: CountersDocument) -> None:
    bad = dict(NEW_REGIMENT, morale=37, strength=0, weapon="Q", id="US-9NH")
    with pytest.raises(UnitError) as refused:
        counters.add_unit(NAGLE, UnitKind.INFANTRY, bad)
    # schema problems in the order of the unit's fields, then the d66 rule and the ids
    assert refused.value.messages == [
        "strength: 0 is less than the minimum of 1",
        "weapon: 'Q' is not one of M, R, S, A, C",
        "morale: 37 is not a d66 value (two digits, each 1 to 6, such as 35 or 42)",
        "id: 'US-9NH' is already a counter of this file",
    ]
    assert counters.problems(UnitKind.ARTILLERY, {"id": "US-Z", "name": "Z", "strength": 2,
                                                  "morale": 33, "gun": "1 Q 3"}) == [
        "gun: '1 Q 3' is not a gun code as printed on the counter, such as 1 R 3, whose middle "
        "letter is the gun type (H howitzer, Mn mountain howitzer, G 6 lb. gun, N 12 lb. "
        "Napoleon, R rifled gun, W Whitworth)"]


def test_a_placed_counter_cannot_be_removed(demo_copy: Path) -> None:
    doc = ScenarioDocument.load(demo_copy)
    counters = doc.counters()
    with pytest.raises(UnitError, match="placed in the scenario"):
        counters.remove_unit("US-9NH", set(doc.placed()))
    found = counters.find("US-9NH")
    assert found is not None
    with pytest.raises(UnitError, match="take it off the map before renaming it"):
        counters.edit_unit("US-9NH", UnitKind.INFANTRY, dict(found.fields, id="US-9NH-b"),
                           set(doc.placed()))
    counters.doc.apply(counters.add_unit(NAGLE, UnitKind.INFANTRY, NEW_REGIMENT))
    assert "US-7RI" in doc.oob  # the scenario's order of battle follows the file
    undo = counters.doc.apply(counters.remove_unit("US-7RI", set(doc.placed())))
    assert "US-7RI" not in doc.oob
    counters.doc.apply(undo)
    assert doc.oob["US-7RI"].strength == 4
