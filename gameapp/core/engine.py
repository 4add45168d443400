"""Game: the one public API that the window, the tests, the command line and the AI all drive.

    game = Game.from_scenario("scenarios/demo.yaml", seed=7)
    game.phase, game.current_side, game.state
    action in game.legal_actions()
    events = game.apply(action)      # or IllegalActionError(reason, rule)
    game.undo()
    game.pending_decision            # a choice waiting for game.acting_side (decisions.py)

`Game` is only the driver: undo, the log of action values, the dice, pending decisions, and the
walk through the turn's steps. What the rules say comes from the game's `Ruleset` (ruleset.py),
picked by the scenario's `ruleset:` key: each step routes the actions it allows to their
handlers. What a ruleset offers besides playing (the tactical movement and fire rules, a
charge's preview) is reached through the ruleset's own package, for example
`tactical(game).movement`.
"""

from __future__ import annotations

import itertools
from collections.abc import Iterator
from dataclasses import dataclass, field
from enum import Enum
from pathlib import Path
from typing import Any

from gameapp.core.breakdown import IllegalActionError
from gameapp.core.decisions import PendingDecision
from gameapp.core.dice import Dice, Roll
from gameapp.core.events import DecisionPending, PhaseStarted
from gameapp.core.mapdata import HexMap
from gameapp.core.numbering import Numbering
from gameapp.core.ruleset import (
    ActionHandler,
    Player,
    RuleContext,
    Ruleset,
    Step,
    load_scenario_file,
    ruleset_named,
)
from gameapp.core.units import Side

_REVISIONS = itertools.count(1)


@dataclass(frozen=True)
class LogEntry:
    """One applied action, as a value (python-chess keeps its move stack so), with the dice it
    rolled; `notation` prints it on demand."""

    turn: int
    phase: Enum
    side: Side | None
    action: Any  # the ruleset's action value
    rolls: tuple[Roll, ...] = ()
    numbering: Numbering | None = field(default=None, compare=False, repr=False)

    @property
    def notation(self) -> str:
        assert self.numbering is not None, "a log entry made without its map's numbering"
        text: str = self.action.to_text(self.numbering)
        return text


@dataclass
class _Snapshot:
    state: Any
    log_length: int
    dice_history_length: int


@dataclass
class Game:
    scenario: Any  # the ruleset's scenario (for the tactical ruleset, scenario.Scenario)
    state: Any  # the ruleset's state (for the tactical ruleset, state.GameState)
    dice: Dice
    ruleset: Ruleset
    log: list[LogEntry] = field(default_factory=list)
    _undo: list[_Snapshot] = field(default_factory=list)
    opening_events: list[Any] = field(default_factory=list)  # what starting the game did
    rules: Any = field(init=False)  # the ruleset's rules of this game, with their caches

    def __post_init__(self) -> None:
        self.rules = self.ruleset.bind(self.scenario)

    # --- construction -----------------------------------------------------------------------
    @classmethod
    def from_scenario(cls, path: str | Path | Any, seed: int = 0) -> Game:
        """A new game of the scenario file at `path` (or of a scenario already loaded), played
        with the ruleset its `ruleset:` key names."""
        scenario = load_scenario_file(path) if isinstance(path, str | Path) else path
        ruleset = ruleset_named(scenario.ruleset)
        state = ruleset.initial_state(scenario)
        state.revision = next(_REVISIONS)
        game = cls(scenario=scenario, state=state, dice=Dice(seed=seed), ruleset=ruleset)
        game.opening_events = game._enter_step()
        if game.step.ends_by_itself:
            game.opening_events += game._end_step()
        return game

    @property
    def map(self) -> HexMap:
        hexmap: HexMap = self.scenario.map
        return hexmap

    @property
    def turn_steps(self) -> tuple[Step, ...]:
        return self.ruleset.turn_steps

    # --- where we are -----------------------------------------------------------------------
    @property
    def step(self) -> Step:
        index: int = self.state.step_index
        return self.ruleset.turn_steps[index]

    @property
    def phase(self) -> Any:
        """The step's phase, an enum of the ruleset's own."""
        return self.step.phase

    @property
    def current_side(self) -> Side | None:
        """The side whose step it is (None in a step of neither player)."""
        first: Side = self.state.first_side
        if self.step.player is Player.FIRST:
            return first
        if self.step.player is Player.SECOND:
            return first.other
        return None

    @property
    def pending_decision(self) -> PendingDecision | None:
        """A choice waiting for a player (decisions.py): while there is one, only its options
        are legal and its side acts."""
        decisions: list[PendingDecision] = self.state.decisions
        return decisions[0] if decisions else None

    @property
    def acting_side(self) -> Side | None:
        """The side that acts now: the side of a pending decision, the side the step names as
        acting (the tactical fire phase's shooter, 1.23), or the phasing side."""
        decision = self.pending_decision
        if decision is not None:
            return decision.side
        if self.step.acting_side is not None:
            return self.step.acting_side(self._context())
        return self.current_side

    @property
    def clock(self) -> str:
        return self.ruleset.clock(self.scenario, self.state.turn)

    @property
    def is_over(self) -> bool:
        """After the last turn, or as soon as the ruleset says the game has ended."""
        return self.ruleset.is_over(self.scenario, self.state)

    def result(self) -> Any:
        """The score now (the final result once the game is over), term by term."""
        return self.ruleset.result(self.scenario, self.state)

    # --- actions ----------------------------------------------------------------------------
    def legal_actions(self) -> LegalActions:
        return LegalActions(self)

    def parse_action(self, text: str) -> Any:
        """The action a line of this game's notation names (ValueError if none)."""
        return self.ruleset.parse_action(text, self.map.numbering)

    def check(self, action: Any) -> None:
        """Raise IllegalActionError if `action` is not legal now."""
        self._handler(action)

    def apply(self, action: Any) -> list[Any]:
        """Apply a legal action and return what it caused; IllegalActionError if not legal."""
        handler = self._handler(action)
        snapshot = _Snapshot(self.state.copy(), len(self.log), len(self.dice.history))
        side, phase, turn = self.acting_side, self.phase, self.state.turn
        ctx = self._context()
        if handler is None:  # the answer to the pending decision
            decision = self.state.decisions.pop(0)
            events = self.ruleset.decide(ctx, decision, action)
        else:
            events = handler.execute(ctx, action, side)
        events += self.ruleset.after_action(self._context(), snapshot.state, events)
        if self.state.decisions and not any(isinstance(e, DecisionPending) for e in events):
            events.append(DecisionPending(self.state.decisions[0]))  # e.g. a rout path (7.6)
        self.state.revision = next(_REVISIONS)
        rolls = tuple(self.dice.history[snapshot.dice_history_length:])
        self.log.append(LogEntry(turn, phase, side, action, rolls, self.map.numbering))
        self._undo.append(snapshot)
        return events

    @property
    def can_undo(self) -> bool:
        """False when there is nothing to undo or the last action revealed a roll."""
        return bool(self._undo) and not self.log[-1].rolls

    def undo(self) -> None:
        """Restore the state before the last action. Never crosses a roll a player has seen."""
        if not self._undo:
            raise IllegalActionError("nothing to undo", "R&C undo")
        if self.log[-1].rolls:
            raise IllegalActionError("the dice have been seen: this action cannot be undone",
                                     "R&C undo")
        snapshot = self._undo.pop()
        self.state = snapshot.state
        del self.log[snapshot.log_length :]

    def _handler(self, action: Any) -> ActionHandler | None:
        """The handler that takes `action` now, after checking it (None: it answers the
        pending decision); IllegalActionError if it is not legal."""
        if self.is_over:
            raise IllegalActionError("the game is over", self.ruleset.over_rule())
        decision = self.pending_decision
        if decision is not None:
            if decision.option_for(action) is None:
                choices = ", ".join(o.notation for o in decision.options)
                raise IllegalActionError(
                    f"{decision.side.label} must first decide: {decision.question} "
                    f"({choices})", decision.rule)
            return None
        ctx = self._context()
        handler = self.step.handler_for(action)
        if handler is None:
            raise self.ruleset.refusal(action, ctx)
        handler.check(ctx, action, self.acting_side)
        return handler

    def _context(self) -> RuleContext:
        return RuleContext(self.state, self.scenario, self.rules, self.dice, self.step,
                           self._end_step)

    # --- the step machine -------------------------------------------------------------------
    def _end_step(self) -> list[Any]:
        events: list[Any] = []
        while True:
            if self.state.step_index + 1 < len(self.turn_steps):
                self.state.step_index += 1
            else:
                self.state.step_index = 0
                self.state.turn += 1
                if self.is_over:
                    return events
            events += self._enter_step()
            if not self.step.ends_by_itself or self.state.decisions:
                return events

    def _enter_step(self) -> list[Any]:
        events: list[Any] = [
            PhaseStarted(self.state.turn, self.current_side, self.phase, self.clock)
        ]
        ctx = self._context()
        events += self.ruleset.begin_step(ctx)
        for effect in self.step.on_start:
            events += effect(ctx)
        return events


class LegalActions:
    """The legal actions now: supports `in`, and iterates lazily: the pending decision's options,
    or what each of the step's handlers offers, in the order the step routes them."""

    def __init__(self, game: Game) -> None:
        self._game = game

    def __contains__(self, action: object) -> bool:
        try:
            self._game.check(action)
        except IllegalActionError:
            return False
        return True

    def __iter__(self) -> Iterator[Any]:
        game = self._game
        if game.is_over:
            return
        decision = game.pending_decision
        if decision is not None:
            yield from (option.action for option in decision.options)
            return
        side = game.acting_side
        ctx = game._context()
        seen: list[ActionHandler] = []
        for handler in game.step.routes.values():
            if not any(handler is h for h in seen):
                seen.append(handler)
                yield from handler.legal(ctx, side)
