"""The dice-roll modifiers of a fire attack, each a term with its rule.

Terrain (TEC, N3, N8; the target's posture by the majority rule, 6.63), target density, the
target's type (by majority), target movement, the firers' movement and exhaustion (the worst
among them), the column's own modifier (above the highest column, guns under 2 FP), an officer's
bonus, fire at an officer, and the sun. Terms worth 0 are left out, except notes that explain
why a figure did not count (the majority rule, a shaken target in clear).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from gameapp.core.breakdown import Breakdown, Term
from gameapp.core.rules.fire.inputs import FirerInput, Situation, Sun, TargetInput, TargetMovement
from gameapp.core.rules.fire.tables import fire_tables
from gameapp.core.rules.fire.target import (
    Posture,
    TargetType,
    density_sps,
    target_types,
    type_drm,
)
from gameapp.core.rules.fire.terrain import postures, terrain_terms
from gameapp.core.units import SmallArms, Status, UnitKind

if TYPE_CHECKING:
    from gameapp.core.rules.fire.points import FirePoints

_TYPE_LABELS = {
    TargetType.MOUNTED_OR_LIMBERED: "target mounted cavalry or limbered artillery",
    TargetType.UNDER_COVER: "target dismounted cavalry or artillery under cover",
    TargetType.US_SHARPSHOOTER_UNDER_COVER: "target U.S. sharpshooters under cover",
}


def _terrain(target: TargetInput) -> list[Term]:
    found = postures(target)
    if found is None:
        return []
    rules = fire_tables().effects.rules
    terms = []
    if found.mixed:
        terms.append(Term(found.note(found.value.value), 0, rules["majority"]))
    if found.value is Posture.CLEAR:
        terms.append(Term("shaken target: standing in clear", 0, rules["shaken_target"]))
    return terms + terrain_terms(target, found.value)


def _density(target: TargetInput) -> list[Term]:
    mods = fire_tables().modifiers
    sps = density_sps(target)
    gap = sps - mods.density_standard
    value = gap * mods.density_over if gap > 0 else -gap * mods.density_under
    if not value:
        return []
    label = f"target density {sps} {'gun SPs' if target.at_guns else 'SPs'}"
    if not target.at_guns and any(u.kind is UnitKind.ARTILLERY for u in target.units):
        label += " (artillery personnel count double)"
    return [Term(label, value, mods.rules["density"])]


def _target_type(target: TargetInput) -> list[Term]:
    found = target_types(target)
    if found is None:
        return []
    terms = []
    if found.mixed:
        what = _TYPE_LABELS.get(found.value, "no target-type modifier")
        terms.append(Term(found.note(what), 0, fire_tables().effects.rules["majority"]))
    if found.value is not TargetType.NONE:
        label = _TYPE_LABELS[found.value]
        if any(u.id in target.horse_holders for u in target.units):
            label += " (horse holders count as mounted, 5.28)"
        terms.append(Term(label, type_drm(found.value), fire_tables().modifiers.rules[
            "target_type"]))
    return terms


def _moved(firer: FirerInput) -> tuple[int, str]:
    mods, status = fire_tables().modifiers, firer.unit.status
    if Status.CHARGE in status and Status.HALF_MOVED in status:
        return mods.charge_half_moved, f"{firer.unit.id} charging and half moved (Ch and HM)"
    if Status.MOVED in status or Status.HALF_MOVED in status:
        marker = "M" if Status.MOVED in status else "HM"
        return mods.moved, f"{firer.unit.id} moved ({marker})"
    return 0, ""


def _firers(firing: list[FirerInput]) -> list[Term]:
    mods = fire_tables().modifiers
    terms = []
    moved = min((_moved(f) for f in firing), default=(0, ""), key=lambda m: m[0])
    if moved[0]:
        terms.append(Term(moved[1], moved[0], mods.rules["moved"]))
    level = max((f.exhaustion for f in firing), default=0)
    drm = next((d for low, d in reversed(mods.exhaustion) if level >= low), 0)
    if drm:
        terms.append(Term(f"exhaustion level {level} (worst among the firers)", drm,
                          mods.rules["exhaustion"]))
    return terms


def _situation(situation: Situation, firing: list[FirerInput]) -> list[Term]:
    mods = fire_tables().modifiers
    terms = []
    if situation.target_movement is not TargetMovement.NONE:
        value = mods.target_movement[situation.target_movement.value]
        if value:
            terms.append(Term(f"target {situation.target_movement.value.replace('_', ' ')}",
                              value, mods.rules["target_movement"]))
    if situation.officer_bonus:
        terms.append(Term("officer bonus", situation.officer_bonus, mods.rules["officer_bonus"]))
    if situation.at_officer:
        sharpshooters = bool(firing) and all(f.unit.defn.weapon is SmallArms.S for f in firing)
        value = mods.target_officer_sharpshooter if sharpshooters else mods.target_officer
        label = "target is an officer" + (", sharpshooters firing" if sharpshooters else "")
        terms.append(Term(label, value, mods.rules["target_officer"]))
    if situation.sun is not Sun.DAY:
        key, label = situation.sun.value, situation.sun.value
        if situation.sun is Sun.DUSK and situation.facing_nw_or_w:
            key, label = "dusk_facing_nw_or_w", "dusk, firing towards NW or W"
        terms.append(Term(label, mods.sun[key], mods.rules["sun"]))
    return terms


def target_modifiers(target: TargetInput) -> list[Term]:
    """The modifiers the target's own ground, density and type bring to fire at it (the ones a
    morale check subtracts, 7.2)."""
    return _terrain(target) + _density(target) + _target_type(target)


def dice_modifiers(firers: list[FirerInput], target: TargetInput,
                   situation: Situation | None = None,
                   points: FirePoints | None = None) -> Breakdown:
    """Every dice-roll modifier of the attack, each with its rule.

    `points` is the attack's `fire_points(...)` when the caller has it already.
    """
    situation = situation or Situation()
    if points is None:
        from gameapp.core.rules.fire.points import fire_points

        points = fire_points(firers, target, situation)
    firing = [f for f, p in zip(firers, points.firers, strict=True) if p.fires]
    terms = _terrain(target) + _density(target) + _target_type(target) + _firers(firing)
    if points.column is not None and points.column.modifier is not None:
        terms.append(points.column.modifier)
    terms += _situation(situation, firing) + list(situation.duel_notes)
    if situation.drm_cap:
        terms += capped(terms)
    return Breakdown.of(terms)


DRM_CAP = 10
DRM_CAP_RULE = "002 14"


def capped(terms: list[Term]) -> list[Term]:
    """002 14 (option drm_cap): no roll is modified by more than 10 either way; the term that
    brings a larger total back to 10, or nothing."""
    total = int(sum(t.value for t in terms))
    if abs(total) <= DRM_CAP:
        return []
    limit = DRM_CAP if total > 0 else -DRM_CAP
    return [Term(f"modifiers capped at {limit:+d}", limit - total, DRM_CAP_RULE)]
