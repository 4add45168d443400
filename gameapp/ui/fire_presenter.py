"""FirePresenter: renders the fire controller's state into the board (field of fire, fire marks
and chips, the line of sight), the fire panel and the hex-drag mode of the view (on with the
line-of-sight tool); and opens the combat dialog (the tactical board tools, in
gameapp/ui/rulesets/tactical/tools.py, pass it the board's fire gestures).

It owns no game state: on every change it re-reads the fire controller and `game.state`.
"""

from __future__ import annotations

from PySide6.QtCore import QObject
from PySide6.QtGui import QColor
from PySide6.QtWidgets import QDockWidget

from gameapp.core.breakdown import IllegalActionError
from gameapp.core.engine import Game
from gameapp.core.hexgrid import Hex
from gameapp.core.phases import Phase
from gameapp.present.event_words import report_lines
from gameapp.present.fire import TargetOption, aims, plan_aim
from gameapp.present.fire_text import odds_line, signed
from gameapp.ui.board.fire_overlay import BAND_FILLS
from gameapp.ui.board.palette import GROUND_RAMP, blend
from gameapp.ui.board.scene import BoardScene
from gameapp.ui.board.view import BoardView
from gameapp.ui.dialogs.fire_dialog import FireDialog
from gameapp.ui.dialogs.roll_dialog import RollOutcome
from gameapp.ui.fire_controller import FireController, sight_words
from gameapp.ui.panels.fire_panel import (
    ExposureView,
    FieldView,
    FirePanel,
    ShotView,
    SightView,
)


class FirePresenter(QObject):
    def __init__(self, fire: FireController, view: BoardView, panel: FirePanel,
                 fire_dock: QDockWidget | None = None,
                 movement_dock: QDockWidget | None = None) -> None:
        super().__init__(fire)
        self.fire = fire
        self.view = view
        self.panel = panel
        self.dialog: FireDialog | None = None  # the combat dialog last opened
        self._docks = (fire_dock, movement_dock)
        self._phase: Phase | None = None
        self._shown: tuple[bool, bool, bool] = (False, False, False)  # the toggles last seen
        fire.changed.connect(self.redraw)

    @property
    def board(self) -> BoardScene | None:
        return self.view.board()

    # --- the combat dialog ------------------------------------------------------------------
    def open_fire(self, h: Hex) -> FireDialog | None:
        """The combat dialog for the firers' attack on `h` (None, with a message, if refused).
        It is window-modal and does not block: Roll and Cancel finish it."""
        option = self.fire.offer(h)
        game = self.fire.game
        if option is None or game is None:
            return None
        if self.dialog is not None:
            self.dialog.close()
            self.dialog.deleteLater()
        self.dialog = FireDialog(option, game.map.hex_id(h), self._roll, self.view.window(),
                                 aims(game, option), lambda action: plan_aim(game, action))
        self.dialog.open()
        return self.dialog

    def _roll(self, option: TargetOption) -> RollOutcome:
        outcome = self.fire.fire(option)
        game = self.fire.game
        if isinstance(outcome, IllegalActionError):
            return outcome
        assert game is not None
        return report_lines(outcome, game.map.hex_id)

    # --- drawing ----------------------------------------------------------------------------
    def redraw(self) -> None:
        fire, board, game = self.fire, self.board, self.fire.game
        self.view.set_hex_drags(fire.los_tool and game is not None)
        self._raise_dock(game)
        if board is not None:
            self._draw_board(board, game)
        if game is None:
            self.panel.show_sections()
            return
        sight = fire.sight
        self.panel.show_sections(self._shot(game), self._field(game), self._exposure(game),
                                 SightView(sight_words(game, sight), sight.result.clear)
                                 if sight is not None else None)

    def _draw_board(self, board: BoardScene, game: Game | None) -> None:
        fire = self.fire
        if fire.field is not None:
            board.fire.show_field(fire.field.bands)
        else:
            board.fire.clear_field()
        units = game.state.units if game is not None else {}
        chips = {h: f"{round(float(o.effect) * 100)}%" if o.plan is not None else ""
                 for h, o in fire.options.items()}
        firers = [units[f].hex for f in fire.firers if f in units]
        board.fire.show_marks(chips, firers, fire.exposure or ())
        sight = fire.sight
        if sight is None:
            board.sight.clear()
        else:
            board.sight.show_line(sight.start, sight.end, sight.result.clear,
                                  sight.result.blocked_at)

    def _raise_dock(self, game: Game | None) -> None:
        """Bring the fire panel forward in the fire phase and when a fire view is turned on,
        the movement panel when the movement phase starts."""
        fire_dock, movement_dock = self._docks
        shown = (self.fire.show_field, self.fire.show_exposure, self.fire.los_tool)
        turned_on = any(now and not before for now, before in zip(shown, self._shown,
                                                                   strict=True))
        self._shown = shown
        phase = game.phase if game is not None else None
        new_phase, self._phase = phase != self._phase, phase
        if fire_dock is not None and (turned_on or (new_phase and phase is Phase.FIRE)):
            fire_dock.raise_()
        elif movement_dock is not None and new_phase and phase is Phase.MOVEMENT:
            movement_dock.raise_()

    # --- the panel --------------------------------------------------------------------------
    def _shot(self, game: Game) -> ShotView | None:
        if not self.fire.in_fire_phase:
            return None
        name = game.map.hex_id
        units = game.state.units
        acting = game.acting_side
        firers = [f"{units[f].defn.name} ({f}) in {name(units[f].hex)}"
                  for f in self.fire.firers if f in units]
        targets = []
        for h, option in self.fire.options.items():
            if option.plan is not None:
                plan = option.plan
                column = plan.points.column.rule if plan.points.column else ""
                text = (f"{column}, {signed(int(plan.modifiers.total))}: "
                        f"{odds_line(plan.odds)}")
                targets.append((name(h), text, True))
            elif option.refusal is not None:
                refusal = option.refusal
                targets.append((name(h), f"refused: {refusal.reason} ({refusal.rule})", False))
        side = f"{acting.label} to fire" if acting is not None else "Nobody to fire"
        return ShotView(side, firers, targets, self.fire.note)

    def _field(self, game: Game) -> FieldView | None:
        fire = self.fire
        if not fire.show_field:
            return None
        unit = self.fire.controller.selected_unit
        if unit is None:
            return FieldView("Field of fire", note="Select a unit to see its field of fire.")
        title = f"Field of fire of {unit.defn.name} ({unit.id})"
        if fire.field is None:
            return FieldView(title, note=fire.field_note)
        counts = fire.field.counts()
        return FieldView(title, [(swatch(BAND_FILLS[b]), b.legend, n) for b, n in counts.items()])

    def _exposure(self, game: Game) -> ExposureView | None:
        fire = self.fire
        unit = fire.controller.selected_unit
        if not fire.show_exposure:
            return None
        if unit is None or fire.exposure is None:
            return ExposureView("Exposure", note="Select a unit to see who can fire at it.")
        units = game.state.units
        rows = [(game.map.hex_id(h), ", ".join(f"{units[i].defn.name} ({i})" for i in ids))
                for h, ids in sorted(fire.exposure.items())]
        return ExposureView(f"Enemy units that can fire at {unit.defn.name} now", rows)


def swatch(colour: QColor) -> QColor:
    """A translucent overlay colour as it looks over plain ground, for a legend."""
    return blend(GROUND_RAMP[0], QColor(colour.red(), colour.green(), colour.blue()),
                 colour.alphaF())
