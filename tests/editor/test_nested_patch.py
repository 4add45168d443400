"""Entries spanning several lines (a reinforcement group whose `units:` list is wrapped, a special
rule, a counter deep in a counters file) are patched line by line: an edit rewrites only the lines
it changes and every other byte of the file stays."""

from __future__ import annotations

import difflib
from pathlib import Path

import pytest
import yaml
from ruamel.yaml.comments import CommentedMap

from gameapp.editor.document import YamlFileDocument
from gameapp.editor.edits import DeleteKey, InsertItem, RemoveItem, SetValue, value_at
from gameapp.editor.scenario_doc import ScenarioDocument
from gameapp.editor.yamltext import flow_map, flow_seq, needs_quotes, plain, quoted

COMMENT = "# 6:00 pm: Jackson's general advance as Hill's brigades go in"
ROOT = Path(__file__).resolve().parents[2]
SLAUGHTER = ROOT / "scenarios" / "slaughter_mountain.yaml"
FAST_LOADER = getattr(yaml, "CSafeLoader", yaml.SafeLoader)  # the same tree, parsed in C


def _changed_lines(before: str, after: str) -> list[str]:
    return [line for line in difflib.unified_diff(before.splitlines(), after.splitlines(),
                                                  lineterm="", n=0)
            if line[:1] in "+-" and line[:3] not in ("+++", "---")]


def _group(doc: YamlFileDocument, turn: int) -> int:
    return next(i for i, g in enumerate(doc.data["reinforcements"]) if g["turn"] == turn)


def test_a_unit_added_to_a_wrapped_group_moves_only_its_line() -> None:
    doc = YamlFileDocument.read(SLAUGHTER)
    text = SLAUGHTER.read_text(encoding="utf-8")
    index = _group(doc, 9)
    units = list(doc.data["reinforcements"][index]["units"])
    units.insert(units.index("CS-Pender") + 1, "CS-Extra")
    doc.apply(SetValue(("reinforcements", index, "units"), flow_seq(units)))
    # the second line still starts with CS-Pender (it began a line in the file), aligned after
    # the bracket ("    units: [" is 12 characters)
    assert _changed_lines(text, doc.text()) == [
        "-            CS-Pender, CS-16NC, CS-22NC, CS-34NC, CS-38NC, CS-Pegram]",
        "+            CS-Pender, CS-Extra, CS-16NC, CS-22NC, CS-34NC, CS-38NC, CS-Pegram]",
    ]
    assert yaml.safe_load(doc.text())["reinforcements"][index]["units"] == units


def test_a_wrapped_group_s_turn_and_removal_keep_the_rest_byte_identical() -> None:
    doc = YamlFileDocument.read(SLAUGHTER)
    text = SLAUGHTER.read_text(encoding="utf-8")
    index = _group(doc, 9)
    undo = doc.apply(SetValue(("reinforcements", index, "turn"), 10))
    assert _changed_lines(text, doc.text()) == ["-  - turn: 9", "+  - turn: 10"]
    doc.apply(undo)
    assert doc.text() == text
    doc.apply(RemoveItem(("reinforcements",), index))
    removed = _changed_lines(text, doc.text())
    # the group's four lines and its two-line list go; the next group stays whole
    assert removed == ["-  - turn: 9", '-    hex: "2318"', "-    facing: NE",
                       "-    units: [CS-Archer, CS-19GA, CS-1TN, CS-7TN, CS-14TN, CS-5ALBn,",
                       "-            CS-Pender, CS-16NC, CS-22NC, CS-34NC, CS-38NC, CS-Pegram]"]


def test_a_new_group_is_written_after_its_predecessor_in_the_file_s_style() -> None:
    doc = YamlFileDocument.read(SLAUGHTER)
    text = SLAUGHTER.read_text(encoding="utf-8")
    group = CommentedMap({"turn": 4, "hex": quoted("2318"), "facing": "NE",
                          "units": flow_seq(["CS-Extra"])})
    doc.apply(InsertItem(("reinforcements",), 2, group))
    assert _changed_lines(text, doc.text()) == [
        "+  - turn: 4", '+    hex: "2318"', "+    facing: NE", "+    units: [CS-Extra]"]
    assert doc.text().index("+    units: [CS-Extra]"[1:]) < doc.text().index("# A. P. Hill")


def test_a_special_rule_parameter_keeps_its_comment_and_the_wrapped_units() -> None:
    doc = YamlFileDocument.read(SLAUGHTER)
    text = SLAUGHTER.read_text(encoding="utf-8")
    index = next(i for i, r in enumerate(doc.data["special_rules"])
                 if r["rule"] == "held_until_released")
    doc.apply(SetValue(("special_rules", index, "release_turn"), 9))
    doc.apply(DeleteKey(("special_rules", index, "case")))
    assert _changed_lines(text, doc.text()) == [
        '-    case: "000 22.2"',
        "-    release_turn: 10        " + COMMENT,
        "+    release_turn: 9         " + COMMENT,
    ]


def test_a_block_list_of_ids_keeps_its_other_items() -> None:
    """demo.yaml's first group lists its units one a line, one of them a mapping."""
    path = ROOT / "scenarios" / "demo.yaml"
    doc = YamlFileDocument.read(path)
    text = path.read_text(encoding="utf-8")
    doc.apply(SetValue(("reinforcements", 0, "units", 0), "CS-16SC"))
    doc.apply(SetValue(("reinforcements", 0, "facing"), "SW"))
    assert _changed_lines(text, doc.text()) == [
        "-    facing: NW", "+    facing: SW", "-      - CS-15SC", "+      - CS-16SC"]


def test_a_counter_deep_in_a_counters_file_is_patched_in_place() -> None:
    path = ROOT / "counters" / "demo.yaml"
    doc = YamlFileDocument.read(path)
    text = path.read_text(encoding="utf-8")
    brigade = ("sides", "union", "commands", 0, "divisions", 0, "brigades", 0)
    doc.apply(SetValue((*brigade, "infantry", 1, "morale"), 36))  # a one-line counter
    doc.apply(SetValue((*brigade, "infantry", 2, "morale"), 36))  # a counter over six lines
    doc.apply(InsertItem((*brigade, "infantry"), 3, flow_map(
        {"id": "US-7RI", "name": "7th Rhode Island", "strength": 4, "morale": 33,
         "weapon": "R"})))
    assert _changed_lines(text, doc.text()) == [
        "-                  - {id: US-6NH, name: 6th New Hampshire, strength: 6, morale: 35, "
        "weapon: R}",
        "+                  - {id: US-6NH, name: 6th New Hampshire, strength: 6, morale: 36, "
        "weapon: R}",
        "-                    morale: 26",
        "+                    morale: 36",
        "+                  - {id: US-7RI, name: 7th Rhode Island, strength: 4, morale: 33, "
        "weapon: R}",
    ]


def test_a_name_starting_with_a_digit_stays_plain_when_yaml_reads_it_as_text() -> None:
    assert not needs_quotes("6th New Hampshire")
    assert not needs_quotes("1½ R 3")
    assert needs_quotes("0512")  # an octal number to YAML 1.1
    assert needs_quotes("1e3")  # a number to YAML 1.2
    assert needs_quotes("15:00")


def test_a_group_s_units_edited_as_ids_keep_their_own_settings(demo_copy: Path) -> None:
    doc = ScenarioDocument.load(demo_copy)
    text = doc.doc.text()
    # the table gives ids only; CS-Chew's own formation stays, the new id gets a line
    doc.doc.apply(doc.set_reinforcement(0, "units", ["CS-15SC", "CS-Chew", "CS-Brown"]))
    assert _changed_lines(text, doc.doc.text()) == ["+      - CS-Brown"]
    doc.doc.apply(doc.set_reinforcement(0, "units", ["CS-Chew"]))
    assert yaml.safe_load(doc.doc.text())["reinforcements"][0]["units"] == [
        {"unit": "CS-Chew", "formation": "limbered"}]


def test_a_wrapped_group_edited_as_ids_changes_one_line() -> None:
    doc = ScenarioDocument.load(SLAUGHTER)
    text = SLAUGHTER.read_text(encoding="utf-8")
    index = _group(doc.doc, 9)
    ids = [u for u in doc.reinforcements()[index].unit_ids if u != "CS-7TN"]
    doc.doc.apply(doc.set_reinforcement(index, "units", ids))
    assert _changed_lines(text, doc.doc.text()) == [
        "-    units: [CS-Archer, CS-19GA, CS-1TN, CS-7TN, CS-14TN, CS-5ALBn,",
        "+    units: [CS-Archer, CS-19GA, CS-1TN, CS-14TN, CS-5ALBn,",
    ]


def _int_leaves(node: object, path: tuple[object, ...] = ()) -> list[tuple[object, ...]]:
    if isinstance(node, dict):
        return [p for k, v in node.items() for p in _int_leaves(v, (*path, k))]
    if isinstance(node, list):
        return [p for i, v in enumerate(node) for p in _int_leaves(v, (*path, i))]
    return [path] if isinstance(node, int) and not isinstance(node, bool) else []


@pytest.mark.parametrize("path", sorted(
    p for folder in ("scenarios", "counters", "maps") for p in (ROOT / folder).glob("*.yaml")),
    ids=lambda p: f"{p.parent.name}/{p.name}")
def test_every_number_of_a_shipped_file_changes_one_line(path: Path) -> None:
    """Each whole number in the file, changed alone, changes one line (or the one flow value
    it sits in), reads back as the tree says, and undoes to the original bytes."""
    doc = YamlFileDocument.read(path)
    text = path.read_text(encoding="utf-8")
    leaves = _int_leaves(doc.data)
    assert leaves
    # the theatre maps (over 100 kB) take a dozen numbers each, to keep the suite quick
    sample = 12 if len(text) > 100_000 else 60
    for leaf in leaves[:: max(1, len(leaves) // sample)]:
        old = value_at(doc.data, leaf)
        undo = doc.apply(SetValue(leaf, old + 1))
        changed = _changed_lines(text, doc.text())
        assert len(changed) == 2 and changed[0][0] == "-" and changed[1][0] == "+", leaf
        assert yaml.load(doc.text(), Loader=FAST_LOADER) == plain(doc.data), leaf
        doc.apply(undo)
        assert doc.text() == text
