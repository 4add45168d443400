"""History: a game at any point of its log, rebuilt by replaying the log from the seed.

    history = History.of(game)            # or History(scenario, seed, log)
    history.state_at(12)                  # the state after the first 12 actions (0: the start)
    history.game_at(12)                   # a fresh Game at that point, to read or to play on
    history.changes(12)                   # what action 12 changed: hexes left and entered, hits
    history.events_at(12)                 # the events action 12 caused
    history.turn_series()                 # each side's strength and points, turn by turn
    history.losses_by_side(), history.losses_by_formation()

The record (strength, points, losses) is asked of the game's ruleset (`strength_on_map`,
`result`, `losses`), so a tactical and a strategic game give the same kind of record.

The replay starts the scenario afresh with the seed and applies each logged action, feeding the
dice the faces the log recorded, so even a game whose dice were forced (as tests force them)
replays exactly; each action must still be legal and roll what was recorded, or `ReplayError`
says which entry does not. States are kept as the replay passes them, so stepping back and
forth through a long game replays it once.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from gameapp.core.engine import Game, LogEntry
from gameapp.core.events import Event
from gameapp.core.hexgrid import Hex
from gameapp.core.replay import ReplayMismatch, forced_faces, replay_action
from gameapp.core.ruleset import LossRow, Placement
from gameapp.core.scenario import Scenario
from gameapp.core.state import GameState
from gameapp.core.units import Side


class ReplayError(ValueError):
    """A logged action that does not replay: which one, and why."""

    def __init__(self, index: int, reason: str) -> None:
        self.index = index
        self.reason = reason
        super().__init__(f"log entry {index + 1}: {reason}")


@dataclass(frozen=True)
class Changes:
    """What one action changed on the board."""

    left: frozenset[Hex]  # hexes a unit moved out of (or was removed from)
    entered: frozenset[Hex]  # hexes a unit moved into (or arrived in)
    hits: dict[str, int]  # unit id -> strength points it lost
    hit_hexes: frozenset[Hex]  # where those units stood (before, if they are gone)
    removed: tuple[str, ...]  # units no longer on the map (eliminated, broken, fallen)
    arrived: tuple[str, ...]  # units new on the map

    @property
    def empty(self) -> bool:
        return not (self.left or self.entered or self.hits or self.removed or self.arrived)


def changes_between(before: Mapping[str, Placement],
                    after: Mapping[str, Placement]) -> Changes:
    """What changed from one position to the next, given each one's pieces on the map (the
    ruleset's `placements`): any ruleset's game, tactical or strategic."""
    left: set[Hex] = set()
    entered: set[Hex] = set()
    hits: dict[str, int] = {}
    hit_hexes: set[Hex] = set()
    for piece_id, old in before.items():
        new = after.get(piece_id)
        if new is None:
            left.add(old.hex)
        elif new.hex != old.hex:
            left.add(old.hex)
            entered.add(new.hex)
        if old.strength is not None:
            left_with = (new.strength or 0) if new is not None else 0
            if old.strength > left_with:
                hits[piece_id] = old.strength - left_with
                hit_hexes.add(old.hex)
    arrived = tuple(sorted(set(after) - set(before)))
    entered.update(after[p].hex for p in arrived)
    removed = tuple(sorted(set(before) - set(after)))
    return Changes(frozenset(left), frozenset(entered), hits, frozenset(hit_hexes), removed,
                   arrived)


@dataclass(frozen=True)
class TurnPoint:
    """Each side's strength on the map and victory points at one moment of the game."""

    label: str  # "start", "turn 3"
    turn: int  # the turn just ended (first turn - 1 for the start)
    index: int  # the log index of the state sampled
    strength: dict[Side, int]
    points: dict[Side, float]


class History:
    def __init__(self, scenario: Scenario, seed: int, log: Sequence[LogEntry]) -> None:
        self.scenario = scenario
        self.seed = seed
        self.log: tuple[LogEntry, ...] = tuple(log)
        self._game = self._fresh_game()
        self._states: list[GameState] = [self._game.state.copy()]
        self._events: list[list[Event]] = [list(self._game.opening_events)]

    @classmethod
    def of(cls, game: Game) -> History:
        """The history of a game so far (the game itself is not touched)."""
        return cls(game.scenario, game.dice.seed, game.log)

    def __len__(self) -> int:
        """The number of logged actions; indices run from 0 (the start) to len()."""
        return len(self.log)

    def extends(self, log: Sequence[LogEntry]) -> bool:
        """True when `log` begins with this history's log (the game went on, nothing undone)."""
        return tuple(log[: len(self.log)]) == self.log

    def extended(self, log: Sequence[LogEntry]) -> History:
        """This history grown to `log`, keeping what was replayed, or a new one if `log` took
        back any of it."""
        if not self.extends(log):
            return History(self.scenario, self.seed, log)
        self._game.dice.forced += forced_faces(log[len(self.log):])
        self.log = tuple(log)
        return self

    # --- states -----------------------------------------------------------------------------
    def state_at(self, index: int) -> GameState:
        """The state after the first `index` actions (0 is the state at the start)."""
        if not 0 <= index <= len(self.log):
            raise IndexError(f"index {index} outside 0..{len(self.log)}")
        while len(self._states) <= index:
            self._replay_next()
        return self._states[index]

    def events_at(self, index: int) -> list[Event]:
        """What action `index` caused (for 0, what starting the game did)."""
        self.state_at(index)
        return self._events[index]

    def game_at(self, index: int) -> Game:
        """A fresh Game after the first `index` actions, independent of this history."""
        if not 0 <= index <= len(self.log):
            raise IndexError(f"index {index} outside 0..{len(self.log)}")
        game = self._fresh_game(self.log[:index])
        for i in range(index):
            self._apply(game, i)
        return game

    def changes(self, index: int) -> Changes:
        """What action `index` (1-based: the action that led to state_at(index)) changed."""
        placements = self._game.ruleset.placements
        after = placements(self.state_at(max(index, 0)))
        return changes_between(placements(self.state_at(index - 1)) if index > 0 else after,
                               after)

    def entry(self, index: int) -> LogEntry | None:
        """The action that led to state_at(index); None for the start."""
        return self.log[index - 1] if index > 0 else None

    def action_in_turn(self, index: int) -> tuple[int, int]:
        """(turn, k): action `index` is the k-th action of its turn (1-based)."""
        entry = self.entry(index)
        if entry is None:
            return self.scenario.clock.first_turn, 0
        k = sum(1 for e in self.log[:index] if e.turn == entry.turn)
        return entry.turn, k

    # --- the record -------------------------------------------------------------------------
    def turn_series(self) -> list[TurnPoint]:
        """Strength on the map and victory points at the start and at the end of each turn
        played (the last point is the latest state, if the game stopped inside a turn)."""
        first = self.scenario.clock.first_turn
        points = [self._point("start", first - 1, 0)]
        for index in range(1, len(self.log) + 1):
            turn_before = self.state_at(index - 1).turn
            if self.state_at(index).turn > turn_before:
                points.append(self._point(f"turn {turn_before}", turn_before, index))
        last = len(self.log)
        if points[-1].index != last:
            now = self.state_at(last).turn
            points.append(self._point(f"turn {now}", now, last))
        return points

    def losses_by_side(self, index: int | None = None) -> dict[Side, int]:
        state = self.state_at(len(self.log) if index is None else index)
        return self._game.ruleset.losses_by_side(self.scenario, state)

    def losses_by_formation(self, index: int | None = None) -> list[LossRow]:
        """Each formation's losses (brigades, or divisions: `ruleset.formation`)."""
        state = self.state_at(len(self.log) if index is None else index)
        return self._game.ruleset.losses(self.scenario, state)

    # --- inside -----------------------------------------------------------------------------
    def _point(self, label: str, turn: int, index: int) -> TurnPoint:
        state = self.state_at(index)
        ruleset = self._game.ruleset
        result = ruleset.result(self.scenario, state)
        strength = ruleset.strength_on_map(self.scenario, state)
        return TurnPoint(label, turn, index, strength,
                         {side: result.points[side].total for side in Side})

    def _fresh_game(self, log: Sequence[LogEntry] | None = None) -> Game:
        game = Game.from_scenario(self.scenario, seed=self.seed)
        game.dice.forced = forced_faces(self.log if log is None else log)
        return game

    def _replay_next(self) -> None:
        index = len(self._states) - 1
        self._events.append(self._apply(self._game, index))
        self._states.append(self._game.state.copy())

    def _apply(self, game: Game, index: int) -> list[Event]:
        entry = self.log[index]
        try:
            return replay_action(game, entry.action, entry.rolls)
        except ReplayMismatch as error:
            raise ReplayError(index, error.reason) from None
