"""New maps: the ids a numbering convention gives the corners, and the text the game loads."""

from __future__ import annotations

from pathlib import Path

import pytest
import yaml

from gameapp.core.mapfile import load_map
from gameapp.core.terrain import Terrain
from gameapp.editor.new_map import (
    FrameSettings,
    NewMapError,
    NewMapSettings,
    corner_ids,
    new_map_text,
    schema_ref,
    settings_problems,
)

ROOT = Path(__file__).resolve().parents[2]


def _saved(tmp_path: Path, settings: NewMapSettings) -> Path:
    path = tmp_path / "maps" / "new.yaml"
    path.parent.mkdir(exist_ok=True)
    path.write_text(new_map_text(settings, path), encoding="utf-8")
    return path


def test_flat_4x3_from_0101_hexrows_growing_right(tmp_path: Path) -> None:
    # Flat-top: hexrows are the screen columns, 01 at the left growing right; positions grow
    # down from 01. 4 columns x 3 rows: top-left 0101, top-right 0401 (hexrow 4, position 1),
    # bottom-left 0103, bottom-right 0403. 4 x 3 = 12 hexes.
    settings = NewMapSettings("Four by three", 4, 3, "flat", first="0101", hexrows_grow="right")
    assert corner_ids(settings) == {
        "top-left": "0101", "top-right": "0401", "bottom-left": "0103", "bottom-right": "0403",
    }  # fmt: skip
    hexmap = load_map(_saved(tmp_path, settings))
    assert len(hexmap.hexes()) == 12
    assert {hexmap.hex_id(h) for h in hexmap.hexes()} == {
        f"{c:02d}{r:02d}" for c in range(1, 5) for r in range(1, 4)
    }
    assert all(hexmap.terrain_at(h) is Terrain.CLEAR for h in hexmap.hexes())


def test_pointy_4x3_hexrows_are_screen_rows(tmp_path: Path) -> None:
    # Pointy-top: hexrows are the screen rows (01 at the top, growing down), positions grow
    # right. 4 wide x 3 high: top-left 0101, top-right 0104, bottom-left 0301, bottom-right 0304.
    settings = NewMapSettings("Pointy", 4, 3, "pointy", base_terrain="woods", base_elevation=300)
    assert corner_ids(settings) == {
        "top-left": "0101", "top-right": "0104", "bottom-left": "0301", "bottom-right": "0304",
    }  # fmt: skip
    hexmap = load_map(_saved(tmp_path, settings))
    assert len(hexmap.hexes()) == 12
    corner = hexmap.parse("0304")
    assert hexmap.terrain_at(corner) is Terrain.WOODS
    assert hexmap.elevation_at(corner) == 300


def test_slaughter_mountain_convention_first_0100_positions_growing_left(tmp_path: Path) -> None:
    # As cedar_mountain.yaml: pointy, hexrows 01.. growing down, positions 00.. growing LEFT,
    # so position 00 is the east (right) edge. 3 wide x 2 high: top-right 0100, top-left
    # 0102, bottom-right 0200, bottom-left 0202. A letter goes before every id.
    settings = NewMapSettings("East to west", 3, 2, "pointy", first="0100",
                              positions_grow="left", letter="B")
    assert corner_ids(settings) == {
        "top-left": "B0102", "top-right": "B0100", "bottom-left": "B0202", "bottom-right": "B0200",
    }  # fmt: skip
    hexmap = load_map(_saved(tmp_path, settings))
    assert hexmap.hex_id(hexmap.parse("B0100")) == "B0100"


def test_the_text_has_the_schema_line_and_every_numbering_field(tmp_path: Path) -> None:
    settings = NewMapSettings("Hazel: north", 2, 2, frame=FrameSettings(175, (1200, 3400), True))
    path = tmp_path / "maps" / "n.yaml"
    text = new_map_text(settings, path)
    first_line = text.splitlines()[0]
    assert first_line == "# yaml-language-server: $schema=" + schema_ref(path)
    data = yaml.safe_load(text)
    assert data["name"] == "Hazel: north"  # quoted: a colon would end the key
    assert data["numbering"] == {
        "orientation": "flat", "width": 2, "height": 2, "first": "0101",
        "hexrows_grow": "right", "positions_grow": "down", "odd_shoved": True, "north": "up",
    }  # fmt: skip
    assert data["frame"] == {"hex_across": 175, "origin": [1200, 3400], "y_axis": "up"}


def test_the_schema_reference_resolves_from_the_saved_file(tmp_path: Path) -> None:
    path = tmp_path / "deep" / "maps" / "n.yaml"
    ref = schema_ref(path)
    assert (path.parent / ref).resolve() == (ROOT / "gameapp/core/schemas/map.schema.json")
    assert schema_ref(ROOT / "maps" / "x.yaml") == "../gameapp/core/schemas/map.schema.json"


@pytest.mark.parametrize(
    ("settings", "message"),
    [
        (NewMapSettings("", 4, 3), "the map needs a name"),
        (NewMapSettings("m", 0, 3), "a map needs at least one hex each way"),
        (NewMapSettings("m", 4, 3, first="01A1"), "'01A1' is not four digits"),
        (NewMapSettings("m", 4, 3, letter="b"), "'b' is not one capital letter"),
        (NewMapSettings("m", 4, 3, hexrows_grow="down"), "flat-top hexrows grow left/right"),
        # 60 columns from hexrow 41 reach 100
        (NewMapSettings("m", 60, 3, first="4101"), "60 hexrows from 41 run past 99"),
        (NewMapSettings("m", 4, 3, base_terrain="swamp"), "'swamp' is not a terrain"),
    ],
)
def test_bad_settings_say_what_is_wrong(settings: NewMapSettings, message: str) -> None:
    assert any(message in p for p in settings_problems(settings))
    with pytest.raises(NewMapError, match=message.replace("(", r"\(")):
        new_map_text(settings)
