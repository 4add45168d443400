"""GameController: between the window and the Game, for any ruleset. It keeps the selection and
the hex hovered, applies actions (from the ruleset's tools and commands, or the computer), ends
the phase, undoes and redoes, and tells the views what changed through signals. The views read
the state back from here and from `game.state`; they never change it. What a ruleset's intents
mean (a move, a facing, a formation) is its UI's business (gameapp/ui/rulesets): it builds the
actions and hands them to `apply`.

Every change goes through `undo_stack` (commands.py). An action the engine refuses is never
pushed: its reason and rule go out as a `message`.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Protocol

from PySide6.QtCore import QObject, Signal
from PySide6.QtGui import QUndoStack

from gameapp.core.breakdown import IllegalActionError
from gameapp.core.engine import Game
from gameapp.core.events import Event, PhaseStarted
from gameapp.core.hexgrid import Hex
from gameapp.core.units import Unit
from gameapp.ui.commands import ActionCommand

# why nothing before the undo stack's first command can be taken back
DICE_SEEN = "the dice have been seen, this cannot be undone"
COMPUTER_ACTED = "the computer has acted since: its moves cannot be taken back"


def units_of(state: Any) -> Mapping[str, Unit]:
    """The counters a state shows on the board as Units, by id: its `units` (the tactical and
    Pickets states). A ruleset whose pieces are not Units (the strategic game) draws them with
    its own UI and has none here."""
    units: Mapping[str, Unit] = getattr(state, "units", {})
    return units


@dataclass(frozen=True)
class Availability:
    """Whether a menu entry can be used now, and what its tooltip should add."""

    enabled: bool
    detail: str  # the cost when enabled, the reason and rule when not
    relevant: bool = True  # False: this kind of unit never has it (context menus leave it out)
    checked: bool = False



class GameController(QObject):
    state_changed = Signal()  # game.state changed: an action, an undo or redo, a new game
    selection_changed = Signal()  # another unit (or none) is selected
    # the state or the selection changed: what is worked out from them (a ruleset's highlights)
    # is worked out again now, before state_changed and selection_changed tell the views
    reread = Signal()
    message = Signal(str)  # something the player should read in the status bar
    log_added = Signal(str)  # an action was applied (or re-applied): its notation
    history_changed = Signal()  # what undo and redo would do changed

    def __init__(self, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.game: Game | None = None
        self.undo_stack = QUndoStack(self)
        self.selected: str | None = None
        self.last_events: list[Event] = []  # what the last action applied caused
        self.notes: dict[int, list[str]] = {}  # log index -> what that action did (fire results)
        self._hover: Hex | None = None
        # why the player at the screen may not act now (the computer is to act), None if free
        self.hold: Callable[[], str | None] = lambda: None
        self.words: RulesetWords = PlainWords()  # the ruleset's UI sets its own
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
        if game.log:  # a saved game taken up again: where it is now, not how it began
            self.message.emit(current_phase_message(game))
        else:
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
        unit: Unit | None = units_of(self.game.state).get(self.selected)
        return unit

    # --- selection and pointer --------------------------------------------------------------
    def select_unit(self, unit_id: str | None) -> None:
        if unit_id == self.selected:
            return
        self.selected = unit_id
        self.reread.emit()
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
        """The board's mouse is over `h` (None: off the map)."""
        self._hover = h

    # --- actions ----------------------------------------------------------------------------
    def end_phase(self) -> bool:
        return self.game is not None and self.apply(self.game.ruleset.end_step_action())

    def apply(self, action: Any, as_computer: bool = False) -> bool:  # any ruleset's action
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
            why = self.refusal(self.game.ruleset.end_step_action())
            return Availability(why is None, why or self.words.end_phase_text(self.game))
        if handler == "clear_selection":
            return Availability(self.selected is not None, "nothing is selected")
        return Availability(True, "")

    def refusal(self, action: Any) -> str | None:
        """None if the action is legal now, else 'not now: reason (rule)'."""
        assert self.game is not None
        try:
            self.game.check(action)
        except IllegalActionError as error:
            return f"not now: {error.reason} ({error.rule})"
        return None

    def _refused(self, error: IllegalActionError) -> None:
        self.message.emit(f"Not allowed: {error.reason} ({error.rule})")

    def _changed(self, events: list[Event]) -> None:
        """After an action, an undo or a redo: re-read the state and tell the views."""
        game = self.game
        if game is not None and self.selected not in units_of(game.state):
            self.selected = None
            self.selection_changed.emit()
        if game is not None:
            self._note(game, events)
        self.reread.emit()
        self.state_changed.emit()
        if game is not None and events and game.log:  # events: an action was (re)applied
            self.log_added.emit(game.log[-1].notation)
        self._tell(events)

    def _note(self, game: Game, events: list[Event]) -> None:
        """Keep what each logged action did in words (the ruleset's: a fire's roll, casualties,
        morale checks) for the log, and forget the notes of actions taken back."""
        self.notes = {i: lines for i, lines in self.notes.items() if i < len(game.log)}
        lines = self.words.event_notes(events, game) if events and game.log else []
        if lines:
            self.notes[len(game.log) - 1] = lines

    def _tell(self, events: list[Event]) -> None:
        for text in self.words.event_messages(events):
            self.message.emit(text)


class RulesetWords(Protocol):
    """What the window says about a ruleset's game beyond its actions (a RulesetUI says it)."""

    def end_phase_text(self, game: Game) -> str:
        """What End phase does now, for its tooltip."""
        ...

    def event_notes(self, events: Sequence[Event], game: Game) -> list[str]:
        """What an action's events did, in lines under it in the log."""
        ...

    def event_messages(self, events: Sequence[Event]) -> list[str]:
        """What the status bar says of events, one message each."""
        ...


class PlainWords:
    """The words of any ruleset: the phase started, and nothing more."""

    def end_phase_text(self, game: Game) -> str:
        return f"end the {game.phase.value} phase"

    def event_notes(self, events: Sequence[Event], game: Game) -> list[str]:
        return []

    def event_messages(self, events: Sequence[Event]) -> list[str]:
        return [text for event in events if (text := phase_message(event))]


def phase_message(event: Event) -> str:
    """'Turn 1, 3:00 pm: Union movement phase' for a phase started; '' for any other event."""
    if isinstance(event, PhaseStarted):
        side = f"{event.side.label} " if event.side is not None else ""
        return f"Turn {event.turn}, {event.clock}: {side}{event.phase.value} phase"
    return ""


def current_phase_message(game: Game) -> str:
    """The phase the game is in now, in phase_message's words."""
    side = f"{game.current_side.label} " if game.current_side is not None else ""
    return f"Turn {game.state.turn}, {game.clock}: {side}{game.phase.value} phase"
