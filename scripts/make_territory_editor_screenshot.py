"""Make docs/images/strategic-territory.png: the scenario editor on East '62 with its Territory
dock raised: the default side, the paint tools, each side's entries, and the territory tinted
on the map, after a box around Fredericksburg was painted Union by a drag (the Union tint, the
Confederate one, and the frontier between them). Nothing is saved.

    .venv/bin/python scripts/make_territory_editor_screenshot.py
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

from gameapp.ui.app import application  # noqa: E402
from gameapp.ui.editor import EditorWindow  # noqa: E402
from gameapp.ui.rulesets.strategic.editor import StrategicEditor  # noqa: E402

OUT = ROOT / "docs" / "images" / "strategic-territory.png"
EAST_1862 = ROOT / "scenarios" / "east_1862.yaml"


def main() -> int:
    app = application()
    QSettings.setPath(QSettings.Format.IniFormat, QSettings.Scope.UserScope, "/tmp/rc-shots")
    window = EditorWindow(EAST_1862)
    window.resize(1600, 1000)
    window.show()
    window.resizeDocks([window.problems_dock], [260], Qt.Orientation.Horizontal)
    editor = window.ruleset_editor
    assert isinstance(editor, StrategicEditor) and editor.doc is not None
    assert editor.territory is not None
    doc = editor.doc
    fredericksburg = doc.parse_at("Fredericksburg, VA")
    assert fredericksburg is not None
    col, row = doc.map.numbering.hex_to_offset(fredericksburg)
    first = doc.map.numbering.offset_to_hex(col - 1, row - 1)
    last = doc.map.numbering.offset_to_hex(col + 1, row + 1)
    editor.territory_dock.raise_()
    editor.territory_panel.paint_buttons["union"].click()
    editor.paint_territory(editor.territory.box(f"{doc.hex_id(first)}:{doc.hex_id(last)}"))
    editor.territory_panel.table.selectRow(editor.territory_panel.table.rowCount() - 1)
    app.processEvents()
    view = window.view
    view.fit()
    view.set_zoom(view.zoom * 3)
    board = view.board()
    assert board is not None
    view.centerOn(board.geometry.centre(fredericksburg))
    app.processEvents()
    OUT.parent.mkdir(parents=True, exist_ok=True)
    window.grab().save(str(OUT))
    print(f"wrote {OUT}")
    window.undo_stack.setClean()
    window.close()
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
