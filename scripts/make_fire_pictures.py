"""Make the pictures of docs/playing.md's "The fire phase" with the program itself.

    .venv/bin/python scripts/make_fire_pictures.py            # offscreen
    xvfb-run -a .venv/bin/python scripts/make_fire_pictures.py  # in a real X window

On the demo, the Union movement phase is ended and the Confederates pass their first shot; the
Union selects Battery D and adds Battery E with Ctrl+click. Writes:
- docs/images/window-fire.png: the window with the two firers ringed and their target marked;
- docs/images/fire-dialog.png: the combat dialog of their attack on 1812, before the roll;
- docs/images/field-of-fire.png: `gameapp render scenarios/demo.yaml --highlight
  fire:US-21MA`, the 21st Massachusetts' field of fire at the start of the game.
"""

from __future__ import annotations

import os
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
if not os.environ.get("DISPLAY"):
    os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

from PySide6.QtCore import QSettings, Qt  # noqa: E402
from PySide6.QtTest import QTest  # noqa: E402

from gameapp.cli import main as gameapp  # noqa: E402
from gameapp.ui.app import application, build_window  # noqa: E402
from gameapp.ui.main_window import MainWindow  # noqa: E402

IMAGES = ROOT / "docs" / "images"
DEMO = ROOT / "scenarios" / "demo.yaml"


def click_unit(window: MainWindow, unit_id: str, adding: bool = False) -> None:
    game, board = window.controller.game, window.view.board()
    assert game is not None and board is not None
    h = game.state.units[unit_id].hex
    window.view.ensureVisible(board.hex_rect(h), 80, 80)
    point = window.view.mapFromScene(board.geometry.centre(h))
    modifier = Qt.KeyboardModifier.ControlModifier if adding else Qt.KeyboardModifier.NoModifier
    QTest.mouseClick(window.view.viewport(), Qt.MouseButton.LeftButton, modifier, point)


def settle() -> None:
    for _ in range(20):  # let progressive tile drawing finish
        application().processEvents()
        QTest.qWait(30)


def main() -> int:
    IMAGES.mkdir(parents=True, exist_ok=True)
    app = application()
    QSettings.setDefaultFormat(QSettings.Format.IniFormat)
    QSettings.setPath(QSettings.Format.IniFormat, QSettings.Scope.UserScope, "/tmp/rc-shots")
    window = build_window(str(DEMO))
    window.resize(1500, 950)
    window.show()
    app.processEvents()
    window.controller.end_phase()
    window.ruleset_ui.fire_controller.pass_shot()
    window.view.set_zoom(0.85)
    click_unit(window, "US-DPA")
    click_unit(window, "US-E2US", adding=True)
    board, game = window.view.board(), window.controller.game
    assert board is not None and game is not None
    window.view.centerOn(board.geometry.centre(game.map.parse("1508")))
    settle()
    window.grab().save(str(IMAGES / "window-fire.png"))
    dialog = window.ruleset_ui.fire_presenter.open_fire(game.map.parse("1812"))
    assert dialog is not None
    dialog.resize(640, 610)
    settle()
    dialog.grab().save(str(IMAGES / "fire-dialog.png"))
    dialog.reject()
    field = IMAGES / "field-of-fire.png"
    gameapp(["render", str(DEMO), "--png", str(field), "--highlight", "fire:US-21MA"])
    print(f"wrote {IMAGES / 'window-fire.png'} and {IMAGES / 'fire-dialog.png'}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
