"""A chosen path walked step by step, as the reach search (`reach.py`) would walk it: every turn
and step itemised as terms, or the first reason, with its rule, why the path cannot be walked."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from gameapp.core.breakdown import Term
from gameapp.core.hexgrid import Hex
from gameapp.core.rules.movement.reach import SearchSpace
from gameapp.core.terrain import RoadGrade


@dataclass(frozen=True)
class Walk:
    """A path walked step by step: its terms, or why it cannot be walked."""

    terms: tuple[Term, ...]
    facing: int
    on_pike: bool
    illegal: tuple[str, str] | None = None  # (reason, rule)

    @property
    def total(self) -> int:
        return int(sum(t.value for t in self.terms))


def walk(space: SearchSpace, path: tuple[Hex, ...], describe: Callable[[Hex], str]) -> Walk:
    """Walk `path` as the search would, itemising every turn and step."""
    terms: list[Term] = []
    here, facing, on_pike = space.start, space.facing, space.pike_bonus > 0
    if path and not space.may_leave:
        return Walk((), facing, False, ("the unit stopped in an enemy front this phase", "3.310"))
    for i, there in enumerate(path):
        direction = here.direction_to(there)
        if direction is None:
            return Walk(tuple(terms), facing, False,
                        (f"{describe(there)} is not next to {describe(here)}", "3.1"))
        if there in space.enemy_hexes:
            return Walk(tuple(terms), facing, False,
                        (f"{describe(there)} is held by the enemy: only a move's last hex "
                         "may be charged", "3.4"))
        if here in space.front_hexes and i > 0 and space.fronts_lock:
            return Walk(tuple(terms), facing, False,
                        (f"the unit must stop on entering the enemy front at {describe(here)}",
                         "3.310"))
        if there in space.front_hexes and not space.fronts_lock:
            if space.fronts_barred:
                return Walk(tuple(terms), facing, False,
                            (f"a general may not enter the enemy zone of control at "
                             f"{describe(there)}", "002 8"))
            if here in space.front_hexes:
                return Walk(tuple(terms), facing, False,
                            (f"no move from one enemy zone of control ({describe(here)}) "
                             f"straight into another ({describe(there)})", "002 3"))
        turn_mp = space.turn(direction - facing)
        if turn_mp:
            terms.append(Term("turn to face the way moved", turn_mp, "MPA changes facing"))
        cost = space.step(here, direction)
        if cost.prohibited is not None:
            return Walk(tuple(terms), facing, False, (cost.prohibited, "TEC prohibited"))
        terms.extend(cost.terms)
        if cost.fence_mp and (space.in_fire(here) or space.in_fire(there)):
            terms.append(Term("wall or fence in enemy field of fire x2", cost.fence_mp, "TEC N12"))
        on_pike = on_pike and cost.road is RoadGrade.PIKE
        here, facing = there, direction
    return Walk(tuple(terms), facing, on_pike)
