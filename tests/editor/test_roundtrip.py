"""Every shipped scenario, counters file and map opened in the editor's document model and saved
unchanged comes back byte for byte; edited, it keeps the untouched bytes and means what the
edit says."""

from __future__ import annotations

import difflib
from pathlib import Path

import numpy as np
import pytest
import yaml

from gameapp.core.mapfile import compile_map, load_map
from gameapp.core.scenario import load_scenario
from gameapp.editor.document import YamlFileDocument
from gameapp.editor.edits import InsertItem, RemoveItem, SetValue
from gameapp.editor.yamltext import dump, flow_map, plain

ROOT = Path(__file__).resolve().parents[2]
SHIPPED = sorted(
    p for folder in ("scenarios", "counters", "maps") for p in (ROOT / folder).glob("*.yaml")
)


def _changed_lines(before: str, after: str) -> list[str]:
    return [line for line in difflib.unified_diff(before.splitlines(), after.splitlines(),
                                                  lineterm="", n=0)
            if line[:1] in "+-" and line[:3] not in ("+++", "---")]


@pytest.mark.parametrize("path", SHIPPED, ids=lambda p: f"{p.parent.name}/{p.name}")
def test_saved_unchanged_is_byte_identical(path: Path, tmp_path: Path) -> None:
    doc = YamlFileDocument.read(path)
    out = tmp_path / path.name
    doc.save(out)
    assert out.read_bytes() == path.read_bytes()
    assert not doc.modified


@pytest.mark.parametrize("path", SHIPPED, ids=lambda p: f"{p.parent.name}/{p.name}")
def test_every_section_written_by_ruamel_means_the_same(path: Path) -> None:
    """The path taken for a changed section: ruamel.yaml's own dump of it, read back by the
    game's YAML reader (PyYAML), gives the same data as the original section."""
    doc = YamlFileDocument.read(path)
    original = yaml.safe_load(path.read_text(encoding="utf-8"))
    whole = yaml.safe_load(dump(doc.data))
    assert whole == original
    assert plain(doc.data) == original


@pytest.mark.parametrize("path", SHIPPED, ids=lambda p: f"{p.parent.name}/{p.name}")
def test_an_edit_undone_gives_the_original_bytes(path: Path) -> None:
    doc = YamlFileDocument.read(path)
    text = path.read_text(encoding="utf-8")
    undo = doc.apply(SetValue(("name",), "Renamed"))
    assert yaml.safe_load(doc.text())["name"] == "Renamed"
    assert doc.modified
    doc.apply(undo)
    assert doc.text() == text
    assert not doc.modified


def test_moving_one_setup_entry_rewrites_only_its_line_and_keeps_its_comment() -> None:
    path = ROOT / "scenarios" / "slaughter_mountain.yaml"
    doc = YamlFileDocument.read(path)
    text = path.read_text(encoding="utf-8")
    index = next(i for i, e in enumerate(doc.data["setup"]) if e["unit"] == "CS-Jackson")
    doc.apply(SetValue(("setup", index, "hex"), "2414"))
    changed = _changed_lines(text, doc.text())
    # the line keeps its end-of-line comment at the same column
    pad = " " * 38
    assert changed == [
        f'-  - {{unit: CS-Jackson, hex: "2413"}}{pad}# by the Major house',
        f'+  - {{unit: CS-Jackson, hex: "2414"}}{pad}# by the Major house',
    ]


def test_a_comment_after_a_blank_line_survives_adding_and_removing_entries() -> None:
    """ruamel.yaml alone drops this comment; the line-by-line save keeps it."""
    path = ROOT / "scenarios" / "slaughter_mountain.yaml"
    doc = YamlFileDocument.read(path)
    comment = "  # ===== Confederate: Jackson's command ====="
    assert comment in path.read_text(encoding="utf-8")
    doc.apply(RemoveItem(("setup",), 0))
    doc.apply(InsertItem(("setup",), 5, flow_map({"unit": "US-Knap", "hex": "1205"})))
    text = doc.text()
    assert comment in text
    assert '  - {unit: US-Knap, hex: "1205"}\n' in text
    setup = yaml.safe_load(text)["setup"]
    assert setup[5] == {"unit": "US-Knap", "hex": "1205"}
    assert len(setup) == len(yaml.safe_load(path.read_text(encoding="utf-8"))["setup"])


def test_edited_scenario_saved_and_reloaded_by_the_game(demo_copy: Path) -> None:
    path = demo_copy
    doc = YamlFileDocument.read(path)
    index = next(i for i, e in enumerate(doc.data["setup"]) if e["unit"] == "US-9NH")
    doc.apply(SetValue(("setup", index, "hex"), "1206"))
    doc.apply(SetValue(("turns", "last"), 10))
    doc.save()
    scenario = load_scenario(path)
    moved = next(u for u in scenario.units if u.id == "US-9NH")
    assert scenario.map.hex_id(moved.hex) == "1206"
    assert scenario.clock.last_turn == 10


@pytest.mark.parametrize("name", ["demo.yaml", "cedar_mountain.yaml"])
def test_a_map_document_compiles_to_the_same_map(name: str) -> None:
    path = ROOT / "maps" / name
    loaded = load_map(path)
    compiled = compile_map(YamlFileDocument.read(path).data)
    assert np.array_equal(loaded.terrain, compiled.terrain)
    assert np.array_equal(loaded.hexsides, compiled.hexsides)
    assert np.array_equal(loaded.roads, compiled.roads)
