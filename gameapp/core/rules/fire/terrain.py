"""The terrain effects chart read for fire: firing limits (N1, N8) and terrain modifiers (N3).

Firing limit: the hex terrain's standing or covered figure for personnel; for guns N1's figure
(twice the standing FL, or the row's fixed six). Covered "+n" additions of the hex's additional
features count, and those of a hexside feature only for fire across it (N8); a plain number in a
feature or hexside row (the deep cut's 4/0) caps the limit.

Terrain modifiers: one hex terrain row, then every additional feature and hexside feature given
(cumulative, N3; hexsides only for a target in line along them with the fire across, N8), then
every slope given (cumulative with everything). Standing figures against standing personnel and
guns, covered figures against covered personnel; a shaken target stands in clear (7.51.c).
"""

from __future__ import annotations

from gameapp.core.breakdown import Term
from gameapp.core.rules.fire.inputs import FiringLimit, TargetInput
from gameapp.core.rules.fire.target import Majority, Posture, majority, posture
from gameapp.core.rules.tables import Effect, TerrainEntry, terrain_effects
from gameapp.core.terrain import HexFeature, HexsideFeature, Slope, Terrain

_CHARGE_ONLY_NOTE = 16  # a modifier the chart keeps for charges across the hexside


def firing_limit(terrain: Terrain, *, covered: bool = False, guns: bool = False,
                 features: HexFeature = HexFeature.NONE,
                 across: HexsideFeature = HexsideFeature.NONE) -> FiringLimit:
    """The FL of a hex for the firer's personnel (standing or covered) or its guns."""
    chart = terrain_effects()
    entry = chart.terrain_entry(terrain)
    if guns:
        fixed = entry.gun_firing_limit
        value = chart.gun_firing_limit(entry)
        if value is None:
            raise ValueError(f"{entry.key} has no firing limit for guns")
        how = f"{fixed} in {entry.key}" if fixed is not None else \
            f"{chart.gun_fl_factor} × standing FL of {entry.key}"
        return FiringLimit(value, "TEC N1", f"guns: {how}")
    side = "covered" if covered else "standing"
    base = _cell(entry, covered)
    if base.value is None:
        raise ValueError(f"{entry.key} has no {side} firing limit")
    sps, parts, rules = base.value, [f"{entry.key}, {side} {base.value}"], [entry.rule]
    extra = chart.feature_entries(features) + chart.hexside_entries(across)
    for row in extra:
        cell = _cell(row, covered)
        if cell.value is None:
            continue
        if cell.additive:
            sps += cell.value
            parts.append(f"+{cell.value} {row.key}")
        elif cell.value < sps:
            sps = cell.value
            parts.append(f"{row.key} {cell.value}")
        rules.append(row.rule)
    return FiringLimit(sps, ", ".join(rules), " ".join(parts))


def _cell(entry: TerrainEntry, covered: bool) -> Effect:
    return entry.firing_limit.covered if covered else entry.firing_limit.standing


def _modifier(entry: TerrainEntry, posture: Posture) -> Term | None:
    pair = entry.fire_modifier
    cell = pair.covered if posture is Posture.COVERED else pair.standing
    if cell.value is None or cell.value == 0:
        return None
    return Term(f"{entry.key}, {posture.value}", cell.value, entry.rule)


def terrain_terms(target: TargetInput, posture: Posture) -> list[Term]:
    """The terrain dice-roll modifiers for a target in `posture` (none when standing in clear)."""
    if posture is Posture.CLEAR:
        return []
    chart = terrain_effects()
    rows = [chart.terrain_entry(target.terrain), *chart.feature_entries(target.features)]
    if target.parallel_to_hexside:
        rows += [e for e in chart.hexside_entries(target.hexsides)
                 if _CHARGE_ONLY_NOTE not in e.notes]
    rows += [chart.slope_entry(s) for s in target.slopes if s is not Slope.LEVEL]
    return [term for row in rows if (term := _modifier(row, posture)) is not None]


def terrain_total(target: TargetInput, posture: Posture) -> int:
    return int(sum(t.value for t in terrain_terms(target, posture)))


def postures(target: TargetInput) -> Majority[Posture] | None:
    """The target's posture by the majority rule (6.63); ties go to the lower terrain total."""
    return majority(target, lambda u: posture(u, target), lambda p: terrain_total(target, p))
