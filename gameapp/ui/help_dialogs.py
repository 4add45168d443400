"""The Help menu's windows: the keyboard shortcuts (read from the window's own actions, so the
list is never out of date), how to play and the rules reference (docs/how-to-play.md and
docs/rules.md, rendered), and About (versions and licences, gameapp/present/about_text.py)."""

from __future__ import annotations

import platform
from html import escape
from pathlib import Path

import PySide6
from PySide6.QtCore import Qt, qVersion
from PySide6.QtGui import QAction, QKeySequence, QTextDocument
from PySide6.QtWidgets import (
    QDialog,
    QDialogButtonBox,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QMainWindow,
    QMenu,
    QTextBrowser,
    QVBoxLayout,
    QWidget,
)

from gameapp import paths
from gameapp.present.about_text import MAP_DATA_NOTE, libraries, program
from gameapp.ui.actions import plain_text
from gameapp.ui.screen_fit import open_inside_screen

# what the mouse and the keys do on the board without a menu entry (docs/playing.md, "Keys")
BOARD_GESTURES: tuple[tuple[str, str], ...] = (
    ("Click a counter, again", "select its top unit, then the next unit of the stack"),
    ("Click a lit hex", "move the selected unit there"),
    ("Right-drag from the unit", "turn it toward the mouse"),
    ("Right-click, Menu key", "the unit's (or the board's) menu"),
    ("Ctrl+click a counter", "fire phase: add its unit to the firers (again: take it out)"),
    ("Click a ringed hex", "fire phase: the combat dialog for the firers' attack on it"),
    ("Mouse wheel, + −", "zoom"),
    ("Drag the background, arrow keys", "pan"),
)


def shortcut_rows(window: QMainWindow) -> list[tuple[str, str, str]]:
    """(menu, entry, keys) for every menu entry with a key, in menu order, then the window's
    own keys that have no menu entry."""
    rows: list[tuple[str, str, str]] = []
    seen: set[int] = set()

    def walk(menu: QMenu, where: str) -> None:
        for action in menu.actions():
            sub = action.menu()
            if isinstance(sub, QMenu):
                walk(sub, f"{where} ▸ {plain_text(sub.title())}")
            elif keys := _keys(action):
                seen.add(id(action))
                rows.append((where, _label(action), keys))

    for top in window.menuBar().actions():
        menu = top.menu()
        if isinstance(menu, QMenu):
            walk(menu, plain_text(menu.title()))
    for action in window.actions():
        if id(action) not in seen and (keys := _keys(action)):
            rows.append(("", _label(action), keys))
    return rows


def _keys(action: QAction) -> str:
    native = QKeySequence.SequenceFormat.NativeText
    return ", ".join(k.toString(native) for k in action.shortcuts() if not k.isEmpty())


def _label(action: QAction) -> str:
    return plain_text(action.text()).rstrip("…")


def shortcuts_html(window: QMainWindow) -> str:
    cells = "".join(
        f"<tr><td><b>{escape(keys)}</b></td><td>{escape(entry)}</td>"
        f"<td style='color:#666'>{escape(menu)}</td></tr>"
        for menu, entry, keys in shortcut_rows(window))
    gestures = "".join(f"<tr><td><b>{escape(what)}</b></td><td colspan=2>{escape(does)}</td></tr>"
                       for what, does in BOARD_GESTURES)
    return (f"<h3>Keys</h3><table cellspacing=0 cellpadding=3>{cells}</table>"
            f"<h3>On the board</h3><table cellspacing=0 cellpadding=3>{gestures}</table>")


def about_html() -> str:
    me = program()
    rows = "".join(f"<tr><td>{escape(c.name)}</td><td>{escape(c.version)}</td>"
                   f"<td>{escape(c.licence)}</td></tr>" for c in libraries())
    return (
        f"<h2>{escape(me.name)} {escape(me.version)}</h2>"
        "<p>American Civil War hex-and-counter battles: a rules-enforcing desktop game.</p>"
        f"<p>Licence: {escape(me.licence)}.</p>"
        f"<p>Python {escape(platform.python_version())}, Qt {escape(qVersion())}, "
        f"PySide6 {escape(PySide6.__version__)}, on {escape(platform.platform())}.</p>"
        "<h3>Libraries</h3><table cellspacing=0 cellpadding=3>"
        "<tr><th align=left>library</th><th align=left>version</th>"
        f"<th align=left>licence</th></tr>{rows}</table>"
        f"<h3>Map data</h3><p>{escape(MAP_DATA_NOTE)}</p>"
        "<p>Qt and PySide6 are used under the GNU LGPL 3.0: you may replace them with your own "
        "build of the same version.</p>"
    )


class HelpWindow(QDialog):
    """A page of help: HTML or Markdown in a browser, with a find box for long pages."""

    def __init__(self, title: str, parent: QWidget | None = None, find: bool = False) -> None:
        super().__init__(parent)
        self.setWindowTitle(title)
        self.setWindowFlag(Qt.WindowType.Window, True)  # its own window: read beside the board
        self.browser = QTextBrowser()
        self.browser.setOpenExternalLinks(True)
        self.find_box = QLineEdit()
        self.find_box.setPlaceholderText("Find (Enter: next)")
        self.find_box.returnPressed.connect(self.find_next)
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Close)
        buttons.rejected.connect(self.reject)
        layout = QVBoxLayout(self)
        if find:
            row = QHBoxLayout()
            row.addWidget(QLabel("Find:"))
            row.addWidget(self.find_box, 1)
            layout.addLayout(row)
        layout.addWidget(self.browser, 1)
        layout.addWidget(buttons)
        open_inside_screen(self, 900, 760)

    def find_next(self) -> bool:
        """The next place the find box's words occur (from the top again at the end)."""
        words = self.find_box.text()
        if not words:
            return False
        if self.browser.find(words):
            return True
        self.browser.moveCursor(self.browser.textCursor().MoveOperation.Start)
        return self.browser.find(words, QTextDocument.FindFlag(0))

    def plain_text(self) -> str:
        return self.browser.toPlainText()


def markdown_page(name: str) -> str:
    """A shipped help page's Markdown, or a line saying where it should have been."""
    path: Path = paths.help_doc(name)
    try:
        return path.read_text(encoding="utf-8")
    except OSError as error:
        return f"This page could not be read: {path} ({error.strerror or error})."


def show_page(parent: QWidget, title: str, *, html: str = "", markdown: str = "",
              find: bool = False) -> HelpWindow:
    window = HelpWindow(title, parent, find)
    if markdown:
        window.browser.setMarkdown(markdown)
    else:
        window.browser.setHtml(html)
    window.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
    window.show()
    return window
