"""File > New map…: a map's size, numbering convention, base ground and (optionally) the frame
of the units it will be drawn in. The ids of the four corners show as the designer changes the
convention; Create asks where to save, writes the file (`gameapp.editor.new_map`) and accepts.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from PySide6.QtCore import QRegularExpression
from PySide6.QtGui import QRegularExpressionValidator
from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QDoubleSpinBox,
    QFileDialog,
    QFormLayout,
    QGroupBox,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QSpinBox,
    QVBoxLayout,
    QWidget,
)

from gameapp.core.terrain import TERRAIN_BY_LABEL
from gameapp.editor.document import write_atomic
from gameapp.editor.new_map import (
    DEFAULT_GROWTH,
    FrameSettings,
    NewMapSettings,
    corner_ids,
    new_map_text,
    settings_problems,
)

# The directions each orientation allows: hexrows grow across them, positions along them.
ACROSS = {"flat": ("right", "left"), "pointy": ("down", "up")}
ALONG = {"flat": ("down", "up"), "pointy": ("right", "left")}
NO_LETTER = "(none)"
PathChooser = Callable[[Path], Path | None]


class NewMapDialog(QDialog):
    def __init__(self, folder: Path, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle("New map")
        self.folder = folder
        self.saved_path: Path | None = None
        # asks where to save (a file dialog); tests replace it
        self.choose_path: PathChooser = self._ask_path
        self.name = QLineEdit("New map")
        self.width_box = _spin(1, 99, 24)
        self.height_box = _spin(1, 99, 18)
        self.orientation = _combo(("flat", "pointy"))
        self.first = QLineEdit("0101")
        self.first.setValidator(QRegularExpressionValidator(QRegularExpression(r"\d{0,4}")))
        self.hexrows_grow = QComboBox()
        self.positions_grow = QComboBox()
        self.odd_shoved = QCheckBox("odd columns (flat) / rows (pointy) shoved down / right")
        self.odd_shoved.setChecked(True)
        self.north = _combo(("up", "down", "left", "right"))
        self.letter = _combo((NO_LETTER, *(chr(c) for c in range(ord("A"), ord("Z") + 1))))
        self.base_terrain = _combo(tuple(TERRAIN_BY_LABEL))
        self.base_elevation = _spin(-1000, 20000, 0)
        self.base_elevation.setSuffix(" ft")
        self.frame = QGroupBox("Coordinates in other units (yards, metres, pixels): frame")
        self.frame.setCheckable(True)
        self.frame.setChecked(False)
        self.hex_across = _number(0.001, 1e6, 175.0)
        self.origin_x = _number(-1e7, 1e7, 0.0)
        self.origin_y = _number(-1e7, 1e7, 0.0)
        self.y_up = QCheckBox("y grows up (surveys, GIS)")
        self.corners = QLabel()
        self.corners.setWordWrap(True)
        self.buttons = QDialogButtonBox(
            QDialogButtonBox.StandardButton.Save | QDialogButtonBox.StandardButton.Cancel
        )
        self.buttons.button(QDialogButtonBox.StandardButton.Save).setText("Create…")
        self.buttons.accepted.connect(self.create_map)
        self.buttons.rejected.connect(self.reject)
        self._lay_out()
        self._set_growth_choices()
        self.orientation.currentTextChanged.connect(self._set_growth_choices)
        for box in (self.width_box, self.height_box):
            box.valueChanged.connect(self.update_preview)
        for line in (self.name, self.first):
            line.textChanged.connect(self.update_preview)
        for combo in (self.hexrows_grow, self.positions_grow, self.letter, self.north):
            combo.currentTextChanged.connect(self.update_preview)
        self.odd_shoved.toggled.connect(self.update_preview)
        self.update_preview()

    def _lay_out(self) -> None:
        form = QFormLayout()
        form.addRow("Name", self.name)
        size = QHBoxLayout()
        size.addWidget(self.width_box)
        size.addWidget(QLabel("across ×"))
        size.addWidget(self.height_box)
        size.addWidget(QLabel("down"))
        form.addRow("Hexes", size)
        form.addRow("Hexes with", self.orientation)
        form.addRow("First id", self.first)
        form.addRow("Hexrows (first two digits) grow", self.hexrows_grow)
        form.addRow("Positions (last two digits) grow", self.positions_grow)
        form.addRow("Shoved", self.odd_shoved)
        form.addRow("North is", self.north)
        form.addRow("Map letter", self.letter)
        form.addRow("Base terrain", self.base_terrain)
        form.addRow("Base elevation", self.base_elevation)
        frame = QFormLayout(self.frame)
        frame.addRow("Between hex centres", self.hex_across)
        frame.addRow("Top-left hex centre x", self.origin_x)
        frame.addRow("Top-left hex centre y", self.origin_y)
        frame.addRow("", self.y_up)
        layout = QVBoxLayout(self)
        layout.addLayout(form)
        layout.addWidget(self.frame)
        layout.addWidget(self.corners)
        layout.addWidget(self.buttons)

    def _set_growth_choices(self) -> None:
        orientation = self.orientation.currentText()
        for combo, choices, default in (
            (self.hexrows_grow, ACROSS[orientation], DEFAULT_GROWTH[orientation][0]),
            (self.positions_grow, ALONG[orientation], DEFAULT_GROWTH[orientation][1]),
        ):
            combo.blockSignals(True)
            combo.clear()
            combo.addItems(list(choices))
            combo.setCurrentText(default)
            combo.blockSignals(False)
        self.update_preview()

    # --- reading the form -------------------------------------------------------------------
    def settings(self) -> NewMapSettings:
        letter = self.letter.currentText()
        frame = None
        if self.frame.isChecked():
            frame = FrameSettings(self.hex_across.value(),
                                  (self.origin_x.value(), self.origin_y.value()),
                                  self.y_up.isChecked())  # fmt: skip
        return NewMapSettings(
            name=self.name.text(),
            width=self.width_box.value(),
            height=self.height_box.value(),
            orientation=self.orientation.currentText(),
            first=self.first.text(),
            hexrows_grow=self.hexrows_grow.currentText(),
            positions_grow=self.positions_grow.currentText(),
            odd_shoved=self.odd_shoved.isChecked(),
            north=self.north.currentText(),
            letter=None if letter == NO_LETTER else letter,
            base_terrain=self.base_terrain.currentText(),
            base_elevation=self.base_elevation.value(),
            frame=frame,
        )

    def problems(self) -> list[str]:
        return settings_problems(self.settings())

    def update_preview(self) -> None:
        settings = self.settings()
        problems = settings_problems(settings)
        save = self.buttons.button(QDialogButtonBox.StandardButton.Save)
        save.setEnabled(not problems)
        if problems:
            self.corners.setText("<span style='color:#b00000'>" + "<br>".join(problems)
                                 + "</span>")  # fmt: skip
            return
        ids = corner_ids(settings)
        count = settings.width * settings.height
        self.corners.setText(
            f"Corners: top-left <b>{ids['top-left']}</b>, top-right <b>{ids['top-right']}</b>, "
            f"bottom-left <b>{ids['bottom-left']}</b>, bottom-right "
            f"<b>{ids['bottom-right']}</b>; {count} hexes."
        )

    # --- creating ---------------------------------------------------------------------------
    def create_map(self) -> None:
        """Ask where to save, write the map and accept; stay open on a problem."""
        settings = self.settings()
        if settings_problems(settings):
            self.update_preview()
            return
        suggested = self.folder / (_file_stem(settings.name) + ".yaml")
        path = self.choose_path(suggested)
        if path is None:
            return
        if path.suffix.lower() not in (".yaml", ".yml"):
            path = path.with_name(path.name + ".yaml")
        try:
            write_atomic(path, new_map_text(settings, path))
        except (OSError, ValueError) as error:
            self.corners.setText(f"<span style='color:#b00000'>Cannot save {path}: "
                                 f"{error}</span>")  # fmt: skip
            return
        self.saved_path = path
        self.accept()

    def _ask_path(self, suggested: Path) -> Path | None:
        name, _ = QFileDialog.getSaveFileName(self, "Save the new map as", str(suggested),
                                              "Maps (*.yaml *.yml)")  # fmt: skip
        return Path(name) if name else None


def _spin(low: int, high: int, value: int) -> QSpinBox:
    box = QSpinBox()
    box.setRange(low, high)
    box.setValue(value)
    return box


def _number(low: float, high: float, value: float) -> QDoubleSpinBox:
    box = QDoubleSpinBox()
    box.setDecimals(3)
    box.setRange(low, high)
    box.setValue(value)
    return box


def _combo(items: tuple[str, ...]) -> QComboBox:
    box = QComboBox()
    box.addItems(list(items))
    return box


def _file_stem(name: str) -> str:
    stem = "".join(c if c.isalnum() else "_" for c in name.strip().lower()).strip("_")
    return "_".join(part for part in stem.split("_") if part) or "new_map"
