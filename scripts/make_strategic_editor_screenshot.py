"""Make docs/images/strategic-editor.png: the scenario editor on East '62 (a strategic
scenario): the theatre map with its stacks drawn as in play, the palette of pieces, a
Confederate division just placed at Culpeper and its form, and Johnston's army HQ (with its
roster) dragged to Centreville. Nothing is saved.

    .venv/bin/python scripts/make_strategic_editor_screenshot.py
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

from gameapp.core.units import Side  # noqa: E402
from gameapp.ui.app import application  # noqa: E402
from gameapp.ui.editor import EditorWindow  # noqa: E402
from gameapp.ui.rulesets.strategic.editor import StrategicEditor  # noqa: E402

OUT = ROOT / "docs" / "images" / "strategic-editor.png"
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
    doc = editor.doc
    centreville, culpeper = doc.parse_at("Centreville, VA"), doc.parse_at("Culpeper, VA")
    assert centreville is not None and culpeper is not None
    window.push(doc.move("cs_army_nva", centreville))
    editor.panel.side.setCurrentIndex(editor.panel.side.findData(Side.CONFEDERATE))
    editor.panel.choose_template("infantry")
    editor.place("infantry", culpeper)
    editor.panel.templates.setCurrentRow(0)
    editor.panel.templates.clearSelection()
    app.processEvents()
    view = window.view
    view.fit()
    view.set_zoom(view.zoom * 5)
    board = view.board()
    assert board is not None
    view.centerOn(board.geometry.centre(doc.parse_at("C2310") or culpeper))
    app.processEvents()
    OUT.parent.mkdir(parents=True, exist_ok=True)
    window.grab().save(str(OUT))
    print(f"wrote {OUT}")
    window.undo_stack.setClean()
    window.close()
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
