"""The editor's territory of a strategic scenario (gameapp/editor/strategic_territory.py): which
side holds each hex at the start (3.23), read as the game reads it, painted hex by hex or box by
box as edits that undo, saved so that the game's loader gives each hex the side painted, the
rest of the file kept byte for byte; bad paintings refused with the reason."""

from __future__ import annotations

from pathlib import Path

import pytest

from gameapp.core.hexgrid import Hex
from gameapp.core.rulesets.strategic.scenario import load_strategic
from gameapp.editor.strategic_doc import StrategicScenarioDocument
from gameapp.editor.strategic_fields import FieldError
from gameapp.editor.strategic_problems import strategic_problems
from gameapp.editor.strategic_territory import StrategicTerritory, boxes_of

from .strategic_files import apply, copy_strategic


def _home(doc: StrategicScenarioDocument) -> dict[Hex, str]:
    """Each hex's side as the game reads the saved file."""
    doc.doc.save()
    return {h: side.value for h, side in load_strategic(doc.path).home.items()}


def _box(doc: StrategicScenarioDocument, first: str, last: str) -> list[Hex]:
    return StrategicTerritory(doc).box(f"{first}:{last}")


def test_the_territory_reads_as_the_game_reads_it(east: StrategicScenarioDocument) -> None:
    territory = StrategicTerritory(east)
    assert territory.default == "confederate"
    assert territory.owners() == _home(east)
    assert len(territory.entries("union")) == 54
    washington = east.parse_at("Washington, DC")
    richmond = east.parse_at("Richmond, VA")
    assert washington is not None and richmond is not None
    assert territory.owner(washington) == "union" and territory.owner(richmond) == "confederate"


def test_a_hex_painted_out_of_a_box_splits_it_in_place_and_the_game_agrees(
        east: StrategicScenarioDocument) -> None:
    territory = StrategicTerritory(east)
    before = east.doc.text()
    box = territory.entries("union")[0]  # C0101:C0115, one column
    assert box.text == "C0101:C0115" and len(box.hexes) == 15
    middle = box.hexes[7]
    expected = {**territory.owners(), middle: "confederate"}
    apply(east, territory.paint([middle], "confederate"))
    texts = [e.text for e in territory.entries("union")]
    assert texts[:3] == ["C0101:C0107", "C0109:C0115", "C0201:C0215"]  # in its place
    assert len(texts) == 55
    assert territory.owners() == expected == _home(east)
    assert strategic_problems(east) == []
    text = east.doc.text()
    # only the Union list's first line changed; everything before and after it is kept
    head = before.split("C0101:C0115")[0]
    assert text.startswith(head + "C0101:C0107, C0109:C0115, C0201:C0215")
    assert text.split("\nleaders:")[1] == before.split("\nleaders:")[1]


def test_a_box_painted_for_the_side_not_the_default_is_added_as_one_box(
        east: StrategicScenarioDocument) -> None:
    territory = StrategicTerritory(east)
    richmond = east.parse_at("Richmond, VA")
    assert richmond is not None
    col, row = east.map.numbering.hex_to_offset(richmond)
    hexes = [east.map.numbering.offset_to_hex(c, r) for c in range(col - 1, col + 2)
             for r in range(row - 1, row + 1)]
    expected = {**territory.owners(), **dict.fromkeys(hexes, "union")}
    undo = apply(east, territory.paint(hexes, "union"))
    added = territory.entries("union")[-1]
    assert sorted(added.hexes) == sorted(hexes)  # one box, corner to corner
    assert added.text == f"{east.hex_id(hexes[0])}:{east.hex_id(hexes[-1])}"
    assert territory.owners() == expected == _home(east)
    assert territory.paint(hexes, "union") is None  # held already: no edit
    before_text = east.doc.text()
    apply(east, undo)
    assert east.doc.text() != before_text
    assert territory.owner(richmond) == "confederate"


def test_painting_then_undoing_gives_back_the_file_byte_for_byte(
        east: StrategicScenarioDocument) -> None:
    before = east.doc.text()
    territory = StrategicTerritory(east)
    hexes = _box(east, "C0105", "C0310")  # across three Union boxes
    undo = apply(east, territory.paint(hexes, "confederate"))
    assert all(territory.owner(h) == "confederate" for h in hexes)
    apply(east, undo)
    assert east.doc.text() == before


def test_the_default_side_holds_every_hex_not_listed(east: StrategicScenarioDocument) -> None:
    territory = StrategicTerritory(east)
    union_before = {h for h, side in territory.owners().items() if side == "union"}
    apply(east, territory.set_default("union"))
    assert territory.set_default("union") is None
    home = _home(east)
    assert all(side == "union" for side in home.values())  # only Union lists: all Union
    assert {h for h, side in home.items() if side == "union"} >= union_before


def test_a_territory_starts_in_a_file_that_has_none(tmp_path: Path) -> None:
    path = copy_strategic("east_1862", tmp_path)
    text = path.read_text(encoding="utf-8")
    start = text.index("\nterritory:")
    end = text.index("\n# ----", start)
    path.write_text(text[:start] + text[end:], encoding="utf-8")
    doc = StrategicScenarioDocument.load(path)
    territory = StrategicTerritory(doc)
    assert territory.default is None and territory.owners() == {}
    h = doc.map.hexes()[0]
    with pytest.raises(FieldError, match="default"):
        territory.paint([h], "union")
    apply(doc, territory.set_default("confederate"))
    apply(doc, territory.paint([h], "union"))
    home = _home(doc)
    assert home[h] == "union" and sum(side == "union" for side in home.values()) == 1


def test_bad_paintings_are_refused_with_their_reason_and_nothing_changes(
        east: StrategicScenarioDocument) -> None:
    territory = StrategicTerritory(east)
    before = east.doc.text()
    with pytest.raises(FieldError, match="a side is union or confederate"):
        territory.paint([east.map.hexes()[0]], "british")
    with pytest.raises(FieldError, match="not on the map"):
        territory.paint([Hex(-50, 3)], "union")
    # a checkerboard of single hexes would need more entries than the file allows
    checkers = [h for h in east.map.hexes() if sum(east.map.numbering.hex_to_offset(h)) % 2]
    with pytest.raises(FieldError, match="the file allows 400"):
        territory.paint(checkers[:900], "union")
    assert east.doc.text() == before


def test_an_entry_not_on_the_map_is_left_to_the_problems_list(tmp_path: Path) -> None:
    path = copy_strategic("east_1862", tmp_path)
    text = path.read_text(encoding="utf-8").replace("C0101:C0115", "C0101:C9915", 1)
    path.write_text(text, encoding="utf-8")
    doc = StrategicScenarioDocument.load(path)
    first = StrategicTerritory(doc).entries("union")[0]
    assert first.text == "C0101:C9915" and first.hexes == ()
    assert any("territory" in p.message or "C9915" in p.message
               for p in strategic_problems(doc))


def test_an_entry_removed_gives_its_hexes_to_the_default(
        east: StrategicScenarioDocument) -> None:
    territory = StrategicTerritory(east)
    first = territory.entries("union")[0]
    apply(east, territory.remove("union", 0))
    assert all(territory.owner(h) == "confederate" for h in first.hexes)
    with pytest.raises(FieldError, match="no Union territory entry 99"):
        territory.remove("union", 98)


@pytest.mark.parametrize(("offsets", "boxes"), [
    ([(0, 0)], [((0, 0), (0, 0))]),
    ([(0, 0), (0, 1), (0, 2)], [((0, 0), (0, 2))]),
    ([(0, 0), (0, 2)], [((0, 0), (0, 0)), ((0, 2), (0, 2))]),
    ([(c, r) for c in range(3) for r in range(2)], [((0, 0), (2, 1))]),
    ([(0, 0), (0, 1), (1, 0), (3, 0), (3, 1)],
     [((0, 0), (0, 1)), ((1, 0), (1, 0)), ((3, 0), (3, 1))]),
    ([(0, 0), (1, 0), (1, 1), (2, 0)], [((0, 0), (0, 0)), ((1, 0), (1, 1)), ((2, 0), (2, 0))]),
])
def test_hexes_are_gathered_into_boxes_that_hold_exactly_them(
        offsets: list[tuple[int, int]], boxes: list[tuple[tuple[int, int], ...]]) -> None:
    found = boxes_of(offsets)
    assert found == boxes
    covered = {(c, r) for (c0, r0), (c1, r1) in found
               for c in range(c0, c1 + 1) for r in range(r0, r1 + 1)}
    assert covered == set(offsets)


def test_a_hex_in_both_lists_is_the_confederates_and_painting_it_union_cuts_it_out(
        east: StrategicScenarioDocument) -> None:
    """The loader reads the Union list, then the Confederate one: the later wins."""
    territory = StrategicTerritory(east)
    h = territory.entries("union")[0].hexes[0]
    apply(east, territory.set_default("union"))
    apply(east, territory.paint([h], "confederate"))  # now in no Union box
    apply(east, territory.set_default("confederate"))
    apply(east, territory.paint([h], "union"))  # back in the Union list
    union_hexes = {x for e in territory.entries("union") for x in e.hexes}
    assert h in union_hexes
    doc_list = east.data["territory"]
    doc_list["confederate"] = [east.hex_id(h)]  # the designer typed it in both lists
    assert territory.owner(h) == "confederate" == _home(east)[h]
    apply(east, territory.paint([h], "union"))
    assert territory.owner(h) == "union" == _home(east)[h]
    assert territory.items("confederate") == []
