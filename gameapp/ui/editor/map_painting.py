"""Map painting in the editor window: the map file as a second document beside the scenario (or
alone, `EditorWindow.open_map`), the tools dock, and each finished stroke turned into one edit
on the window's undo stack. After every change of the map document it is compiled again (by
`MapDocument`) and the board repaints from the new map; the scenario's live problems are then
checked against it too."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

from PySide6.QtCore import QObject, Qt
from PySide6.QtWidgets import QDockWidget, QMenu

from gameapp.core.mapdata import HexMap
from gameapp.editor.edits import Edit
from gameapp.editor.map_doc import SCREEN_EDGES, MapDocument, PaintRefused
from gameapp.editor.scenario_doc import ScenarioDocument
from gameapp.editor.validate import validate_text
from gameapp.editor.victory_edits import toggle_victory_hex
from gameapp.ui.board import BoardScene
from gameapp.ui.board.map_painter import MapPainter
from gameapp.ui.editor.commands import EditCommand
from gameapp.ui.editor.map_stroke import MapStrokeTool, Stroke
from gameapp.ui.editor.map_tools import SIDES, MapToolsPanel, Tool

if TYPE_CHECKING:
    from gameapp.ui.editor.window import EditorWindow


def show_map(board: BoardScene, hex_map: HexMap) -> None:
    """Repaint a board with a recompiled map of the same size (its terrain tiles are redrawn)."""
    board.hex_map = hex_map
    board.map_painter = MapPainter(hex_map, board.geometry)
    board.terrain.map_painter = board.map_painter
    board.terrain.invalidate()


class MapPainting(QObject):
    def __init__(self, window: EditorWindow) -> None:
        super().__init__(window)
        self.window = window
        self.doc: MapDocument | None = None
        self.scenario: ScenarioDocument | None = None
        self.panel = MapToolsPanel()
        self.dock = QDockWidget("Map painting", window)
        self.dock.setObjectName("map_painting")
        self.dock.setWidget(self.panel)
        window.addDockWidget(Qt.DockWidgetArea.LeftDockWidgetArea, self.dock)
        window.tabifyDockWidget(window.palette_dock, self.dock)
        window.palette_dock.raise_()
        view_menu = next((a.menu() for a in window.menuBar().actions() if a.text() == "&View"),
                         None)  # fmt: skip
        if isinstance(view_menu, QMenu):
            view_menu.addAction(self.dock.toggleViewAction())
        self.stroke_tool = MapStrokeTool(window.view)
        self.stroke_tool.stroke_finished.connect(self.apply_stroke)
        self.panel.tool_changed.connect(self.stroke_tool.set_tool)
        self.panel.radius.valueChanged.connect(self._set_radius)
        self.panel.edge_toggled.connect(self.toggle_edge)

    # --- files ------------------------------------------------------------------------------
    def open(self, path: Path, scenario: ScenarioDocument | None) -> None:
        """Open the map for painting (DataError when it does not load)."""
        doc = MapDocument.load(path)
        self.doc, self.scenario = doc, scenario
        if scenario is not None:
            scenario.map = doc.map
        doc.doc.on_change(self._changed)
        self.panel.step.setValue(doc.elevation_step())
        self.panel.set_scenario_tools(scenario is not None)
        self._show_edges()

    def close(self) -> None:
        self.doc = self.scenario = None

    @property
    def modified(self) -> bool:
        return self.doc is not None and self.doc.doc.modified

    def save(self, path: Path | None = None) -> Path | None:
        """Write the map file when it changed (or to `path` when given); OSError passes on."""
        if self.doc is None or (path is None and not self.doc.doc.modified):
            return None
        return self.doc.doc.save(path)

    def validate(self, only_if_modified: bool = False) -> list[str]:
        """What `gameapp validate` says of the map as it stands (a scenario already checks the
        map as saved, so with `only_if_modified` an unchanged map is not checked twice)."""
        if self.doc is None or (only_if_modified and not self.doc.doc.modified):
            return []
        return [str(p) for p in validate_text(self.doc.path, self.doc.doc.text())]

    def show_docks(self, alone: bool) -> None:
        """A map alone has no counters: its palette and scenario docks go, the tools come up."""
        window = self.window
        for dock in (window.palette_dock, window.problems_dock, window.data_dock):
            dock.setVisible(not alone)
        self.dock.show()
        if alone:
            self.dock.raise_()

    # --- painting ---------------------------------------------------------------------------
    def push(self, edit: Edit | None) -> bool:
        if self.doc is None or edit is None:
            return False
        self.window.undo_stack.push(EditCommand(self.doc.doc, edit))
        return True

    def apply_stroke(self, stroke: Stroke) -> None:
        """One finished stroke: one edit (nothing when it changes nothing)."""
        doc = self.doc
        if doc is None:
            return
        panel = self.panel
        try:
            if stroke.tool is Tool.TERRAIN:
                self.push(doc.paint_terrain(stroke.hexes, panel.chosen_terrain()))
            elif stroke.tool is Tool.ELEVATION:
                up = panel.raise_ground.isChecked() != stroke.reverse
                self.push(doc.raise_ground(stroke.hexes, 1 if up else -1, panel.step.value()))
            elif stroke.tool is Tool.FEATURE:
                self.push(doc.toggle_hex_feature(stroke.hexes, panel.chosen_hex_feature()))
            elif stroke.tool is Tool.HEXSIDE and stroke.side is not None:
                self.push(doc.toggle_hexside(stroke.side, panel.chosen_feature()))
            elif stroke.tool is Tool.CROSSING and stroke.side is not None:
                self.push(doc.toggle_hexside(stroke.side, panel.chosen_crossing()))
            elif stroke.tool is Tool.ROAD and stroke.reverse:
                self.push(doc.remove_road(stroke.hexes))
            elif stroke.tool is Tool.ROAD:
                self.push(doc.add_road(stroke.hexes, panel.chosen_grade(),
                                       panel.bridge.isChecked()))  # fmt: skip
            elif stroke.tool is Tool.VICTORY and self.scenario is not None and stroke.hexes:
                self.window.push(toggle_victory_hex(
                    self.scenario, stroke.hexes[0], panel.victory_points.value(),
                    panel.victory_name.text()))  # fmt: skip
        except PaintRefused as refused:
            self.window.show_message(f"Not painted: {refused}")

    def _set_radius(self, radius: int) -> None:
        self.stroke_tool.radius = radius

    def toggle_edge(self, side: str, edge: str) -> None:
        if self.doc is not None:
            self.push(self.doc.toggle_friendly_edge(side, edge))
        self._show_edges()

    # --- after each change ------------------------------------------------------------------
    def _changed(self) -> None:
        doc = self.doc
        board = self.window.view.board()
        if doc is None:
            return
        if board is not None and board.hex_map is not doc.map:
            show_map(board, doc.map)
        if self.scenario is not None:
            self.scenario.map = doc.map
            self.window.refresh()
        self._show_edges()
        if doc.problems:
            self.window.show_message("The map does not compile; the board shows it as it was: "
                                     + "; ".join(str(p) for p in doc.problems[:3]))

    def _show_edges(self) -> None:
        doc = self.doc
        if doc is None:
            return
        patterns = {edge: doc.edge_pattern(edge) for edge in SCREEN_EDGES}
        on = {(side, edge): patterns[edge] in doc.friendly_edges(side)
              for side in SIDES for edge in SCREEN_EDGES}  # fmt: skip
        self.panel.set_edges(on, patterns)
