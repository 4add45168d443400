"""The fire point calculation procedure (6.0), step by step, each step with its rule.

`fire_points(firers, target, situation)` works each firer through steps 1 to 4 on its own (SPs
under the firing limit times fire power, range and range note 4, enfilade, rapid fire), adds the
firers up, applies the target's formation and morale (step 5) as the majority rule decides
(step 6), then checks the small-arms minimum (step 7) and artillery under 2 FP (step 8), and
picks the results-table column. `dice_modifiers` (from `firemodifiers`) assembles the dice roll.

Fire points are Fractions and are never rounded (docs/rules.md).
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

from gameapp.core.breakdown import FigureStep, note
from gameapp.core.hexgrid import Hex
from gameapp.core.rules.datafile import show
from gameapp.core.rules.fire.enfilade import Enfilade
from gameapp.core.rules.fire.inputs import (
    FirerInput,
    FiringLimit,
    Situation,
    Sun,
    TargetInput,
    TargetMovement,
)
from gameapp.core.rules.fire.modifiers import dice_modifiers
from gameapp.core.rules.fire.tables import Column, fcrt_column, fire_tables
from gameapp.core.rules.fire.target import (
    Posture,
    TargetCause,
    cause_factor,
    cause_rule,
    fire_point_causes,
)
from gameapp.core.rules.fire.terrain import firing_limit, postures
from gameapp.core.rules.fire.weapons import canister_range, fire_power, max_range, range_factor
from gameapp.core.terrain import HexFeature, HexsideFeature, Terrain
from gameapp.core.units import Formation, SmallArms, Status, UnitKind

__all__ = [
    "Enfilade", "FirePoints", "FirerInput", "FirerPoints", "FiringLimit", "FpTerm", "Situation",
    "Sun", "TargetInput", "TargetMovement", "dice_modifiers", "fire_points", "firing_limit",
]



FpTerm = FigureStep  # a step of the fire point calculation


@dataclass(frozen=True)
class FirerPoints:
    unit_id: str
    fires: bool
    terms: tuple[FpTerm, ...]  # steps 1-4; a single note saying why when it cannot fire
    fp: Fraction  # its share of the attack, on the attack's row of the FCRT
    shell: bool = False  # guns firing other than canister: the artillery row of the FCRT
    guns: bool = False  # artillery, with shell or canister

    @property
    def reason(self) -> str:
        return "" if self.fires else self.terms[-1].label


@dataclass(frozen=True)
class FirePoints:
    firers: tuple[FirerPoints, ...]
    terms: tuple[FpTerm, ...]  # the attack's steps after adding the firers up
    total: Fraction
    artillery: bool  # read on the artillery row (guns alone firing shell)
    artillery_only: bool  # only artillery fired (an "A" result calls for a morale check)
    column: Column | None  # None when nobody can fire

    @property
    def no_effect(self) -> bool:
        return self.column is None or self.column.no_effect

    def lines(self) -> list[str]:
        out = []
        for firer in self.firers:
            out += [f"{firer.unit_id}: {term}" for term in firer.terms]
        return out + [str(term) for term in self.terms]


def _hexes(n: int) -> str:
    return f"{n} hex" if n == 1 else f"{n} hexes"


def _cannot_fire(firer: FirerInput) -> FpTerm | None:
    unit, effects, mods = firer.unit, fire_tables().effects, fire_tables().modifiers
    status, defn = unit.status, unit.defn
    if defn.weapon is None and defn.gun is None:
        return note("officers do not fire", "6.0 step 1")
    if Status.ROUTED in status and not effects.routed_firer_fires:
        return note("routed units may not fire", effects.rules["routed_firer_fires"])
    if unit.formation is Formation.ROAD_COLUMN and not effects.road_column_fires:
        return note("road column may not fire", effects.rules["road_column_fires"])
    if Status.DOUBLE_MOVED in status:
        return note("double moved (DM): cannot fire", mods.rules["moved"])
    if Status.CHARGE in status and Status.MOVED in status:
        return note("charging and moved (Ch and M): cannot fire", mods.rules["moved"])
    if unit.kind is UnitKind.ARTILLERY and unit.formation is Formation.LIMBERED:
        return note("limbered guns do not fire", "R&C limbered guns")
    if Status.NO_AMMUNITION in status:
        return note("no ammunition", "R&C ammunition")
    if firer.canister and defn.gun is None:
        return note("only guns fire canister", "Range canister")
    if range_factor(defn, firer.distance, firer.canister) is None:
        if firer.canister:
            reach = canister_range(defn)
            why = f"canister reaches {reach} hexes" if reach else f"{defn.gun_label} fires no " \
                "canister"
            return note(f"{_hexes(firer.distance)}: {why}", "Range canister")
        return note(f"out of range: {_hexes(firer.distance)}, max {max_range(defn)}",
                    "Range maximum")
    return None


def _note4(firer: FirerInput, target: TargetInput, posture: Posture | None) -> FpTerm | None:
    """Range note 4: shell at personnel doubles (a) against these targets, or (b) at range."""
    effects = fire_tables().effects
    rule = effects.rules["artillery_vs_personnel"]
    if target.at_guns or firer.canister:
        return None
    reason = None
    if posture is not None and posture is not Posture.CLEAR:
        covered = posture is Posture.COVERED
        if target.terrain in (Terrain.ROCKY_WOODS, Terrain.TOWN):
            reason, part = f"target in {target.terrain.label}", "a"
        elif covered and HexsideFeature.STONE_WALL in target.hexsides:
            reason, part = "target under cover behind a stone wall", "a"
        elif covered and HexFeature.BUILDINGS in target.features:
            reason, part = "target under cover in a hex with buildings", "a"
    if reason is None and firer.distance >= effects.artillery_min_range \
            and firer.clear_line_of_fire:
        gun = firer.unit.defn.gun
        limit = effects.artillery_max_range.get(gun) if gun is not None else None
        if limit is None or firer.distance <= limit:
            reason, part = f"shell and case at {firer.distance} hexes, no friend on the line", "b"
    if reason is None:
        return None
    return FpTerm(reason, "×", effects.artillery_factor, f"{rule}{part}", Fraction(0))


class _Steps:
    """The steps of one firer's fire points, each appended with its running figure."""

    def __init__(self) -> None:
        self.terms: list[FpTerm] = []

    def step(self, label: str, op: str, value: Fraction, rule: str, result: Fraction
             ) -> Fraction:
        self.terms.append(FpTerm(label, op, value, rule, result))
        return result


def _firer(firer: FirerInput, target: TargetInput, posture: Posture | None,
           pools: dict[tuple[Hex, bool], Fraction]) -> FirerPoints:
    unit, guns = firer.unit, firer.unit.defn.gun is not None
    shell = guns and not firer.canister
    stop = _cannot_fire(firer)
    if stop is not None:
        return FirerPoints(unit.id, False, (stop,), Fraction(0), shell, guns)
    steps = _Steps()
    sps = _sps_firing(firer, pools, steps)
    if sps == 0:
        return FirerPoints(unit.id, False, (*steps.terms, note("no SPs may fire", "TEC N1")),
                           Fraction(0), shell, guns)
    fp = _fire_points_of(firer, target, posture, sps, steps)
    return FirerPoints(unit.id, True, tuple(steps.terms), fp, shell, guns)


def _sps_firing(firer: FirerInput, pools: dict[tuple[Hex, bool], Fraction], steps: _Steps
                ) -> Fraction:
    """Step 1's SPs: shaken and column shares, then the hex's firing limit (shared in `pools`)."""
    unit, effects, step = firer.unit, fire_tables().effects, steps.step
    guns = unit.defn.gun is not None
    sps = Fraction(firer.strength)
    what = ("gun" if guns else "SP") + ("" if firer.strength == 1 else "s")
    step(f"{firer.strength} {what}", "=", sps, "6.0 step 1", sps)
    if Status.SHAKEN in unit.status:
        sps = step("shaken: half its steps", "×", effects.shaken_firer,
                   effects.rules["shaken_firer"], sps * effects.shaken_firer)
    if unit.formation is Formation.COLUMN:
        sps = step("column: one-fifth of its SPs", "×", effects.column_share,
                   effects.rules["column_share"], sps * effects.column_share)
    pool = (unit.hex, guns)
    used = pools.get(pool, Fraction(0))
    room = max(Fraction(0), firer.firing_limit.sps - used)
    if sps > room:
        label = f"firing limit {firer.firing_limit.sps}"
        if firer.firing_limit.label:
            label += f" ({firer.firing_limit.label})"
        if used:
            label += f", {show(used)} of it firing already"
        sps = step(label, "≤", room, firer.firing_limit.rule, room)
    pools[pool] = used + sps
    return sps


def _fire_points_of(firer: FirerInput, target: TargetInput, posture: Posture | None,
                    sps: Fraction, steps: _Steps) -> Fraction:
    """Steps 1 to 4 after the SPs: fire power, range (and note 4), enfilade."""
    defn, effects, step = firer.unit.defn, fire_tables().effects, steps.step
    power = fire_power(defn)
    fp = step(f"fire power {show(power)}" + (f" ({defn.gun_label})" if defn.gun_label else ""),
              "×", power, "6.0 step 1", sps * power)
    effect = range_factor(defn, firer.distance, firer.canister)
    assert effect is not None  # _cannot_fire checked the range
    where = _hexes(firer.distance)
    if effect.band not in ("1 hex", f"{firer.distance} hexes"):
        where += f" ({effect.band})"
    fp = step(f"{effect.label} at {where}", "×", effect.factor, effect.rule, fp * effect.factor)
    if defn.gun is not None:
        doubled = _note4(firer, target, posture)
        if doubled is not None:
            fp = step(doubled.label, "×", doubled.value, doubled.rule, fp * doubled.value)
    if firer.enfilade is not Enfilade.FRONT_OR_REAR:
        factor = effects.enfilade[firer.enfilade.value]
        fp = step(f"{firer.enfilade.value} enfilade", "×", factor, effects.rules["enfilade"],
                  fp * factor)
    return fp


def _to_small_arms_row(points: FirerPoints) -> FirerPoints:
    ratio = fire_tables().artillery_per_small_arms
    fp = points.fp / ratio
    term = FpTerm(f"artillery FP on the small-arms row ({ratio} = 1)", "×", Fraction(1, ratio),
                  "FCRT artillery row", fp)
    return FirerPoints(points.unit_id, True, (*points.terms, term), fp, points.shell, points.guns)


def fire_points(firers: list[FirerInput], target: TargetInput,
                situation: Situation | None = None) -> FirePoints:
    """Steps 1 to 8 of the fire point calculation for the firers' combined attack on one hex."""
    situation = situation or Situation()
    if situation.rapid_fire:
        raise NotImplementedError("rapid fire (6.47, 6.48) is not in the seed rules; "
                                  "the option must stay off (docs/rules.md)")
    effects = fire_tables().effects
    found = postures(target)
    posture = found.value if found is not None else None
    pools: dict[tuple[Hex, bool], Fraction] = {}
    done = [_firer(f, target, posture, pools) for f in firers]
    firing = [p for p in done if p.fires]
    if not firing:
        return FirePoints(tuple(done), (note("no unit can fire", "6.0"),), Fraction(0),
                          False, False, None)
    artillery = all(p.shell for p in firing)
    if not artillery:
        done = [_to_small_arms_row(p) if p.fires and p.shell else p for p in done]
        firing = [p for p in done if p.fires]
    total = sum((p.fp for p in firing), Fraction(0))
    names = ", ".join(p.unit_id for p in firing)
    terms = [FpTerm(f"fire points of {names}", "=", total,
                    "1.23" if len(firing) > 1 else "6.0", total)]
    causes = fire_point_causes(target)
    if causes is not None:
        if causes.mixed:
            what = " and ".join(c.value for c in sorted(causes.value, key=lambda c: c.value))
            terms.append(note(causes.note(f"target {what or 'in no square, order or rout'}"),
                               effects.rules["majority"], total))
        for cause in sorted(causes.value, key=lambda c: list(TargetCause).index(c)):
            factor = cause_factor(frozenset({cause}))
            total *= factor
            label = "target routed" if cause is TargetCause.ROUTED else f"target in {cause.value}"
            terms.append(FpTerm(label, "×", factor, cause_rule(cause), total))
    sharpshooters = situation.at_officer and all(
        not p.guns and f.unit.defn.weapon is SmallArms.S
        for f, p in zip(firers, done, strict=True) if p.fires)
    if not artillery and total < effects.small_arms_minimum:
        rule = effects.rules["small_arms_minimum"]
        if sharpshooters:
            terms.append(note("under ½ FP: sharpshooters at an officer, only an unmodified 66",
                               rule, total))
        else:
            terms.append(note("under ½ FP: no effect", rule, total))
    first = fire_tables().headings[True][0]
    if artillery and total < first:
        terms.append(note(f"under {show(first)} artillery FP: first column, dice-roll penalty",
                           effects.rules["artillery_under_first_column"], total))
    column = fcrt_column(total, artillery, sharpshooter_at_officer=sharpshooters)
    return FirePoints(tuple(done), tuple(terms), total, artillery,
                      all(p.guns for p in firing), column)

