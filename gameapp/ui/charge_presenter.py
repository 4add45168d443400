"""ChargePresenter: charges and retreats in the window.

- In the movement phase it rings, dashed, each enemy-held hex the selected unit may charge
  (`charges.charge_targets`); a click on one makes the move that declares the charge (1.22).
- It rings every declared charge's hex; in the charge phase a click on one opens the charge
  dialog (the whole breakdown and the exact chance of each outcome before the roll), whose Roll
  applies `ResolveCharge` through the controller.
- While the charge dialog, or the fire dialog the fire presenter opens, waits for the roll,
  the board draws the rout paths the defenders would take if they routed
  (`retreat_choice.rout_preview`, away from the charging units or the firers): every legal
  path, the chosen one bold, a tooltip on each hex. The roll (any change of the game) or
  closing the dialog clears it.
- When `game.pending_decision` asks the owner to pick among equally good retreat or rout
  paths (3.5, 3.57, 7.6), the board draws them and a click on one applies the matching
  `ChooseRetreatPath`. Any other
  decision of a side the computer does not play (retreat before combat, retire by prolong, one
  roll or one each) opens the decision dialog: one button per option.

It owns no game state: on every change it re-reads the controller and `game.state`. The board
scene is replaced with each scenario opened, so the overlay is rebuilt for each new board.
"""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtCore import QChildEvent, QEvent, QObject, Qt, QTimer
from PySide6.QtGui import QColor

from gameapp.core.actions import Move, ResolveCharge
from gameapp.core.breakdown import IllegalActionError
from gameapp.core.decisions import DecisionKind, PendingDecision
from gameapp.core.engine import Game
from gameapp.core.hexgrid import Hex
from gameapp.core.phases import Phase
from gameapp.core.rules.retreat import RetreatOptions
from gameapp.core.rulesets.tactical import tactical
from gameapp.core.units import Side
from gameapp.present.charge_text import chance_line
from gameapp.present.charges import charge_targets
from gameapp.present.event_words import report_lines
from gameapp.present.retreat_choice import (
    choice_action,
    decision_options,
    path_decision,
    rout_preview,
)
from gameapp.ui import settings
from gameapp.ui.board.label_stamps import LabelStamps
from gameapp.ui.board.overlay import HexOverlayItem
from gameapp.ui.board.retreat_overlay import RetreatOverlay
from gameapp.ui.board.scene import BoardScene
from gameapp.ui.board.view import BoardView
from gameapp.ui.dialogs.charge_dialog import ChargeDialog
from gameapp.ui.dialogs.decision_dialog import DecisionDialog
from gameapp.ui.dialogs.fire_dialog import FireDialog
from gameapp.ui.dialogs.roll_dialog import RollOutcome
from gameapp.ui.rulesets.tactical.move_controller import MoveController

CHARGE_RING = QColor("#6a1b9a")
CHARGE_MARKS_Z = 154.0  # over the counters and the selected stack, under the fire marks (155)


class ChargePresenter(QObject):
    def __init__(self, moves: MoveController, view: BoardView,
                 is_computer: Callable[[Side], bool] = lambda side: False) -> None:
        controller = moves.controller
        super().__init__(controller)
        self.controller = controller
        self.moves = moves
        self.view = view
        self.is_computer = is_computer  # the computer answers its own side's decisions
        self.dialog: ChargeDialog | None = None  # the charge dialog last opened
        self.decision_dialog: DecisionDialog | None = None  # the open question, if any
        self.overlay: RetreatOverlay | None = None  # on the current board
        self.charge_marks: HexOverlayItem | None = None
        self._board: BoardScene | None = None
        self._stamps = LabelStamps()
        self._preview: RetreatOptions | None = None  # the rout paths shown with a dialog
        self._preview_revision = 0  # the game's revision they were worked out for
        self._watched: QObject | None = None  # the window whose fire dialogs we watch
        self._asked: object = None  # the path decision last announced in the status bar
        self.targets: dict[Hex, Move] = {}  # the charges the selected unit may declare now
        controller.state_changed.connect(self.redraw)
        moves.highlights_changed.connect(self.redraw)

    @property
    def game(self) -> Game | None:
        return self.controller.game

    # --- from the board ---------------------------------------------------------------------
    def click_hex(self, h: Hex) -> None:
        """A click on a path the owner may pick takes it; one on a hex the selected unit may
        charge declares the charge; in the charge phase, one on a declared charge's hex opens
        the charge dialog."""
        game, overlay = self.game, self.overlay
        if game is None:
            return
        decision = path_decision(game)
        if decision is not None:
            path = overlay.path_at(h) if overlay is not None else None
            action = choice_action(decision, path) if path is not None else None
            if action is not None:
                self.controller.apply(action)
            return
        if h in self.targets:
            self.controller.apply(self.targets[h])
        elif game.phase is Phase.CHARGE and h in game.state.charges:
            self.open_charge(h)

    # --- the charge dialog ------------------------------------------------------------------
    def open_charge(self, target: Hex) -> ChargeDialog | None:
        """The charge dialog for the charge declared on `target` (None, with a message, if
        there is none to resolve now). Window-modal, not blocking: Roll and Cancel finish it."""
        game = self.game
        if game is None:
            return None
        try:
            game.check(ResolveCharge(target))
            preview = tactical(game).charge_preview(target)
        except IllegalActionError as error:
            self.controller.message.emit(f"Not allowed: {error.reason} ({error.rule})")
            return None
        if self.dialog is not None:
            self.dialog.close()
            self.dialog.deleteLater()
        names = {u.id: u.defn.name for u in game.state.units.values()}
        target_id = game.map.hex_id(target)
        self.dialog = ChargeDialog(preview, target_id, lambda: self._resolve(target), names,
                                   self.view.window())
        self.dialog.finished.connect(self._dialog_closed)
        self._show_preview(game, preview.defender_ids, preview.attacker_ids)
        self.controller.message.emit(f"Charge on {target_id}: {chance_line(preview)}")
        self.dialog.open()
        return self.dialog

    def _resolve(self, target: Hex) -> RollOutcome:
        game = self.game
        if game is None:
            return IllegalActionError("no game is open", "R&C actions")
        action = ResolveCharge(target)
        try:
            game.check(action)
        except IllegalActionError as error:
            return error
        if not self.controller.apply(action):
            return IllegalActionError("the charge could not be resolved", "1.25")
        return report_lines(self.controller.last_events, game.map.hex_id)

    def _dialog_closed(self) -> None:
        self._preview = None
        self.redraw()

    def _show_preview(self, game: Game, unit_ids: tuple[str, ...],
                      causer_ids: tuple[str, ...]) -> None:
        self._preview = rout_preview(game, unit_ids, causer_ids)
        self._preview_revision = game.state.revision
        self.redraw()

    # --- the fire dialog (opened by the fire presenter) ---------------------------------------
    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        """A fire dialog about to show on the window: preview its target's rout paths."""
        if isinstance(event, QChildEvent) and event.type() is QEvent.Type.ChildPolished:
            child = event.child()
            if isinstance(child, FireDialog) and not child.property("rout_preview"):
                child.setProperty("rout_preview", True)
                child.finished.connect(self._dialog_closed)
                self.show_fire_routs(child)
        return False

    def show_fire_routs(self, dialog: FireDialog) -> None:
        """Draw the rout paths of the units `dialog`'s attack is aimed at, away from its
        firers (what they would do if the fire routed them)."""
        game = self.game
        if game is None:
            return
        action = dialog.option.action
        targets = tuple(u.id for u in game.state.units_at(action.target)
                        if u.id not in action.firers)
        self._show_preview(game, targets, tuple(action.firers))

    def _watch(self) -> None:
        window = self.view.window()
        if window is not self._watched:
            if self._watched is not None:
                self._watched.removeEventFilter(self)
            window.installEventFilter(self)
            self._watched = window

    # --- drawing ----------------------------------------------------------------------------
    def redraw(self) -> None:
        board, game = self.view.board(), self.game
        self._watch()
        if game is None or game.state.revision != self._preview_revision:
            self._preview = None  # rolled (or anything else changed): the preview is stale
        self._ask(game)
        if board is None:
            return
        overlay, marks = self._items(board)
        unit = self.controller.selected_unit
        targets = charge_targets(game, unit.id) \
            if game is not None and unit is not None else {}
        # only hexes where the board shows the enemy: rings must not reveal hidden units
        self.targets = {h: move for h, move in targets.items()
                        if unit is not None and any(u.side is not unit.side
                                                    for u in board.units_at(h))}
        marks.clear()
        marks.rings(game.state.charges if game is not None else (), CHARGE_RING, 3, inset=0.78)
        marks.rings(self.targets, CHARGE_RING, 2, inset=0.78, style=Qt.PenStyle.DashLine)
        decision = path_decision(game) if game is not None else None
        if decision is not None and not settings.pick_paths() \
                and not self.is_computer(decision.side):
            asked = decision
            QTimer.singleShot(0, lambda: self._take_first_path(asked))
            decision = None
        if game is not None and decision is not None:
            options = decision_options(game, decision)
            if options is not None:
                overlay.show(options, game.map.hex_id, choosing=True)
                if decision != self._asked:
                    self._asked = decision
                    self.controller.message.emit(
                        f"{decision.side.label}: {decision.question} ({decision.rule}): click "
                        "a highlighted path")
                return
        if game is not None and self._preview is not None:
            if overlay.options is not self._preview:
                overlay.show(self._preview, game.map.hex_id)
            return
        overlay.clear()

    def _take_first_path(self, decision: PendingDecision) -> None:
        """The preference not to pick paths: the engine's first equally good path, as asked."""
        game = self.controller.game
        if game is not None and game.pending_decision == decision:
            self.controller.apply(decision.options[0].action)

    def _ask(self, game: Game | None) -> None:
        """Open the decision dialog for a pending decision a person must answer (not a path:
        that is picked on the board); close it once the decision is gone."""
        decision = game.pending_decision if game is not None else None
        if decision is not None and (decision.kind is DecisionKind.RETREAT_PATH
                                     or self.is_computer(decision.side)
                                     or self.controller.hold()):  # its player is not here yet
            decision = None
        open_ = self.decision_dialog
        if open_ is not None and open_.decision != decision:
            self.decision_dialog = None
            open_.close()
            open_.deleteLater()
        if decision is not None and self.decision_dialog is None:
            self.decision_dialog = DecisionDialog(decision, self.controller.apply,
                                                  self.view.window())
            self.decision_dialog.open()

    def _items(self, board: BoardScene) -> tuple[RetreatOverlay, HexOverlayItem]:
        if board is not self._board or self.overlay is None or self.charge_marks is None:
            self._board = board
            self.overlay = RetreatOverlay(board.geometry, self._stamps)
            self.overlay.add_to(board)
            self.charge_marks = HexOverlayItem(board.geometry, CHARGE_MARKS_Z)
            board.addItem(self.charge_marks)
        return self.overlay, self.charge_marks
