"""The end screen: the winner and the level of victory (the ruleset's result), each side's
points term by term, losses by side and by formation (brigades in a tactical game, divisions in
a strategic one: `Ruleset.formation`), and the chart of each side's strength and victory points
turn by turn (end_chart.py). Every number comes from the ruleset through `History` (the record:
`strength_on_map`, `result`, `losses`), so both kinds of game get the same screen. It opens by
itself when the game ends (`EndOfGame`), and its Replay button steps through the game that was
played."""

from __future__ import annotations

from typing import Any, Protocol

from PySide6.QtCore import QObject, Qt, Signal
from PySide6.QtGui import QColor
from PySide6.QtWidgets import (
    QDialog,
    QDialogButtonBox,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QMessageBox,
    QTableWidget,
    QTableWidgetItem,
    QVBoxLayout,
    QWidget,
)

from gameapp.core.breakdown import Breakdown
from gameapp.core.engine import Game
from gameapp.core.history import History
from gameapp.core.rules.victory import LEVEL_RULE
from gameapp.core.units import Side
from gameapp.ui.controller import GameController
from gameapp.ui.end_chart import INK, TurnChart
from gameapp.ui.screen_fit import open_inside_screen


class ScoredResult(Protocol):
    """A result with victory points and levels (the tactical VictoryResult, the strategic
    StrategicResult)."""

    @property
    def points(self) -> dict[Side, Breakdown]: ...

    @property
    def winner(self) -> Side | None: ...

    @property
    def title(self) -> str: ...

    @property
    def level(self) -> str: ...

    @property
    def level_terms(self) -> Breakdown: ...

    @property
    def sudden_death(self) -> Any: ...


def scored(result: Any) -> bool:
    """Whether a result can be shown on the end screen (it has points and a winner)."""
    return all(hasattr(result, name) for name in ("points", "winner", "level_terms"))


def headline(result: ScoredResult) -> str:
    """'Union substantive victory', 'A draw'."""
    return "A draw" if result.winner is None else result.title


def how_it_ended(game: Game, result: ScoredResult) -> str:
    """Why the game ended and how the level was reached, in a sentence."""
    points = {side: result.points[side].total for side in Side}
    score = f"{Side.UNION.label} {points[Side.UNION]:g}, {Side.CONFEDERATE.label} " \
        f"{points[Side.CONFEDERATE]:g} points"
    if result.sudden_death is not None:
        what = result.sudden_death.describe(game.map.hex_id)
        return f"Sudden death in turn {game.state.turn}: {result.sudden_death.name} ({what}). " \
            f"On points: {score}."
    ended = f"After turn {game.scenario.clock.last_turn}" if game.is_over else \
        f"In turn {game.state.turn} (the game goes on)"
    terms = result.level_terms.terms
    if terms and terms[0].rule != LEVEL_RULE:  # measured from a par: its last term says how far
        return f"{ended}: {score}; {terms[-1].label}."
    if result.winner is None:
        return f"{ended}: {score}."
    ratio = terms[0].value
    return f"{ended}: {score}, {ratio:g} to 1 — a {result.level} victory."


def level_text(result: ScoredResult) -> str:
    """How the level was reached, term by term with its rule: 'Level: Union points less
    Confederate points (26 - 24) +2 [R&C strategic par]; ...'."""
    shown = [t for t in result.level_terms.terms if t.value != 0 or t is
             result.level_terms.terms[-1]]
    return "Level: " + "; ".join(f"{t.label} {t.value:+g} [{t.rule}]" if t.value else
                                 f"{t.label} [{t.rule}]" for t in shown)


class EndScreen(QDialog):
    replay_requested = Signal()

    def __init__(self, game: Game, history: History | None = None,
                 parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("end_screen")
        self.setWindowTitle(f"The result — {game.scenario.name}")
        self.game = game
        self.history = history or History.of(game)
        self.victory: ScoredResult = game.result()
        self.formation = game.ruleset.formation  # "brigade", "division"
        self.title = QLabel(headline(self.victory))
        self.title.setObjectName("end_title")
        ink = INK[self.victory.winner].name() if self.victory.winner else "#2b2a26"
        self.title.setStyleSheet(f"font-size: 22pt; font-weight: bold; color: {ink};")
        self.summary = QLabel(how_it_ended(game, self.victory))
        self.summary.setWordWrap(True)
        self.level_terms = QLabel(level_text(self.victory))
        self.level_terms.setObjectName("end_level_terms")
        self.level_terms.setWordWrap(True)
        self.level_terms.setStyleSheet("color: #5a574f;")
        self.chart = TurnChart()
        self.chart.show_series(self.history.turn_series(),
                               "sudden death" if self.victory.sudden_death else "")
        self.points_table = self._points_table()
        self.brigade_table = self._brigade_table()
        self.losses = QLabel(self._losses_text())
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Close)
        self.replay_button = buttons.addButton("Replay the game",
                                               QDialogButtonBox.ButtonRole.ActionRole)
        self.replay_button.clicked.connect(self.replay_requested.emit)
        buttons.rejected.connect(self.reject)
        tables = QHBoxLayout()
        for caption, table in (("Victory points", self.points_table),
                               (f"Losses by {self.formation}", self.brigade_table)):
            column = QVBoxLayout()
            label = QLabel(f"<b>{caption}</b>")
            column.addWidget(label)
            column.addWidget(table)
            tables.addLayout(column)
        layout = QVBoxLayout(self)
        layout.addWidget(self.title)
        layout.addWidget(self.summary)
        layout.addWidget(self.level_terms)
        layout.addWidget(self.chart, 3)
        layout.addWidget(self.losses)
        layout.addLayout(tables, 2)
        layout.addWidget(buttons)
        open_inside_screen(self, 900, 860)

    def _losses_text(self) -> str:
        lost = self.history.losses_by_side()
        printed: dict[Side, int] = {side: 0 for side in Side}
        for row in self.history.losses_by_formation():
            printed[row.side] += row.of
        parts = [f"<span style='color:{INK[side].name()}'><b>{side.label}</b></span> lost "
                 f"<b>{lost[side]}</b> of {printed[side]} strength points" for side in Side]
        return "Losses: " + "; ".join(parts)

    def _points_table(self) -> QTableWidget:
        rows = [(side, term.label, term.value) for side in Side
                for term in self.victory.points[side]]
        rows += [(side, "total", self.victory.points[side].total) for side in Side]
        return _table(["Side", "For", "Points"], [
            (side, [side.label, label, f"{value:g}"]) for side, label, value in rows])

    def _brigade_table(self) -> QTableWidget:
        return _table(["Side", self.formation.capitalize(), "SPs lost", "of"], [
            (row.side, [row.side.label, row.name, str(row.lost), str(row.of)])
            for row in self.history.losses_by_formation()])


def _table(headings: list[str], rows: list[tuple[Side, list[str]]]) -> QTableWidget:
    table = QTableWidget(len(rows), len(headings))
    table.setHorizontalHeaderLabels(headings)
    table.verticalHeader().setVisible(False)
    table.setEditTriggers(QTableWidget.EditTrigger.NoEditTriggers)
    table.setSelectionMode(QTableWidget.SelectionMode.NoSelection)
    table.setFocusPolicy(Qt.FocusPolicy.NoFocus)
    for r, (side, cells) in enumerate(rows):
        for c, text in enumerate(cells):
            item = QTableWidgetItem(text)
            if c == 0:
                item.setForeground(QColor(INK[side]))
            if text.lstrip("-").replace(".", "").isdigit():
                item.setTextAlignment(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)
            table.setItem(r, c, item)
    header = table.horizontalHeader()
    header.setSectionResizeMode(QHeaderView.ResizeMode.ResizeToContents)
    header.setSectionResizeMode(1, QHeaderView.ResizeMode.Stretch)
    return table


def plain_result_text(game: Game, result: Any) -> str:
    """A result without victory levels, term by term: 'After turn 8: Union SP on the map 32
    (R&C strategic turn); ...'."""
    when = f"After turn {game.state.turn - 1}" if game.is_over else \
        f"In turn {game.state.turn} (the game goes on)"
    lines = getattr(result, "lines", None)  # a result that words itself (the strategic one)
    terms = "\n".join(lines() if callable(lines) else
                      (f"{t.label}: {t.value:g} ({t.rule})" for t in getattr(result, "terms", ())))
    winner = getattr(result, "winner", None)
    verdict = f"The {winner.label} side wins." if winner is not None else "No winner."
    return f"{when}. {verdict}\n{terms}"


class EndOfGame(QObject):
    """Opens the end screen when the game being played ends (once per game)."""

    def __init__(self, controller: GameController, parent: QWidget) -> None:
        super().__init__(parent)
        self.controller = controller
        self.parent_widget = parent
        self.screen: EndScreen | None = None
        self.plain: QMessageBox | None = None
        self._shown_for: Game | None = None
        controller.state_changed.connect(self._changed)

    def show_result(self) -> EndScreen | None:
        """The end screen of the game being played (its result so far if it is not over). A
        result without points (a ruleset without victory levels) is shown as its terms in a
        message box (`plain`), and None is returned."""
        game = self.controller.game
        if game is None:
            return None
        result = game.result()
        if not scored(result):
            self._show_plain(game, result)
            return None
        if self.screen is not None:
            self.screen.close()
            self.screen.deleteLater()
        self.screen = EndScreen(game, parent=self.parent_widget)
        self.screen.replay_requested.connect(self._replay)
        self.screen.show()  # not modal: the board behind it can still be looked at
        self.screen.raise_()
        return self.screen

    def _show_plain(self, game: Game, result: Any) -> None:
        if self.plain is not None:
            self.plain.close()
            self.plain.deleteLater()
        self.plain = QMessageBox(QMessageBox.Icon.Information, f"The result — {game.scenario.name}",
                                 plain_result_text(game, result), parent=self.parent_widget)
        self.plain.setModal(False)
        self.plain.show()

    def _changed(self) -> None:
        game = self.controller.game
        if game is not None and game.is_over and game is not self._shown_for:
            self._shown_for = game
            self.show_result()

    def _replay(self) -> None:
        from gameapp.ui.replay.replay_window import replay_live_game  # when first asked for

        window = replay_live_game(self.parent_widget, self.controller.game)
        if window is not None:
            window.go_to(0)
