"""The opening volley (003 5.4, 7.2d; the scenario option `opening_volley`).

`003` clarifies Line of Battle's opening volley without giving its procedure; in `001`'s terms
(docs/rules.md, "Opening volley") it is one fire attack the charged units make as the charge
goes in, before the 8.41 checks:

- the firers are the combat units in the charged hex that are not routed and did not fire in
  this player turn's fire phase (those fired at the chargers already, with the +4 of a declared
  charge); a unit being charged has no facing requirement (5.4a-g), so each is turned, for this
  fire only, to face the hex it fires at; the fire rules decide the rest (formation, range,
  line of sight, limbered guns);
- they combine at one charging hex, the one with the most charging SPs, at its largest
  charging combat unit, by the FCRT; its casualty steps come off at once and no morale check
  follows (the charge's own checks follow at once);
- 7.2d: a charge whose charging units are all gone is over, and the defenders make no check
  (`charge_parties` finds nothing left to resolve).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace

from gameapp.core.dice import Dice
from gameapp.core.events import Event
from gameapp.core.hexgrid import Hex
from gameapp.core.rules.disengagement import casualty_fire
from gameapp.core.rules.fire.field import fire_check
from gameapp.core.rules.fire.phase import FireRules
from gameapp.core.state import GameState
from gameapp.core.units import Status, Unit, UnitKind

VOLLEY_RULE = "003 5.4"


def opening_volley(state: GameState, rules: FireRules, target: Hex, charging: Sequence[str],
                   dice: Dice) -> list[Event]:
    """The charged units' opening volley at the charge on `target` by `charging`."""
    aim = volley_aim(state, rules, target, charging)
    if aim is None:
        return []
    firers, aimed = aim
    return casualty_fire(state, rules, firers, aimed, aimed.hex, dice, VOLLEY_RULE,
                         "opening volley",
                         f"opening volley from {rules.map.hex_id(target)} at {aimed.id}")


def volley_note(state: GameState, rules: FireRules, target: Hex, charging: Sequence[str]
                ) -> str | None:
    """The volley the charge would meet, in words for the charge preview, or None."""
    aim = volley_aim(state, rules, target, charging)
    plan = rules.plan_at(aim[0], aim[1], aim[1].hex) if aim is not None else None
    if aim is None or plan is None or plan.points.column is None:
        return None
    firers, aimed = aim
    verb = "fires" if len(firers) == 1 else "fire"
    return (f"opening volley first: {', '.join(f.id for f in firers)} {verb} at {aimed.id} "
            f"({float(plan.points.total):g} fire points, {plan.points.column.rule}, modifiers "
            f"{float(plan.modifiers.total):+g}); the odds here are before it")


def volley_aim(state: GameState, rules: FireRules, target: Hex, charging: Sequence[str]
               ) -> tuple[list[Unit], Unit] | None:
    """Who fires the volley and at whom: the charging hex with the most SPs, its largest
    charging combat unit; None when nobody fires or nobody is left to fire at."""
    attackers = [state.units[i] for i in charging if i in state.units
                 and state.units[i].kind is not UnitKind.LEADER
                 and Status.ROUTED not in state.units[i].status]
    if not attackers:
        return None
    by_hex: dict[Hex, list[Unit]] = {}
    for unit in attackers:
        by_hex.setdefault(unit.hex, []).append(unit)
    at = max(by_hex, key=lambda h: (sum(u.strength for u in by_hex[h]), -h.q, -h.r))
    aimed = max(by_hex[at], key=lambda u: (u.strength, u.id))
    firers = volley_firers(state, rules, target, at)
    return (firers, aimed) if firers else None


def volley_firers(state: GameState, rules: FireRules, target: Hex, at: Hex) -> list[Unit]:
    """The charged hex's units that may fire the volley at `at`, turned to face it."""
    facing = target.direction_to(at)
    out: list[Unit] = []
    for unit in state.units_at(target):
        if unit.kind is UnitKind.LEADER or Status.ROUTED in unit.status or unit.id in state.fired:
            continue
        turned = replace(unit, facing=facing) if facing is not None else unit
        here = {**state.units, unit.id: turned}
        if fire_check(turned, at, here, rules.map, rules.conventions).cell is not None:
            out.append(turned)
    return sorted(out, key=lambda u: u.id)
