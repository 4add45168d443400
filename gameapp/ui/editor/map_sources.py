"""The editor's File menu entries for map sources: New map…, Import GeoJSON… and Background
image…. They reach the window only through its public parts (its undo stack, its board view, its
status line, `open_map` and the map document it paints on)."""

from __future__ import annotations

from pathlib import Path
from typing import Any, Protocol, cast

from PySide6.QtCore import Qt
from PySide6.QtGui import QAction, QKeySequence, QUndoStack
from PySide6.QtWidgets import QDockWidget, QFileDialog, QMainWindow, QMenu, QMessageBox, QWidget

from gameapp.core.yamlsource import DataError
from gameapp.editor.document import YamlFileDocument
from gameapp.editor.geojson_import import GeoJsonImport, import_geojson
from gameapp.ui.board.view import BoardView
from gameapp.ui.editor.commands import EditCommand
from gameapp.ui.editor.new_map_dialog import NewMapDialog
from gameapp.ui.editor.underlay import Underlay, UnderlayPanel

GEOJSON_FILTER = "GeoJSON (*.geojson *.json);;All files (*)"


class EditorLike(Protocol):
    """What these actions need of the editor window."""

    undo_stack: QUndoStack
    view: BoardView
    actions_by_id: dict[str, QAction]

    def show_message(self, text: str) -> None: ...


class MapSources:
    """The three actions and the background-picture dock of one editor window."""

    def __init__(self, window: QMainWindow, menu: QMenu) -> None:
        self.window = window
        self._editor = cast(EditorLike, window)
        self.underlay = Underlay(self._editor.view, self.map_path)
        self.underlay_dock: QDockWidget | None = None
        self.dialog: NewMapDialog | None = None
        self._add(menu, "new_map", "&New map…", self.new_map, "Ctrl+Shift+N",
                  "Make an empty map file: size, numbering, base terrain; then paint it")
        self._add(menu, "import_geojson", "Import &GeoJSON…", self.import_dialog, "",
                  "Add the polygons and lines of a GeoJSON file to the map, compiled onto its "
                  "hexes")  # fmt: skip
        self._add(menu, "background_image", "&Background image…", self.show_underlay, "",
                  "Show a picture under the hex grid to trace from (not saved in the map)")

    def _add(self, menu: QMenu, id_: str, text: str, handler: Any, keys: str, tip: str) -> None:
        action = QAction(text, self.window)
        if keys:
            action.setShortcut(QKeySequence(keys))
        action.setStatusTip(tip)
        action.setToolTip(tip)
        action.triggered.connect(lambda _checked=False: handler())
        menu.addAction(action)
        self._editor.actions_by_id[id_] = action

    # --- which map ----------------------------------------------------------------------------
    def map_document(self) -> Any | None:
        """The map document being painted (it has `.doc`, a YamlFileDocument), or None."""
        painting = getattr(self.window, "map_painting", None)
        found = getattr(painting, "doc", None)
        return found if isinstance(getattr(found, "doc", None), YamlFileDocument) else None

    def map_path(self) -> Path | None:
        map_doc = self.map_document()
        if map_doc is not None:
            return Path(map_doc.doc.path)
        scenario = getattr(self.window, "doc", None)
        path = getattr(scenario, "map_path", None)
        return Path(path) if path is not None else None

    def _folder(self) -> Path:
        path = self.map_path()
        return path.parent if path is not None else Path.cwd()

    # --- New map… -------------------------------------------------------------------------------
    def new_map(self) -> NewMapDialog:
        """Open the dialog (not blocking); when it saves a map, open it for painting."""
        dialog = NewMapDialog(self._folder(), self.window)
        dialog.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
        dialog.accepted.connect(lambda: self.open_new_map(dialog.saved_path))
        self.dialog = dialog
        dialog.open()
        return dialog

    def open_new_map(self, path: Path | None) -> bool:
        if path is None:
            return False
        opener = getattr(self.window, "open_map", None)
        if opener is None:
            self._tell("New map", f"Saved {path}.",
                       "This editor cannot open a map alone yet (EditorWindow.open_map is "
                       "missing); name the map in a scenario's `map:` to paint it.")  # fmt: skip
            return False
        opened = bool(opener(path))
        if opened:
            self._editor.show_message(f"New map {path.name}: paint it, or import a GeoJSON")
        return opened

    # --- Import GeoJSON… ------------------------------------------------------------------------
    def import_dialog(self) -> None:
        if self._map_document_or_say() is None:
            return
        name, _ = QFileDialog.getOpenFileName(self.window, "Import GeoJSON", str(self._folder()),
                                              GEOJSON_FILTER)  # fmt: skip
        if name:
            self.import_file(Path(name))

    def import_file(self, path: Path) -> GeoJsonImport | None:
        """Import a GeoJSON file onto the map as one undoable edit; None (and a message) when
        the file is bad or no map is open."""
        map_doc = self._map_document_or_say()
        if map_doc is None:
            return None
        try:
            result = import_geojson(path, map_doc.doc.data, str(map_doc.doc.path))
        except DataError as error:
            self._tell("Import GeoJSON", f"{path.name} was not imported.", str(error),
                       QMessageBox.Icon.Warning)  # fmt: skip
            return None
        self._editor.undo_stack.push(EditCommand(map_doc.doc, result.edit))
        self._editor.show_message(result.summary)
        return result

    def _map_document_or_say(self) -> Any | None:
        map_doc = self.map_document()
        if map_doc is None:
            self._tell("Import GeoJSON", "Open a map to paint first (File > New map…, or a "
                       "map opened in the editor).")  # fmt: skip
        return map_doc

    # --- Background image… ----------------------------------------------------------------------
    def show_underlay(self, choose: bool = True) -> QDockWidget:
        """Show the background-picture dock; with `choose`, ask for a picture if none is set."""
        dock = self.underlay_dock
        if dock is None:
            dock = QDockWidget("Background image", self.window)
            dock.setObjectName("background_image")
            dock.setWidget(UnderlayPanel(self.underlay))
            self.window.addDockWidget(Qt.DockWidgetArea.RightDockWidgetArea, dock)
            self.underlay_dock = dock
        self.underlay.sync()
        dock.show()
        dock.raise_()
        panel = dock.widget()
        if isinstance(panel, UnderlayPanel):
            panel.show_settings()
            if choose and self.underlay.pixmap.isNull():
                panel.choose_image()
        return dock

    def _tell(self, title: str, text: str, details: str = "",
              icon: QMessageBox.Icon = QMessageBox.Icon.Information) -> None:
        """A message box that does not block, and the same words in the status line."""
        parent: QWidget = self.window
        box = QMessageBox(icon, title, text, parent=parent)
        if details:
            box.setInformativeText(details)
        box.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        box.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
        box.open()
        self._editor.show_message(text)
