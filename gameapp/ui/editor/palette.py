"""The order-of-battle palette: a tree of side > command > division > brigade > counters with a
search box. Each counter shows where the scenario already uses it; dragging a counter, or a
whole formation, onto the board places it. Right-click: "New unit…" on a formation, "Edit unit…"
and "Remove unit" on a counter (the window opens the unit form)."""

from __future__ import annotations

from collections.abc import Sequence

from PySide6.QtCore import QMimeData, QPoint, Qt, Signal
from PySide6.QtGui import QBrush, QColor, QFont
from PySide6.QtWidgets import (
    QAbstractItemView,
    QLineEdit,
    QMenu,
    QTreeWidget,
    QTreeWidgetItem,
    QVBoxLayout,
    QWidget,
)

from gameapp.editor.oob import OobNode

UNITS_MIME = "application/x-rally-charge-units"  # unit ids, one a line
IDS_ROLE = Qt.ItemDataRole.UserRole
PATH_ROLE = Qt.ItemDataRole.UserRole + 1  # the node's path in the counters file
UNIT_ROLE = Qt.ItemDataRole.UserRole + 2  # the counter's id ("" for a formation)
PLACED_COLOUR = QColor("#7a7a7a")


def units_mime(unit_ids: Sequence[str]) -> QMimeData:
    data = QMimeData()
    data.setData(UNITS_MIME, "\n".join(unit_ids).encode())
    return data


def unit_ids_of(data: QMimeData) -> list[str]:
    if not data.hasFormat(UNITS_MIME):
        return []
    return [i for i in bytes(data.data(UNITS_MIME).data()).decode().split("\n") if i]


class OobTree(QTreeWidget):
    """The tree itself; a drag carries the ids of every counter under the dragged items."""

    def mimeData(self, items: Sequence[QTreeWidgetItem]) -> QMimeData:
        ids: list[str] = []
        for item in items:
            ids += [i for i in item.data(0, IDS_ROLE) or [] if i not in ids]
        return units_mime(ids)

    def mimeTypes(self) -> list[str]:
        return [UNITS_MIME]


class Palette(QWidget):
    new_unit_requested = Signal(object)  # the formation's path in the counters file
    edit_unit_requested = Signal(str)  # unit id
    remove_unit_requested = Signal(str)  # unit id

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.search = QLineEdit()
        self.search.setPlaceholderText("Search counters (id, name, brigade)…")
        self.search.setClearButtonEnabled(True)
        self.search.textChanged.connect(self._filter)
        self.tree = OobTree()
        self.tree.setHeaderLabels(["Counter", "Placed"])
        self.tree.setDragEnabled(True)
        self.tree.setDragDropMode(QAbstractItemView.DragDropMode.DragOnly)
        self.tree.setSelectionMode(QAbstractItemView.SelectionMode.ExtendedSelection)
        self.tree.setColumnWidth(0, 230)
        self.tree.setContextMenuPolicy(Qt.ContextMenuPolicy.CustomContextMenu)
        self.tree.customContextMenuRequested.connect(self._context_menu)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(2, 2, 2, 2)
        layout.addWidget(self.search)
        layout.addWidget(self.tree, 1)
        self._unit_items: dict[str, QTreeWidgetItem] = {}

    def set_oob(self, sides: list[OobNode]) -> None:
        self.tree.clear()
        self._unit_items.clear()
        for side in sides:
            self.tree.addTopLevelItem(self._item(side))
        self.tree.expandToDepth(1)
        self._filter(self.search.text())

    def _item(self, node: OobNode) -> QTreeWidgetItem:
        item = QTreeWidgetItem([node.label, ""])
        item.setData(0, IDS_ROLE, node.unit_ids())
        item.setData(0, PATH_ROLE, node.path)
        item.setData(0, UNIT_ROLE, node.unit_id)
        item.setToolTip(0, node.label)
        if node.unit_id:
            self._unit_items[node.unit_id] = item
        else:
            font = QFont(item.font(0))
            font.setBold(node.level in ("side", "corps"))
            item.setFont(0, font)
        for child in node.children:
            item.addChild(self._item(child))
        return item

    def item_of(self, unit_id: str) -> QTreeWidgetItem | None:
        return self._unit_items.get(unit_id)

    def show_unit(self, unit_id: str) -> None:
        """Select a counter's row and open the formations above it."""
        item = self.item_of(unit_id)
        if item is not None:
            self.tree.setCurrentItem(item)
            self.tree.scrollToItem(item)

    # --- unit definitions ---------------------------------------------------------------------
    def context_menu(self, item: QTreeWidgetItem | None) -> QMenu | None:
        """New unit under a formation; edit or remove a counter."""
        if item is None:
            return None
        menu = QMenu(self)
        unit_id = str(item.data(0, UNIT_ROLE) or "")
        if unit_id:
            menu.addAction("Edit unit…", lambda: self.edit_unit_requested.emit(unit_id))
            menu.addAction("Remove unit", lambda: self.remove_unit_requested.emit(unit_id))
        else:
            path = tuple(item.data(0, PATH_ROLE) or ())
            menu.addAction("New unit…", lambda: self.new_unit_requested.emit(path))
        return menu

    def _context_menu(self, at: QPoint) -> None:
        menu = self.context_menu(self.tree.itemAt(at))
        if menu is not None:
            menu.popup(self.tree.viewport().mapToGlobal(at))

    def set_placed(self, placed: dict[str, str]) -> None:
        """Mark each counter the scenario uses, with where ("hex 1304", "turn 3 at 2406")."""
        for unit_id, item in self._unit_items.items():
            where = placed.get(unit_id, "")
            item.setText(1, f"✓ {where}" if where else "")
            brush = QBrush(PLACED_COLOUR) if where else QBrush()
            item.setForeground(0, brush)
            item.setForeground(1, brush)

    def selected_unit_ids(self) -> list[str]:
        ids: list[str] = []
        for item in self.tree.selectedItems():
            ids += [i for i in item.data(0, IDS_ROLE) or [] if i not in ids]
        return ids

    def visible_unit_ids(self) -> list[str]:
        return [i for i, item in self._unit_items.items() if not item.isHidden()]

    def _filter(self, text: str) -> None:
        words = text.lower().split()
        for n in range(self.tree.topLevelItemCount()):
            top = self.tree.topLevelItem(n)
            if top is not None:
                self._show_matches(top, words, False)

    def _show_matches(self, item: QTreeWidgetItem, words: list[str], parent_hit: bool) -> bool:
        """Show an item when it, a formation above it or a counter below it matches."""
        hit = parent_hit or all(w in item.text(0).lower() for w in words)
        shown = False
        for n in range(item.childCount()):
            child = item.child(n)
            if child is not None:
                shown |= self._show_matches(child, words, hit)
        visible = hit or shown
        item.setHidden(not visible)
        if words and shown:
            item.setExpanded(True)
        return visible
