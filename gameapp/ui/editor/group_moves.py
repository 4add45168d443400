"""The editor window's moves of several counters at once: the board's selection (a band, Ctrl+
clicks, or "Select the brigade" from a counter's menu) dragged by one hex offset is one undo
command; a move that would take a counter off the map is refused with a message."""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtCore import QObject
from PySide6.QtWidgets import QMenu

from gameapp.core.hexgrid import Hex
from gameapp.editor.scenario_doc import MoveError

if TYPE_CHECKING:
    from gameapp.ui.editor.window import EditorWindow


class GroupMoves(QObject):
    def __init__(self, window: EditorWindow) -> None:
        super().__init__(window)
        self.window = window
        window.view.selection_moved.connect(self.move)
        window.undo_stack.indexChanged.connect(lambda _i: window.view.refresh_marks())

    def move(self, unit_ids: list[str], offset: Hex) -> bool:
        doc = self.window.doc
        if doc is None:
            return False
        try:
            edit = doc.move_group(unit_ids, offset)
        except MoveError as error:
            self.window.show_message(str(error))
            return False
        self.window.push(edit)
        self.window.view.set_selection(unit_ids)
        return True

    def select_formation(self, unit_id: str) -> list[str]:
        doc = self.window.doc
        mates = doc.formation_mates(unit_id)[1] if doc is not None else []
        self.window.view.set_selection(mates)
        return mates

    def add_to_menu(self, menu: QMenu, unit_id: str) -> None:
        """"Select the brigade" (or the division, for a division's own counters)."""
        doc = self.window.doc
        if doc is None:
            return
        name, mates = doc.formation_mates(unit_id)
        action = menu.addAction(f"Select {name} ({len(mates)})" if name else "Select formation")
        action.setObjectName("select_formation")
        action.triggered.connect(lambda _c=False: self.select_formation(unit_id))
