"""The moves that declare a charge (1.22, 3.4), for `MovementRules.legal_actions`.

A charge move walks to a hex the unit may end in (or stays where it is) and names, as its last
hex, an adjacent hex holding enemy combat units. The reach search never enters enemy hexes, so
these moves are found here: one per reachable stopping hex and enemy-held neighbour, kept when
`MovementRules.plan` accepts it (MPs to enter, no double movement, infantry or cavalry only).
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from typing import NamedTuple, Protocol

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


class ChargeTargets(NamedTuple):
    """The hexes a side may charge (holding enemy combat units), and the hexes beside them,
    where a charge move may stop."""

    hexes: frozenset[Hex]
    beside: frozenset[Hex]


def charge_targets(state: GameState, side: Side) -> ChargeTargets:
    hexes = frozenset(u.hex for u in state.side_units(side.other)
                      if u.kind is not UnitKind.LEADER)
    return ChargeTargets(hexes, frozenset(n for t in hexes for n in t.neighbors()))


def charge_moves(rules: Planner, unit: Unit, reached: Mapping[Hex, Reach],
                 targets: ChargeTargets | None = None) -> Iterator[Move]:
    """Every legal move of `unit` that declares a charge, given the hexes it can reach (and
    what `charge_targets` gives, when the caller has it already)."""
    if unit.kind not in CHARGERS or {Status.CHARGE, Status.ROUTED} & unit.status:
        return
    found = targets if targets is not None else charge_targets(rules.state, unit.side)
    if not found.hexes:
        return
    beside = found.beside
    stops: list[tuple[Hex, Reach | None]] = [(unit.hex, None)]
    stops += [(h, r) for h, r in reached.items() if h != unit.hex]
    for stop, reach in stops:
        if stop not in beside:
            continue
        path = reach.path if reach is not None else ()
        for target in stop.neighbors():
            if target not in found.hexes:
                continue
            move = Move(unit.id, (*path, target))
            try:
                rules.plan(move, unit.side)
            except IllegalActionError:
                continue
            yield move
