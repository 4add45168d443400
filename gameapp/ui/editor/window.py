"""The scenario editor window: the board (the game's own scene) in the middle, the order-of-battle
palette on the left, the problems, reinforcements and metadata on the right, and the File, Edit
and Counter menus. Every change is an edit value (gameapp.editor) pushed on a QUndoStack; the
window redraws from the document after each one, never from its own copies."""

from __future__ import annotations

import logging
from collections.abc import Callable
from pathlib import Path
from typing import Any

from PySide6.QtCore import QPoint, Qt
from PySide6.QtGui import QAction, QCloseEvent, QKeySequence, QUndoStack
from PySide6.QtWidgets import (
    QDockWidget,
    QFileDialog,
    QLabel,
    QMainWindow,
    QMenu,
    QMessageBox,
    QTabWidget,
    QWidget,
)

from gameapp.core.hexgrid import Hex
from gameapp.core.scenario import load_scenario
from gameapp.core.units import FORMATIONS_BY_KIND, Status, UnitKind
from gameapp.core.yamlsource import DataError
from gameapp.editor.document import YamlFileDocument
from gameapp.editor.edits import Edit
from gameapp.editor.problems import EditorProblem, live_problems
from gameapp.editor.scenario_doc import ScenarioDocument
from gameapp.editor.validate import load_text_beside, validate_text
from gameapp.ui.board import BoardScene
from gameapp.ui.board.view import HexDrag
from gameapp.ui.editor.board_view import EditorBoardView
from gameapp.ui.editor.commands import EditCommand
from gameapp.ui.editor.group_moves import GroupMoves
from gameapp.ui.editor.map_painting import MapPainting
from gameapp.ui.editor.map_sources import MapSources
from gameapp.ui.editor.metadata_form import MetadataForm
from gameapp.ui.editor.palette import Palette
from gameapp.ui.editor.problems_panel import ProblemsPanel
from gameapp.ui.editor.reinforcements_panel import ReinforcementsPanel
from gameapp.ui.editor.ruleset_editor import RulesetEditor, ruleset_named
from gameapp.ui.editor.unit_editing import UnitEditing
from gameapp.ui.rulesets.registry import RulesetEditorFactory, ruleset_editor_factory
from gameapp.ui.screen_fit import open_inside_screen

log = logging.getLogger(__name__)
PROBLEM_FILL = "#66d01818"
ENTRY_RING = "#1f5fbf"
VICTORY_RING = "#d4a017"
ARTILLERY_ONLY = (Status.LOW_AMMUNITION, Status.NO_AMMUNITION)
GameWindowFactory = Callable[[], QMainWindow]


class EditorWindow(QMainWindow):
    def __init__(self, path: Path | None = None, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWindowFlag(Qt.WindowType.Window)  # its own window, also when owned by another
        self.setWindowTitle("Scenario editor")
        open_inside_screen(self, 1500, 950)
        self.doc: ScenarioDocument | None = None  # a tactical scenario
        self.ruleset_editor: RulesetEditor | None = None  # another ruleset's (open_path)
        self.problems: list[EditorProblem] = []
        self.undo_stack = QUndoStack(self)
        self._clean = True
        self.undo_stack.cleanChanged.connect(self._clean_changed)
        self.view = EditorBoardView()
        self.setCentralWidget(self.view)
        self.oob_palette = Palette()
        self.problems_panel = ProblemsPanel()
        self.reinforcements_panel = ReinforcementsPanel()
        self.metadata_form = MetadataForm()
        self.palette_dock = self._dock("Order of battle", self.oob_palette,
                                       Qt.DockWidgetArea.LeftDockWidgetArea)
        self.problems_dock = self._dock("Problems", self.problems_panel,
                                        Qt.DockWidgetArea.RightDockWidgetArea)  # fmt: skip
        tabs = QTabWidget()
        tabs.addTab(self.reinforcements_panel, "Reinforcements")
        tabs.addTab(self.metadata_form, "Scenario")
        self.tabs = tabs
        self.data_dock = self._dock("Scenario data", tabs, Qt.DockWidgetArea.RightDockWidgetArea)
        self.resizeDocks([self.palette_dock, self.problems_dock], [360, 420],
                         Qt.Orientation.Horizontal)
        self.message = QLabel()
        self.statusBar().addPermanentWidget(self.message)
        self.actions_by_id: dict[str, QAction] = {}
        self._build_menus()
        self._wire()
        self.map_painting = MapPainting(self)
        self.unit_editing = UnitEditing(self)  # the palette's unit form
        self.group_moves = GroupMoves(self)  # several counters moved at once
        self._game_window: QMainWindow | None = None
        self.ask_before_closing = True  # False: close without asking to save (tests)
        if path is not None:
            self.open_path(path)

    def _dock(self, title: str, widget: QWidget, area: Qt.DockWidgetArea) -> QDockWidget:
        dock = QDockWidget(title, self)
        dock.setObjectName(title.lower().replace(" ", "_"))
        dock.setWidget(widget)
        self.addDockWidget(area, dock)
        return dock

    def _action(self, menu: QMenu, id_: str, text: str, handler: Callable[[], Any],
                keys: tuple[str | QKeySequence.StandardKey, ...] = (), tip: str = "") -> QAction:
        action = QAction(text, self)
        if keys:
            action.setShortcuts([QKeySequence(k) for k in keys])
        action.setStatusTip(tip)
        action.setToolTip(tip or text.replace("&", ""))
        action.triggered.connect(lambda _checked=False: handler())
        menu.addAction(action)
        self.actions_by_id[id_] = action
        return action

    def _build_menus(self) -> None:
        bar = self.menuBar()
        std = QKeySequence.StandardKey
        file_menu = bar.addMenu("&File")
        self._action(file_menu, "open", "&Open scenario…", self.open_dialog, (std.Open,))
        self._action(file_menu, "save", "&Save", self.save, (std.Save,))
        self._action(file_menu, "save_as", "Save &as…", self.save_as_dialog, (std.SaveAs,))
        file_menu.addSeparator()
        self.map_sources = MapSources(self, file_menu)  # new map, GeoJSON, background image
        file_menu.addSeparator()
        self._action(file_menu, "validate", "&Validate", self.validate, ("F7",),
                     "Run the checks of `gameapp validate` on the scenario as it stands")
        self._action(file_menu, "test_play", "&Test play", self.test_play, ("F5",),
                     "Play the scenario as it stands; close the game to come back")
        file_menu.addSeparator()
        self._action(file_menu, "close", "&Close editor", self.close, (std.Close,))
        edit_menu = bar.addMenu("&Edit")
        undo = self.undo_stack.createUndoAction(self, "&Undo")
        undo.setShortcuts(QKeySequence.keyBindings(std.Undo))
        redo = self.undo_stack.createRedoAction(self, "&Redo")
        redo.setShortcuts([QKeySequence("Ctrl+Shift+Z"), QKeySequence("Ctrl+Y")])
        edit_menu.addActions([undo, redo])
        self.actions_by_id.update(undo=undo, redo=redo)
        counter = bar.addMenu("&Counter")
        self._action(counter, "rotate_cw", "Rotate &clockwise", lambda: self.rotate(-1), ("E",),
                     "Turn the selected counter one hexside clockwise (or the wheel over it)")
        self._action(counter, "rotate_ccw", "Rotate &anticlockwise", lambda: self.rotate(1),
                     ("Q",))
        self._action(counter, "to_top", "Put on &top of its stack", self.to_top, ("T",))
        self._action(counter, "remove", "&Take off the map", self.remove_selected,
                     (std.Delete,))
        view = bar.addMenu("&View")
        self._action(view, "fit", "&Fit to window", self.view.fit, ("F",))
        self._action(view, "zoom_in", "Zoom &in", self.view.zoom_in, (std.ZoomIn,))
        self._action(view, "zoom_out", "Zoom &out", self.view.zoom_out, (std.ZoomOut,))
        for dock in (self.palette_dock, self.problems_dock, self.data_dock):
            view.addAction(dock.toggleViewAction())
        toolbar = self.addToolBar("Editor")
        toolbar.setObjectName("editor_toolbar")
        for id_ in ("open", "save", "undo", "redo", "validate", "test_play", "fit"):
            toolbar.addAction(self.actions_by_id[id_])

    def _wire(self) -> None:
        self.view.units_dropped.connect(self.drop_units)
        self.view.counter_moved.connect(self.move_counter)
        self.view.rotate_requested.connect(lambda steps: self.rotate(-steps))
        self.view.drag_released.connect(self._drag_released)
        self.view.context_requested.connect(self._context_menu)
        self.view.unit_selected.connect(self._unit_selected)
        self.view.hover_text_changed.connect(self._hover)
        self.problems_panel.hex_chosen.connect(self.go_to)
        self.reinforcements_panel.hex_chosen.connect(self.go_to)
        self.reinforcements_panel.add_requested.connect(self.add_reinforcement)
        self.reinforcements_panel.remove_requested.connect(self._remove_reinforcement)
        self.reinforcements_panel.change_requested.connect(self._change_reinforcement)
        self.metadata_form.change_requested.connect(self._change_field)
        self.metadata_form.edit_requested.connect(
            lambda build: self.push(build(self.doc)) if self.doc is not None else None)

    # --- files ------------------------------------------------------------------------------
    def open_path(self, path: Path) -> bool:
        factory = ruleset_editor_factory(ruleset_named(path))
        if factory is not None:
            return self._open_with(factory, path)
        try:
            doc = ScenarioDocument.load(path)
            self.map_painting.open(doc.map_path, doc)
        except DataError as error:
            self._tell("Cannot open the scenario", f"{Path(path).name} could not be opened.",
                       str(error), QMessageBox.Icon.Critical)  # fmt: skip
            return False
        self._drop_ruleset_editor()
        self.doc = doc
        doc.doc.on_change(self.refresh)
        self.undo_stack.clear()
        old = self.view.board()
        self.view.set_board(BoardScene(doc.map, doc.units()))
        if old is not None:
            old.deleteLater()
        self.oob_palette.set_oob(doc.oob_tree())
        self.map_painting.show_docks(alone=False)
        self.refresh()
        self.view.fit()
        return True

    def _open_with(self, factory: RulesetEditorFactory, path: Path) -> bool:
        """Open a scenario of a ruleset with its own editor (registry.register_ruleset_editor):
        it brings the board and its docks; the menus, the undo stack and saving stay here."""
        editor = factory(self)
        try:
            editor.open(path)
        except DataError as error:
            editor.deleteLater()
            self._tell("Cannot open the scenario", f"{Path(path).name} could not be opened.",
                       str(error), QMessageBox.Icon.Critical)  # fmt: skip
            return False
        self._drop_ruleset_editor()
        self.doc = None
        self.map_painting.close()
        editor.install()
        self.ruleset_editor = editor
        editor.document.on_change(self.refresh)
        self.undo_stack.clear()
        self.refresh()
        self.view.fit()
        return True

    def _drop_ruleset_editor(self) -> None:
        if self.ruleset_editor is not None:
            self.ruleset_editor.uninstall()
            self.ruleset_editor.deleteLater()
            self.ruleset_editor = None

    def _file(self) -> YamlFileDocument | None:
        """The scenario file open (of any ruleset), None when none is."""
        if self.ruleset_editor is not None:
            return self.ruleset_editor.document
        return self.doc.doc if self.doc is not None else None

    def open_map(self, path: Path) -> bool:
        """Open a map file alone for painting (no scenario, so no counters); False when it
        cannot be opened (the reason is shown)."""
        try:
            self.map_painting.open(path, None)
        except DataError as error:
            self._tell("Cannot open the map", f"{Path(path).name} could not be opened.",
                       str(error), QMessageBox.Icon.Critical)  # fmt: skip
            return False
        self._drop_ruleset_editor()
        self.doc = None
        self.undo_stack.clear()
        old = self.view.board()
        assert self.map_painting.doc is not None
        self.view.set_board(BoardScene(self.map_painting.doc.map))
        if old is not None:
            old.deleteLater()
        self.oob_palette.set_oob([])
        self.map_painting.show_docks(alone=True)
        self._update_title()
        self.view.fit()
        return True

    def open_dialog(self) -> None:
        scenario = self._file()
        start = str(scenario.path.parent) if scenario is not None else str(Path.cwd())
        name, _ = QFileDialog.getOpenFileName(self, "Open scenario", start,
                                              "Scenarios (*.yaml *.yml);;All files (*)")
        if name:
            self.open_path(Path(name))

    def save(self) -> bool:
        return self.save_to(None)

    def save_as_dialog(self) -> None:
        scenario = self._file()
        if scenario is None:
            return
        name, _ = QFileDialog.getSaveFileName(self, "Save scenario as", str(scenario.path),
                                              "Scenarios (*.yaml *.yml)")
        if name:
            self.save_to(Path(name))

    def save_to(self, path: Path | None) -> bool:
        """Save (atomically); a new folder must let the map and counters paths still resolve,
        which the designer sees at once in the problems panel."""
        scenario = self._file()
        if scenario is None and self.map_painting.doc is None:
            return False
        try:  # the map's own file, when painted (a map alone: saved to `path`)
            map_saved = self.map_painting.save(path if scenario is None else None)
            saved = scenario.save(path) if scenario is not None else map_saved
            if self.doc is not None and self.doc.counters_doc.modified:  # a unit edit undone
                self.doc.counters_doc.save()
        except OSError as error:
            self._tell("Cannot save", f"The file could not be saved: {error}")
            return False
        self.undo_stack.setClean()
        self.show_message(f"Saved {saved}")
        self._update_title()
        return True

    def validate(self) -> list[str]:
        """The checks of `gameapp validate` on the scenario and its map as they stand (not yet
        saved); on the map alone when no scenario is open."""
        scenario = self._file()
        open_doc = scenario or self.map_painting.doc
        if open_doc is None:
            return []
        problems = self.map_painting.validate()
        if scenario is not None:
            problems = [str(p) for p in validate_text(scenario.path, scenario.text())]
            problems += self.map_painting.validate(only_if_modified=True)
        if problems:
            self._tell("Validate", f"{len(problems)} problem(s) found.", "\n".join(problems),
                       QMessageBox.Icon.Warning)  # fmt: skip
        else:
            kind = "scenario" if scenario is not None else "map"
            self.show_message(f"{open_doc.path.name}: ok ({kind})")
        return problems

    def test_play(self) -> QMainWindow | None:
        """Open the scenario as it stands in a game window; closing it comes back here."""
        file = self._file()
        if file is None:
            return None
        try:
            if self.ruleset_editor is not None:
                scenario: Any = self.ruleset_editor.scenario_for_play(file.text())
            else:
                scenario = load_text_beside(file.path, file.text(), load_scenario)
                scenario.path = file.path
            if self.map_painting.doc is not None:  # the map as painted, saved or not
                scenario.map = self.map_painting.doc.map
        except DataError as error:
            self._tell("Test play", "The scenario cannot be played yet.", str(error),
                       QMessageBox.Icon.Warning)  # fmt: skip
            return None
        from gameapp.ui.app import build_window  # app.py imports the main window, which opens us

        window = build_window(scenarios_dir=file.path.parent)
        window.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
        window.show_scenario(scenario)
        window.destroyed.connect(self._back_from_play)
        self._game_window = window
        self.hide()
        window.show()
        return window

    def _back_from_play(self) -> None:
        self._game_window = None
        self.show()
        self.raise_()

    # --- redrawing --------------------------------------------------------------------------
    def refresh(self) -> None:
        if self.ruleset_editor is not None:
            self.problems = self.ruleset_editor.refresh()
            self.problems_panel.show_problems(self.problems, self.ruleset_editor.names)
            self._update_title()
            return
        doc = self.doc
        board = self.view.board()
        if doc is None or board is None:
            return
        units = doc.units()
        board.update_units(units)
        if self.view.selected_unit and board.unit(self.view.selected_unit) is None:
            self.view.select_unit(None)
        elif self.view.selected_unit:
            board.select_hex(board.unit(self.view.selected_unit).hex)  # type: ignore[union-attr]
        self.problems = live_problems(doc)
        self.problems_panel.show_problems(self.problems, doc)
        groups = doc.reinforcements()
        self.reinforcements_panel.show_groups(groups)
        self.metadata_form.show_data(doc.data)
        self.oob_palette.set_placed(doc.placed())
        board.overlay.clear()
        board.overlay.show_hexes([p.hex for p in self.problems if p.hex is not None], PROBLEM_FILL)
        entries = [g.hex for g in groups if g.hex is not None]
        board.overlay.rings(entries, ENTRY_RING, 3, style=Qt.PenStyle.DashLine)
        victory = [doc.parse_hex(v.get("hex")) for v in _list(doc.data.get("victory_hexes"))
                   if isinstance(v, dict)]
        board.overlay.rings([h for h in victory if h is not None], VICTORY_RING, 3)
        self._update_title()

    def _clean_changed(self, clean: bool) -> None:
        # told by the signal: the stack may already be going when the window is deleted
        self._clean = clean
        self._update_title()

    def _update_title(self) -> None:
        star = "" if self._clean else "*"
        scenario = self._file()
        if scenario is None:
            alone = self.map_painting.doc
            self.setWindowTitle(f"{alone.path.name}{star} — Map editor" if alone is not None
                                else "Scenario editor")  # fmt: skip
            return
        self.setWindowTitle(f"{scenario.path.name}{star} — Scenario editor")

    def show_message(self, text: str) -> None:
        self.message.setText(text)

    def go_to(self, h: Hex) -> None:
        if self.ruleset_editor is not None:
            self.ruleset_editor.go_to(h)
            return
        board = self.view.board()
        if board is None:
            return
        self.view.centerOn(board.geometry.centre(h))
        units = board.units_at(h)
        self.view.select_unit(units[0].id if units else None)
        if not units:
            board.select_hex(h)

    # --- edits ------------------------------------------------------------------------------
    def push(self, edit: Edit | None) -> bool:
        scenario = self._file()
        if scenario is None or edit is None:
            return False
        self.undo_stack.push(EditCommand(scenario, edit))
        return True

    def drop_units(self, unit_ids: list[str], h: Hex) -> None:
        """Counters dropped from the palette: place the new ones; move one already placed."""
        doc = self.doc
        if doc is None:
            return
        known = [u for u in unit_ids if u in doc.oob]
        placed = doc.placed()
        new = [u for u in known if u not in placed]
        if len(known) == 1 and not new and doc.setup_index(known[0]) is not None:
            self.push(doc.move(known[0], h))
        elif new:
            self.push(doc.place_many(new, h))
            self.view.select_unit(new[0])
        skipped = [u for u in known if u in placed]
        if skipped and len(known) > 1:
            self.show_message(f"Already in the scenario: {', '.join(skipped)}")

    def move_counter(self, unit_id: str, h: Hex, whole_stack: bool) -> None:
        doc = self.doc
        unit = doc.unit(unit_id) if doc is not None else None
        if doc is None or unit is None:
            return
        if whole_stack:
            self.push(doc.move_stack([u.id for u in doc.units() if u.hex == unit.hex], h))
        else:
            self.push(doc.move(unit_id, h))
        self.view.select_unit(unit_id)

    def rotate(self, steps: int) -> None:
        """Turn the selected counter `steps` hexsides (direction numbers: + is anticlockwise)."""
        if self.doc is not None and self.view.selected_unit:
            self.push(self.doc.rotate(self.view.selected_unit, steps))

    def to_top(self) -> None:
        if self.doc is not None and self.view.selected_unit:
            self.push(self.doc.to_top(self.view.selected_unit))

    def remove_selected(self) -> None:
        if self.ruleset_editor is not None:
            self.ruleset_editor.remove_selected()
        if self.doc is not None and self.view.selected_unit:
            unit_id = self.view.selected_unit
            self.view.select_unit(None)
            self.push(self.doc.remove(unit_id))

    def add_reinforcement(self) -> None:
        doc = self.doc
        if doc is None:
            return
        placed = doc.placed()
        ids = [u for u in self.oob_palette.selected_unit_ids() if u not in placed]
        h = self.view.hex_of_selection()
        groups = doc.reinforcements()
        if h is None:
            h = next((g.hex for g in reversed(groups) if g.hex is not None), None)
        if not ids or h is None:
            self.show_message("Select counters not yet used in the palette and an entry hex "
                              "on the map, then Add.")
            return
        first, last = doc.turn_range()
        self.push(doc.add_reinforcement(min(first + 1, last), h, ids))

    def _remove_reinforcement(self, index: int) -> None:
        if self.doc is not None:
            self.push(self.doc.remove_reinforcement(index))

    def _change_reinforcement(self, index: int, key: str, value: Any) -> None:
        if self.doc is not None:
            self.push(self.doc.set_reinforcement(index, key, value))

    def _change_field(self, path: tuple[str, ...], value: Any) -> None:
        if self.doc is not None:
            self.push(self.doc.set_field(path, value))

    def _drag_released(self, drag: HexDrag) -> None:
        """A right-drag out of a hex faces the selected counter there (or the top one)."""
        board = self.view.board()
        if self.doc is None or board is None or drag.button != Qt.MouseButton.RightButton:
            return
        direction = drag.direction
        units = board.units_at(drag.start)
        chosen = next((u for u in units if u.id == self.view.selected_unit), None)
        unit = chosen or (units[0] if units else None)
        if unit is not None:
            self.push(self.doc.face(unit.id, direction))

    # --- the counter's context menu -----------------------------------------------------------
    def _context_menu(self, h: Hex | None, at: QPoint) -> None:
        menu = self.counter_menu(h)
        if menu is not None:
            menu.popup(at)

    def counter_menu(self, h: Hex | None) -> QMenu | None:
        """Formation, status, facing, stacking order and removal of the counter in `h`."""
        board = self.view.board()
        if self.doc is None or board is None or h is None or not board.units_at(h):
            return None
        units = board.units_at(h)
        unit = next((u for u in units if u.id == self.view.selected_unit), units[0])
        self.view.select_unit(unit.id)
        doc = self.doc
        menu = QMenu(self)
        menu.setTitle(unit.id)
        formations = menu.addMenu("Formation")
        for formation in FORMATIONS_BY_KIND[unit.kind]:
            action = formations.addAction(formation.value)
            action.setCheckable(True)
            action.setChecked(unit.formation is formation)
            action.triggered.connect(
                lambda _c=False, f=formation: self.push(doc.set_formation(unit.id, f)))
        formations.setEnabled(unit.kind is not UnitKind.LEADER)
        markers = menu.addMenu("Status")
        for status in Status:
            if status in ARTILLERY_ONLY and unit.kind is not UnitKind.ARTILLERY:
                continue
            action = markers.addAction(status.value)
            action.setCheckable(True)
            action.setChecked(status in unit.status)
            action.triggered.connect(
                lambda _c=False, s=status: self.push(doc.toggle_status(unit.id, s)))
        facings = menu.addMenu("Facing")
        for direction in range(6):
            action = facings.addAction(doc.facing_text(direction))
            action.setCheckable(True)
            action.setChecked(unit.facing == direction)
            action.triggered.connect(
                lambda _c=False, d=direction: self.push(doc.face(unit.id, d)))
        self.group_moves.add_to_menu(menu, unit.id)
        menu.addSeparator()
        menu.addAction(self.actions_by_id["to_top"])
        menu.addAction(self.actions_by_id["remove"])
        return menu

    # --- small helpers ----------------------------------------------------------------------
    def _unit_selected(self, unit_id: str | None) -> None:
        item = self.oob_palette.item_of(unit_id) if unit_id else None
        if item is not None:
            self.oob_palette.tree.setCurrentItem(item)

    def _hover(self, text: str) -> None:
        if text:
            self.statusBar().showMessage(text)
        else:
            self.statusBar().clearMessage()

    def _tell(self, title: str, text: str, details: str = "",
              icon: QMessageBox.Icon = QMessageBox.Icon.Information) -> None:
        """A message box that does not block (tests and the event loop go on)."""
        box = QMessageBox(icon, title, text, parent=self)
        if details:
            box.setInformativeText(details)
        box.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        box.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
        box.open()
        self.show_message(text)

    def closeEvent(self, event: QCloseEvent) -> None:
        open_doc = self._file() or self.map_painting.doc
        if self.ask_before_closing and open_doc is not None and not self.undo_stack.isClean():
            answer = QMessageBox.question(
                self, "Unsaved changes", f"Save the changes to {open_doc.path.name}?",
                QMessageBox.StandardButton.Save | QMessageBox.StandardButton.Discard
                | QMessageBox.StandardButton.Cancel,
            )  # fmt: skip
            if answer == QMessageBox.StandardButton.Cancel:
                event.ignore()
                return
            if answer == QMessageBox.StandardButton.Save and not self.save():
                event.ignore()
                return
        super().closeEvent(event)


def _list(value: Any) -> list[Any]:
    return value if isinstance(value, list) else []
