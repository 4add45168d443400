"""Maps compiled at install (`gameapp compile-maps`, issue 28: a first start compiles nothing):
read before the user's cache, and never trusted when stale, broken or forged: the game then
compiles the map, as if nothing had been compiled."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from gameapp.cli import main
from gameapp.core import mapcache, mapfile
from gameapp.core.mapcache import MapCache, compile_shipped, shipped_entry, shipped_key
from tests.core.test_mapcache import _broken_files, _same

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture
def maps(tmp_path: Path) -> Path:
    """An installation's maps folder: Slaughter Mountain's map, the demo's, and a file that is
    not a map (counters)."""
    folder = tmp_path / "install" / "maps"
    folder.mkdir(parents=True)
    for name in ("cedar_mountain.yaml", "demo.yaml"):
        shutil.copy(ROOT / "maps" / name, folder / name)
    shutil.copy(ROOT / "counters" / "demo.yaml", folder / "counters.yaml")
    return folder


def test_compiled_at_install_a_first_start_compiles_nothing(
        maps: Path, tmp_path: Path, compiles: list[Path]) -> None:
    done = dict((path.name, what) for path, what in compile_shipped(maps))
    assert done == {"cedar_mountain.yaml": "compiled", "demo.yaml": "compiled",
                    "counters.yaml": "not a map"}
    assert sorted(p.name for p in (maps / "compiled").iterdir()) == [
        "cedar_mountain.rcmap", "demo.rcmap"]
    compiles.clear()
    user_cache = tmp_path / "user cache"
    loaded = MapCache(user_cache).load(maps / "cedar_mountain.yaml")
    assert compiles == []  # read, not compiled
    assert _same(loaded, mapfile.load_map(maps / "cedar_mountain.yaml"))  # its source too
    assert not user_cache.exists()  # nothing to keep in the user's cache


def test_compiling_again_keeps_what_is_up_to_date_and_drops_what_is_gone(
        maps: Path, compiles: list[Path]) -> None:
    compile_shipped(maps)
    entry = shipped_entry(maps / "demo.yaml")
    written = entry.stat().st_mtime_ns
    (maps / "cedar_mountain.yaml").unlink()
    compiles.clear()
    done = dict((path.name, what) for path, what in compile_shipped(maps))
    assert done["demo.yaml"] == "up to date" and compiles == []
    assert entry.stat().st_mtime_ns == written
    assert not shipped_entry(maps / "cedar_mountain.yaml").exists()  # its map is gone


def test_an_installation_moved_elsewhere_still_reads_its_compiled_maps(
        maps: Path, tmp_path: Path, compiles: list[Path]) -> None:
    compile_shipped(maps)
    moved = tmp_path / "elsewhere"
    shutil.copytree(maps.parent, moved)
    compiles.clear()
    loaded = MapCache(tmp_path / "cache").load(moved / "maps" / "demo.yaml")
    assert compiles == []
    assert loaded.source == str(moved / "maps" / "demo.yaml")  # named where it was read


def test_a_map_edited_after_install_is_compiled(maps: Path, tmp_path: Path,
                                                compiles: list[Path]) -> None:
    compile_shipped(maps)
    path = maps / "cedar_mountain.yaml"
    path.write_text(path.read_text().replace("name: Cedar Mountain", "name: Edited", 1))
    compiles.clear()
    loaded = MapCache(tmp_path / "cache").load(path)
    assert compiles == [path] and loaded.name == "Edited"
    assert dict((p.name, w) for p, w in compile_shipped(maps))[path.name] == "compiled"


def test_a_new_compiler_does_not_trust_maps_compiled_by_the_old_one(
        maps: Path, tmp_path: Path, compiles: list[Path],
        monkeypatch: pytest.MonkeyPatch) -> None:
    compile_shipped(maps)
    monkeypatch.setattr(mapcache, "code_version", lambda: "a changed compiler")
    compiles.clear()
    path = maps / "demo.yaml"
    assert _same(MapCache(tmp_path / "cache").load(path), mapfile.load_map(path))
    assert compiles[0] == path


def test_a_broken_or_forged_compiled_map_is_passed_over_and_left_alone(
        maps: Path, tmp_path: Path, compiles: list[Path]) -> None:
    """The installation may be read-only: the game compiles the map and keeps it in the user's
    cache; `gameapp compile-maps` mends the installed file."""
    compile_shipped(maps)
    path = maps / "cedar_mountain.yaml"
    entry = shipped_entry(path)
    good = entry.read_bytes()
    compiled = mapfile.load_map(path)
    key = shipped_key(path.read_bytes(), path.name)
    for why, broken in _broken_files(good, compiled, key).items():
        entry.write_bytes(broken)
        user_cache = tmp_path / why
        compiles.clear()
        assert _same(MapCache(user_cache).load(path), compiled), why
        assert compiles == [path], why
        assert entry.read_bytes() == broken, why  # the game does not write the installation
        assert list(user_cache.glob("*.rcmap")), why
    assert dict((p.name, w) for p, w in compile_shipped(maps))[path.name] == "compiled"
    assert entry.read_bytes() == good


def test_missing_compiled_maps_are_compiled_into_the_users_cache(
        maps: Path, tmp_path: Path, compiles: list[Path]) -> None:
    path = maps / "demo.yaml"
    MapCache(tmp_path / "cache").load(path)
    assert compiles == [path] and list((tmp_path / "cache").glob("*.rcmap"))


def test_gameapp_compile_maps_says_what_it_did_and_fails_on_a_broken_map(
        maps: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["compile-maps", str(maps)]) == 0
    assert "cedar_mountain.yaml: compiled" in capsys.readouterr().out
    (maps / "bad.yaml").write_text("name: [x]\nnumbering: {}\n")
    assert main(["compile-maps", str(maps)]) == 1
    out = capsys.readouterr().out
    assert "demo.yaml: up to date" in out and "bad.yaml: not compiled: " in out
