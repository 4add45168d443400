"""Quick expectations from the rules' own tables, for positions that do not exist yet.

The fire and charge dialogs' exact odds need a real attack; to rank a hundred hypothetical hexes
the AI needs something cheaper. These read the same FCRT and charge tables:

- `expected_steps(fp, artillery)`: casualty steps expected from fire points on the FCRT, all 36
  rolls unmodified;
- `fire_points_at(unit, distance, canister, multiplier)`: SPs x fire power x range factor;
- `result_values`: what each FCRT row is worth to the side that fires (steps, plus a morale
  check that may rout the stack);
"""

from __future__ import annotations

from collections.abc import Sequence
from fractions import Fraction
from functools import cache

from gameapp.core.dice import D66
from gameapp.core.rules.fire.tables import MoraleCheck, fcrt_column, fcrt_result, fire_tables
from gameapp.core.rules.fire.weapons import fire_power, range_factor
from gameapp.core.scenario import Scenario
from gameapp.core.units import Side, Unit, UnitDef, UnitKind

SHAKEN_VALUE = 0.3  # VP: a shaken unit may not move, and must rally or rout
BROKEN_SHARE = 0.8  # of its SPs: a routed unit mostly ends on the Broken Track, lost
ROUT_VALUE = 0.35  # VP per SP of a unit that routs: out of action and exposed
LEADER_VALUE = 2.0  # VP: an officer incapacitated
THROWS = tuple(10 * tens + units for tens in range(1, 7) for units in range(1, 7))


def captured_worth(scenario: Scenario, side: Side) -> float:
    """VP the enemy scores for each SP of a `side` battery taken whole (7.33: its crews routed
    in a charge leave the guns to the victors): a strength point, or with the scenario's
    `victory_points` a gun's crew and the gun, counted as often as the capturer's points are
    (Slaughter Mountain: a Union gun 1.2 to the Confederates, a Confederate one 2.4 to the
    Union)."""
    scale = scenario.victory_points
    if scale.plain:
        return 1.0
    worth = scale.battery_sp + scale.gun
    expected = scale.expectation
    return worth * expected.times if expected is not None and expected.side is side.other \
        else worth


@cache
def passes(morale: int, shift: int = 0) -> float:
    """The chance that an unmodified d66 is at most the morale level moved `shift` steps along
    the d66 sequence (a check passed): passes(43) is 21/36, passes(43, -6) is 15/36."""
    level = D66.of(morale) + shift
    return sum(D66.of(roll) <= level for roll in THROWS) / len(THROWS)


def check_cost(unit: Unit, shift: int = 0) -> float:
    """VP a morale check forced on the unit is expected to cost: failed, it is shaken; shaken,
    it routs when it fails again in the rally phase (7.35), and most routs end on the Broken
    Track, every SP lost. `shift` moves its morale level along the d66 sequence."""
    fail = 1.0 - passes(unit.defn.morale, shift)
    return fail * SHAKEN_VALUE + fail * fail * (BROKEN_SHARE * unit.strength + 0.5)


@cache
def expected_result(fp_tenths: int, artillery: bool, drm: int = 0) -> tuple[float, float]:
    """Mean casualty steps of an attack of `fp_tenths / 10` fire points, its roll moved `drm`
    places along the d66 sequence (the target's ground and type: woods -3), and the chance
    that it calls for a morale check (C rows; A rows too when guns fire alone)."""
    fp = Fraction(fp_tenths, 10)
    column = fcrt_column(fp, artillery)
    if column.no_effect:
        return 0.0, 0.0
    shift = drm + (int(column.modifier.value) if column.modifier is not None else 0)
    steps = checks = 0
    for roll in THROWS:
        result = fcrt_result(column, D66.of(roll) + shift)
        steps += result.steps
        checks += result.morale_check_required(artillery)
    return steps / len(THROWS), checks / len(THROWS)


def steps_from(fp: float, artillery: bool, drm: int = 0) -> float:
    return expected_result(max(0, round(fp * 10)), artillery, drm)[0] if fp > 0 else 0.0


def checks_from(fp: float, artillery: bool, drm: int = 0) -> float:
    return expected_result(max(0, round(fp * 10)), artillery, drm)[1] if fp > 0 else 0.0


def fire_points_at(unit: Unit, distance: int, canister: bool = False,
                   multiplier: float = 1.0) -> float:
    """The unit's fire points at that range, before the target's terrain and formation."""
    return _per_sp(unit.defn, distance, canister) * unit.strength * multiplier


@cache
def _per_sp(defn: UnitDef, distance: int, canister: bool) -> float:
    effect = range_factor(defn, distance, canister)
    return 0.0 if effect is None else float(fire_power(defn) * effect.factor)


@cache
def _rows() -> dict[str, tuple[int, MoraleCheck]]:
    return {row.result: (row.steps, row.morale) for row in fire_tables().rows}


def fire_value(odds: dict[str, Fraction], defenders: Sequence[Unit], artillery_only: bool
               ) -> tuple[float, float]:
    """(expected VP, chance of at least one casualty) of an attack with these exact odds."""
    rows = _rows()
    troops = [u for u in defenders if u.kind is not UnitKind.LEADER]
    has_leader = any(u.kind is UnitKind.LEADER for u in defenders)
    strength = sum(u.strength for u in troops)
    value = hit = 0.0
    for name, chance in odds.items():
        if name == "officer hit":
            value += float(chance) * LEADER_VALUE * has_leader
            continue
        steps, morale = rows.get(name, (0, MoraleCheck.NONE))
        p = float(chance)
        checks = morale is MoraleCheck.C or (morale is MoraleCheck.A and artillery_only)
        value += p * min(steps, strength)
        value += p * checks * sum(check_cost(u) for u in troops)
        hit += p * (steps > 0)
    return value, hit
