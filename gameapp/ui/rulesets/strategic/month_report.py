"""The monthly report window of a strategic game: a month chooser over the report of
`gameapp/present/strategic_month.py`, which it renders and never computes. It opens by itself
after a monthly interphase and from Game ▸ Monthly report."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from PySide6.QtCore import QObject
from PySide6.QtWidgets import (
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QLabel,
    QTextBrowser,
    QVBoxLayout,
    QWidget,
)

from gameapp.core.engine import Game
from gameapp.core.history import History, ReplayError
from gameapp.core.rulesets.strategic.events import MonthEnded
from gameapp.present.strategic_month import MonthReport, month_of, month_reports, report_html
from gameapp.ui.controller import Availability

if TYPE_CHECKING:
    from gameapp.ui.main_window import MainWindow


class MonthReportDialog(QDialog):
    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("strategic_month_report")
        self.setWindowTitle("Monthly report")
        self.reports: list[MonthReport] = []
        self.months = QComboBox()
        self.months.setObjectName("month_chooser")
        self.text = QTextBrowser()
        self.text.setObjectName("month_report_text")
        self.note = QLabel("Derived from the game's log: reinforcements, withdrawals, leader "
                           "changes, supply income and sieges, each with its rule.")
        self.note.setWordWrap(True)
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Close)
        buttons.rejected.connect(self.close)
        layout = QVBoxLayout(self)
        layout.addWidget(self.months)
        layout.addWidget(self.text, 1)
        layout.addWidget(self.note)
        layout.addWidget(buttons)
        self.months.currentIndexChanged.connect(self._show)
        self.resize(640, 560)

    def show_reports(self, reports: Sequence[MonthReport], month: int | None = None) -> None:
        """Offer `reports`; show `month`'s (by default the last month ended, or the first)."""
        self.reports = list(reports)
        if month is None:
            ended = [r.month for r in self.reports if r.ended]
            month = ended[-1] if ended else (self.reports[0].month if self.reports else None)
        self.months.blockSignals(True)
        self.months.clear()
        for report in self.reports:
            self.months.addItem(report.title, report.month)
        self.months.blockSignals(False)
        at = self.months.findData(month)
        self.months.setCurrentIndex(max(at, 0))
        self._show(self.months.currentIndex())

    def shown_month(self) -> int | None:
        data = self.months.currentData()
        return int(data) if data is not None else None

    def _show(self, index: int) -> None:
        if 0 <= index < len(self.reports):
            self.text.setHtml(report_html(self.reports[index]))
        else:
            self.text.setHtml("<p>No week has been played yet.</p>")


class MonthReports(QObject):
    """Game ▸ Monthly report (the command's target), and the report opened by itself after a
    monthly interphase. Its history of the live game is kept and extended, so each opening
    replays only the actions played since the last."""

    def __init__(self, window: MainWindow, parent: QObject) -> None:
        super().__init__(parent)
        self.window = window
        self.dialog: MonthReportDialog | None = None
        self._history: History | None = None
        self._seen: tuple[Game, int] | None = None  # the game and its log's length last seen

    def availability(self, handler: str, args: tuple[Any, ...] = ()) -> Availability:
        if self.window.controller.game is None:
            return Availability(False, "no game is open")
        return Availability(True, "")

    def open_month_report(self, month: int | None = None) -> MonthReportDialog | None:
        """The report window on `month` (by default the last month ended), in front."""
        game = self.window.controller.game
        reports = self._reports(game) if game is not None else None
        if reports is None:
            return None
        if self.dialog is None:
            self.dialog = MonthReportDialog(self.window)
        self.dialog.show_reports(reports, month)
        self.dialog.show()
        self.dialog.raise_()
        return self.dialog

    def after(self, game: Game, events: Sequence[Any]) -> None:
        """The game changed: if an action just played (not an undo, nor a game opened) and
        its events played a monthly interphase, open that month's report; else keep an open
        report up to date, on the month it shows."""
        seen, self._seen = self._seen, (game, len(game.log))
        played = seen is not None and seen[0] is game and len(game.log) > seen[1]
        ended = [e.turn for e in events if isinstance(e, MonthEnded)] if played else []
        if ended:
            self.open_month_report(month_of(ended[-1]))
        elif self.dialog is not None and self.dialog.isVisible():
            reports = self._reports(game)
            if reports is not None:
                self.dialog.show_reports(reports, self.dialog.shown_month())

    def _reports(self, game: Game) -> list[MonthReport] | None:
        try:
            return month_reports(self._history_of(game), game.rules.terrain)
        except ReplayError as error:
            self._history = None
            self.window.show_message(f"The monthly report cannot be made: {error}")
            return None

    def close(self) -> None:
        """Another ruleset takes over the window: the report goes with it."""
        if self.dialog is not None:
            self.dialog.close()
            self.dialog.deleteLater()
            self.dialog = None

    def _history_of(self, game: Game) -> History:
        cached = self._history
        if cached is None or cached.scenario is not game.scenario or cached.seed != game.dice.seed:
            cached = History.of(game)
        self._history = cached.extended(game.log)
        return self._history
