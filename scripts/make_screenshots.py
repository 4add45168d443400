"""Make the README's pictures with the program itself.

    .venv/bin/python scripts/make_screenshots.py            # offscreen
    xvfb-run -a .venv/bin/python scripts/make_screenshots.py  # in a real X window

Writes docs/images/demo-board.png (the whole board, as `gameapp render` draws it) and
docs/images/window.png (the main window with a stack selected and its details in the panel).
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

from gameapp.core.scenario import load_scenario  # noqa: E402
from gameapp.ui.app import application, build_window  # noqa: E402
from gameapp.ui.render import render_scenario_png  # noqa: E402

IMAGES = ROOT / "docs" / "images"
DEMO = ROOT / "scenarios" / "demo.yaml"


def main() -> int:
    IMAGES.mkdir(parents=True, exist_ok=True)
    app = application()
    QSettings.setDefaultFormat(QSettings.Format.IniFormat)
    QSettings.setPath(QSettings.Format.IniFormat, QSettings.Scope.UserScope, "/tmp/rc-shots")
    render_scenario_png(load_scenario(DEMO), IMAGES / "demo-board.png", width=1600)
    window = build_window(str(DEMO))
    window.resize(1500, 950)
    window.show()
    app.processEvents()
    window.view.set_zoom(1.25)
    board = window.view.board()
    assert board is not None
    target = board.counter_item("US-6NH")
    assert target is not None
    window.view.centerOn(target)
    app.processEvents()
    point = window.view.mapFromScene(target.sceneBoundingRect().center())
    QTest.mouseClick(window.view.viewport(), Qt.MouseButton.LeftButton, pos=point)
    QTest.mouseMove(window.view.viewport(), point)
    for _ in range(20):  # let progressive tile drawing finish
        app.processEvents()
        QTest.qWait(30)
    window.grab().save(str(IMAGES / "window.png"))
    print(f"wrote {IMAGES / 'demo-board.png'} and {IMAGES / 'window.png'}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
