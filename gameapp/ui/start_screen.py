"""The start screen: the scenarios found in a directory, each with its name and description read
from the file's header (gameapp/core/scenario_header.py), without loading the scenario: its map,
counters and checks are read when it is opened. A file whose header cannot be read is listed
with its error, not skipped."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Protocol

from PySide6.QtCore import QSize, Qt, Signal
from PySide6.QtGui import QColor, QFont, QIcon
from PySide6.QtWidgets import (
    QHBoxLayout,
    QLabel,
    QListWidget,
    QListWidgetItem,
    QPushButton,
    QStyle,
    QVBoxLayout,
    QWidget,
)

import gameapp.ui.resources_rc  # noqa: F401  (registers the :/icons resources)
from gameapp.core.scenario_header import read_scenario_header
from gameapp.core.yamlsource import DataError

if TYPE_CHECKING:  # the start screen reads headers only: no scenario code before its frame
    from gameapp.core.scenario import Scenario

ScenarioLoader = Callable[[Path], "Scenario"]


class Described(Protocol):
    """What a list of scenarios shows of each: a loaded scenario, or only its header."""

    @property
    def name(self) -> str: ...

    @property
    def description(self) -> str: ...


Describer = Callable[[Path], Described]  # a scenario's header reader, or its full loader
PATH_ROLE = Qt.ItemDataRole.UserRole
THUMBNAIL_SIZE = 64  # pixels: a scenario's map thumbnail in the list


def thumbnail_path(scenario: Path) -> Path:
    """Where a scenario's map thumbnail lies (scripts/make_scenario_thumbnails.py makes it)."""
    return scenario.parent / "thumbnails" / f"{scenario.stem}.png"


@dataclass(frozen=True)
class ScenarioEntry:
    path: Path
    name: str
    description: str = ""
    error: str = ""

    @property
    def ok(self) -> bool:
        return not self.error


def scan_scenarios(directory: Path,
                   loader: Describer = read_scenario_header) -> list[ScenarioEntry]:
    """One entry per *.yaml / *.yml file in `directory`, sorted by file name."""
    if not directory.is_dir():
        return []
    paths = sorted(p for p in directory.iterdir() if p.suffix in (".yaml", ".yml") and p.is_file())
    return [scenario_entry(path, loader) for path in paths]


def scenario_entry(path: Path, loader: Describer) -> ScenarioEntry:
    """A scenario file's entry: its name and description, or the error it cannot load with."""
    try:
        scenario = loader(path)
    except DataError as error:
        return ScenarioEntry(path, path.stem, error=str(error))
    except Exception as error:  # a broken file must not take the list down with it
        return ScenarioEntry(path, path.stem, error=f"{path}:1: cannot load: {error!r}")
    return ScenarioEntry(path, scenario.name, scenario.description)


class StartScreen(QWidget):
    scenario_chosen = Signal(object)  # Path
    browse_requested = Signal()
    new_game_requested = Signal()  # the new-game dialog: players and optional rules
    open_game_requested = Signal()  # a saved game
    editor_requested = Signal(object)  # Path of the current scenario, or None: the editor

    def __init__(
        self,
        directory: Path | None = None,
        header: Describer = read_scenario_header,
        parent: QWidget | None = None,
    ) -> None:
        super().__init__(parent)
        self._header = header
        self._directory = directory
        self.entries: list[ScenarioEntry] = []
        title = QLabel("Rally & Charge")
        font = QFont(title.font())
        font.setPointSizeF(font.pointSizeF() * 2.2)
        font.setBold(True)
        title.setFont(font)
        self._where = QLabel()
        self._where.setStyleSheet("color:#555")
        self.list = QListWidget()
        self.list.setWordWrap(True)
        self.list.setAlternatingRowColors(True)
        self.list.setSpacing(4)
        self.list.setIconSize(QSize(THUMBNAIL_SIZE, THUMBNAIL_SIZE))
        self.list.itemDoubleClicked.connect(self._open_item)
        self.list.currentItemChanged.connect(self._current_changed)
        self.open_button = QPushButton(QIcon(":/icons/open.svg"), "Open")
        self.open_button.clicked.connect(self._open_current)
        browse = QPushButton("Open file…")
        browse.clicked.connect(self.browse_requested)
        rescan = QPushButton("Rescan")
        rescan.clicked.connect(self.refresh)
        self.new_game_button = QPushButton("New game…")
        self.new_game_button.setToolTip("Choose the scenario, who plays each side and the "
                                        "optional rules")
        self.new_game_button.clicked.connect(self.new_game_requested)
        open_game = QPushButton("Open saved game…")
        open_game.clicked.connect(self.open_game_requested)
        editor = QPushButton("Scenario editor…")
        editor.setToolTip("Edit the selected scenario: place counters, reinforcements, options")
        editor.clicked.connect(self._edit_current)
        buttons = QHBoxLayout()
        buttons.addWidget(rescan)
        buttons.addStretch(1)
        buttons.addWidget(browse)
        buttons.addWidget(self.open_button)
        games = QHBoxLayout()
        games.addWidget(self.new_game_button)
        games.addWidget(open_game)
        games.addWidget(editor)
        games.addStretch(1)
        layout = QVBoxLayout(self)
        layout.addWidget(title)
        layout.addLayout(games)
        layout.addWidget(self._where)
        layout.addWidget(self.list, 1)
        layout.addLayout(buttons)
        self.refresh()

    @property
    def directory(self) -> Path | None:
        return self._directory

    def set_directory(self, directory: Path | None) -> None:
        self._directory = directory
        self.refresh()

    def refresh(self) -> None:
        self.list.clear()
        d = self._directory
        self.entries = scan_scenarios(d, self._header) if d is not None else []
        if d is None or not d.is_dir():
            self._where.setText(f"No scenarios directory found{f' at {d}' if d else ''}.")
        else:
            self._where.setText(f"Scenarios in {d}")
        warning = self.style().standardIcon(QStyle.StandardPixmap.SP_MessageBoxWarning)
        for entry in self.entries:
            thumbnail = thumbnail_path(entry.path)
            icon = (QIcon(str(thumbnail)) if thumbnail.is_file() else QIcon(":/icons/app.svg"))
            self.list.addItem(_item(entry, icon if entry.ok else warning))
        self._current_changed(self.list.currentItem(), None)

    def select_path(self, path: Path | None) -> None:
        """Make the scenario at `path` current (for example the last one opened)."""
        for row, entry in enumerate(self.entries):
            if path is not None and entry.path.resolve() == path.resolve():
                self.list.setCurrentRow(row)
                return

    def item_texts(self) -> list[str]:
        return [self.list.item(i).text() for i in range(self.list.count())]

    def _current_changed(self, item: QListWidgetItem | None, _previous: object) -> None:
        entry = self._entry_of(item)
        self.open_button.setEnabled(entry is not None and entry.ok)

    def _entry_of(self, item: QListWidgetItem | None) -> ScenarioEntry | None:
        if item is None:
            return None
        row = self.list.row(item)
        return self.entries[row] if 0 <= row < len(self.entries) else None

    def _open_item(self, item: QListWidgetItem) -> None:
        entry = self._entry_of(item)
        if entry is not None and entry.ok:
            self.scenario_chosen.emit(entry.path)

    def _edit_current(self) -> None:
        entry = self._entry_of(self.list.currentItem())
        self.editor_requested.emit(entry.path if entry is not None else None)

    def _open_current(self) -> None:
        item = self.list.currentItem()
        if item is not None:
            self._open_item(item)


def _item(entry: ScenarioEntry, icon: QIcon) -> QListWidgetItem:
    if entry.ok:
        item = QListWidgetItem(icon, f"{entry.name}\n{entry.description.strip()}")
        item.setToolTip(str(entry.path))
    else:
        item = QListWidgetItem(icon, f"{entry.path.name}: cannot be opened\n{entry.error}")
        item.setForeground(QColor("#a01010"))
        item.setToolTip(entry.error)
    item.setData(PATH_ROLE, str(entry.path))
    return item
