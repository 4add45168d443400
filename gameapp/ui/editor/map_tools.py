"""The map-painting tools panel: which tool the board's left button uses, and its settings.

Tools: Counters (the board as before: place, drag and rotate counters), Terrain (a brush of a
radius), Elevation (raise or lower, Shift the other way), Hex feature (on or off), Hexside (a
feature on the hexside nearest the click), Road (drag from hex to hex; Shift takes links off),
Ford / bridge (on a stream or creek hexside), Victory hex (add or remove, with its name and
points). The friendly map edges are checkboxes per side and screen edge; each toggle is one edit
(`edge_toggled`).
"""

from __future__ import annotations

from enum import Enum

from PySide6.QtCore import Signal
from PySide6.QtGui import QIcon, QPixmap
from PySide6.QtWidgets import (
    QButtonGroup,
    QCheckBox,
    QComboBox,
    QFormLayout,
    QGridLayout,
    QGroupBox,
    QLabel,
    QLineEdit,
    QRadioButton,
    QSpinBox,
    QVBoxLayout,
    QWidget,
)

from gameapp.core.terrain import HexFeature, HexsideFeature, RoadGrade, Terrain
from gameapp.editor.map_doc import (
    CROSSINGS,
    HEX_FEATURES,
    LINE_FEATURES,
    ROAD_GRADES,
    SCREEN_EDGES,
)
from gameapp.ui.board import palette as pal

SIDES = ("union", "confederate")
MAX_RADIUS = 5


class Tool(Enum):
    COUNTERS = "Counters"
    TERRAIN = "Terrain brush"
    ELEVATION = "Elevation"
    FEATURE = "Hex feature"
    HEXSIDE = "Hexside feature"
    ROAD = "Road"
    CROSSING = "Ford / bridge"
    VICTORY = "Victory hex"

    @property
    def paints_hexes(self) -> bool:
        return self in (Tool.TERRAIN, Tool.ELEVATION, Tool.FEATURE)

    @property
    def on_hexsides(self) -> bool:
        return self in (Tool.HEXSIDE, Tool.CROSSING)


TIPS = {
    Tool.COUNTERS: "Place, drag and rotate counters (the board as usual)",
    Tool.TERRAIN: "Click or drag to paint the terrain over the brush's hexes",
    Tool.ELEVATION: "Click or drag to raise the ground one step (Shift: lower it)",
    Tool.FEATURE: "Click or drag to put the feature on the brush's hexes (off, when the first "
                  "hex has it)",
    Tool.HEXSIDE: "Click a hexside to put the feature on it or take it off",
    Tool.ROAD: "Drag from hex to hex to lay a road (Shift: drag along one to take it off)",
    Tool.CROSSING: "Click a stream or creek hexside to put a ford or bridge on it or take it off",
    Tool.VICTORY: "Click a hex to make it a victory hex, or to take it off the list",
}


class MapToolsPanel(QWidget):
    tool_changed = Signal(object)  # Tool
    edge_toggled = Signal(str, str)  # side, screen edge

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        layout = QVBoxLayout(self)
        self.tools = QButtonGroup(self)
        self.tool_buttons: dict[Tool, QRadioButton] = {}
        box = QGroupBox("Tool")
        grid = QGridLayout(box)
        for n, tool in enumerate(Tool):
            button = QRadioButton(tool.value)
            button.setToolTip(TIPS[tool])
            self.tools.addButton(button, n)
            self.tool_buttons[tool] = button
            grid.addWidget(button, n // 2, n % 2)
        self.tool_buttons[Tool.COUNTERS].setChecked(True)
        self.tools.idToggled.connect(self._toggled)
        layout.addWidget(box)

        settings = QGroupBox("Settings")
        form = self._form = QFormLayout(settings)
        self.terrain = QComboBox()
        for terrain in Terrain:
            self.terrain.addItem(_swatch(terrain), terrain.label, terrain)
        self.terrain.setCurrentIndex(list(Terrain).index(Terrain.WOODS))
        self.radius = QSpinBox()
        self.radius.setRange(0, MAX_RADIUS)
        self.radius.setToolTip("0: one hex; 1: the hex and its six neighbours; ...")
        self.raise_ground = QRadioButton("Raise")
        self.lower_ground = QRadioButton("Lower")
        self.raise_ground.setChecked(True)
        updown = QWidget()
        row = QGridLayout(updown)
        row.setContentsMargins(0, 0, 0, 0)
        row.addWidget(self.raise_ground, 0, 0)
        row.addWidget(self.lower_ground, 0, 1)
        self.step = QSpinBox()
        self.step.setRange(1, 500)
        self.step.setSuffix(" ft")
        self.hex_feature = QComboBox()
        for hex_feature in HEX_FEATURES:
            self.hex_feature.addItem(hex_feature.label, hex_feature)
        self.feature = QComboBox()
        for feature in LINE_FEATURES:
            self.feature.addItem(feature.label, feature)
        self.grade = QComboBox()
        for grade in ROAD_GRADES:
            self.grade.addItem(grade.label, grade)
        self.grade.setCurrentIndex(ROAD_GRADES.index(RoadGrade.ROAD))
        self.bridge = QCheckBox("bridge where it crosses a stream or creek")
        self.crossing = QComboBox()
        for crossing in CROSSINGS:
            self.crossing.addItem(crossing.label, crossing)
        self.victory_name = QLineEdit()
        self.victory_name.setPlaceholderText("name (default: the hex id)")
        self.victory_points = QSpinBox()
        self.victory_points.setRange(0, 99)
        self.victory_points.setValue(2)
        form.addRow("Terrain", self.terrain)
        form.addRow("Brush radius", self.radius)
        form.addRow("Ground", updown)
        form.addRow("Step", self.step)
        form.addRow("Hex feature", self.hex_feature)
        form.addRow("Hexside", self.feature)
        form.addRow("Road grade", self.grade)
        form.addRow("", self.bridge)
        form.addRow("Crossing", self.crossing)
        form.addRow("Victory hex", self.victory_name)
        form.addRow("Points", self.victory_points)
        layout.addWidget(settings)

        edges = QGroupBox("Friendly map edges (retreats)")
        grid = QGridLayout(edges)
        self.edge_boxes: dict[tuple[str, str], QCheckBox] = {}
        for col, edge in enumerate(SCREEN_EDGES, start=1):
            grid.addWidget(QLabel(edge), 0, col)
        for row_n, side in enumerate(SIDES, start=1):
            grid.addWidget(QLabel(side.capitalize()), row_n, 0)
            for col, edge in enumerate(SCREEN_EDGES, start=1):
                check = QCheckBox()
                check.clicked.connect(lambda _c=False, s=side, e=edge: self.edge_toggled.emit(s, e))
                self.edge_boxes[(side, edge)] = check
                grid.addWidget(check, row_n, col)
        layout.addWidget(edges)
        self.help = QLabel()
        self.help.setWordWrap(True)
        layout.addWidget(self.help)
        layout.addStretch(1)
        self._toggled(0, True)

    # --- reading ----------------------------------------------------------------------------
    @property
    def tool(self) -> Tool:
        return list(Tool)[max(self.tools.checkedId(), 0)]

    def chosen_terrain(self) -> Terrain:
        return Terrain(self.terrain.currentData())

    def chosen_hex_feature(self) -> HexFeature:
        return HexFeature(self.hex_feature.currentData())

    def chosen_feature(self) -> HexsideFeature:
        return HexsideFeature(self.feature.currentData())

    def chosen_crossing(self) -> HexsideFeature:
        return HexsideFeature(self.crossing.currentData())

    def chosen_grade(self) -> RoadGrade:
        return RoadGrade(self.grade.currentData())

    # --- setting ----------------------------------------------------------------------------
    def set_tool(self, tool: Tool) -> None:
        self.tool_buttons[tool].setChecked(True)

    def set_edges(self, on: dict[tuple[str, str], bool], patterns: dict[str, str]) -> None:
        """Tick the edges each side retreats toward; label each edge with its id pattern."""
        for (side, edge), check in self.edge_boxes.items():
            check.setChecked(on.get((side, edge), False))
            check.setToolTip(f"{side.capitalize()} retreats toward the {edge} edge "
                             f"({patterns.get(edge, '')})")  # fmt: skip

    def set_scenario_tools(self, available: bool) -> None:
        """Victory hexes belong to a scenario: not offered for a map opened alone."""
        self.tool_buttons[Tool.VICTORY].setEnabled(available)
        self.tool_buttons[Tool.COUNTERS].setEnabled(available)
        if not available and self.tool in (Tool.VICTORY, Tool.COUNTERS):
            self.set_tool(Tool.TERRAIN)

    def _toggled(self, _id: int, checked: bool) -> None:
        if not checked:
            return
        tool = self.tool
        self.help.setText(TIPS[tool])
        shown = {
            self.terrain: tool is Tool.TERRAIN,
            self.radius: tool.paints_hexes,
            self.raise_ground.parentWidget(): tool is Tool.ELEVATION,
            self.step: tool is Tool.ELEVATION,
            self.hex_feature: tool is Tool.FEATURE,
            self.feature: tool is Tool.HEXSIDE,
            self.grade: tool is Tool.ROAD,
            self.bridge: tool is Tool.ROAD,
            self.crossing: tool is Tool.CROSSING,
            self.victory_name: tool is Tool.VICTORY,
            self.victory_points: tool is Tool.VICTORY,
        }
        for widget, visible in shown.items():
            if widget is not None:
                self._form.setRowVisible(widget, visible)
        self.tool_changed.emit(tool)


def _swatch(terrain: Terrain) -> QIcon:
    pixmap = QPixmap(14, 14)
    pixmap.fill(pal.hex_fill(terrain, 0, 1))
    return QIcon(pixmap)
