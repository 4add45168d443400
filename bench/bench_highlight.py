"""Move highlight benchmark (a script, not a test): how long from selecting a unit to its legal
moves being on the overlay, and what the highlight adds to a repaint, in the real window.

    QT_QPA_PLATFORM=offscreen .venv/bin/python bench/bench_highlight.py [--repeats N]

Boards: the demo scenario, and a 60x40 synthetic map with 400 random counters. On each, the
phasing side's unit that reaches the most hexes is selected.
- "reach": `tactical(game).movement.reachable` alone (cold: the first search on a fresh game, which
  also fills the step-cost caches; warm: later searches);
- "select": `controller.select_unit` until its signals have run: the search, the overlay, the
  panels and the menus' enabled states (what a click costs, less the click);
- "overlay show": `scene.moves.show` alone; "menus": the registry's game actions re-checked
  against the engine (enabled state, cost or reason in the tooltip);
- "repaint": a full repaint of the 1600x1000 viewport centred on the unit, without and with the
  highlight, at zoom 1 and 0.5 (the chips are not drawn below zoom 0.4).
Times are medians in ms. The yardstick (bench/yardstick.py) is measured in the same run: compare
ratios to it between machines, not raw times.
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import time
from collections.abc import Callable
from pathlib import Path

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from PySide6.QtCore import QSettings
from PySide6.QtWidgets import QApplication

from bench.random_units import random_units
from bench.synthetic_maps import synthetic_map_data
from bench.yardstick import yardstick_ms
from gameapp.core.engine import Game
from gameapp.core.mapfile import compile_map
from gameapp.core.rulesets.tactical import tactical
from gameapp.core.scenario import Scenario, TurnClock, load_scenario
from gameapp.core.units import Side
from gameapp.ui.app import build_window
from gameapp.ui.main_window import MainWindow

ROOT = Path(__file__).resolve().parent.parent
VIEW = (1600, 1000)
ZOOMS = (1.0, 0.5)


def median_ms(job: Callable[[], object], repeats: int) -> float:
    times = []
    for _ in range(repeats):
        started = time.perf_counter()
        job()
        times.append(time.perf_counter() - started)
    return statistics.median(times) * 1000


def synthetic_scenario(width: int, height: int, counters: int) -> Scenario:
    hex_map = compile_map(synthetic_map_data(width, height, seed=7))
    return Scenario(
        path=Path(f"synthetic-{width}x{height}.yaml"),
        name=f"synthetic {width}x{height}",
        description="",
        map=hex_map,
        ruleset="tactical",
        options={},
        clock=TurnClock(first_turn=1, last_turn=10, start_minutes=14 * 60, minutes_per_turn=20),
        first_side=Side.UNION,
        units=random_units(hex_map, counters, seed=8),
    )


def widest_mover(scenario: Scenario) -> tuple[str, int, float]:
    """The phasing unit reaching the most hexes, its count, and the first (cold) search's ms."""
    game = Game.from_scenario(scenario)
    side = game.current_side
    assert side is not None
    started = time.perf_counter()
    movement = tactical(game).movement
    counts = {u.id: len(movement.reachable(u.id)) for u in game.state.side_units(side)}
    cold_all = (time.perf_counter() - started) * 1000
    best = max(counts, key=lambda i: counts[i])
    return best, counts[best], cold_all


def bench(app: QApplication, label: str, scenario: Scenario, repeats: int) -> list[str]:
    unit_id, count, cold_all = widest_mover(scenario)
    window: MainWindow = build_window("bench.yaml", loader=lambda path: scenario)
    window.resize(*VIEW)
    window.show()
    app.processEvents()
    controller, game = window.controller, window.controller.game
    assert game is not None
    view, board = window.view, window.view.board()
    assert board is not None
    unit = game.state.units[unit_id]

    started = time.perf_counter()
    tactical(game).movement.reachable(unit_id)
    first = (time.perf_counter() - started) * 1000
    reach = median_ms(lambda: tactical(game).movement.reachable(unit_id), repeats)

    times = []
    for _ in range(repeats):
        controller.select_unit(None)
        started = time.perf_counter()
        controller.select_unit(unit_id)
        times.append(time.perf_counter() - started)
    select_ms = statistics.median(times) * 1000
    highlight = window.ruleset_ui.moves.highlight
    assert highlight is not None and len(highlight.reach) == count
    occupied = {u.hex for u in game.state.units.values()}
    overlay = median_ms(
        lambda: board.moves.show(highlight.origin, highlight.remaining, highlight.stops, occupied),
        repeats,
    )
    menus = median_ms(window.presenter.refresh_actions, repeats)
    rows = [
        f"{label}: {unit_id} reaches {count} hexes ({len(highlight.stops)} must-stop); "
        f"reach of every phasing unit on a fresh game {cold_all:.1f} ms",
        f"   reach  first {first:7.2f} ms   warm {reach:7.2f} ms",
        f"   select -> overlay ready (search, overlay, panels, menus) {select_ms:7.2f} ms",
        f"   of which: overlay show {overlay:7.2f} ms, menus' enabled states {menus:7.2f} ms",
    ]
    for zoom in ZOOMS:
        view.set_zoom(zoom)
        view.centerOn(board.geometry.centre(unit.hex))
        controller.select_unit(None)
        app.processEvents()
        view.viewport().grab()
        plain = median_ms(view.viewport().grab, repeats)
        controller.select_unit(unit_id)
        app.processEvents()
        view.viewport().grab()
        lit = median_ms(view.viewport().grab, repeats)
        rows.append(
            f"   repaint zoom {zoom:<4} plain {plain:7.2f} ms   with highlight {lit:7.2f} ms"
        )
    window.close()
    window.deleteLater()
    return rows


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeats", type=int, default=20)
    args = parser.parse_args()
    QSettings.setPath(QSettings.Format.IniFormat, QSettings.Scope.UserScope, "/tmp/bench-settings")
    app = QApplication.instance() or QApplication([])
    assert isinstance(app, QApplication)
    print(f"view {VIEW[0]}x{VIEW[1]}, platform {app.platformName()}, medians of {args.repeats}")
    before = yardstick_ms()
    rows = bench(app, "demo", load_scenario(ROOT / "scenarios" / "demo.yaml"), args.repeats)
    rows += bench(app, "60x40 + 400 counters", synthetic_scenario(60, 40, 400), args.repeats)
    after = yardstick_ms()
    print("\n".join(rows))
    print(f"yardstick (bench/yardstick.py) before {before:.1f} ms, after {after:.1f} ms: "
          "divide a time by it to compare runs")
    return 0


if __name__ == "__main__":
    sys.exit(main())
