"""The start screen lists every scenario file in a directory by the name and description of
its header, without loading the scenario; files whose header is broken show their error."""

from __future__ import annotations

from pathlib import Path

import pytest
from pytestqt.qtbot import QtBot

from gameapp import paths
from gameapp.core import ruleset as ruleset_module
from gameapp.core.ruleset import load_scenario_file
from gameapp.core.scenario import Scenario
from gameapp.core.scenario_header import forget_headers
from gameapp.core.yamlsource import DataError, Problem
from gameapp.ui.app import build_window
from gameapp.ui.start_screen import StartScreen, scan_scenarios

from .boards import make_scenario, sample_units, showcase_map


def _fake_loader(path: Path) -> Scenario:
    """Stands in for load_scenario: 'broken*' files fail with a file:line problem."""
    if path.stem.startswith("broken"):
        raise DataError([Problem(str(path), 3, "units[0].hex: '9999' is off the map")])
    m = showcase_map()
    scenario = make_scenario(m, sample_units(m), name=f"Battle of {path.stem.title()}")
    scenario.description = f"The {path.stem} scenario."
    return scenario


def _directory(tmp_path: Path) -> Path:
    d = tmp_path / "scenarios"
    d.mkdir()
    for name in ("antietam.yaml", "broken.yaml", "cedar.yml", "notes.txt"):
        (d / name).write_text("placeholder: true\n")
    return d


def test_scan_lists_yaml_files_with_names_and_errors(tmp_path: Path) -> None:
    entries = scan_scenarios(_directory(tmp_path), _fake_loader)
    assert [e.path.name for e in entries] == ["antietam.yaml", "broken.yaml", "cedar.yml"]
    good, broken, _ = entries
    assert good.ok and good.name == "Battle of Antietam"
    assert not broken.ok
    assert broken.error == f"{broken.path}:3: units[0].hex: '9999' is off the map"


def test_start_screen_lists_good_and_broken_files(qtbot: QtBot, tmp_path: Path) -> None:
    screen = StartScreen(_directory(tmp_path), _fake_loader)
    qtbot.addWidget(screen)
    texts = screen.item_texts()
    assert len(texts) == 3
    assert texts[0].startswith("Battle of Antietam\nThe antietam scenario.")
    assert "broken.yaml: cannot be opened" in texts[1]
    assert "broken.yaml:3: units[0].hex: '9999' is off the map" in texts[1]


def test_choosing_a_good_scenario_emits_its_path(qtbot: QtBot, tmp_path: Path) -> None:
    directory = _directory(tmp_path)
    screen = StartScreen(directory, _fake_loader)
    qtbot.addWidget(screen)
    screen.list.setCurrentRow(1)  # the broken one cannot be opened
    assert not screen.open_button.isEnabled()
    screen.select_path(directory / "cedar.yml")
    assert screen.open_button.isEnabled()
    with qtbot.waitSignal(screen.scenario_chosen) as chosen:
        screen.open_button.click()
    assert chosen.args == [directory / "cedar.yml"]


def test_a_broken_header_through_the_real_reader(qtbot: QtBot, tmp_path: Path) -> None:
    d = tmp_path / "real"
    d.mkdir()
    (d / "broken.yaml").write_text("# a comment\nname: [unclosed\nunits: []\n")
    screen = StartScreen(d)
    qtbot.addWidget(screen)
    broken = next(e for e in screen.entries if e.path.name == "broken.yaml")
    assert not broken.ok
    assert broken.error.startswith(f"{d / 'broken.yaml'}:2: name: cannot be read as YAML (")
    assert any(broken.error in text for text in screen.item_texts())


def test_the_shipped_list_reads_names_without_loading_a_scenario(
    qtbot: QtBot, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Issue 28: the start screen reads each file's name and description only; loading a
    scenario in full (its map, counters, theatre) is what the ruleset does, never called."""

    def no_full_load(name: str) -> object:
        raise AssertionError(f"a scenario was loaded in full (ruleset {name})")

    monkeypatch.setattr(ruleset_module, "ruleset_named", no_full_load)
    forget_headers()
    screen = StartScreen(paths.scenarios_dir())
    qtbot.addWidget(screen)
    names = [entry.name for entry in screen.entries]
    assert all(entry.ok for entry in screen.entries)
    assert len(names) == len(paths.shipped_scenarios())
    assert {"Slaughter Mountain", "Demo: the fight at Hazel Run", "Tutorial crossroads",
            "East '62: McClellan's Peninsula and Pope's campaign"} <= set(names)
    slaughter = screen.item_texts()[names.index("Slaughter Mountain")]
    assert slaughter.startswith("Slaughter Mountain\nCedar Mountain (Slaughter Mountain), "
                                "Culpeper County, Virginia, 9 August 1862")


def test_opening_a_scenario_directly_loads_that_one_only(qtbot: QtBot) -> None:
    """`gameapp play FILE`: the window loads FILE, and no other scenario of the list."""
    loaded: list[Path] = []

    def recording(path: Path) -> Scenario:
        loaded.append(Path(path))
        return load_scenario_file(path)  # type: ignore[no-any-return]

    demo = paths.scenarios_dir() / "demo.yaml"
    window = build_window(str(demo), paths.scenarios_dir(), seed=1, loader=recording)
    qtbot.addWidget(window)
    assert window.controller.game is not None
    assert loaded == [demo]
    assert "Slaughter Mountain" in [entry.name for entry in window.start_screen.entries]


def test_a_scenario_gameapp_play_has_loaded_is_not_read_again(qtbot: QtBot) -> None:
    """`gameapp play FILE` checks FILE by loading it; the window shows that load."""
    loaded: list[Path] = []

    def recording(path: Path) -> Scenario:
        loaded.append(Path(path))
        return load_scenario_file(path)  # type: ignore[no-any-return]

    demo = paths.scenarios_dir() / "demo.yaml"
    checked = load_scenario_file(demo)
    window = build_window(str(demo), paths.scenarios_dir(), seed=1, loader=recording,
                          loaded=checked)
    qtbot.addWidget(window)
    game = window.controller.game
    assert game is not None and game.scenario is checked
    assert loaded == []


def test_a_missing_directory_lists_nothing(qtbot: QtBot, tmp_path: Path) -> None:
    screen = StartScreen(tmp_path / "nowhere", _fake_loader)
    qtbot.addWidget(screen)
    assert screen.entries == []


def test_a_scenario_with_a_thumbnail_shows_it_and_the_six_strategic_ones_have_theirs(
        qtbot: QtBot, tmp_path: Path) -> None:
    from PySide6.QtGui import QImage

    from gameapp.ui.start_screen import THUMBNAIL_SIZE, thumbnail_path

    d = _directory(tmp_path)
    thumb = thumbnail_path(d / "antietam.yaml")
    thumb.parent.mkdir()
    image = QImage(40, 60, QImage.Format.Format_RGB32)
    image.fill(0x3366AA)
    assert image.save(str(thumb))
    screen = StartScreen(d, _fake_loader)
    qtbot.addWidget(screen)
    # antietam shows its picture (the blue thumbnail), cedar the program's icon
    shown = screen.list.item(0).icon().pixmap(THUMBNAIL_SIZE).toImage()
    assert shown.pixelColor(shown.width() // 2, shown.height() // 2).name() == "#3366aa"
    other = screen.list.item(2).icon().pixmap(THUMBNAIL_SIZE).toImage()
    assert other.pixelColor(other.width() // 2, other.height() // 2).name() != "#3366aa"
    scenarios = Path(__file__).resolve().parents[2] / "scenarios"
    for name in ("east_1862", "west_1862", "east_1863", "west_1863", "east_1864", "west_1864"):
        assert not QImage(str(thumbnail_path(scenarios / f"{name}.yaml"))).isNull(), name
