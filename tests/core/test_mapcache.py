"""Compiled maps kept on disk (issue 28: start-up): a start of the program reads a map compiled
before instead of compiling it again, and a cache file that is cut short, garbled, stale or
forged is never trusted: the map is compiled again, as if there had been no cache."""

from __future__ import annotations

import json
import os
from pathlib import Path

import numpy as np
import pytest

from gameapp.core import mapfile
from gameapp.core.mapcache import MapCache, encode_entry, entry_key, load_map_file, use_map_cache
from gameapp.core.mapdata import HexMap
from gameapp.core.ruleset import load_scenario_file
from gameapp.core.yamlsource import DataError

ROOT = Path(__file__).resolve().parents[2]
MAP = ROOT / "maps" / "cedar_mountain.yaml"  # Slaughter Mountain's map


def _same(a: HexMap, b: HexMap) -> bool:
    arrays = ("terrain", "elevation", "features", "hexsides", "roads")
    return (all(np.array_equal(getattr(a, f), getattr(b, f))
                and getattr(a, f).dtype == getattr(b, f).dtype for f in arrays)
            and (a.name, a.numbering, a.slope_thresholds, a.friendly_edges, a.source)
            == (b.name, b.numbering, b.slope_thresholds, b.friendly_edges, b.source))


@pytest.fixture(scope="module")
def compiled() -> HexMap:
    return mapfile.load_map(MAP)


def _entries(folder: Path) -> list[Path]:
    return sorted(folder.glob("*.rcmap"))


def test_a_map_is_compiled_once_then_read(tmp_path: Path, compiled: HexMap,
                                          compiles: list[Path]) -> None:
    cache = MapCache(tmp_path / "maps", shipped=False)
    first = cache.load(MAP)
    again = MapCache(tmp_path / "maps", shipped=False).load(MAP)  # another start of the program
    assert compiles == [MAP]
    assert _same(first, compiled) and _same(again, compiled)
    assert again.terrain.flags.writeable  # the editor and tests write maps
    assert len(_entries(tmp_path / "maps")) == 1
    assert not list((tmp_path / "maps").glob("*.tmp"))  # written whole, then renamed


def _broken_files(good: bytes, compiled: HexMap, key: str) -> dict[str, bytes]:
    header, _, payload = good.partition(b"\n")
    fields = json.loads(header)
    forged = compiled.terrain.copy()
    forged[0, 0] = 250  # no such terrain, the payload's hash made to match
    fake = HexMap(compiled.name, compiled.numbering, forged, compiled.elevation,
                  compiled.features, compiled.hexsides, compiled.roads)
    sides, roads, features = (compiled.hexsides.copy(), compiled.roads.copy(),
                              compiled.features.copy())
    sides[1, 1, 2] = 1 << 15  # no such hexside flag
    roads[2, 2, 3] = 77  # no such road grade
    features[3, 3] = 1 << 7  # no such hex feature
    odd_side = HexMap(compiled.name, compiled.numbering, compiled.terrain, compiled.elevation,
                      compiled.features, sides, compiled.roads)
    odd_road = HexMap(compiled.name, compiled.numbering, compiled.terrain, compiled.elevation,
                      compiled.features, compiled.hexsides, roads)
    odd_feature = HexMap(compiled.name, compiled.numbering, compiled.terrain,
                         compiled.elevation, features, compiled.hexsides, compiled.roads)
    swapped = dict(fields, arrays=dict(fields["arrays"], elevation=[">i2", [1, 1]]))
    flipped = bytearray(payload)
    flipped[len(flipped) // 2] ^= 0xFF
    wide = dict(fields, numbering=dict(fields["numbering"], width=fields["numbering"]["width"] + 1))
    return {
        "empty": b"",
        "cut short": good[: len(good) - 100],
        "header only": header,
        "not json": b"\x00\xff garbage\n" + payload,
        "a byte changed": header + b"\n" + bytes(flipped),
        "another key": json.dumps(dict(fields, key="0" * 64)).encode() + b"\n" + payload,
        "another format": json.dumps(dict(fields, format="old")).encode() + b"\n" + payload,
        "wrong size": json.dumps(wide).encode() + b"\n" + payload,
        "unknown terrain": encode_entry(fake, key),
        "unknown hexside flag": encode_entry(odd_side, key),
        "unknown road grade": encode_entry(odd_road, key),
        "unknown hex feature": encode_entry(odd_feature, key),
        "another byte order": json.dumps(swapped).encode() + b"\n" + payload,
        "a list for a header": b"[1, 2]\n" + payload,
    }


def test_a_broken_cache_file_is_compiled_again_and_mended(tmp_path: Path, compiled: HexMap,
                                                          compiles: list[Path]) -> None:
    folder = tmp_path / "maps"
    MapCache(folder, shipped=False).load(MAP)
    (entry,) = _entries(folder)
    good = entry.read_bytes()
    key = entry.name.removesuffix(".rcmap")
    for why, broken in _broken_files(good, compiled, key).items():
        entry.write_bytes(broken)
        compiles.clear()
        loaded = MapCache(folder, shipped=False).load(MAP)
        assert compiles == [MAP], why  # not trusted
        assert _same(loaded, compiled), why
        assert entry.read_bytes() == good, why  # written again
        compiles.clear()
        assert _same(MapCache(folder, shipped=False).load(MAP), compiled) and not compiles, why


def test_a_map_read_from_the_cache_reads_as_the_compiled_one_before_its_arrays_are_made(
        tmp_path: Path, compiled: HexMap) -> None:
    """The board reads a cached map's values without numpy (its first frame, issue 28); they
    are the compiled map's, and so are the arrays made at the first read of one."""
    MapCache(tmp_path / "maps", shipped=False).load(MAP)
    cached = MapCache(tmp_path / "maps", shipped=False).load(MAP)
    assert "_packed" in vars(cached) and "terrain" not in vars(cached)  # not made yet
    for name in ("terrain", "elevation", "features", "hexsides", "roads"):
        assert cached.flat_values(name) == getattr(compiled, name).ravel().tolist(), name
    assert list(cached.hexside_features().items()) == list(compiled.hexside_features().items())
    assert list(cached.road_links().items()) == list(compiled.road_links().items())
    assert "terrain" not in vars(cached)  # still packed
    assert cached.elevation_at(compiled.hexes()[7]) == compiled.elevation_at(compiled.hexes()[7])
    assert "_packed" not in vars(cached) and _same(cached, compiled)
    cached.set_terrain(compiled.hexes()[0], cached.terrain_at(compiled.hexes()[1]))
    assert cached.edits == 1
    other = MapCache(tmp_path / "maps", shipped=False).load(MAP)
    cleared = np.zeros_like(compiled.terrain)
    other.terrain = cleared  # an array set before any is read is the map's, not the cache's
    assert other.flat_values("terrain") == cleared.ravel().tolist()
    assert other.elevation_at(compiled.hexes()[7]) == compiled.elevation_at(compiled.hexes()[7])
    assert other.terrain is cleared


def test_an_edited_map_is_compiled_afresh(tmp_path: Path, compiles: list[Path]) -> None:
    edited = tmp_path / "cedar_mountain.yaml"
    edited.write_text(MAP.read_text())
    cache = MapCache(tmp_path / "maps", shipped=False)
    before = cache.load(edited)
    text = MAP.read_text().replace("name: Cedar Mountain", "name: Cedar Mountain, edited", 1)
    assert text != MAP.read_text()
    edited.write_text(text)
    after = cache.load(edited)
    assert len(compiles) == 2 and after.name == "Cedar Mountain, edited" != before.name


def test_a_broken_map_says_what_is_wrong_as_without_the_cache(tmp_path: Path) -> None:
    bad = tmp_path / "bad.yaml"
    bad.write_text(MAP.read_text().replace("name: Cedar Mountain", "name: [Cedar]", 1))
    with pytest.raises(DataError) as uncached:
        mapfile.load_map(bad)
    with pytest.raises(DataError) as cached:
        MapCache(tmp_path / "maps", shipped=False).load(bad)
    assert str(cached.value) == str(uncached.value)
    assert not _entries(tmp_path / "maps")  # nothing kept of a map that does not compile
    with pytest.raises(DataError, match="file not found"):
        MapCache(tmp_path / "maps", shipped=False).load(tmp_path / "missing.yaml")


def test_a_cache_that_cannot_be_written_does_not_stop_the_game(tmp_path: Path,
                                                               compiled: HexMap) -> None:
    blocked = tmp_path / "a file, not a folder"
    blocked.write_text("")
    assert _same(MapCache(blocked / "maps", shipped=False).load(MAP), compiled)


def test_the_cache_stays_under_its_size_least_recently_used_first(tmp_path: Path) -> None:
    folder = tmp_path / "maps"
    copies = []
    for n in range(3):
        copy = tmp_path / f"copy{n}.yaml"
        copy.write_text(MAP.read_text())
        copies.append(copy)
    cache = MapCache(folder, shipped=False)
    cache.load(copies[0])
    size = _entries(folder)[0].stat().st_size
    cache.max_bytes = 2 * size
    cache.load(copies[1])
    os.utime(_entries(folder)[0], (1, 1))  # put the entries' ages beyond doubt
    first = folder / f"{entry_key(copies[0].read_bytes(), str(copies[0]))}.rcmap"
    second = folder / f"{entry_key(copies[1].read_bytes(), str(copies[1]))}.rcmap"
    os.utime(second, (1, 1))
    os.utime(first, (2, 2))
    cache.load(copies[2])
    kept = _entries(folder)
    assert len(kept) == 2 and second not in kept and first in kept


def test_scenarios_read_their_maps_through_the_cache_when_the_program_uses_one(
        tmp_path: Path, compiles: list[Path]) -> None:
    scenario = ROOT / "scenarios" / "slaughter_mountain.yaml"
    use_map_cache(tmp_path / "maps", shipped=False)
    try:
        first = load_scenario_file(scenario)
        second = load_scenario_file(scenario)
    finally:
        use_map_cache(None)
    assert len(compiles) == 1 and _same(first.map, second.map)
    load_map_file(MAP)  # no cache in use: compiled
    assert len(compiles) == 2
