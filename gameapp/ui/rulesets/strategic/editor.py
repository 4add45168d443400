"""The strategic ruleset's part of the scenario editor (a RulesetEditor): the theatre map with
the pieces' stacks drawn as in play (counters.PiecesLayer), the dock of editor_panel.py, and
the gestures:
- pick a piece in the palette, click a hex: a new piece of the side chosen (Shift+click keeps
  the piece picked, to place more);
- click a hex: its stack in the dock, its top piece (or the one picked there) in the form;
- drag from a hex to another: the piece selected goes if it stands there, else the whole stack
  (an HQ takes its roster along);
- Delete: the piece selected goes.
Its schedule (reinforcements, withdrawals, leader events by week) and its victory places have
their own docks (schedule_panel.py): a new reinforcement or victory place goes at the hex
selected on the map. So has its territory (territory_panel.py): with a side's paint tool armed,
a click makes a hex that side's at the start, a drag the whole box between two hexes.
Every change is an edit of gameapp/editor/strategic_doc.py, strategic_schedule.py,
strategic_victory.py or strategic_territory.py pushed through the window."""

from __future__ import annotations

import dataclasses
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Any

from PySide6.QtCore import Qt

from gameapp.core.hexgrid import Hex
from gameapp.core.rulesets.strategic.pieces import HQ, Leader
from gameapp.core.rulesets.strategic.scenario import StrategicScenario, load_strategic
from gameapp.editor.document import YamlFileDocument
from gameapp.editor.edits import Batch, Edit
from gameapp.editor.problems import EditorProblem, HexNames
from gameapp.editor.strategic_doc import StrategicScenarioDocument
from gameapp.editor.strategic_fields import FieldError
from gameapp.editor.strategic_problems import strategic_problems
from gameapp.editor.strategic_schedule import StrategicSchedule
from gameapp.editor.strategic_territory import SIDE_WORDS, SIDES, StrategicTerritory
from gameapp.editor.strategic_victory import StrategicVictoryPlaces
from gameapp.editor.validate import load_text_beside
from gameapp.present.strategic import stack_order
from gameapp.ui.board.theatre_board import TheatreBoardScene
from gameapp.ui.board.view import HexClick, HexDrag
from gameapp.ui.editor.ruleset_editor import RulesetEditor
from gameapp.ui.rulesets.base import make_dock
from gameapp.ui.rulesets.strategic.counters import PiecesLayer
from gameapp.ui.rulesets.strategic.editor_panel import StrategicEditorPanel
from gameapp.ui.rulesets.strategic.schedule_panel import SchedulePanel, VictoryPanel
from gameapp.ui.rulesets.strategic.territory_panel import FILLS, FRONTIER, TerritoryPanel

if TYPE_CHECKING:
    from gameapp.ui.editor.window import EditorWindow

PROBLEM_FILL = "#66d01818"


class StrategicEditor(RulesetEditor):
    def __init__(self, window: EditorWindow) -> None:
        super().__init__(window)
        self.doc: StrategicScenarioDocument | None = None
        self.layer: PiecesLayer | None = None
        self.selected_hex: Hex | None = None
        self.selected: str | None = None  # the piece in the form
        self.panel = StrategicEditorPanel()
        self.dock = make_dock(window, "Strategic pieces", "strategic_editor", self.panel)
        self.dock.hide()
        self.panel.template_chosen.connect(self._template_chosen)
        self.panel.piece_chosen.connect(self.select_piece)
        self.panel.fields_applied.connect(self.apply_fields)
        self.panel.roster_chosen.connect(self.choose_roster)
        self.panel.find_requested.connect(self.find)
        self.schedule: StrategicSchedule | None = None
        self.victory: StrategicVictoryPlaces | None = None
        self.entry: tuple[str, int] | None = None  # the schedule entry in its form
        self.schedule_panel = SchedulePanel()
        self.schedule_dock = make_dock(window, "Schedule", "strategic_schedule",
                                       self.schedule_panel)
        self.victory_panel = VictoryPanel()
        self.victory_dock = make_dock(window, "Victory places", "strategic_victory",
                                      self.victory_panel)
        self.territory: StrategicTerritory | None = None
        self.territory_panel = TerritoryPanel()
        self.territory_dock = make_dock(window, "Territory", "strategic_territory",
                                        self.territory_panel)
        for dock in (self.schedule_dock, self.victory_dock, self.territory_dock):
            dock.hide()
        self.territory_panel.default_chosen.connect(
            lambda side: self._push_territory(lambda t: t.set_default(side)))
        self.territory_panel.remove_requested.connect(
            lambda side, index: self._push_territory(lambda t: t.remove(side, index)))
        self.territory_panel.shown_changed.connect(lambda _: self.window.refresh())
        self.territory_panel.painting_changed.connect(self._painting_changed)
        self.territory_panel.entry_chosen.connect(self.go_to)
        self.schedule_panel.entry_chosen.connect(self.choose_entry)
        self.schedule_panel.add_requested.connect(self.add_entry)
        self.schedule_panel.remove_requested.connect(self.remove_entry)
        self.schedule_panel.fields_applied.connect(self.apply_entry)
        self.schedule_panel.at_from_map.connect(self._at_from_map)
        self.victory_panel.add_requested.connect(self.add_victory_place)
        self.victory_panel.remove_requested.connect(
            lambda index: self._push_victory(lambda v: v.remove(index)))
        self.victory_panel.change_requested.connect(
            lambda index, key, value: self._push_victory(
                lambda v: v.set_field(index, key, value)))
        self.victory_panel.place_chosen.connect(self.go_to)

    # --- what the window asks ---------------------------------------------------------------
    @property
    def document(self) -> YamlFileDocument:
        assert self.doc is not None
        return self.doc.doc

    @property
    def names(self) -> HexNames:
        assert self.doc is not None
        return self.doc

    def open(self, path: Path) -> None:
        self.doc = StrategicScenarioDocument.load(path)
        self.schedule = StrategicSchedule(self.doc)
        self.victory = StrategicVictoryPlaces(self.doc)
        self.territory = StrategicTerritory(self.doc)
        self.entry = None

    def install(self) -> None:
        doc = self.doc
        assert doc is not None
        window = self.window
        window.view.hex_clicked.connect(self.click)
        window.view.drag_released.connect(self.drop)
        window.addDockWidget(Qt.DockWidgetArea.LeftDockWidgetArea, self.dock)
        board = TheatreBoardScene(doc.map, doc.rail_year)
        self.layer = PiecesLayer(board, board.geometry)
        view = self.window.view
        old = view.board()
        view.set_board(board)
        if old is not None:
            old.deleteLater()
        view.set_hex_drags(True)
        for dock in (window.palette_dock, window.data_dock, window.map_painting.dock):
            dock.hide()
        window.problems_dock.show()
        self.dock.show()
        window.addDockWidget(Qt.DockWidgetArea.RightDockWidgetArea, self.schedule_dock)
        window.addDockWidget(Qt.DockWidgetArea.RightDockWidgetArea, self.victory_dock)
        window.addDockWidget(Qt.DockWidgetArea.RightDockWidgetArea, self.territory_dock)
        window.tabifyDockWidget(self.schedule_dock, self.victory_dock)
        window.tabifyDockWidget(self.victory_dock, self.territory_dock)
        self.territory_panel.stop_painting()
        for dock in (self.schedule_dock, self.victory_dock, self.territory_dock):
            dock.show()
        self.schedule_dock.raise_()
        # the problems list above needs a few lines; the schedule its table and form
        window.resizeDocks([window.problems_dock, self.schedule_dock], [140, 760],
                           Qt.Orientation.Vertical)
        self.selected_hex = self.selected = None

    def refresh(self) -> list[EditorProblem]:
        doc = self.doc
        if doc is None or self.layer is None:
            return []
        if self.selected is not None and doc.piece(self.selected) is None:
            self.selected = None
        self.layer.show(doc.pieces(), self.selected_hex, [self.selected] if self.selected else [])
        self._show_stack()
        self._show_schedule()
        if self.victory is not None:
            self.victory_panel.show_rows(self.victory.rows())
        owners = self._show_territory()
        problems = strategic_problems(doc)
        board = self.window.view.board()
        if board is not None:
            board.overlay.clear()
            if owners is not None:
                for side in SIDES:
                    board.overlay.show_hexes([h for h, s in owners.items() if s == side],
                                             FILLS[side])
                board.overlay.outline({h for h, s in owners.items() if s == "union"},
                                      FRONTIER, 3)
            board.overlay.show_hexes([p.hex for p in problems if p.hex is not None],
                                     PROBLEM_FILL)
        return problems

    def remove_selected(self) -> None:
        if self.doc is not None and self.selected is not None:
            self.window.push(self.doc.remove(self.selected))

    def go_to(self, h: Hex) -> None:
        board = self.window.view.board()
        if board is not None:
            self.window.view.centerOn(board.geometry.centre(h))
        self.select_hex(h)

    def scenario_for_play(self, text: str) -> StrategicScenario:
        assert self.doc is not None
        scenario = load_text_beside(self.doc.path, text, load_strategic)
        return dataclasses.replace(scenario, path=self.doc.path)

    def uninstall(self) -> None:
        view = self.window.view
        view.hex_clicked.disconnect(self.click)
        view.drag_released.disconnect(self.drop)
        view.set_hex_drags(False)
        for dock in (self.dock, self.schedule_dock, self.victory_dock, self.territory_dock):
            self.window.removeDockWidget(dock)
            dock.deleteLater()

    # --- gestures -----------------------------------------------------------------------------
    def click(self, click: HexClick) -> None:
        if self.doc is None or click.button != Qt.MouseButton.LeftButton:
            return
        click.accept()
        if self.territory_panel.painting() is not None:
            self.paint_territory([click.hex])
            return
        template = self.panel.armed()
        if template is not None:
            self.place(template, click.hex,
                       keep=bool(click.modifiers & Qt.KeyboardModifier.ShiftModifier))
        else:
            self.select_hex(click.hex)

    def _template_chosen(self, key: str | None) -> None:
        if key is not None:
            self.territory_panel.stop_painting()  # a click places the piece now
            self.window.show_message("Click a hex to place the piece (Shift+click: several)")

    def place(self, template: str, h: Hex, keep: bool = False) -> str | None:
        """A new piece of `template` for the side chosen in `h`; its id."""
        if self.doc is None:
            return None
        edit, piece_id = self.doc.place(template, self.panel.chosen_side, h)
        self.selected_hex, self.selected = h, piece_id
        self.window.push(edit)
        if not keep:
            self.panel.choose_template(None)
        self.window.show_message(f"Placed {piece_id} in {self.doc.hex_id(h)}")
        return piece_id

    def drop(self, drag: HexDrag) -> None:
        doc = self.doc
        if doc is None or drag.button != Qt.MouseButton.LeftButton or drag.end is None:
            return
        if self.territory_panel.painting() is not None and self.territory is not None:
            corners = f"{doc.hex_id(drag.start)}:{doc.hex_id(drag.end)}"
            self.paint_territory(self.territory.box(corners))
            return
        piece = doc.piece(self.selected) if self.selected else None
        if piece is not None and piece.hex == drag.start:
            edit = doc.move(piece.id, drag.end)
        else:
            edit = doc.move_stack(drag.start, drag.end)
            top = stack_order(doc.pieces_at(drag.start))
            self.selected = top[0].id if top else None
        self.selected_hex = drag.end
        self.window.push(edit)

    def select_hex(self, h: Hex | None) -> None:
        doc = self.doc
        self.selected_hex = h
        here = stack_order(doc.pieces_at(h)) if doc is not None and h is not None else []
        if self.selected not in {p.id for p in here}:
            self.selected = here[0].id if here else None
        self.window.refresh()

    def find(self, text: str) -> None:
        """Go to the first piece whose id or name holds the words (the next one at each
        Enter), and select it."""
        found = self.doc.search(text) if self.doc is not None and text.strip() else []
        if not found:
            self.window.show_message(f"No piece matches '{text}'")
            return
        ids = [p.id for p in found]
        at = ids.index(self.selected) + 1 if self.selected in ids else 0
        piece = found[at % len(found)]
        self.selected = piece.id
        self.go_to(piece.hex)
        self.window.show_message(f"{piece.id}: {at % len(found) + 1} of {len(found)} found")

    def select_piece(self, piece_id: str) -> None:
        if piece_id != self.selected:
            self.selected = piece_id
            self.window.refresh()

    # --- the form -----------------------------------------------------------------------------
    def apply_fields(self, piece_id: str, values: dict[str, Any]) -> None:
        doc = self.doc
        if doc is None:
            return
        edits: list[Edit] = []
        try:
            for key, value in values.items():
                edit = doc.set_field(piece_id, key, value)
                if edit is not None:  # each changes its own key: built on the same tree
                    edits.append(edit)
        except FieldError as error:
            self.panel.show_error(str(error))
            return
        if edits:
            self.window.push(Batch(tuple(edits), f"Edit {piece_id}"))

    def choose_roster(self, unit_id: str, hq_id: str | None) -> None:
        if self.doc is None:
            return
        try:
            edit = self.doc.set_roster(unit_id, hq_id)
        except FieldError as error:
            self.panel.show_error(str(error))
            return
        self.window.push(edit)

    def _show_stack(self) -> None:
        doc = self.doc
        if doc is None:
            return
        h = self.selected_hex
        here = stack_order(doc.pieces_at(h)) if h is not None else []
        self.panel.show_stack(here, self.selected)
        found = doc.find(self.selected) if self.selected else None
        if found is None:
            self.panel.clear_form()
            return
        piece = found.piece
        entry = dict(doc.entries(found.section)[found.index])
        hqs = [p.id for p in doc.pieces() if isinstance(p, HQ) and p.side is piece.side]
        leaders = [p.id for p in doc.pieces() if isinstance(p, Leader) and p.side is piece.side]
        hq = doc.hq_of(piece.id)
        self.panel.show_piece(piece.id, found.section, entry, hqs, hq.id if hq else None,
                              leaders)

    # --- the schedule and the victory places ----------------------------------------------------
    def choose_entry(self, kind: str, index: int) -> None:
        if (kind, index) != self.entry:
            self.entry = (kind, index)
            self._show_schedule()

    def add_entry(self, kind: str, week: int, side: str) -> None:
        doc, schedule = self.doc, self.schedule
        if doc is None or schedule is None:
            return
        at = doc.at_text(self.selected_hex) if self.selected_hex is not None else None
        try:
            edit, index = schedule.add(kind, week, side, at)
        except FieldError as error:
            self.schedule_panel.show_error(str(error))
            return
        self.entry = (kind, index)
        self.window.push(edit)

    def remove_entry(self, kind: str, index: int) -> None:
        if self.schedule is None:
            return
        try:
            edit = self.schedule.remove(kind, index)
        except FieldError as error:
            self.schedule_panel.show_error(str(error))
            return
        self.entry = None
        self.window.push(edit)

    def apply_entry(self, kind: str, index: int, values: dict[str, Any]) -> None:
        schedule = self.schedule
        if schedule is None:
            return
        edits: list[Edit] = []
        try:
            for key, value in values.items():
                edit = schedule.set_field(kind, index, key, value)
                if edit is not None:
                    edits.append(edit)
        except FieldError as error:
            self.schedule_panel.show_error(str(error))
            return
        if edits:
            self.window.push(Batch(tuple(edits), f"Edit the {kind} entry {index + 1}"))

    def _at_from_map(self) -> None:
        if self.doc is None or self.selected_hex is None:
            self.schedule_panel.show_error("select a hex on the map first")
            return
        self.schedule_panel.set_at(self.doc.at_text(self.selected_hex))

    def add_victory_place(self) -> None:
        if self.selected_hex is None:
            self.victory_panel.show_error("select a hex on the map first")
            return
        h = self.selected_hex
        self._push_victory(lambda v: v.add(h)[0])

    def _push_victory(self, make: Callable[[StrategicVictoryPlaces], Edit | None]) -> None:
        if self.victory is None:
            return
        try:
            edit = make(self.victory)
        except FieldError as error:
            self.victory_panel.show_error(str(error))
            self.victory_panel.show_rows(self.victory.rows())  # the cell as it was
            return
        self.victory_panel.show_error("")
        self.window.push(edit)

    def _show_schedule(self) -> None:
        schedule = self.schedule
        if schedule is None:
            return
        rows = schedule.rows()
        self.schedule_panel.show_error("")
        if self.entry not in {(r.kind, r.index) for r in rows}:
            self.entry = None
        self.schedule_panel.show_rows(rows, schedule.turns, self.entry)
        if self.entry is None:
            self.schedule_panel.clear_form()
            return
        kind, index = self.entry
        fields = schedule.fields(kind, index)
        values = {spec.key: schedule.value(kind, index, spec.key) for spec in fields}
        self.schedule_panel.show_entry(kind, index, fields, values,
                                       sorted(schedule.known_ids()))

    # --- the territory ----------------------------------------------------------------------------
    def paint_territory(self, hexes: list[Hex]) -> None:
        """The side whose paint tool is armed holds `hexes` at the start."""
        side = self.territory_panel.painting()
        if side is None or not hexes:
            return
        self._push_territory(lambda t: t.paint(hexes, side))
        self.window.show_message(f"{len(hexes)} hex{'es' if len(hexes) > 1 else ''} painted "
                                 f"{SIDE_WORDS[side]}")

    def _painting_changed(self) -> None:
        side = self.territory_panel.painting()
        if side is not None:
            self.panel.choose_template(None)  # a click paints now, it places no piece
            self.window.show_message(f"Click a hex to make it {SIDE_WORDS[side]} at the start; "
                                     "drag from a hex to another for the box between them")

    def _push_territory(self, make: Callable[[StrategicTerritory], Edit | None]) -> None:
        if self.territory is None:
            return
        try:
            edit = make(self.territory)
        except FieldError as error:
            self.territory_panel.show_error(str(error))
            return
        self.territory_panel.show_error("")
        if edit is not None:
            self.window.push(edit)

    def _show_territory(self) -> dict[Hex, str] | None:
        """The territory in its dock; each hex's side when the map shows them, else None."""
        territory = self.territory
        if territory is None:
            return None
        owners = territory.owners()
        held = {side: sum(s == side for s in owners.values()) for side in SIDES}
        self.territory_panel.show_territory(territory.default, territory.entries(), held)
        return owners if self.territory_panel.show_box.isChecked() else None
