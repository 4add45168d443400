"""The morale table's modifiers that depend on the position, each a term with its rule.

Level terms move the morale level (docs/rules.md, "Morale checks"): the officer's bonus, losses
and exhaustion (`morale.level_modifiers`), open flanks (7.27), movement in an enemy front
(3.313) and cavalry rallying far from the enemy (7.25). Roll terms lower the roll: what enemy
fire at the unit would subtract for its ground, density and type.
"""

from __future__ import annotations

from collections.abc import Sequence

from gameapp.core.breakdown import Term
from gameapp.core.hexgrid import Hex
from gameapp.core.mapdata import HexMap
from gameapp.core.rules.exhaustion import level_of
from gameapp.core.rules.fire.enfilade import Enfilade, enfilade
from gameapp.core.rules.fire.field import fire_check
from gameapp.core.rules.fire.inputs import TargetInput
from gameapp.core.rules.fire.lineoffire import slope_top_counts, steep_slope_counts
from gameapp.core.rules.fire.modifiers import target_modifiers
from gameapp.core.rules.front import front_hexes
from gameapp.core.rules.morale import exhaustion_term, is_formed, level_modifiers
from gameapp.core.rules.sight.block import Conventions
from gameapp.core.state import GameState
from gameapp.core.terrain import HexFeature, HexsideFeature, Slope
from gameapp.core.units import Formation, Status, Unit, UnitKind

OPEN_FLANK_OTHER_BRIGADE = -1  # 7.27, per flank
OPEN_FLANK_EMPTY = -2  # 7.27, per flank
FLANK_DIRECTIONS = (2, -2)  # left and right: the neighbours 120 degrees off the facing
FRONT_MPS_PER_POINT = 6  # 3.313: -1 for every 6 MPs spent in the enemy front
FRONT_SPS_PER_POINT = 2  # 3.313: -1 for every 2 enemy SPs
FRONT_ENFILADE = {Enfilade.PARTIAL: -4, Enfilade.FULL: -6}  # 3.313
CAVALRY_RALLY_BONUS = 6  # 7.25
CAVALRY_RALLY_DISTANCE = 15  # 7.25: hexes


def officer_bonus(state: GameState, unit: Unit) -> int:
    """The best morale bonus of the unit's own leaders stacked with it."""
    return max((u.defn.leader_morale_bonus for u in state.units_at(unit.hex)
                if u.kind is UnitKind.LEADER and u.side is unit.side), default=0)


def standing_terms(state: GameState, game_map: HexMap, unit: Unit) -> list[Term]:
    """The level terms every check shares: officer, losses, exhaustion, open flanks."""
    terms = level_modifiers(unit, officer_bonus(state, unit),
                            exhaustion_term(level_of(state, unit)))
    return terms + open_flank_terms(state, game_map, unit)


def open_flank_terms(state: GameState, game_map: HexMap, unit: Unit) -> list[Term]:
    """7.27: an infantry unit in line (not a detachment) checks with each flank hex: a formed
    friendly unit of its brigade there costs nothing, of another brigade -1, none -2."""
    if (unit.kind is not UnitKind.INFANTRY or unit.defn.detachment
            or unit.formation is not Formation.LINE or Status.ROUTED in unit.status):
        return []
    terms = []
    for turn, side in zip(FLANK_DIRECTIONS, ("left", "right"), strict=True):
        h = unit.hex.neighbor((unit.facing + turn) % 6)
        formed = [u for u in state.units_at(h) if u.side is unit.side
                  and u.kind is not UnitKind.LEADER and is_formed(u)]
        where = f"{side} flank {game_map.hex_id(h)}" if game_map.contains(h) else f"{side} flank"
        if any(u.defn.brigade == unit.defn.brigade for u in formed):
            continue
        if formed:
            terms.append(Term(f"{where}: formed unit of another brigade",
                              OPEN_FLANK_OTHER_BRIGADE, "7.27"))
        else:
            terms.append(Term(f"{where}: no formed unit", OPEN_FLANK_EMPTY, "7.27"))
    return terms


def fronting_enemies(state: GameState, game_map: HexMap, unit: Unit) -> list[Unit]:
    """The enemy units whose front holds the unit's hex."""
    return [e for e in state.side_units(unit.side.other)
            if e.kind is not UnitKind.LEADER and unit.hex in front_hexes(e, game_map)]


def front_terms(state: GameState, game_map: HexMap, unit: Unit) -> list[Term]:
    """3.313: a check for a change in an enemy front loses 1 per 6 MPs spent in the front this
    phase, 1 per 2 SPs of the enemy units whose front it is in, and 4 or 6 for partial or
    full enfilade by one of them (the worst)."""
    terms = []
    mps = state.front_mp.get(unit.id, 0)
    if mps // FRONT_MPS_PER_POINT:
        terms.append(Term(f"{mps} MPs spent in the enemy front", -(mps // FRONT_MPS_PER_POINT),
                          "3.313"))
    enemies = fronting_enemies(state, game_map, unit)
    sps = sum(e.strength for e in enemies)
    if sps // FRONT_SPS_PER_POINT:
        terms.append(Term(f"{sps} enemy SPs whose front it is in",
                          -(sps // FRONT_SPS_PER_POINT), "3.313"))
    worst = min((FRONT_ENFILADE.get(enfilade(e.hex, unit), 0) for e in enemies), default=0)
    if worst:
        name = "full" if worst == FRONT_ENFILADE[Enfilade.FULL] else "partial"
        terms.append(Term(f"{name} enfilade by an enemy in front", worst, "3.313"))
    return terms


def protection_terms(state: GameState, game_map: HexMap, unit: Unit,
                     enemies: Sequence[Unit] = ()) -> list[Term]:
    """What enemy fire at the unit's hex would subtract for its ground, density and type
    (the morale table's last line). Hexsides and slopes count as seen from `enemies`; with
    none, only the hex itself counts."""
    h = unit.hex
    units = tuple(u for u in state.units_at(h) if u.side is unit.side)
    crossed = HexsideFeature.NONE
    for enemy in enemies:
        if enemy.hex != h:
            crossed |= game_map.hexside_at(h, h.direction_to(enemy.hex.line_to(h)[-2]) or 0)
    features = game_map.features_at(h)
    if not any(slope_top_counts(game_map, e.hex, h) for e in enemies):
        features &= ~HexFeature.SLOPE_TOP
    slopes = (Slope.STEEP_UP,) if any(steep_slope_counts(game_map, e.hex, h)
                                      for e in enemies) else ()
    target = TargetInput(units=units, terrain=game_map.terrain_at(h), features=features,
                         hexsides=crossed, slopes=slopes,
                         parallel_to_hexside=along_the_wall(h, units, enemies, crossed),
                         sps=tuple((u.id, u.strength) for u in units))
    return [Term(f"enemy fire would subtract: {t.label}", t.value, t.rule)
            for t in target_modifiers(target) if t.value < 0]


def as_level_terms(roll_terms: Sequence[Term]) -> list[Term]:
    """Roll terms for a check whose roll serves several units (a charge's stack) or whose record
    keeps only a level (a rally): what lowers the roll by n raises the level by n, the same
    comparison along the d66 sequence."""
    return [Term(f"{t.label} (roll {int(t.value):+d}, as level)", -t.value, t.rule)
            for t in roll_terms]


def along_the_wall(h: Hex, units: Sequence[Unit], enemies: Sequence[Unit],
                   crossed: HexsideFeature) -> bool:
    """TEC N8: the units in `h` stand in line and every enemy comes at them across a hexside in
    their front (the test the fire phase makes for a wall or fence)."""
    lines = [u for u in units if u.kind is not UnitKind.LEADER]
    if not crossed or not lines or not enemies:
        return False
    fronts = {(u.facing + k) % 6 for u in lines for k in (-1, 0, 1)}
    directions = {h.direction_to(e.hex.line_to(h)[-2]) for e in enemies if e.hex != h}
    return all(u.formation is Formation.LINE for u in lines) and directions <= fronts


def cavalry_rally_term(state: GameState, game_map: HexMap, unit: Unit,
                       conventions: Conventions = ()) -> Term | None:
    """7.25: cavalry rallying gains 6 when no enemy unit within 15 hexes has it in its field
    of fire."""
    if unit.kind is not UnitKind.CAVALRY:
        return None
    everyone = list(state.units.values())
    for enemy in state.side_units(unit.side.other):
        if enemy.kind is UnitKind.LEADER or enemy.hex.distance(unit.hex) > CAVALRY_RALLY_DISTANCE:
            continue
        if fire_check(enemy, unit.hex, everyone, game_map, conventions).cell is not None:
            return None
    return Term(f"cavalry rallying, no enemy within {CAVALRY_RALLY_DISTANCE} hexes has it in "
                "its field of fire", CAVALRY_RALLY_BONUS, "7.25")
