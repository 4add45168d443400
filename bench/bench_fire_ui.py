"""Field-of-fire highlight benchmark (a script, not a test): how long from asking for one unit's
field of fire to its highlight being on the board, and what it adds to a repaint, in the window.

    QT_QPA_PLATFORM=offscreen .venv/bin/python bench/bench_fire_ui.py [--repeats N]

Boards: the demo scenario, and a 60x40 synthetic map with 400 random counters. On each, the unit
with the largest field of fire is chosen.
- "compute": `fire.field_highlight` (the engine's `tactical(game).fire.field` and the banding);
  cold is the first call on a fresh game (it builds the map's sight arrays and the lines for the
  unit's range and arc), warm is a later one;
- "overlay show": `scene.fire.show_field` alone (the fills by band and the outline);
- "compute + show": both, what the window does for one unit;
- "select": `controller.select_unit` until its signals have run, with the field-of-fire toggle
  off and then on (the difference is the field's share of a click: compute, overlay, panel);
- "exposure": `fire.exposure_of`, the enemy units that could fire at the unit (one explained
  line of sight per enemy in reach);
- "repaint": a full repaint of the 1600x1000 viewport centred on the unit, without and with the
  field, at zoom 1 and 0.5.
Times are medians in ms. The yardstick (bench/yardstick.py) is measured in the same run: compare
ratios to it between machines, not raw times.
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import time
from pathlib import Path

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from PySide6.QtCore import QSettings
from PySide6.QtWidgets import QApplication

from bench.bench_highlight import median_ms, synthetic_scenario
from bench.yardstick import yardstick_ms
from gameapp.core.engine import Game
from gameapp.core.rules.fire.field import cannot_fire
from gameapp.core.rulesets.tactical import tactical
from gameapp.core.scenario import Scenario, load_scenario
from gameapp.present.fire import exposure_of, field_highlight
from gameapp.ui.app import build_window
from gameapp.ui.main_window import MainWindow

ROOT = Path(__file__).resolve().parent.parent
VIEW = (1600, 1000)
ZOOMS = (1.0, 0.5)


def widest_field(scenario: Scenario) -> tuple[str, int, float]:
    """The unit with the largest field of fire, its size, and the cold first call's ms."""
    game = Game.from_scenario(scenario)
    first = next(uid for uid in game.state.units if cannot_fire(game.state.units[uid],
                                                                game.map) is None)
    started = time.perf_counter()
    tactical(game).fire.field(first)
    cold = (time.perf_counter() - started) * 1000
    sizes = {uid: len(tactical(game).fire.field(uid)) for uid in game.state.units}
    best = max(sizes, key=lambda i: sizes[i])
    return best, sizes[best], cold


def bench(app: QApplication, label: str, scenario: Scenario, repeats: int) -> list[str]:
    unit_id, count, cold = widest_field(scenario)
    window: MainWindow = build_window("bench.yaml", loader=lambda path: scenario)
    window.resize(*VIEW)
    window.show()
    app.processEvents()
    controller, game = window.controller, window.controller.game
    fire = window.ruleset_ui.fire_controller
    assert game is not None
    view, board = window.view, window.view.board()
    assert board is not None
    unit = game.state.units[unit_id]

    compute = median_ms(lambda: field_highlight(game, unit_id), repeats)
    highlight = field_highlight(game, unit_id)
    bands = highlight.bands
    show = median_ms(lambda: board.fire.show_field(bands), repeats)
    both = median_ms(lambda: board.fire.show_field(field_highlight(game, unit_id).bands),
                     repeats)
    board.fire.clear_field()

    def select() -> float:
        times = []
        for _ in range(repeats):
            controller.select_unit(None)
            started = time.perf_counter()
            controller.select_unit(unit_id)
            times.append(time.perf_counter() - started)
        return statistics.median(times) * 1000

    select_off = select()
    fire.toggle_field()
    select_on = select()
    assert set(board.fire.bands) == set(tactical(game).fire.field(unit_id))
    fire.toggle_field()
    exposed = exposure_of(game, unit_id)
    exposure = median_ms(lambda: exposure_of(game, unit_id), max(3, repeats // 4))
    enemies = sum(1 for u in game.state.units.values() if u.side is not unit.side)
    rows = [
        f"{label}: {unit_id} ({unit.defn.name}) fires at {count} hexes; "
        f"first field of fire on a fresh game {cold:.1f} ms",
        f"   compute {compute:7.2f} ms   overlay show {show:7.2f} ms   "
        f"compute + show {both:7.2f} ms",
        f"   select -> ready: field toggle off {select_off:7.2f} ms, on {select_on:7.2f} ms "
        f"(the field's share {select_on - select_off:6.2f} ms)",
        f"   exposure ({len(exposed)} enemy hexes of {enemies} enemy units) {exposure:7.2f} ms",
    ]
    controller.select_unit(None)
    for zoom in ZOOMS:
        view.set_zoom(zoom)
        view.centerOn(board.geometry.centre(unit.hex))
        board.fire.clear_field()
        app.processEvents()
        view.viewport().grab()
        plain = median_ms(view.viewport().grab, repeats)
        board.fire.show_field(bands)
        app.processEvents()
        view.viewport().grab()
        lit = median_ms(view.viewport().grab, repeats)
        rows.append(
            f"   repaint zoom {zoom:<4} plain {plain:7.2f} ms   with field {lit:7.2f} ms"
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
