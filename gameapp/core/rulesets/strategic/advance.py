"""The advance after a battle (docs/strategic-rules.md, "Battles"; our design,
`R&C strategic advance`).

A battle that leaves the defender's hex with no enemy ground unit (it retreated, surrendered
or died) may be followed, as the very next action, by an advance: `advance HEX UNIT ...`.
Any of the battle's surviving attackers move into the emptied hex, up to the stacking limit,
at no movement cost and whatever the zones of control (an advance is not a march). They take
control of the hex (3.23; an empty enemy fort there is taken, 13.15). Not across a ridge off
its gap, nor across a river without a road in winter (the movement rule's own refusals). A
unit on an HQ's roster that advances without its HQ leaves the roster (16.16). Any other
action, ending the phase included, gives the chance up; an amphibious assault's survivors
have landed already (7.24).
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass, replace
from typing import Any

from gameapp.core.breakdown import IllegalActionError, Term
from gameapp.core.hexgrid import Hex
from gameapp.core.ruleset import RuleContext
from gameapp.core.rulesets.strategic.actions import Advance
from gameapp.core.rulesets.strategic.movement import is_winter, room_for, take_control
from gameapp.core.rulesets.strategic.pieces import Division
from gameapp.core.rulesets.strategic.state import StrategicState
from gameapp.core.units import Side

ADVANCE = "R&C strategic advance"


@dataclass(frozen=True)
class Advanced:
    side: Side
    target: Hex
    units: tuple[str, ...]
    terms: tuple[Term, ...]
    rule: str


def note_battles(ctx: RuleContext, events: list[Any]) -> None:
    """After every action: the hex a battle has just emptied and who may advance into it."""
    from gameapp.core.rulesets.strategic.combat import BattleFought

    state: StrategicState = ctx.state
    state.advance = None
    for event in events:
        if not isinstance(event, BattleFought) or event.preview.amphibious:
            continue
        target, side = event.preview.target, event.preview.side
        if _enemy_ground(state, side, target):
            continue
        survivors = tuple(a for a in event.preview.attackers
                          if isinstance(state.pieces.get(a), Division)
                          and state.pieces[a].hex != target)
        if survivors:
            state.advance = (target, survivors)


def _enemy_ground(state: StrategicState, side: Side, h: Hex) -> bool:
    return any(u.hex == h and u.aboard is None for u in state.divisions(side.other))


class AdvanceHandler:
    """`advance HEX UNIT ...`: into the hex the battle just emptied."""

    def legal(self, ctx: RuleContext, side: Side | None) -> Iterator[Advance]:
        state: StrategicState = ctx.state
        if state.advance is None or side is None:
            return
        target, allowed = state.advance
        units = sorted((u for u in (state.pieces.get(i) for i in allowed)
                        if isinstance(u, Division) and u.side is side),
                       key=lambda u: (-u.sp, u.id))
        fitting = [u for u in units if self._why_not(ctx, side, target, [u]) is None]
        together: list[Division] = []
        for unit in fitting:  # the strongest that fit together, then each alone
            if self._why_not(ctx, side, target, [*together, unit]) is None:
                together.append(unit)
        if together:
            yield Advance(target, tuple(u.id for u in together))
        if len(fitting) > 1:
            for unit in fitting:
                yield Advance(target, (unit.id,))

    def _why_not(self, ctx: RuleContext, side: Side, target: Hex,
                 units: list[Division]) -> tuple[str, str] | None:
        state: StrategicState = ctx.state
        for unit in units:
            blocked = ctx.rules.terrain.passable(unit.hex, target, is_winter(ctx))
            if blocked is not None:
                return f"{unit.name} cannot advance: {blocked[0]}", blocked[1]
        crowded = room_for(state, side, target, len(units), sum(u.sp for u in units))
        if crowded is not None:
            return crowded, "R&C strategic stacking"
        return None

    def check(self, ctx: RuleContext, action: Advance, side: Side | None) -> None:
        state: StrategicState = ctx.state
        if state.advance is None or state.advance[0] != action.target or side is None:
            raise IllegalActionError("an advance follows at once a battle that emptied the "
                                     "hex it goes into", ADVANCE)
        allowed = state.advance[1]
        units = []
        for unit_id in action.units:
            unit = state.pieces.get(unit_id)
            if unit_id not in allowed or not isinstance(unit, Division) or unit.side is not side:
                raise IllegalActionError(f"{unit_id} did not attack in that battle, or is gone",
                                         ADVANCE)
            units.append(unit)
        if len(set(action.units)) != len(action.units):
            raise IllegalActionError("a unit is named twice", ADVANCE)
        problem = self._why_not(ctx, side, action.target, units)
        if problem is not None:
            raise IllegalActionError(*problem)

    def execute(self, ctx: RuleContext, action: Advance, side: Side | None) -> list[Any]:
        state: StrategicState = ctx.state
        assert side is not None
        where = ctx.scenario.map.hex_id
        terms = []
        for unit_id in action.units:
            unit = state.pieces[unit_id]
            hq = state.leave_roster(unit_id)
            if hq is not None:
                terms.append(Term(f"{unit_id} leaves {hq.name}'s roster (16.16)", 0, ADVANCE))
            terms.append(Term(f"{unit_id} advances from {where(unit.hex)} into "
                              f"{where(action.target)}", 0, ADVANCE))
            state.put(replace(unit, hex=action.target))
        state.advance = None
        return [Advanced(side, action.target, action.units, tuple(terms), ADVANCE),
                *take_control(ctx, side, (action.target,))]
