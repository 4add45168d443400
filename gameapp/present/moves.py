"""What the window shows about one unit's move, read from the engine's public API: the hexes it
can reach (with the MPs that would remain and where it must stop), and the route to one of them
with its cost term by term. Pure Python: the controller, the offscreen render and the tests share
it.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from gameapp.core.actions import Move
from gameapp.core.breakdown import Breakdown, IllegalActionError, Term
from gameapp.core.engine import Game
from gameapp.core.hexgrid import Hex
from gameapp.core.phases import Phase
from gameapp.core.rules.movement.reach import PIKE_BONUS_RULE, Reach
from gameapp.core.rulesets.tactical import tactical


class CannotMove(Exception):
    """The unit cannot move now, with the engine's reason and rule."""

    def __init__(self, reason: str, rule: str) -> None:
        self.reason = reason
        self.rule = rule
        super().__init__(f"{reason} ({rule})")


@dataclass(frozen=True)
class MoveHighlight:
    """Every hex a unit can end a move in now."""

    unit_id: str
    origin: Hex
    reach: Mapping[Hex, Reach]

    @property
    def remaining(self) -> dict[Hex, int]:
        """The MPs that would remain in each reachable hex."""
        return {h: r.remaining for h, r in self.reach.items()}

    @property
    def stops(self) -> frozenset[Hex]:
        """Reachable hexes in an enemy front: the unit must stop there (3.310)."""
        return frozenset(h for h, r in self.reach.items() if r.must_stop)

    def __contains__(self, h: object) -> bool:
        return h in self.reach


@dataclass(frozen=True)
class Route:
    """The cheapest way to one reachable hex, and what it costs."""

    unit_id: str
    origin: Hex
    path: tuple[Hex, ...]  # the hexes entered, start excluded
    facing: int  # on arrival: the direction of the last step
    cost: Breakdown  # the engine's terms, turn by turn and step by step
    remaining: int
    must_stop: bool
    pike_bonus: Term | None  # N14's extra MPs, when the whole path stays on a pike

    @property
    def target(self) -> Hex:
        return self.path[-1]


def movement_highlight(game: Game, unit_id: str) -> MoveHighlight:
    """The hexes `unit_id` can reach now; CannotMove with the engine's reason if none."""
    unit = game.state.units.get(unit_id)
    if unit is None:
        raise CannotMove(f"there is no unit {unit_id!r}", "R&C actions")
    movable = (
        not game.is_over and game.phase is Phase.MOVEMENT and game.current_side is unit.side
    )
    reach = tactical(game).movement.reachable(unit_id) if movable else {}
    if not reach:
        raise CannotMove(*why_stuck(game, unit_id))
    return MoveHighlight(unit_id, unit.hex, reach)


def why_stuck(game: Game, unit_id: str) -> tuple[str, str]:
    """Why a unit can enter none of its neighbours: the engine's answer for the first one."""
    unit = game.state.units[unit_id]
    for direction in range(6):
        there = unit.hex.neighbor(direction)
        if not game.map.contains(there):
            continue
        try:
            game.check(Move(unit_id, (there,)))
        except IllegalActionError as error:
            return error.reason, error.rule
    return f"{unit.defn.name} has nowhere to go", "R&C actions"


def route_to(game: Game, highlight: MoveHighlight, target: Hex) -> Route | None:
    """The route the search found to `target`, priced by the engine; None if not reachable."""
    reach = highlight.reach.get(target)
    if reach is None:
        return None
    path = reach.path
    before = path[-2] if len(path) > 1 else highlight.origin
    facing = before.direction_to(path[-1])
    assert facing is not None, "a reach path steps between neighbours"
    bonus = None
    if reach.pike_bonus:
        unit = game.state.units[highlight.unit_id]
        extra = reach.remaining + reach.spent - tactical(game).movement.remaining(unit)
        bonus = Term("pike bonus: road column on the pike all phase", extra, PIKE_BONUS_RULE)
    return Route(
        highlight.unit_id,
        highlight.origin,
        path,
        facing,
        tactical(game).movement.path_breakdown(highlight.unit_id, path),
        reach.remaining,
        reach.must_stop,
        bonus,
    )
