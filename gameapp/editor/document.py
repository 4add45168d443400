"""One YAML file being edited: its round-trip tree, the edits applied to it, and its save.

Saving writes the text of `yamltext.RoundTripText` (unchanged parts keep their bytes) to a
temporary file in the same folder and renames it over the target, so a crash never leaves half
a file. After a save the saved text becomes the new original.
"""

from __future__ import annotations

import os
import tempfile
from collections.abc import Callable
from pathlib import Path
from typing import Any

from gameapp.core.yamlsource import read_text as core_read_text
from gameapp.editor.edits import Edit, apply_edit
from gameapp.editor.yamltext import RoundTripText, load_round_trip, plain


class YamlFileDocument:
    def __init__(self, path: Path, text: str) -> None:
        self.path = Path(path)
        self._listeners: list[Callable[[], None]] = []
        self._reset(text)

    @classmethod
    def read(cls, path: str | Path) -> YamlFileDocument:
        return cls(Path(path), read_text(Path(path)))

    def _reset(self, text: str) -> None:
        self.tree: Any = load_round_trip(text, str(self.path))
        self._original = RoundTripText(text, self.tree)
        self._saved_plain = plain(self.tree)

    # --- reading ----------------------------------------------------------------------------
    @property
    def data(self) -> Any:
        """The tree (dicts and lists with comments); read it, change it only through `apply`."""
        return self.tree

    def text(self) -> str:
        """The file as it would be saved now."""
        return self._original.render(self.tree)

    @property
    def modified(self) -> bool:
        return bool(plain(self.tree) != self._saved_plain)

    # --- changing ---------------------------------------------------------------------------
    def on_change(self, listener: Callable[[], None]) -> None:
        self._listeners.append(listener)

    def apply(self, edit: Edit) -> Edit:
        """Apply an edit; return its inverse. Listeners hear of every change."""
        undo = apply_edit(self.tree, edit)
        self.changed()
        return undo

    def changed(self) -> None:
        for listener in list(self._listeners):
            listener()

    # --- saving -----------------------------------------------------------------------------
    def save(self, path: str | Path | None = None) -> Path:
        target = Path(path) if path is not None else self.path
        text = self.text()
        write_atomic(target, text)
        self.path = target
        self._reset(text)
        self.changed()
        return target


def read_text(path: Path) -> str:
    """The file's text, read with the game's bounds (a regular file of bounded size, UTF-8)."""
    return core_read_text(path)


def write_atomic(target: Path, text: str) -> None:
    """Write through a temporary file in the same folder, renamed over the target."""
    folder = target.parent if str(target.parent) else Path(".")
    handle, temp = tempfile.mkstemp(dir=folder, prefix=f".{target.name}.", suffix=".tmp")
    try:
        with os.fdopen(handle, "w", encoding="utf-8", newline="") as stream:
            stream.write(text)
        os.replace(temp, target)
    except BaseException:
        Path(temp).unlink(missing_ok=True)
        raise
