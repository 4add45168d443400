"""FireController: the fire intents beside the game controller. It keeps what the window shows
about fire (the firers chosen, the targets they can combine on, the selected unit's field of fire
and exposure, the line of sight being measured) and turns the player's fire intents into engine
actions through the game controller, so that every action still goes through one undo stack.

It re-reads the engine whenever the game controller says the state or the selection changed, and
tells the views through `changed`. It owns no game state.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from PySide6.QtCore import QObject, Signal

from gameapp.core.actions import Pass
from gameapp.core.breakdown import IllegalActionError
from gameapp.core.engine import Game
from gameapp.core.events import Event
from gameapp.core.hexgrid import Hex
from gameapp.core.phases import Phase
from gameapp.core.units import Unit
from gameapp.present.fire import (
    CannotFire,
    FieldHighlight,
    SightLine,
    TargetOption,
    exposure_of,
    field_highlight,
    fire_options,
    sight_line,
    why_cannot_fire,
)
from gameapp.ui.controller import Availability, GameController


class FireController(QObject):
    changed = Signal()  # firers, targets, field, exposure or the line of sight changed

    def __init__(self, controller: GameController) -> None:
        super().__init__(controller)
        self.controller = controller
        self.firers: tuple[str, ...] = ()
        self.options: dict[Hex, TargetOption] = {}  # the targets the firers can combine on
        self.note = ""  # why the selected unit cannot fire now (fire phase)
        self.show_field = False
        self.show_exposure = False
        self.los_tool = False
        self.field: FieldHighlight | None = None
        self.field_note = ""  # why the selected unit has no field of fire
        self.exposure: dict[Hex, list[str]] | None = None  # None: not shown
        self.sight: SightLine | None = None
        self._game: Game | None = None  # the game the state above belongs to
        controller.selection_changed.connect(self._selection_changed)
        controller.state_changed.connect(self._state_changed)

    @property
    def game(self) -> Game | None:
        return self.controller.game

    @property
    def in_fire_phase(self) -> bool:
        game = self.game
        return game is not None and not game.is_over and game.phase is Phase.FIRE

    # --- firers and targets -----------------------------------------------------------------
    def add_firers(self, units: Sequence[Unit]) -> None:
        """Ctrl+click on a stack: its next unit able to fire joins the firers; when all of them
        already have, they leave again."""
        game = self.game
        if game is None or not units:
            return
        able = [u.id for u in units if why_cannot_fire(game, u.id) is None]
        if not able:
            reason, rule = why_cannot_fire(game, units[0].id) or ("", "")
            self.controller.message.emit(f"Not allowed: {reason} ({rule})")
            return
        fresh = [uid for uid in able if uid not in self.firers]
        if fresh:
            self.firers = (*self.firers, fresh[0])
        else:
            self.firers = tuple(uid for uid in self.firers if uid not in able)
        self._refresh()

    def offer(self, h: Hex) -> TargetOption | None:
        """The attack on `h` that the firers would make, with its plan; None (and the reason
        and rule as a message) when they cannot make it."""
        option = self.options.get(h)
        if option is None:
            self.controller.message.emit("Not allowed: select firers that can all hit that hex")
            return None
        if option.refusal is not None:
            self.controller.message.emit(
                f"Not allowed: {option.refusal.reason} ({option.refusal.rule})")
            return None
        return option

    def fire(self, option: TargetOption) -> list[Event] | IllegalActionError:
        """Roll the attack through the game controller: the events, or the engine's refusal."""
        game = self.game
        if game is None:
            return IllegalActionError("no game is open", "R&C actions")
        try:
            game.check(option.action)
        except IllegalActionError as error:
            self.controller.message.emit(f"Not allowed: {error.reason} ({error.rule})")
            return error
        if not self.controller.apply(option.action):
            return IllegalActionError("the engine refused the attack", "R&C actions")
        return self.controller.last_events

    def pass_shot(self) -> bool:
        """The acting side fires no more this phase (1.23)."""
        return self.controller.apply(Pass())

    # --- view toggles and the line of sight -------------------------------------------------
    def toggle_field(self) -> None:
        self.show_field = not self.show_field
        self._refresh()

    def toggle_exposure(self) -> None:
        self.show_exposure = not self.show_exposure
        self._refresh()

    def toggle_los_tool(self) -> None:
        self.los_tool = not self.los_tool
        if not self.los_tool:
            self.sight = None
        self.changed.emit()

    def measure(self, start: Hex, end: Hex) -> None:
        """The line of sight from `start` to `end` (the same hex: none)."""
        game = self.game
        if game is None or start == end:
            if self.sight is not None:
                self.sight = None
                self.changed.emit()
            return
        sight = sight_line(game, start, end)
        if sight == self.sight:
            return
        self.sight = sight
        self.changed.emit()
        self.controller.message.emit(sight_words(game, sight))

    # --- what the menus ask -----------------------------------------------------------------
    def availability(self, handler: str, args: tuple[Any, ...] = ()) -> Availability:
        game = self.game
        if game is None:
            return Availability(False, "no game is open")
        if handler == "pass_shot":
            held = self.controller.hold()  # the computer's shot: not the screen's to pass
            if held:
                return Availability(False, held)
            try:
                game.check(Pass())
            except IllegalActionError as error:
                return Availability(False, f"not now: {error.reason} ({error.rule})")
            side = game.acting_side.label if game.acting_side is not None else ""
            return Availability(True, f"the {side} side fires no more this phase (1.23)")
        if handler == "toggle_field":
            return Availability(True, self.field_note, checked=self.show_field)
        if handler == "toggle_exposure":
            return Availability(True, "", checked=self.show_exposure)
        if handler == "toggle_los_tool":
            return Availability(True, "", checked=self.los_tool)
        return Availability(True, "")

    # --- re-reading the engine --------------------------------------------------------------
    def _selection_changed(self) -> None:
        game, selected = self.game, self.controller.selected
        eligible = game is not None and selected is not None and \
            why_cannot_fire(game, selected) is None
        self.firers = (selected,) if eligible and selected is not None else ()
        self._refresh()

    def _state_changed(self) -> None:
        game = self.game
        if game is not self._game:  # another game (or none): nothing carries over
            self._game, self.firers, self.sight = game, (), None
        if game is not None:
            self.firers = tuple(u for u in self.firers if why_cannot_fire(game, u) is None)
            if self.sight is not None:
                self.sight = sight_line(game, self.sight.start, self.sight.end)
        self._refresh()

    def _refresh(self) -> None:
        game, unit = self.game, self.controller.selected_unit
        self.options = fire_options(game, self.firers) if game is not None else {}
        self.note = ""
        if self.in_fire_phase and game is not None and unit is not None:
            why = why_cannot_fire(game, unit.id)
            self.note = f"{why[0]} ({why[1]})" if why is not None else ""
        self.field, self.field_note, self.exposure = None, "", None
        if game is not None and unit is not None:
            if self.show_field:
                try:
                    self.field = field_highlight(game, unit.id)
                except CannotFire as error:
                    self.field_note = str(error)
            if self.show_exposure:
                self.exposure = exposure_of(game, unit.id)
        self.changed.emit()


def sight_words(game: Game, sight: SightLine) -> str:
    """'Line of sight 0607 → 0603: blocked at 0605: woods in 0605, … (LOS obstacles)'."""
    name = game.map.hex_id
    result = sight.result
    head = f"Line of sight {name(sight.start)} → {name(sight.end)}"
    if result.clear:
        return f"{head}: {result.reason} ({result.rule})"
    where = f" at {name(result.blocked_at)}" if result.blocked_at is not None else ""
    return f"{head}: blocked{where}: {result.reason} ({result.rule})"
