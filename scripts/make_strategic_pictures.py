"""The strategic game's pictures for docs/strategic-window.md: the Hazel test scenario in the
window with a force's march lit and its cost shown, the Hazel board as `gameapp render` draws
it, and, given a scenario on the East map (the East '62 opening), its Virginia front.

    QT_QPA_PLATFORM=offscreen .venv/bin/python scripts/make_strategic_pictures.py [EAST_YAML]
"""

from __future__ import annotations

import sys
from pathlib import Path

from PySide6.QtCore import QRectF, Qt
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QApplication

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from gameapp.core.ruleset import load_scenario_file  # noqa: E402
from gameapp.core.rulesets.strategic.actions import EndPhase, RollInitiative  # noqa: E402
from gameapp.core.units import Side  # noqa: E402
from gameapp.ui.app import build_window  # noqa: E402
from gameapp.ui.board.view import HexClick  # noqa: E402
from gameapp.ui.render import ensure_application  # noqa: E402
from gameapp.ui.rulesets.strategic.render import render_strategic_png  # noqa: E402
from gameapp.ui.rulesets.strategic.ui import StrategicUI, theatre_board  # noqa: E402
from tests.rulesets.strategic.positions import HAZEL, hazel_game  # noqa: E402

IMAGES = ROOT / "docs" / "images"
VIRGINIA = ("C2004", "C3019")  # the corners of the Virginia front: Harpers Ferry to Fort Monroe


def hazel_window(app: QApplication) -> None:
    """Union movement phase of week 1: McDowell commanded (a forced 2 under his 3), Ricketts
    picked, the mouse on 0503 across the Hazel."""
    window = build_window(str(HAZEL))
    window.resize(1500, 900)
    window.show()
    game = hazel_game(first=Side.UNION)
    window.start_game(game)
    ui = window.ruleset_ui
    assert isinstance(ui, StrategicUI)
    m = game.map
    ui.tool.click(HexClick(m.parse("0302"), Qt.MouseButton.LeftButton,
                           Qt.KeyboardModifier.NoModifier))  # declare McDowell's span
    window.controller.apply(EndPhase())
    game.dice.forced = [2]
    window.controller.apply(RollInitiative("mcdowell"))
    ui.select_hex(m.parse("0302"))
    ui.tool.pick("u3")
    ui.tool.hover(m.parse("0503"))
    window.view.fit()
    QTest.qWait(300)  # the docks laid out
    out = IMAGES / "strategic-hazel-window.png"
    window.grab().save(str(out))
    print(f"wrote {out}")
    window.close()


def east_front(path: Path) -> None:
    scenario = load_scenario_file(path)
    board = theatre_board(scenario)
    a = board.geometry.polygon(scenario.map.parse(VIRGINIA[0])).boundingRect()
    b = board.geometry.polygon(scenario.map.parse(VIRGINIA[1])).boundingRect()
    out = IMAGES / "strategic-east-1862-virginia.png"
    render_strategic_png(scenario, out, 1400, area=QRectF(a.topLeft(), b.bottomRight()))
    print(f"wrote {out}")


def east_window(path: Path, seed: int | None = None) -> None:
    """The East opening in the window, the command phase of week 1 (the opening initiative
    dice are the game's own): Johnston's stack at Manassas (C2409, the errata's army HQ)
    listed in the dock, with its HQ's roster; his span declared if the Confederates move
    first. `seed`: the game's dice (None: a fresh one)."""
    window = build_window(str(path), seed=seed)
    window.resize(1500, 950)
    window.show()
    game = window.controller.game
    ui = window.ruleset_ui
    assert game is not None and isinstance(ui, StrategicUI)
    manassas = game.map.parse("C2409")
    if game.current_side is Side.CONFEDERATE:
        ui.tool.click(HexClick(manassas, Qt.MouseButton.LeftButton,
                               Qt.KeyboardModifier.NoModifier))
    ui.select_hex(manassas)
    window.view.set_zoom(1.1)
    board = window.view.board()
    assert board is not None
    window.view.centerOn(board.geometry.centre(manassas))
    QTest.qWait(300)
    out = IMAGES / "strategic-east-1862-window.png"
    window.grab().save(str(out))
    print(f"wrote {out}")
    window.close()


def main(argv: list[str]) -> int:
    app = ensure_application()
    out = IMAGES / "strategic-hazel.png"
    render_strategic_png(load_scenario_file(HAZEL), out, 1200)
    print(f"wrote {out}")
    hazel_window(app)
    if argv:
        east_front(Path(argv[0]))
        east_window(Path(argv[0]))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
