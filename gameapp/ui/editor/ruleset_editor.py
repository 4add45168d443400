"""What a ruleset other than the tactical one brings to the scenario editor window: its board,
its docks and its gestures for its own pieces (the counterpart, in the editor, of the game
window's RulesetUI). The window finds it by the `ruleset:` key of the file opened
(`register_ruleset_editor` in gameapp/ui/rulesets/registry.py) and keeps the rest: the File,
Edit and View menus, the undo stack (every change is an edit value pushed through
`window.push`), saving, validating and the problems panel.

A tactical scenario is edited by the window itself, as before; only a registered ruleset
installs one of these."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Any

from PySide6.QtCore import QObject

from gameapp.core.hexgrid import Hex
from gameapp.core.yamlsource import DataError
from gameapp.editor.document import YamlFileDocument
from gameapp.editor.problems import EditorProblem, HexNames

if TYPE_CHECKING:
    from gameapp.ui.editor.window import EditorWindow


class RulesetEditor(QObject):
    def __init__(self, window: EditorWindow) -> None:
        super().__init__(window)
        self.window = window

    @property
    def document(self) -> YamlFileDocument:
        """The file being edited (the window saves it and pushes edits on it)."""
        raise NotImplementedError

    @property
    def names(self) -> HexNames:
        """What names the hexes in the problems' texts."""
        raise NotImplementedError

    def open(self, path: Path) -> None:
        """Load the scenario (DataError when it cannot be edited), touching nothing of the
        window: the editor open before stays while this may fail."""
        raise NotImplementedError

    def install(self) -> None:
        """Put the scenario's board on the window's view, its docks up, its gestures on."""
        raise NotImplementedError

    def refresh(self) -> list[EditorProblem]:
        """Redraw from the document after a change; return its live problems."""
        raise NotImplementedError

    def remove_selected(self) -> None:
        """Edit ▸ Delete: take the selected piece out."""

    def go_to(self, h: Hex) -> None:
        """Show and select a hex (a problem's)."""

    def scenario_for_play(self, text: str) -> Any:
        """The scenario as it stands, for Test play (DataError when it does not load)."""
        raise NotImplementedError

    def uninstall(self) -> None:
        """Another file is opened: take its docks away and let go of the window's signals
        (the window then shows the docks of what it opens)."""


def ruleset_named(path: Path) -> str:
    """The `ruleset:` a scenario file names (tactical when it names none or does not read:
    the tactical path then says what is wrong with it)."""
    try:
        data = YamlFileDocument.read(path).data
    except (DataError, OSError):
        return "tactical"
    ruleset = data.get("ruleset") if isinstance(data, dict) else None
    return ruleset if isinstance(ruleset, str) else "tactical"
