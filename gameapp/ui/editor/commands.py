"""The editor's undo-stack commands: each wraps one edit value of gameapp.editor.edits and the
inverse its application returned (Wesnoth's editor actions work the same way)."""

from __future__ import annotations

from PySide6.QtGui import QUndoCommand

from gameapp.editor.document import YamlFileDocument
from gameapp.editor.edits import Edit


class EditCommand(QUndoCommand):
    def __init__(self, doc: YamlFileDocument, edit: Edit) -> None:
        super().__init__(edit.label or "Edit")
        self._doc = doc
        self._edit = edit
        self._inverse: Edit | None = None

    def redo(self) -> None:
        self._inverse = self._doc.apply(self._edit)

    def undo(self) -> None:
        if self._inverse is not None:
            self._doc.apply(self._inverse)
            self._inverse = None
