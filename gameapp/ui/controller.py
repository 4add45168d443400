"""GameController: between the window and the Game. It takes the player's intents (select a
unit, hover or click a hex, move, face, change formation, cover, end the phase, undo, redo),
turns them into engine actions, and tells the views what changed through signals. The views
read the state back from here and from `game.state`; they never change it.

Every change goes through `undo_stack` (commands.py). An action the engine refuses is never
pushed: its reason and rule go out as a `message`.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from PySide6.QtCore import QObject, Signal
from PySide6.QtGui import QUndoStack

from gameapp.core.actions import Action, ChangeFormation, Cover, EndPhase, Face, Move
from gameapp.core.breakdown import IllegalActionError
from gameapp.core.engine import Game
from gameapp.core.events import Event
from gameapp.core.hexgrid import Hex
from gameapp.core.phases import Phase
from gameapp.core.rulesets.tactical import tactical
from gameapp.core.units import FORMATIONS_BY_KIND, Status, Unit
from gameapp.present.event_words import report_lines, status_messages
from gameapp.present.labels import facing_words, mps
from gameapp.present.moves import CannotMove, MoveHighlight, Route, movement_highlight, route_to
from gameapp.ui.commands import ActionCommand

# why nothing before the undo stack's first command can be taken back
DICE_SEEN = "the dice have been seen, this cannot be undone"
COMPUTER_ACTED = "the computer has acted since: its moves cannot be taken back"

# The unit commands of the menus and toolbar: name -> the action it means for a unit.
UNIT_COMMANDS: dict[str, Callable[..., Action]] = {
    "formation": lambda unit, formation: ChangeFormation(unit.id, formation),
    "turn": lambda unit, steps: Face(unit.id, (unit.facing + steps) % 6),
    "about_face": lambda unit: Face(unit.id, (unit.facing + 3) % 6),
    "cover": lambda unit: Cover(unit.id, Status.COVER not in unit.status),
}


@dataclass(frozen=True)
class Availability:
    """Whether a menu entry can be used now, and what its tooltip should add."""

    enabled: bool
    detail: str  # the cost when enabled, the reason and rule when not
    relevant: bool = True  # False: this kind of unit never has it (context menus leave it out)
    checked: bool = False


@dataclass(frozen=True)
class FacingPreview:
    hex: Hex
    facing: int
    legal: bool


class GameController(QObject):
    state_changed = Signal()  # game.state changed: an action, an undo or redo, a new game
    selection_changed = Signal()  # another unit (or none) is selected
    highlights_changed = Signal()  # the move highlight changed
    route_changed = Signal()  # the hovered route or the facing on offer changed
    message = Signal(str)  # something the player should read in the status bar
    log_added = Signal(str)  # an action was applied (or re-applied): its notation
    history_changed = Signal()  # what undo and redo would do changed

    def __init__(self, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.game: Game | None = None
        self.undo_stack = QUndoStack(self)
        self.selected: str | None = None
        self.highlight: MoveHighlight | None = None
        self.cannot_move = ""  # why the selected unit has no highlight
        self.route: Route | None = None
        self.facing_preview: FacingPreview | None = None
        self.last_events: list[Event] = []  # what the last action applied caused
        self.notes: dict[int, list[str]] = {}  # log index -> what that action did (fire results)
        self._hover: Hex | None = None
        # why the player at the screen may not act now (the computer is to act), None if free
        self.hold: Callable[[], str | None] = lambda: None
        self.undo_barrier = ""  # why nothing before the undo stack's start can be taken back

    # --- the game ---------------------------------------------------------------------------
    def start(self, game: Game) -> None:
        """Play `game` from here: a fresh undo stack and no selection."""
        self.undo_stack.clear()
        self.undo_barrier = ""
        self.game = game
        self.selected = None
        self.notes = {}
        self._changed([])
        self.selection_changed.emit()
        self.history_changed.emit()
        self._tell(game.opening_events)

    def stop(self) -> None:
        self.undo_stack.clear()
        self.undo_barrier = ""
        self.game = None
        self.selected = None
        self.notes = {}
        self._changed([])
        self.selection_changed.emit()
        self.history_changed.emit()

    @property
    def hovered(self) -> Hex | None:
        """The hex under the mouse, as the board last reported it."""
        return self._hover

    @property
    def selected_unit(self) -> Unit | None:
        if self.game is None or self.selected is None:
            return None
        return self.game.state.units.get(self.selected)

    # --- selection and pointer --------------------------------------------------------------
    def select_unit(self, unit_id: str | None) -> None:
        if unit_id == self.selected:
            return
        self.selected = unit_id
        self._refresh_highlight()
        self.selection_changed.emit()

    def select_stack(self, units: Sequence[Unit]) -> None:
        """A click on a stack: its top unit, or the next one if a unit of it is selected."""
        ids = [u.id for u in units]
        if not ids:
            self.select_unit(None)
        elif self.selected in ids:
            self.select_unit(ids[(ids.index(self.selected) + 1) % len(ids)])
        else:
            self.select_unit(ids[0])

    def clear_selection(self) -> None:
        self.select_unit(None)

    def hover_hex(self, h: Hex | None) -> None:
        self._hover = h
        route = None
        if self.game is not None and self.highlight is not None and h in self.highlight:
            assert h is not None
            route = route_to(self.game, self.highlight, h)
        if route != self.route:
            self.route = route
            self.route_changed.emit()

    def click_hex(self, h: Hex) -> bool:
        """A click on a highlighted hex moves the selected unit there; True if it moved."""
        return self.highlight is not None and h in self.highlight and self.move_to(h)

    def preview_facing(self, h: Hex, facing: int | None) -> None:
        """A right-drag from the selected unit's hex toward `facing` (None: the drag ended)."""
        unit = self.selected_unit
        preview = None
        if unit is not None and unit.hex == h and facing is not None:
            action = Face(unit.id, facing)
            legal = facing == unit.facing or self._refusal(action) is None
            preview = FacingPreview(h, facing, legal)
        if preview != self.facing_preview:
            self.facing_preview = preview
            self.route_changed.emit()
            if unit is not None and preview is not None and preview.facing != unit.facing:
                assert self.game is not None
                way = facing_words(self.game.map.numbering, preview.facing)
                self.message.emit(self._describe(Face(unit.id, preview.facing), f"Face {way}"))

    def drop_facing(self, h: Hex, facing: int) -> None:
        """A right-drag released: the selected unit in `h` turns to `facing`."""
        self.preview_facing(h, None)
        unit = self.selected_unit
        if unit is not None and unit.hex == h and facing != unit.facing:
            self.face(facing)

    # --- actions ----------------------------------------------------------------------------
    def move_to(self, h: Hex, facing: int | None = None) -> bool:
        """Move the selected unit along the cheapest route to `h` (see moves.route_to)."""
        route = self._route_for(h)
        if route is None:
            self.message.emit("Not allowed: that hex is not one the selected unit can reach")
            return False
        return self.apply(Move(route.unit_id, route.path, facing))

    def face(self, facing: int) -> bool:
        unit = self.selected_unit
        return unit is not None and self.apply(Face(unit.id, facing % 6))

    def unit_command(self, name: str, *args: Any) -> bool:
        """One of UNIT_COMMANDS for the selected unit, e.g. ("formation", Formation.LINE)."""
        action = self._unit_action(name, args)
        if action is None:
            self.message.emit("Not allowed: select one of your units first")
            return False
        return self.apply(action)

    def end_phase(self) -> bool:
        return self.game is not None and self.apply(EndPhase())

    def apply(self, action: Action, as_computer: bool = False) -> bool:
        """Apply an action through the undo stack; False (and a message) if the engine refuses,
        or if the computer is to act and this is not the computer acting."""
        game = self.game
        if game is None:
            return False
        held = None if as_computer else self.hold()
        if held:
            self.message.emit(f"Not allowed: {held}")
            return False
        try:
            events = game.apply(action)
        except IllegalActionError as error:
            self._refused(error)
            return False
        self.last_events = events
        self.undo_stack.push(ActionCommand(game, action, self._changed, self._refused))
        # a roll seen, or a move the computer made: nothing before it may be undone either (the
        # computer would only choose again, and the human would have seen its choice)
        if as_computer:
            self.undo_stack.clear()
            self.undo_barrier = COMPUTER_ACTED
        elif not game.can_undo:
            self.undo_stack.clear()
            self.undo_barrier = DICE_SEEN
        self._changed(events)
        self.history_changed.emit()
        return True

    def undo(self) -> None:
        held = self.hold() if self.game is not None else None
        if held:
            self.message.emit(f"Not allowed: {held}")
        elif self.game is not None and self.undo_stack.canUndo() and not self.game.can_undo:
            self.message.emit(f"Not allowed: {DICE_SEEN}")
        elif not self.undo_stack.canUndo() and self.undo_barrier:
            self.message.emit(f"Not allowed: {self.undo_barrier}")
        elif self.undo_stack.canUndo():
            self.undo_stack.undo()  # the command's undo() calls Game.undo
            self.history_changed.emit()  # now that the stack's index has moved

    def redo(self) -> None:
        if self.undo_stack.canRedo() and not (self.game is not None and self.hold()):
            self.undo_stack.redo()  # the command's redo() calls Game.apply
            self.history_changed.emit()

    # --- what the menus ask -----------------------------------------------------------------
    def availability(self, handler: str, args: tuple[Any, ...] = ()) -> Availability:
        """Whether the registry entry calling `handler(*args)` can be used now, and why not."""
        held = self.hold() if self.game is not None else None
        if held and handler != "clear_selection":
            return Availability(False, held)
        if handler == "undo":
            return Availability(self.undo_stack.canUndo(),
                                self.undo_stack.undoText() or self.undo_barrier)
        if handler == "redo":
            return Availability(self.undo_stack.canRedo(), self.undo_stack.redoText())
        if self.game is None:
            return Availability(False, "no game is open")
        if handler == "end_phase":
            why = self._refusal(EndPhase())
            return Availability(why is None, why or self._end_phase_text())
        if handler == "clear_selection":
            return Availability(self.selected is not None, "nothing is selected")
        if handler != "unit_command":
            return Availability(True, "")
        return self._unit_availability(str(args[0]), args[1:])

    def _unit_availability(self, name: str, args: tuple[Any, ...]) -> Availability:
        unit = self.selected_unit
        if unit is None:
            return Availability(False, "select one of your units first")
        relevant = name != "formation" or args[0] in FORMATIONS_BY_KIND[unit.kind]
        checked = name == "cover" and Status.COVER in unit.status
        if name == "formation" and args[0] is unit.formation:
            return Availability(False, f"already in {unit.formation.value}", relevant, True)
        action = UNIT_COMMANDS[name](unit, *args)
        why = self._refusal(action)
        detail = why if why is not None else self._cost_text(action)
        return Availability(why is None, detail, relevant, checked)

    # --- inside -----------------------------------------------------------------------------
    def _unit_action(self, name: str, args: tuple[Any, ...]) -> Action | None:
        unit = self.selected_unit
        return None if unit is None else UNIT_COMMANDS[name](unit, *args)

    def _refusal(self, action: Action) -> str | None:
        """None if the action is legal now, else 'not now: reason (rule)'."""
        assert self.game is not None
        try:
            self.game.check(action)
        except IllegalActionError as error:
            return f"not now: {error.reason} ({error.rule})"
        return None

    def _end_phase_text(self) -> str:
        game = self.game
        assert game is not None
        if game.phase is Phase.FIRE and game.acting_side is not None:
            return (f"in the fire phase this is the {game.acting_side.label} pass: it fires no "
                    "more this phase (1.23)")
        return f"end the {game.phase.value} phase"

    def _cost_text(self, action: Action) -> str:
        assert self.game is not None
        if not isinstance(action, Move | Face | ChangeFormation | Cover):
            return ""
        plan = tactical(self.game).movement.plan(action, self.game.current_side)
        terms = "; ".join(f"{t.label} {t.value:+g} ({t.rule})" for t in plan.cost if t.value)
        text = mps(plan.cost.total) + (f": {terms}" if terms else "")
        if plan.checks:
            text += f"; calls for a morale check ({plan.checks[0].rule})"
        return text

    def _describe(self, action: Action, what: str) -> str:
        why = self._refusal(action)
        return f"{what}: {why if why is not None else self._cost_text(action)}"

    def _route_for(self, h: Hex) -> Route | None:
        if self.game is None or self.highlight is None:
            return None
        if self.route is not None and self.route.target == h:
            return self.route
        return route_to(self.game, self.highlight, h)

    def _refused(self, error: IllegalActionError) -> None:
        self.message.emit(f"Not allowed: {error.reason} ({error.rule})")

    def _changed(self, events: list[Event]) -> None:
        """After an action, an undo or a redo: re-read the state and tell the views."""
        game = self.game
        if game is not None and self.selected not in game.state.units:
            self.selected = None
            self.selection_changed.emit()
        if game is not None:
            self._note(game, events)
        self._refresh_highlight()
        self.state_changed.emit()
        if game is not None and events and game.log:  # events: an action was (re)applied
            self.log_added.emit(game.log[-1].notation)
        self._tell(events)

    def _note(self, game: Game, events: list[Event]) -> None:
        """Keep what each logged action did in words (a fire's roll, casualties, morale checks)
        for the log, and forget the notes of actions taken back."""
        self.notes = {i: lines for i, lines in self.notes.items() if i < len(game.log)}
        lines = report_lines(events, game.map.hex_id) if events and game.log else []
        if lines:
            self.notes[len(game.log) - 1] = lines

    def _tell(self, events: list[Event]) -> None:
        hex_id = self.game.map.hex_id if self.game is not None else str
        for text in status_messages(events, hex_id):
            self.message.emit(text)

    def _refresh_highlight(self) -> None:
        unit = self.selected_unit
        self.highlight, self.cannot_move, self.facing_preview = None, "", None
        if self.game is not None and unit is not None:
            try:
                self.highlight = movement_highlight(self.game, unit.id)
            except CannotMove as error:
                self.cannot_move = str(error)
        self.highlights_changed.emit()
        self.route = None
        self.hover_hex(self._hover)
        self.route_changed.emit()

