"""Make docs/images/editor-map.png: the editor's map-painting tools on the demo scenario, after a
woods brush stroke, a stone wall along four hexsides and a lane, with the hexside tool lighting
the hexside under the mouse. Nothing is saved.

    .venv/bin/python scripts/make_map_painting_screenshot.py
"""

from __future__ import annotations

import os
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
if not os.environ.get("DISPLAY"):
    os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

from PySide6.QtCore import QSettings  # noqa: E402
from PySide6.QtTest import QTest  # noqa: E402

from gameapp.core.hexgrid import Hexside  # noqa: E402
from gameapp.ui.app import application  # noqa: E402
from gameapp.ui.editor import EditorWindow  # noqa: E402
from gameapp.ui.editor.map_stroke import Stroke  # noqa: E402
from gameapp.ui.editor.map_tools import Tool  # noqa: E402

OUT = ROOT / "docs" / "images" / "editor-map.png"
DEMO = ROOT / "scenarios" / "demo.yaml"
WALL = [("0606", "0706"), ("0606", "0707"), ("0607", "0707"), ("0607", "0708")]
LANE = ["0608", "0708", "0807", "0907"]


def main() -> int:
    app = application()
    QSettings.setPath(QSettings.Format.IniFormat, QSettings.Scope.UserScope, "/tmp/rc-shots")
    window = EditorWindow(DEMO)
    window.resize(1600, 1000)
    window.show()
    painting = window.map_painting
    doc = painting.doc
    assert doc is not None
    parse = doc.map.parse
    panel = painting.panel
    painting.dock.raise_()
    panel.set_tool(Tool.TERRAIN)
    panel.terrain.setCurrentIndex(panel.terrain.findText("woods"))
    panel.radius.setValue(1)
    painting.apply_stroke(Stroke(Tool.TERRAIN, doc.brush(parse("0505"), 1)))
    panel.set_tool(Tool.HEXSIDE)
    panel.feature.setCurrentIndex(panel.feature.findText("stone wall"))
    for a, b in WALL:
        painting.apply_stroke(Stroke(Tool.HEXSIDE, side=Hexside.between(parse(a), parse(b))))
    panel.grade.setCurrentIndex(panel.grade.findText("lane"))
    painting.apply_stroke(Stroke(Tool.ROAD, [parse(h) for h in LANE]))
    window.view.fit()
    window.view.set_zoom(window.view.zoom * 2.2)
    board = window.view.board()
    assert board is not None
    window.view.centerOn(board.geometry.centre(parse("0606")))
    app.processEvents()
    near, far = board.geometry.centre(parse("0806")), board.geometry.centre(parse("0805"))
    QTest.mouseMove(window.view.viewport(), window.view.mapFromScene(near + (far - near) * 0.4))
    app.processEvents()
    OUT.parent.mkdir(parents=True, exist_ok=True)
    window.grab().save(str(OUT))
    print(f"wrote {OUT}; undo stack: {window.undo_stack.count()} commands")
    window.undo_stack.setClean()
    window.close()
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
