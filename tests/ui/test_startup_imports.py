"""What the program imports before its first frame (issue 28: start in half a second). Each
check runs in a fresh interpreter, so it sees what one start of the program imports.

- The start screen is drawn before the rest of the window is built: by then no rules, no game,
  no board, and none of numpy, shapely or jsonschema. Built in full, the window works as before
  (tests/ui/test_app.py and the others build it in one step).
- Opening a tactical scenario (Slaughter Mountain) in the window imports neither the strategic
  rules nor the campaign code, and jsonschema only if a file breaks its schema.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
HEAVY = ("numpy", "shapely", "jsonschema")


def _fresh_env(tmp_path: Path) -> dict[str, str]:
    """A fresh interpreter's environment: offscreen, with an empty home (no settings)."""
    return dict(os.environ, QT_QPA_PLATFORM="offscreen", HOME=str(tmp_path),
                XDG_CONFIG_HOME=str(tmp_path / "config"), PYTHONPATH=str(ROOT))


def _modules_after(script: str, tmp_path: Path) -> list[str]:
    """The modules loaded once `script` has run (with a fresh, empty home: no settings)."""
    report = "\nimport json, sys\nprint(json.dumps(sorted(sys.modules)))"
    done = subprocess.run(
        [sys.executable, "-c", script + report], capture_output=True, text=True, cwd=ROOT,
        env=_fresh_env(tmp_path), timeout=300, check=True)
    loaded: list[str] = json.loads(done.stdout.splitlines()[-1])
    return loaded


START_SCREEN = """
from PySide6.QtWidgets import QApplication
app = QApplication([])
from gameapp.ui.app import application, build_window
window = build_window(in_two_steps=True)
window.show()
app.processEvents()
assert window.start_screen.list.count() >= 3, window.start_screen.list.count()
assert not window.complete
"""


# `gameapp play` on Slaughter Mountain up to its first frame, in two steps (MAP_CACHE: a line
# that turns the map cache on, or nothing)
PLAY_FIRST_FRAME = """
from PySide6.QtWidgets import QApplication
app = QApplication([])
from gameapp.core.ruleset import load_scenario_file
from gameapp.ui.app import build_window
MAP_CACHE
later = []
scenario = load_scenario_file("scenarios/slaughter_mountain.yaml")
window = build_window("scenarios/slaughter_mountain.yaml", seed=1, in_two_steps=True,
                      games_later=later, loaded=scenario)
window.show()
app.processEvents()
"""


def test_the_start_screen_is_drawn_before_the_rules_are_imported(tmp_path: Path) -> None:
    loaded = _modules_after(START_SCREEN, tmp_path)
    assert "gameapp.ui.start_screen" in loaded  # the script did build it
    heavy = [m for m in loaded if m.split(".")[0] in HEAVY]
    assert not heavy
    game = [m for m in loaded if m in ("gameapp.core.engine", "gameapp.core.scenario")
            or m.startswith(("gameapp.core.rules", "gameapp.ui.board", "gameapp.ui.rulesets"))]
    assert not game


def test_the_rest_of_the_window_is_built_on_demand(tmp_path: Path) -> None:
    loaded = _modules_after(START_SCREEN + """
window.build_the_rest()
assert window.complete and window.ruleset_name == "tactical"
assert window.pages.currentWidget() is window.start_screen
assert [a.text() for a in window.menuBar().actions()][-1] == "&Help"
assert all(not dock.isVisible() for dock in window.docks)
""", tmp_path)
    assert "gameapp.ui.board" in loaded and "gameapp.ui.rulesets.tactical.ui" in loaded


def test_a_tactical_scenario_opens_without_the_strategic_rules_or_jsonschema(
        tmp_path: Path) -> None:
    loaded = _modules_after("""
from PySide6.QtWidgets import QApplication
app = QApplication([])
from gameapp.ui.app import build_window
window = build_window("scenarios/slaughter_mountain.yaml", seed=1)
window.show()
app.processEvents()
assert window.controller.game is not None
assert window.controller.game.scenario.name.startswith("Slaughter Mountain")
""", tmp_path)
    assert "gameapp.ui.rulesets.tactical.ui" in loaded
    strategic = [m for m in loaded if m.startswith(("gameapp.core.rulesets.strategic",
                                                    "gameapp.core.campaign",
                                                    "gameapp.present.strategic"))]
    assert not strategic
    assert "jsonschema" not in loaded


def test_gameapp_plays_board_is_drawn_before_the_rules_are_imported(tmp_path: Path) -> None:
    """`gameapp play` draws Slaughter Mountain's board, its map and counters, before it builds
    the rest of the window: by then neither the rules nor the game, nor the ruleset's UI with
    its docks, are imported (numpy is: the map's arrays; and shapely here, where the map cache
    is off, as at a first start)."""
    loaded = _modules_after(PLAY_FIRST_FRAME.replace("MAP_CACHE", "") + """
assert not window.complete and len(later) == 1
assert len(window.view.board().units()) == len(scenario.units)
""", tmp_path)
    assert "gameapp.ui.board" in loaded  # the script did draw the board
    rules = [m for m in loaded if m in ("gameapp.core.engine", "gameapp.core.state",
                                        "gameapp.core.events", "gameapp.ui.controller",
                                        "gameapp.ui.start_screen")
             or m.startswith(("gameapp.core.rules.", "gameapp.core.rulesets.",
                              "gameapp.ui.rulesets.tactical", "gameapp.ui.panels"))]
    assert rules == ["gameapp.core.rules.datafile"]  # a file reader (breakdown's rule ids)
    assert "jsonschema" not in loaded


def test_gameapp_plays_first_board_frame_from_the_map_cache_needs_no_numpy(
        tmp_path: Path) -> None:
    """With its map in the map cache (every start but the first), `gameapp play` reads Slaughter
    Mountain and paints its board's first frame without importing numpy (it costs a start 100
    to 200 ms); the game, started after that frame, makes the map's arrays then."""
    cache = tmp_path / "maps"
    use_cache = f"from gameapp.core.mapcache import use_map_cache\nuse_map_cache({str(cache)!r}, "
    use_cache += "shipped=False)"  # the user's cache tested, not the maps compiled at install
    start = PLAY_FIRST_FRAME.replace("MAP_CACHE", use_cache) + """
frame = window.view.viewport().grab().toImage()  # the first frame painted
assert not window.complete and len(later) == 1
assert len(window.view.board().units()) == len(scenario.units)
assert len({frame.pixel(x, y) for x in range(0, frame.width(), 37)
            for y in range(0, frame.height(), 29)}) > 20  # a map drawn, not a blank
import sys
FIRST_FRAME = sorted(sys.modules)
"""
    _modules_after(start, tmp_path)  # the first start: compiles the map into the cache
    assert list(cache.glob("*.rcmap"))
    done = subprocess.run([sys.executable, "-c", start + """
window.build_the_rest()
for start in later:
    start()
assert window.controller.game is not None and window.complete
assert window.controller.game.scenario.map.terrain.shape == (scenario.map.height,
                                                             scenario.map.width)
import json
print(json.dumps([FIRST_FRAME, sorted(sys.modules)]))
"""], capture_output=True, text=True, cwd=ROOT, env=_fresh_env(tmp_path), timeout=300,
        check=True)
    first_frame, complete = json.loads(done.stdout.splitlines()[-1])
    assert "gameapp.ui.board.map_painter" in first_frame  # the script did paint the board
    assert not [m for m in first_frame if m.split(".")[0] in HEAVY]
    assert "numpy" in complete  # the game made the map's arrays after that frame
