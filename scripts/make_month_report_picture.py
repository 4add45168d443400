"""The monthly report's picture in docs/strategic-window.md (issue 26):
docs/images/strategic-monthly-report.png, East '62 with every phase ended (the dice of seed 3)
until the report of its first month opens by itself after the monthly interphase, drawn over
the window as the player sees it.

    QT_QPA_PLATFORM=offscreen .venv/bin/python scripts/make_month_report_picture.py [OUT.png]
"""

from __future__ import annotations

import sys
from pathlib import Path

from PySide6.QtGui import QColor, QPainter, QPen
from PySide6.QtTest import QTest

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from gameapp.core.engine import Game  # noqa: E402
from gameapp.ui.app import build_window  # noqa: E402
from gameapp.ui.render import ensure_application  # noqa: E402
from gameapp.ui.rulesets.strategic.ui import StrategicUI  # noqa: E402

EAST_1862 = ROOT / "scenarios" / "east_1862.yaml"
OUT = ROOT / "docs" / "images" / "strategic-monthly-report.png"
SEED, MONTH_ENDS_AFTER = 3, 4


def main(out: Path = OUT) -> None:
    ensure_application()
    window = build_window(str(EAST_1862))
    window.resize(1400, 900)
    window.show()
    game = Game.from_scenario(EAST_1862, seed=SEED)
    window.start_game(game)
    ui = window.ruleset_ui
    assert isinstance(ui, StrategicUI)
    while game.state.turn <= MONTH_ENDS_AFTER:
        window.controller.end_phase()
    dialog = ui.month_reports.dialog
    assert dialog is not None, "the report did not open after the interphase"
    dialog.resize(760, 820)
    QTest.qWait(200)
    picture = window.grab()
    report = dialog.grab()
    painter = QPainter(picture)
    x, y = (picture.width() - report.width()) // 2, (picture.height() - report.height()) // 2
    painter.drawPixmap(x, y, report)
    painter.setPen(QPen(QColor("#444"), 2))  # the dialog's edge (offscreen has no frame)
    painter.drawRect(x, y, report.width(), report.height())
    painter.end()
    picture.save(str(out))
    print(f"wrote {out}")


if __name__ == "__main__":
    main(Path(sys.argv[1]) if len(sys.argv) > 1 else OUT)
