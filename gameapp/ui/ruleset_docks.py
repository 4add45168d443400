"""The docks of the ruleset a window plays: added in order with the window's Log, tabbed as
their `DockSpec`s ask, removed when another ruleset takes over, and, when a board is shown,
the `front` ones brought forward and the height shared among the `stretch` ones the first
time (without a saved layout)."""

from __future__ import annotations

from collections.abc import Sequence

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QDockWidget, QMainWindow

from gameapp.ui.rulesets.base import DockSpec


class RulesetDocks:
    def __init__(self, window: QMainWindow, log_dock: QDockWidget) -> None:
        self.window = window
        self.log_dock = log_dock
        self.specs: list[DockSpec] = []
        self.sized = False  # heights shared once, or a saved layout restored them

    @property
    def docks(self) -> tuple[QDockWidget, ...]:
        """The ruleset's docks and the Log."""
        return (*(spec.dock for spec in self.specs), self.log_dock)

    def add(self, specs: Sequence[DockSpec]) -> None:
        """The docks in order, the Log among them (before the first marked `log_before`, else
        last) and tabbed behind the first of them; then each behind its `tab_with`."""
        window = self.window
        log_at = next((i for i, spec in enumerate(specs) if spec.log_before), len(specs))
        order = [spec.dock for spec in specs]
        order.insert(log_at, self.log_dock)
        for dock in order:
            window.addDockWidget(Qt.DockWidgetArea.RightDockWidgetArea, dock)
        if log_at < len(specs):
            window.tabifyDockWidget(self.log_dock, specs[log_at].dock)
        if specs:
            window.tabifyDockWidget(specs[0].dock, self.log_dock)
        by_name = {spec.dock.objectName(): spec.dock for spec in specs}
        for spec in specs:
            if spec.tab_with in by_name:
                window.tabifyDockWidget(by_name[spec.tab_with], spec.dock)
        self.specs = list(specs)

    def remove(self) -> None:
        for spec in self.specs:
            self.window.removeDockWidget(spec.dock)
            spec.dock.deleteLater()
        self.specs = []

    def show_for_board(self) -> None:
        """A board is shown: every dock shown, the `front` ones forward, and the first time
        (no saved layout) the height shared by `stretch`."""
        for dock in self.docks:
            dock.show()
        for spec in self.specs:
            if spec.front:
                spec.dock.raise_()
        stretch = [(spec.dock, spec.stretch) for spec in self.specs if spec.stretch]
        if not self.sized and stretch:
            self.sized = True
            docks, sizes = zip(*stretch, strict=True)
            self.window.resizeDocks(list(docks), list(sizes), Qt.Orientation.Vertical)
