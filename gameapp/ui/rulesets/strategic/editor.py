"""The strategic ruleset's part of the scenario editor (a RulesetEditor): the theatre map with
the pieces' stacks drawn as in play (counters.PiecesLayer), the dock of editor_panel.py, and
the gestures:
- pick a piece in the palette, click a hex: a new piece of the side chosen (Shift+click keeps
  the piece picked, to place more);
- click a hex: its stack in the dock, its top piece (or the one picked there) in the form;
- drag from a hex to another: the piece selected goes if it stands there, else the whole stack
  (an HQ takes its roster along);
- Delete: the piece selected goes.
Every change is an edit of gameapp/editor/strategic_doc.py pushed through the window."""

from __future__ import annotations

import dataclasses
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
from gameapp.editor.validate import load_text_beside
from gameapp.present.strategic import stack_order
from gameapp.ui.board.theatre_board import TheatreBoardScene
from gameapp.ui.board.view import HexClick, HexDrag
from gameapp.ui.editor.ruleset_editor import RulesetEditor
from gameapp.ui.rulesets.base import make_dock
from gameapp.ui.rulesets.strategic.counters import PiecesLayer
from gameapp.ui.rulesets.strategic.editor_panel import StrategicEditorPanel

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
        self.selected_hex = self.selected = None

    def refresh(self) -> list[EditorProblem]:
        doc = self.doc
        if doc is None or self.layer is None:
            return []
        if self.selected is not None and doc.piece(self.selected) is None:
            self.selected = None
        self.layer.show(doc.pieces(), self.selected_hex, [self.selected] if self.selected else [])
        self._show_stack()
        problems = strategic_problems(doc)
        board = self.window.view.board()
        if board is not None:
            board.overlay.clear()
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
        self.window.removeDockWidget(self.dock)
        self.dock.deleteLater()

    # --- gestures -----------------------------------------------------------------------------
    def click(self, click: HexClick) -> None:
        if self.doc is None or click.button != Qt.MouseButton.LeftButton:
            return
        click.accept()
        template = self.panel.armed()
        if template is not None:
            self.place(template, click.hex,
                       keep=bool(click.modifiers & Qt.KeyboardModifier.ShiftModifier))
        else:
            self.select_hex(click.hex)

    def _template_chosen(self, key: str | None) -> None:
        if key is not None:
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
