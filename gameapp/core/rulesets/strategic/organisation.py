"""Brigades, rosters and the counter mix (3.25, 16.16, 3.26).

- 3.25: a division sheds a brigade in its own player turn: before commands (the command
  phase), while its force moves (the brigade then moves no further this turn) or before a
  battle (the combat phase). A brigade is 1 to 4 SP and leaves the division at least 1.
- 16.16: a unit joins or leaves an HQ's roster in its hex at no cost, but not so as to dodge
  the movement or command rules: in the movement phase only while neither has moved. A roster
  never mixes pieces aboard a train with pieces on the ground (with 6.57: an HQ rides as its
  roster, an empty HQ as a leader, never aboard). Nor is a roster changed aboard ship (our
  design, R&C strategic water: an HQ boards and lands with its roster).
- 3.26: the counter mix caps what a side has in play: no brigade beyond it.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass, replace
from typing import Any

from gameapp.core.breakdown import IllegalActionError
from gameapp.core.hexgrid import Hex
from gameapp.core.ruleset import RuleContext
from gameapp.core.rulesets.strategic.actions import Assign, Release, SplitBrigade
from gameapp.core.rulesets.strategic.command import commanded
from gameapp.core.rulesets.strategic.events import BrigadeSplit, RosterChanged
from gameapp.core.rulesets.strategic.movement import STACKING, map_units, overstack
from gameapp.core.rulesets.strategic.pieces import (
    HQ,
    Arm,
    Division,
    Train,
    counter_kind,
)
from gameapp.core.rulesets.strategic.sequence import StrategicPhase
from gameapp.core.rulesets.strategic.state import StrategicState
from gameapp.core.rulesets.strategic.tables import tables
from gameapp.core.units import Side

BRIGADES = "004 3.25"
ROSTERS = "004 16.16"
COUNTER_MIX = "004 3.26"
BRIGADE_SP = (1, 4)
ROSTER_LIMIT = 6  # units an HQ's roster holds (our design)


def in_play(state: StrategicState, side: Side, kind: str) -> int:
    return sum(1 for p in state.pieces.values() if p.side is side and counter_kind(p) == kind)


def mix_problem(ctx: RuleContext, side: Side, kind: str, more: int = 1) -> str | None:
    """Why `more` counters of `kind` cannot come into play (None if they can)."""
    mix = ctx.scenario.counter_mix.get(side)
    if mix is None or kind not in mix:
        return None
    have = in_play(ctx.state, side, kind)
    if have + more > mix[kind]:
        return f"the {side.label} counter mix has {mix[kind]} {kind}, and {have} are in play"
    return None


@dataclass(frozen=True)
class _Look:
    """One look at a side's stacks and rosters, for many checks at once."""

    stacks: dict[Hex, tuple[int, int]]
    rostered: dict[str, HQ]  # each unit on a roster -> its HQ

    @classmethod
    def of(cls, state: StrategicState, side: Side) -> _Look:
        return cls(map_units(state, side),
                   {u: hq for hq in state.hqs(side) for u in hq.roster})


class SplitHandler:
    """`split DIVISION SP`."""

    def legal(self, ctx: RuleContext, side: Side | None) -> Iterator[SplitBrigade]:
        state: StrategicState = ctx.state
        if side is None or mix_problem(ctx, side, "brigades") is not None:
            return
        look = _Look.of(state, side)
        for unit in sorted(state.divisions(side), key=lambda d: d.id):
            for sp in range(BRIGADE_SP[0], BRIGADE_SP[1] + 1):
                action = SplitBrigade(unit.id, sp)
                if self._unit_problem(ctx, action, side, look) is None:
                    yield action

    def _problem(self, ctx: RuleContext, action: SplitBrigade, side: Side | None
                 ) -> tuple[str, str] | None:
        state: StrategicState = ctx.state
        if side is None:
            return "brigades are split off in one's own player turn", BRIGADES
        look = _Look.of(state, side)
        problem = self._unit_problem(ctx, action, side, look)
        if problem is not None:
            return problem
        mix = mix_problem(ctx, side, "brigades")
        return (mix, COUNTER_MIX) if mix else None

    def _unit_problem(self, ctx: RuleContext, action: SplitBrigade, side: Side, look: _Look
                      ) -> tuple[str, str] | None:
        state: StrategicState = ctx.state
        unit = state.pieces.get(action.division)
        if not isinstance(unit, Division) or unit.side is not side:
            return f"{action.division} is not a division of the side to play", BRIGADES
        if unit.is_brigade or unit.arm not in (Arm.INFANTRY, Arm.CAVALRY):
            return f"{unit.name} is not a division that has brigades", BRIGADES
        if not BRIGADE_SP[0] <= action.sp <= BRIGADE_SP[1] or action.sp >= unit.sp:
            return (f"a brigade is {BRIGADE_SP[0]} to {BRIGADE_SP[1]} SP and leaves the "
                    "division at least 1", BRIGADES)
        if unit.entrained or unit.aboard:
            return f"{unit.name} is aboard a train or ship", BRIGADES
        if ctx.step.phase is StrategicPhase.MOVEMENT and commanded(state, unit.id) is None:
            return ("while moving, only a division of the force being moved sheds brigades",
                    BRIGADES)
        rostered = unit.id in look.rostered  # the brigade comes onto the map
        t = tables()
        crowded = overstack(look.stacks, unit.hex, 1, action.sp if rostered else 0,
                            (t.stack_units, t.stack_sp))
        return (crowded, STACKING) if crowded else None

    def check(self, ctx: RuleContext, action: SplitBrigade, side: Side | None) -> None:
        problem = self._problem(ctx, action, side)
        if problem is not None:
            raise IllegalActionError(*problem)

    def execute(self, ctx: RuleContext, action: SplitBrigade, side: Side | None) -> list[Any]:
        state: StrategicState = ctx.state
        unit = state.pieces[action.division]
        assert isinstance(unit, Division)
        number = 1
        while f"{unit.id}-b{number}" in state.pieces:
            number += 1
        brigade = replace(unit, id=f"{unit.id}-b{number}", name=f"{unit.name}, brigade {number}",
                          sp=action.sp, brigade_of=unit.id)
        state.put(replace(unit, sp=unit.sp - action.sp))
        state.put(brigade)
        if ctx.step.phase is StrategicPhase.MOVEMENT:
            state.new_brigades.add(brigade.id)  # it moves no further this turn (3.25)
        return [BrigadeSplit(unit.id, brigade.id, action.sp, BRIGADES)]


class RosterHandler:
    """`assign UNIT HQ` and `release UNIT`."""

    def legal(self, ctx: RuleContext, side: Side | None) -> Iterator[Assign | Release]:
        state: StrategicState = ctx.state
        if side is None:
            return
        look = _Look.of(state, side)
        by_hex: dict[Hex, list[Division | Train]] = {}
        for piece in state.pieces.values():
            if isinstance(piece, Division | Train) and piece.side is side:
                by_hex.setdefault(piece.hex, []).append(piece)
        for hq in sorted(state.hqs(side), key=lambda h: h.id):
            for unit_id in hq.roster:
                if self._problem(ctx, Release(unit_id), side, look) is None:
                    yield Release(unit_id)
            for piece in by_hex.get(hq.hex, ()):
                action = Assign(piece.id, hq.id)
                if self._problem(ctx, action, side, look) is None:
                    yield action

    def _problem(self, ctx: RuleContext, action: Assign | Release, side: Side | None,
                 look: _Look | None = None) -> str | None:
        state: StrategicState = ctx.state
        unit = state.pieces.get(action.unit)
        if not isinstance(unit, Division | Train) or unit.side is not side:
            return f"{action.unit} is not a unit or train of the side to play"
        if look is None:
            look = _Look.of(state, unit.side)
        current = look.rostered.get(unit.id)
        if isinstance(action, Release):
            if current is None:
                return f"{unit.id} is on no roster"
            if current.aboard:
                return (f"the {current.name} is aboard ship: rosters change ashore (an HQ "
                        "boards and lands with its roster)")
            hq = current
            if isinstance(unit, Division):
                t = tables()
                crowded = overstack(look.stacks, unit.hex, 1, unit.sp,
                                    (t.stack_units, t.stack_sp))
                if crowded:
                    return f"released onto the map, {crowded}"
        else:
            target = state.pieces.get(action.hq)
            if not isinstance(target, HQ) or target.side is not side:
                return f"{action.hq} is not an HQ of the side to play"
            joining = _joining_problem(state, unit, target, current)
            if joining:
                return joining
            hq = target
        if ctx.step.phase is StrategicPhase.MOVEMENT and (unit.id in state.moved
                                                          or hq.id in state.moved):
            return ("a roster is not changed after its HQ or the unit has moved this turn: "
                    "that would dodge the movement and command rules")
        return None

    def check(self, ctx: RuleContext, action: Assign | Release, side: Side | None) -> None:
        problem = self._problem(ctx, action, side)
        if problem is not None:
            raise IllegalActionError(problem, ROSTERS)

    def execute(self, ctx: RuleContext, action: Assign | Release, side: Side | None
                ) -> list[Any]:
        state: StrategicState = ctx.state
        if isinstance(action, Release):
            left = state.leave_roster(action.unit)
            assert left is not None
            return [RosterChanged(action.unit, None, ROSTERS)]
        target = state.pieces[action.hq]
        assert isinstance(target, HQ)
        state.put(replace(target, roster=(*target.roster, action.unit)))
        return [RosterChanged(action.unit, target.id, ROSTERS)]


def _joining_problem(state: StrategicState, unit: Division | Train, target: HQ,
                     current: HQ | None) -> str | None:
    """Why `unit` cannot join `target`'s roster, the phase aside (None if it can)."""
    if current is not None:
        return f"{unit.id} is already on the {current.name}'s roster"
    if target.hex != unit.hex:
        return f"{unit.id} is not in the {target.name}'s hex"
    if unit.aboard or target.aboard:
        return (f"{unit.id if unit.aboard else target.name} is aboard ship: rosters change "
                "ashore (an HQ boards and lands with its roster)")
    if len(target.roster) >= ROSTER_LIMIT:
        return f"the {target.name}'s roster holds {ROSTER_LIMIT} units"
    if unit.entrained != state.entrained(target):  # a mixed roster could not detrain
        aboard, afoot = (unit.id, target.name) if unit.entrained else (target.name, unit.id)
        return (f"{aboard} is aboard a train and {afoot} is not: an HQ rides as its whole "
                "roster (6.57), so one gets on or off first")
    return None
