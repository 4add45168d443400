"""What the window shows about fire, read from the engine's public API: a unit's field of fire
shaded by range band, who could fire at a unit (its exposure), the targets a group of firers can
combine on with each attack's plan or refusal, and a line of sight explained. Pure Python: the
fire controller, the offscreen render, the benchmark and the tests share it.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from fractions import Fraction
from functools import cached_property

from gameapp.core.actions import Fire
from gameapp.core.breakdown import IllegalActionError
from gameapp.core.engine import Game
from gameapp.core.hexgrid import Hex
from gameapp.core.phases import Phase
from gameapp.core.rules.fire.field import FieldCell, cannot_fire, exposure
from gameapp.core.rules.fire.phase import FirePlan
from gameapp.core.rules.sight.los import LosResult, line_of_sight
from gameapp.core.rulesets.tactical import tactical
from gameapp.core.units import UnitKind
from gameapp.present.fire_bands import FireBand


class CannotFire(Exception):
    """The unit has no field of fire (or cannot fire now), with the reason and rule."""

    def __init__(self, reason: str, rule: str) -> None:
        self.reason = reason
        self.rule = rule
        super().__init__(f"{reason} ({rule})")


def band_of(cell: FieldCell) -> FireBand:
    if cell.canister:
        return FireBand.CANISTER
    factor = cell.effect.factor
    if factor >= 1:
        return FireBand.FULL
    if factor >= Fraction(1, 4):
        return FireBand.STRONG
    if factor >= Fraction(1, 9):
        return FireBand.WEAK
    return FireBand.FAINT


@dataclass(frozen=True)
class FieldHighlight:
    """Every hex a unit could fire at now, each with its range effect."""

    unit_id: str
    origin: Hex
    cells: Mapping[Hex, FieldCell]

    @cached_property
    def bands(self) -> dict[Hex, FireBand]:
        return {h: band_of(c) for h, c in self.cells.items()}

    def counts(self) -> dict[FireBand, int]:
        """How many hexes of each band, in the order of `FireBand`."""
        found = Counter(self.bands.values())
        return {band: found[band] for band in FireBand if found[band]}


def field_highlight(game: Game, unit_id: str) -> FieldHighlight:
    """The unit's field of fire now; CannotFire with the engine's reason when it has none."""
    unit = game.state.units.get(unit_id)
    if unit is None:
        raise CannotFire(f"there is no unit {unit_id!r}", "R&C actions")
    refusal = cannot_fire(unit, game.map)
    if refusal is not None:
        raise CannotFire(f"{unit.defn.name}: {refusal[0]}", refusal[1])
    cells = tactical(game).fire.field(unit_id)
    if not cells:
        raise CannotFire(f"{unit.defn.name} sees no hex it could fire at", "6.0")
    return FieldHighlight(unit_id, unit.hex, cells)


def exposure_of(game: Game, unit_id: str) -> dict[Hex, list[str]]:
    """The enemy units that could fire at the unit now, by the hex they stand in."""
    unit = game.state.units[unit_id]
    return exposure(unit, game.state.units, game.map, game.scenario.los_conventions)


@dataclass(frozen=True)
class TargetOption:
    """One hex the chosen firers could all fire at: the attack, and its plan or refusal."""

    action: Fire
    plan: FirePlan | None
    refusal: IllegalActionError | None = None

    @property
    def target(self) -> Hex:
        return self.action.target

    @property
    def effect(self) -> Fraction:
        """The chance that the attack has any effect (not NE)."""
        return Fraction(0) if self.plan is None else 1 - self.plan.odds.get("NE", Fraction(0))


def why_cannot_fire(game: Game, unit_id: str) -> tuple[str, str] | None:
    """Why the unit cannot take part in a fire attack now (reason, rule); None if it can."""
    unit = game.state.units.get(unit_id)
    if unit is None:
        return f"there is no unit {unit_id!r}", "R&C actions"
    if game.is_over or game.phase is not Phase.FIRE:
        return f"no firing in the {game.phase.value} phase", "1.23"
    acting = game.acting_side
    if unit.side is not acting:
        shot = f"the {acting.label} shot" if acting is not None else "nobody's shot"
        return f"{unit.defn.name} is not yours to fire now: it is {shot}", "1.23"
    if unit_id in game.state.fired:
        return f"{unit.defn.name} has already fired this phase", "1.23"
    refusal = cannot_fire(unit, game.map)
    if refusal is not None:
        return f"{unit.defn.name}: {refusal[0]}", refusal[1]
    if not tactical(game).fire.targets(unit_id):
        return f"{unit.defn.name} has no enemy combat unit in its field of fire", "6.0"
    return None


def fire_options(game: Game, firers: Sequence[str]) -> dict[Hex, TargetOption]:
    """The hexes holding enemy combat units that every firer can hit, each with the engine's
    plan of the combined attack, or its refusal (with reason and rule)."""
    if not firers:
        return {}
    common = set(tactical(game).fire.targets(firers[0]))
    for unit_id in firers[1:]:
        common &= set(tactical(game).fire.targets(unit_id))
    options: dict[Hex, TargetOption] = {}
    for h in sorted(common):
        action = Fire(tuple(firers), h)
        try:
            options[h] = TargetOption(action, tactical(game).fire.plan(action, game.acting_side))
        except IllegalActionError as error:
            options[h] = TargetOption(action, None, error)
    return options


@dataclass(frozen=True)
class Aim:
    """One way the attack on a hex can be aimed: its words and the action it makes."""

    label: str
    action: Fire


def aims(game: Game, option: TargetOption) -> list[Aim]:
    """How the firers may aim at the option's hex: at the personnel (the default, crews
    included), at the guns when enemy artillery stands there, at each enemy officer (6.75).
    The engine may still refuse an aim (only small arms fire at an officer): `plan_aim` says."""
    base = Fire(option.action.firers, option.target)
    side = game.acting_side
    enemy = [u for u in game.state.units_at(option.target) if u.side is not side]
    out = [Aim("the personnel (crews included)", base)]
    if any(u.kind is UnitKind.ARTILLERY for u in enemy):
        out.append(Aim("the guns (gun SPs count)", replace(base, at_guns=True)))
    for u in enemy:
        if u.kind is UnitKind.LEADER:
            out.append(Aim(f"officer {u.defn.name} (6.75)", replace(base, at_officer=u.id)))
    return out


def plan_aim(game: Game, action: Fire) -> TargetOption:
    """The engine's plan of the attack so aimed, or its refusal."""
    try:
        return TargetOption(action, tactical(game).fire.plan(action, game.acting_side))
    except IllegalActionError as error:
        return TargetOption(action, None, error)


@dataclass(frozen=True)
class SightLine:
    start: Hex
    end: Hex
    result: LosResult


def sight_line(game: Game, start: Hex, end: Hex) -> SightLine:
    """The line of sight from `start` to `end`, with the units on the map (they block under the
    scenario's conventions) and as artillery when guns stand in `start`."""
    units = list(game.state.units.values())
    artillery = any(u.hex == start and u.kind is UnitKind.ARTILLERY for u in units)
    result = line_of_sight(game.map, start, end, game.scenario.los_conventions, units=units,
                           artillery=artillery)
    return SightLine(start, end, result)
