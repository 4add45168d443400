"""The new-game dialog: the scenario (with its description and a map preview), who plays each
side, the optional rules the scenario allows (gameapp/core/newgame.py), hot-seat hiding and the
dice seed. `setup()` gives the GameSetup the window starts."""

from __future__ import annotations

import secrets
from pathlib import Path
from typing import Any

from PySide6.QtCore import QRectF, Qt
from PySide6.QtGui import QColor, QImage, QPainter, QPixmap
from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QFormLayout,
    QGroupBox,
    QHBoxLayout,
    QLabel,
    QListWidget,
    QListWidgetItem,
    QScrollArea,
    QSpinBox,
    QVBoxLayout,
    QWidget,
)

from gameapp.core.newgame import (
    GameSetup,
    OptionChoice,
    OptionValue,
    PlayerChoice,
    PlayerKind,
    option_choices,
)
from gameapp.core.ruleset import load_scenario_file
from gameapp.core.scenario import Scenario, TurnClock
from gameapp.core.scenario_header import read_scenario_header
from gameapp.core.units import Side
from gameapp.core.yamlsource import DataError
from gameapp.present.option_labels import option_label, value_label
from gameapp.ui.board.scene import BACKDROP
from gameapp.ui.computer import LEVELS
from gameapp.ui.rulesets import board_preview
from gameapp.ui.screen_fit import open_inside_screen
from gameapp.ui.start_screen import (
    Describer,
    ScenarioLoader,
    scan_scenarios,
    scenario_entry,
)

SEED_LIMIT = 2**31  # the seeds a QSpinBox can show


def fresh_seed() -> int:
    """A new game's dice seed: a different one each time, so no two games roll alike."""
    return secrets.randbelow(SEED_LIMIT)

def _schedule_choices(scenario: Scenario) -> list[OptionChoice]:
    """A strategic scenario's schedule options; the strategic rules are imported here (its
    loading has imported them already), not with this dialog (app.py takes `fresh_seed`)."""
    from gameapp.core.rulesets.strategic.schedule import schedule_choices

    return schedule_choices(scenario)


HUMAN = "human"
PREVIEW_WIDTH = 300


def map_preview(scenario: Scenario, width: int = PREVIEW_WIDTH) -> QPixmap:
    """The scenario's board with its set-up, drawn `width` pixels wide by the board renderer
    (its ruleset's board: a strategic scenario's theatre map and stacks)."""
    scene = board_preview(scenario)
    source = scene.sceneRect()
    height = max(1, round(width * source.height() / source.width()))
    image = QImage(width, height, QImage.Format.Format_ARGB32_Premultiplied)
    image.fill(QColor(BACKDROP))
    painter = QPainter(image)
    painter.setRenderHint(QPainter.RenderHint.Antialiasing, True)
    painter.setRenderHint(QPainter.RenderHint.SmoothPixmapTransform, True)
    scene.render(painter, QRectF(0, 0, width, height), source,
                 Qt.AspectRatioMode.KeepAspectRatio)
    painter.end()
    return QPixmap.fromImage(image)


def scenario_facts(scenario: Any) -> str:
    """Its turns, who moves first and what is on the map (a strategic scenario's weeks and
    pieces)."""
    clock = scenario.clock
    first = scenario.first_side.label
    if not isinstance(clock, TurnClock):
        return (f"{scenario.turns} weeks from the {clock.time_of(clock.first_turn)}; {first} "
                f"moves first; {len(scenario.pieces)} pieces on the map")
    return (f"Turns {clock.first_turn}–{clock.last_turn}, from {clock.time_of(clock.first_turn)}"
            f"; {first} moves first; {len(scenario.units)} units on the map, "
            f"{sum(len(r.units) for r in scenario.reinforcements)} to arrive")


class OptionEditor(QWidget):
    """The widgets of one optional rule: a check box, a list to pick from, or check boxes."""

    def __init__(self, choice: OptionChoice, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.choice = choice
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        self.setToolTip(choice.description)
        self.box: QCheckBox | None = None
        self.combo: QComboBox | None = None
        self.members: dict[str, QCheckBox] = {}
        if choice.kind == "bool":
            self.box = QCheckBox("on")
            self.box.setChecked(bool(choice.default))
            layout.addWidget(self.box)
        elif choice.kind == "enum":
            self.combo = QComboBox()
            self.combo.setSizeAdjustPolicy(
                QComboBox.SizeAdjustPolicy.AdjustToMinimumContentsLengthWithIcon)
            self.combo.setMinimumContentsLength(24)
            for value in choice.values:
                mark = " (scenario)" if value == choice.default else ""
                self.combo.addItem(value_label(choice.name, value, choice.value_help) + mark,
                                   value)
                help_ = choice.value_help.get(value, "")
                self.combo.setItemData(self.combo.count() - 1, help_ or value,
                                       Qt.ItemDataRole.ToolTipRole)
            self.combo.setCurrentIndex(choice.values.index(str(choice.default)))
            layout.addWidget(self.combo)
        else:
            chosen = set(choice.default) if isinstance(choice.default, tuple) else set()
            for value in choice.values:
                box = QCheckBox(value_label(choice.name, value, choice.value_help))
                box.setToolTip(choice.value_help.get(value, "") or value)
                box.setChecked(value in chosen)
                self.members[value] = box
                layout.addWidget(box)

    def value(self) -> OptionValue:
        if self.box is not None:
            return self.box.isChecked()
        if self.combo is not None:
            return str(self.combo.currentData())
        return tuple(v for v, box in self.members.items() if box.isChecked())

    def reset(self) -> None:
        default = self.choice.default
        if self.box is not None:
            self.box.setChecked(bool(default))
        elif self.combo is not None:
            self.combo.setCurrentIndex(self.choice.values.index(str(default)))
        else:
            for value, box in self.members.items():
                box.setChecked(isinstance(default, tuple) and value in default)


class NewGameDialog(QDialog):
    def __init__(
        self,
        scenarios_dir: Path | None,
        loader: ScenarioLoader = load_scenario_file,
        selected: Path | None = None,
        parent: QWidget | None = None,
    ) -> None:
        super().__init__(parent)
        self.setWindowTitle("New game")
        self._loader = loader
        self.scenario: Scenario | None = None
        # the list shows names only: the files' headers, unless a loader of one's own is given;
        # the scenario chosen is loaded in full (_scenario_changed)
        describe: Describer = read_scenario_header if loader is load_scenario_file else loader
        self.entries = scan_scenarios(scenarios_dir, describe) if scenarios_dir is not None else []
        if selected is not None and Path(selected).is_file() and not any(
                e.path.resolve() == Path(selected).resolve() for e in self.entries):
            self.entries.append(scenario_entry(Path(selected), describe))  # from elsewhere
        self.list = QListWidget()
        for entry in self.entries:
            text = entry.name if entry.ok else f"{entry.path.name}: cannot be opened"
            item = QListWidgetItem(text)
            item.setToolTip(entry.error or str(entry.path))
            if not entry.ok:
                item.setFlags(item.flags() & ~Qt.ItemFlag.ItemIsEnabled)
            self.list.addItem(item)
        self.list.setMinimumWidth(200)
        self.list.currentRowChanged.connect(self._scenario_changed)
        self.title = QLabel()
        font = self.title.font()
        font.setBold(True)
        font.setPointSizeF(font.pointSizeF() * 1.3)
        self.title.setFont(font)
        self.description = QLabel()
        self.description.setWordWrap(True)
        self.description.setAlignment(Qt.AlignmentFlag.AlignTop | Qt.AlignmentFlag.AlignLeft)
        self.facts = QLabel()
        self.facts.setStyleSheet("color:#555")
        self.preview = QLabel()
        self.preview.setFixedWidth(PREVIEW_WIDTH)
        self.preview.setAlignment(Qt.AlignmentFlag.AlignTop | Qt.AlignmentFlag.AlignHCenter)
        self.player_boxes: dict[Side, QComboBox] = {}
        players = QGroupBox("Players")
        player_form = QFormLayout(players)
        for side in Side:
            combo = QComboBox()
            combo.addItem("Human", HUMAN)
            for level, label in LEVELS.items():
                combo.addItem(label, level)
            combo.currentIndexChanged.connect(self._players_changed)
            self.player_boxes[side] = combo
            player_form.addRow(f"{side.label}:", combo)
        self.hot_seat = QCheckBox("Two players at one screen (hot-seat)")
        self.hot_seat.setToolTip("Cover the board whenever the turn passes to the other "
                                 "player, until that player clicks")
        player_form.addRow(self.hot_seat)
        self.hide_unseen = QCheckBox("Hide what the side to play cannot see")
        self.hide_unseen.setToolTip("Enemy counters out of the line of sight of every unit of the "
                                    "side to play are not drawn, and the computer plays on only "
                                    "what its own side sees (Help ▸ How to play)")
        player_form.addRow(self.hide_unseen)
        self.seed = QSpinBox()
        self.seed.setRange(0, SEED_LIMIT - 1)
        self.seed.setValue(fresh_seed())
        self.seed.setToolTip("The dice's seed, drawn afresh for each new game and kept in its "
                             "save: the same seed and the same actions give the same rolls")
        player_form.addRow("Dice seed:", self.seed)
        self.options_box = QGroupBox("Optional rules (the scenario's choice first)")
        self.options_form = QFormLayout(self.options_box)
        self.option_editors: dict[str, OptionEditor] = {}
        options_scroll = QScrollArea()
        options_scroll.setWidgetResizable(True)
        options_scroll.setWidget(self.options_box)
        options_scroll.setFrameShape(QScrollArea.Shape.NoFrame)
        options_scroll.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.buttons = QDialogButtonBox(
            QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel
            | QDialogButtonBox.StandardButton.RestoreDefaults)  # fmt: skip
        self.buttons.button(QDialogButtonBox.StandardButton.Ok).setText("Start game")
        self.buttons.accepted.connect(self.accept)
        self.buttons.rejected.connect(self.reject)
        restore = self.buttons.button(QDialogButtonBox.StandardButton.RestoreDefaults)
        restore.setText("Scenario's rules")
        restore.clicked.connect(self.restore_options)
        about = QVBoxLayout()
        about.addWidget(self.title)
        about.addWidget(self.facts)
        words = QScrollArea()
        words.setWidgetResizable(True)
        words.setFrameShape(QScrollArea.Shape.NoFrame)
        words.setWidget(self.description)
        about.addWidget(words, 1)
        top = QHBoxLayout()
        top.addWidget(self.list)
        top.addLayout(about, 1)
        top.addWidget(self.preview)
        bottom = QHBoxLayout()
        bottom.addWidget(players, 1)
        bottom.addWidget(options_scroll, 2)
        layout = QVBoxLayout(self)
        layout.addLayout(top, 1)
        layout.addLayout(bottom, 1)
        layout.addWidget(self.buttons)
        open_inside_screen(self, 1100, 720)
        self.select_path(selected)
        if self.list.currentRow() < 0:
            first = next((i for i, e in enumerate(self.entries) if e.ok), -1)
            self.list.setCurrentRow(first)
        self._scenario_changed(self.list.currentRow())
        self._players_changed()

    def select_path(self, path: Path | None) -> None:
        for row, entry in enumerate(self.entries):
            if path is not None and entry.ok and entry.path.resolve() == Path(path).resolve():
                self.list.setCurrentRow(row)

    def set_player(self, side: Side, kind: str) -> None:
        """`kind`: "human" or a computer level of LEVELS."""
        combo = self.player_boxes[side]
        combo.setCurrentIndex(combo.findData(kind))

    def _scenario_changed(self, row: int) -> None:
        self.scenario = None
        ok_button = self.buttons.button(QDialogButtonBox.StandardButton.Ok)
        entry = self.entries[row] if 0 <= row < len(self.entries) else None
        if entry is not None and entry.ok:
            try:
                self.scenario = self._loader(entry.path)
            except (DataError, OSError) as error:
                self.description.setText(str(error))
        ok_button.setEnabled(self.scenario is not None)
        self._show_scenario()

    def _show_scenario(self) -> None:
        scenario = self.scenario
        while self.options_form.rowCount():
            self.options_form.removeRow(0)
        self.option_editors = {}
        if scenario is None:
            self.title.setText("No scenario" if not self.entries else "")
            self.facts.clear()
            self.preview.clear()
            return
        self.title.setText(scenario.name)
        self.facts.setText(scenario_facts(scenario))
        self.description.setText(scenario.description or "(no description)")
        self.preview.setPixmap(map_preview(scenario))
        # the tactical rule options; a strategic scenario's schedule options (leader changes)
        choices = (option_choices(scenario) if scenario.ruleset == "tactical" else
                   _schedule_choices(scenario) if scenario.ruleset == "strategic" else [])
        for choice in choices:
            editor = OptionEditor(choice)
            self.option_editors[choice.name] = editor
            label = QLabel(option_label(choice.name) + ":")
            label.setWordWrap(True)
            label.setToolTip(choice.description)
            self.options_form.addRow(label, editor)

    def _players_changed(self) -> None:
        humans = sum(1 for c in self.player_boxes.values() if c.currentData() == HUMAN)
        self.hot_seat.setEnabled(humans == 2)
        self.hot_seat.setChecked(humans == 2)
        self.hide_unseen.setEnabled(humans >= 1)

    def restore_options(self) -> None:
        for editor in self.option_editors.values():
            editor.reset()

    def setup(self) -> GameSetup | None:
        """What the dialog says now, or None without a playable scenario."""
        if self.scenario is None:
            return None
        players = {}
        for side, combo in self.player_boxes.items():
            kind = str(combo.currentData())
            players[side] = (PlayerChoice() if kind == HUMAN
                             else PlayerChoice(PlayerKind.COMPUTER, kind))
        changed = {name: editor.value() for name, editor in self.option_editors.items()
                   if editor.value() != editor.choice.default}
        hot_seat = self.hot_seat.isEnabled() and self.hot_seat.isChecked()
        return GameSetup(self.scenario, players, changed, hot_seat,
                         self.hide_unseen.isEnabled() and self.hide_unseen.isChecked(),
                         self.seed.value())
