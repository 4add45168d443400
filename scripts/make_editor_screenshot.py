"""Make docs/images/editor.png: the scenario editor on the demo scenario, with the palette, a
brigade just placed from it, an over-stacked hex and the problems panel. Nothing is saved.

    .venv/bin/python scripts/make_editor_screenshot.py
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

from gameapp.ui.app import application  # noqa: E402
from gameapp.ui.editor import EditorWindow  # noqa: E402

OUT = ROOT / "docs" / "images" / "editor.png"
DEMO = ROOT / "scenarios" / "demo.yaml"
FERRERO = ["US-Ferrero", "US-21MA", "US-35MA", "US-51PA"]


def main() -> int:
    app = application()
    QSettings.setPath(QSettings.Format.IniFormat, QSettings.Scope.UserScope, "/tmp/rc-shots")
    window = EditorWindow(DEMO)
    window.resize(1600, 1000)
    window.show()
    doc = window.doc
    assert doc is not None
    for unit_id in FERRERO:  # take Ferrero's brigade off, then drop it again from the palette
        window.push(doc.remove(unit_id))
    window.drop_units(FERRERO, doc.map.parse("1010"))
    window.push(doc.move("US-9NH", doc.map.parse("1303")))  # 14 SPs in oak and brush: too many
    window.oob_palette.search.setText("Ferrero")
    window.view.select_unit("US-9NH")
    app.processEvents()
    window.view.fit()
    window.view.set_zoom(window.view.zoom * 1.6)
    window.view.centerOn(doc.map and window.view.board().geometry.centre(doc.map.parse("1308")))
    app.processEvents()
    OUT.parent.mkdir(parents=True, exist_ok=True)
    window.grab().save(str(OUT))
    print(f"wrote {OUT}")
    window.undo_stack.setClean()
    window.close()
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
