"""The editor window's unit definitions: the palette's "New unit…" / "Edit unit…" open the unit
form, "Remove unit" takes out a counter no scenario entry uses. A saved unit is an edit of the
counters file on the window's undo stack, and the file is written at once (atomically, like the
scenario); the palette and the board follow the file (undo included)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtCore import QObject

from gameapp.core.yamlsource import JsonPath
from gameapp.editor.counters_doc import UnitError
from gameapp.editor.document import YamlFileDocument
from gameapp.editor.edits import Edit
from gameapp.ui.editor.commands import EditCommand
from gameapp.ui.editor.unit_form import UnitForm

if TYPE_CHECKING:
    from gameapp.ui.editor.window import EditorWindow


class UnitEditing(QObject):
    def __init__(self, window: EditorWindow) -> None:
        super().__init__(window)
        self.window = window
        self.form: UnitForm | None = None
        self._watched: YamlFileDocument | None = None  # the counters file listened to
        palette = window.oob_palette
        palette.new_unit_requested.connect(self.new_unit)
        palette.edit_unit_requested.connect(self.edit_unit)
        palette.remove_unit_requested.connect(self.remove_unit)

    def new_unit(self, formation: JsonPath) -> UnitForm | None:
        return self._open(formation=formation)

    def edit_unit(self, unit_id: str) -> UnitForm | None:
        return self._open(unit_id=unit_id)

    def _open(self, formation: JsonPath = (), unit_id: str = "") -> UnitForm | None:
        doc = self.window.doc
        if doc is None:
            return None
        form = UnitForm(doc.counters(), formation=formation, unit_id=unit_id,
                        in_use=frozenset(doc.placed()), parent=self.window)
        form.edit_ready.connect(lambda edit: self.apply(edit, str(form.values().get("id", ""))))
        self.form = form
        form.open()
        return form

    def remove_unit(self, unit_id: str) -> bool:
        doc = self.window.doc
        if doc is None:
            return False
        try:
            edit = doc.counters().remove_unit(unit_id, set(doc.placed()))
        except UnitError as error:
            self.window.show_message(str(error))
            return False
        return self.apply(edit)

    def apply(self, edit: Edit, show: str = "") -> bool:
        """Push the counters edit and write the counters file; `show`: a counter to select in
        the palette afterwards."""
        doc = self.window.doc
        if doc is None:
            return False
        if doc.counters_doc is not self._watched:
            self._watched = doc.counters_doc
            doc.counters_doc.on_change(self._counters_changed)
        self.window.undo_stack.push(EditCommand(doc.counters_doc, edit))
        try:
            saved = doc.counters_doc.save()
        except OSError as error:
            self.window.show_message(f"The counters file could not be saved: {error}")
            return False
        self.window.show_message(f"{edit.label}: saved {saved.name}")
        if show:
            self.window.oob_palette.show_unit(show)
        return True

    def _counters_changed(self) -> None:
        doc = self.window.doc
        if doc is None:
            return
        self.window.oob_palette.set_oob(doc.oob_tree())
        self.window.refresh()
