"""Detours off the map (seed 004 case 7.54; docs/strategic-rules.md, "Map anomalies").

A scenario lists its detours (`detours:`, each a departure hex and an entry hex). Errata: units
at Galveston may go round the head of Galveston Bay by spending a whole turn off the map and
coming back at B0129. Our design where the errata is silent:

- `offmap UNIT`: a ground unit (a division or brigade) of the force being moved (5.27), in a
  departure hex, that has not moved this turn, leaves the map: it spends its whole move. It must
  not be on an HQ's roster (16.16), aboard a ship or a train.
- Off the map it is out of play: no zone of control, no supply, no battle, no stacking; it keeps
  its SP and its strength points still count for its side.
- `reenter UNIT`: in a later turn's movement phase of its side (at the earliest the next turn:
  the whole turn between is spent off the map), with no command needed (no leader is with it),
  it comes back at the entry hex, its move for that turn spent. Not into a hex held by the enemy
  (it waits off the map), nor over the stacking limit. It takes control of the hex (3.23).
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import replace
from fractions import Fraction
from typing import Any

from gameapp.core.breakdown import IllegalActionError, Term
from gameapp.core.ruleset import RuleContext
from gameapp.core.rulesets.strategic.actions import GoOffMap, ReEnter
from gameapp.core.rulesets.strategic.command import commanded
from gameapp.core.rulesets.strategic.events import ReEntered, WentOffMap
from gameapp.core.rulesets.strategic.movement import NEEDS_COMMAND, STACKING, room_for, take_control
from gameapp.core.rulesets.strategic.pieces import Division
from gameapp.core.rulesets.strategic.scenario import Detour, StrategicScenario
from gameapp.core.rulesets.strategic.state import OffMap, StrategicState
from gameapp.core.rulesets.strategic.zoc import Board
from gameapp.core.units import Side

DETOUR = "004 7.54"


class DetourHandler:
    """`offmap UNIT` and `reenter UNIT`."""

    def legal(self, ctx: RuleContext, side: Side | None) -> Iterator[GoOffMap | ReEnter]:
        state: StrategicState = ctx.state
        scenario: StrategicScenario = ctx.scenario
        if not scenario.detours:
            return
        force = commanded(state, state.active) if state.active else None
        actions: list[GoOffMap | ReEnter] = [GoOffMap(m) for m in force.members] if force else []
        actions += [ReEnter(u) for u in sorted(state.offmap)]
        for action in actions:
            if self.problem(ctx, action, side) is None:
                yield action

    def problem(self, ctx: RuleContext, action: GoOffMap | ReEnter, side: Side | None
                ) -> tuple[str, str] | None:
        if isinstance(action, ReEnter):
            return self._reentry_problem(ctx, action, side)
        state: StrategicState = ctx.state
        unit = state.pieces.get(action.unit)
        if not isinstance(unit, Division) or unit.side is not side:
            return f"{action.unit} is not a ground unit of the side to play on the map", DETOUR
        if _detour_from(ctx.scenario, unit) is None:
            where = ctx.rules.terrain.map.hex_id(unit.hex)
            return f"no detour leaves the map from {where}", DETOUR
        if commanded(state, unit.id) is None:
            return f"{unit.id} is not in the force being moved", NEEDS_COMMAND
        if state.hq_of(unit.id) is not None:
            return f"{unit.id} is on an HQ's roster: release it first", "004 16.16"
        if unit.aboard or unit.entrained:
            return f"{unit.id} is aboard a ship or a train", DETOUR
        if unit.id in state.moved or state.mp_spent.get(unit.id, Fraction(0)):
            return f"{unit.id} has moved this turn: the detour takes a whole move", DETOUR
        return None

    def _reentry_problem(self, ctx: RuleContext, action: ReEnter, side: Side | None
                         ) -> tuple[str, str] | None:
        state: StrategicState = ctx.state
        away = state.offmap.get(action.unit)
        if away is None or away.unit.side is not side:
            return f"{action.unit} is not a unit of the side to play off the map", DETOUR
        if state.turn <= away.left:
            return (f"{away.unit.id} left the map this turn: it spends a whole turn off the "
                    "map", DETOUR)
        where = ctx.rules.terrain.map.hex_id(away.entry)
        if Board.of(state, ctx.rules.terrain).enemy_in(away.unit.side, away.entry):
            return f"the enemy holds {where}: {away.unit.id} waits off the map", DETOUR
        crowded = room_for(state, away.unit.side, away.entry, 1, away.unit.sp)
        return (crowded, STACKING) if crowded else None

    def check(self, ctx: RuleContext, action: GoOffMap | ReEnter, side: Side | None) -> None:
        problem = self.problem(ctx, action, side)
        if problem is not None:
            raise IllegalActionError(*problem)

    def execute(self, ctx: RuleContext, action: GoOffMap | ReEnter, side: Side | None
                ) -> list[Any]:
        state: StrategicState = ctx.state
        numbering = ctx.rules.terrain.map
        if isinstance(action, ReEnter):
            return self._reenter(ctx, action)
        unit = state.pieces[action.unit]
        assert isinstance(unit, Division)
        detour = _detour_from(ctx.scenario, unit)
        assert detour is not None
        del state.pieces[unit.id]
        state.offmap[unit.id] = OffMap(unit, state.turn, detour.name, detour.entry)
        for force in state.forces.values():
            force.members = tuple(m for m in force.members if m != unit.id)
        terms = (Term(f"{detour.name}: leaves {numbering.hex_id(unit.hex)}, a whole move",
                      unit.ma, DETOUR),
                 Term(f"back at {numbering.hex_id(detour.entry)} next turn at the earliest", 1,
                      DETOUR))
        return [WentOffMap(unit.id, unit.hex, detour.entry, detour.name, terms)]

    def _reenter(self, ctx: RuleContext, action: ReEnter) -> list[Any]:
        state: StrategicState = ctx.state
        away = state.offmap.pop(action.unit)
        back = replace(away.unit, hex=away.entry)
        state.put(back)
        state.mp_spent[back.id] = Fraction(back.ma)
        state.moved.add(back.id)
        state.halted.add(back.id)
        terms = (Term(f"back on the map at {ctx.rules.terrain.map.hex_id(away.entry)}, its "
                      "move spent", back.ma, DETOUR),)
        return [ReEntered(back.id, away.entry, away.detour, terms),
                *take_control(ctx, back.side, (away.entry,))]


def _detour_from(scenario: StrategicScenario, unit: Division) -> Detour | None:
    return next((d for d in scenario.detours if d.departure == unit.hex), None)
