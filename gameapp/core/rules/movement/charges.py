"""The moves that declare a charge (1.22, 3.4), for `MovementRules.legal_actions`.

A charge move walks to a hex the unit may end in (or stays where it is) and names, as its last
hex, an adjacent hex holding enemy combat units. The reach search never enters enemy hexes, so
these moves are found here: one per reachable stopping hex and enemy-held neighbour, kept when
`MovementRules.plan` accepts it (MPs to enter, no double movement, infantry or cavalry only).
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from typing import Protocol

from gameapp.core.actions import Action, Move
from gameapp.core.breakdown import IllegalActionError
from gameapp.core.hexgrid import Hex
from gameapp.core.rules.movement.reach import Reach
from gameapp.core.state import GameState
from gameapp.core.units import Side, Status, Unit, UnitKind

CHARGERS = (UnitKind.INFANTRY, UnitKind.CAVALRY)


class Planner(Protocol):
    state: GameState

    def plan(self, action: Action, side: Side | None) -> object: ...


def charge_moves(rules: Planner, unit: Unit, reached: Mapping[Hex, Reach]) -> Iterator[Move]:
    """Every legal move of `unit` that declares a charge, given the hexes it can reach."""
    if unit.kind not in CHARGERS or {Status.CHARGE, Status.ROUTED} & unit.status:
        return
    targets = {u.hex for u in rules.state.side_units(unit.side.other)
               if u.kind is not UnitKind.LEADER}
    if not targets:
        return
    beside = {n for t in targets for n in t.neighbors()}  # where a charge may start
    stops: list[tuple[Hex, Reach | None]] = [(unit.hex, None)]
    stops += [(h, r) for h, r in reached.items() if h != unit.hex]
    for stop, reach in stops:
        if stop not in beside:
            continue
        path = reach.path if reach is not None else ()
        for target in stop.neighbors():
            if target not in targets:
                continue
            move = Move(unit.id, (*path, target))
            try:
                rules.plan(move, unit.side)
            except IllegalActionError:
                continue
            yield move
