"""The attacker's and the defender's SPs for a charge (1.25, 8.0 tables, TEC N1), step by step.

Each unit is worked on its own, in this order, and a side's total is the sum of its units:

1. its SPs left (artillery: its personnel, one per gun);
2. capped by the stacking limit of its hex (TEC N1: the SPs that may charge from, or defend, a
   hex; each cavalry SP uses two of the limit). The attacker's cap is the limit of the hex each
   unit charges from, shared by the units charging from that hex; the defender's is the limit of
   the charged hex. Units are served in the order given; only whole SPs fit;
3. the attacker: column x1½ (8.13), cavalry charging a square x½ (2.55.g), then the
   orientation: x1 from the defender's front, x1½ from its rear, x2 from its flank;
   the defender: road column x½ (2.53.b), then the terrain rows in the chart's order (the
   starred slope row, woods or under cover, town);
4. after every multiplication, fractions below ½ go down, above ½ go up; exactly ½ is kept
   (`data/charge.yaml` rounding.exactly_half).

The defender's formation and facing (for orientation and for cavalry charging a square) are
those of its largest unit (most SPs left; the first given on a tie). Leaders have no SPs.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction

from gameapp.core.breakdown import FigureStep
from gameapp.core.hexgrid import Hex
from gameapp.core.mapdata import HexMap
from gameapp.core.rules.charge.geometry import Grade, Position, charged_slope, position
from gameapp.core.rules.charge.tables import ChargeTables, Factor, charge_tables, round_sps
from gameapp.core.rules.datafile import show
from gameapp.core.rules.tables import TerrainEffects, terrain_effects
from gameapp.core.terrain import Terrain
from gameapp.core.units import Formation, Status, Unit, UnitKind

Step = FigureStep  # a step of a unit's SPs


@dataclass(frozen=True)
class UnitSps:
    unit_id: str
    steps: tuple[Step, ...]
    sps: Fraction


@dataclass(frozen=True)
class SideStrength:
    attacker: bool
    units: tuple[UnitSps, ...]
    notes: tuple[Step, ...]  # what holds for the whole side (the reference defender, 7.51.d)
    total: Fraction

    def lines(self) -> list[str]:
        side = "attacker" if self.attacker else "defender"
        out = [str(note) for note in self.notes]
        for unit in self.units:
            out += [f"{unit.unit_id}: {_line(step)}" for step in unit.steps]
        names = " + ".join(show(u.sps) for u in self.units) or "0"
        return [*out, f"{side}'s SPs: {names} = {show(self.total)}"]


def _line(step: Step) -> str:
    """A step in words; the starting SPs are in the label already ("8.0 5 SPs")."""
    return f"{step.rule} {step.label}" if step.op == "=" else str(step)


class _Worker:
    """Runs one unit's steps, rounding after every multiplication."""

    def __init__(self, unit: Unit, tables: ChargeTables) -> None:
        self.tables = tables
        self.value = Fraction(unit.strength)
        what = "guns' personnel" if unit.kind is UnitKind.ARTILLERY else "SPs"
        self.steps = [Step(f"{unit.strength} {what}", "=", self.value, "8.0", self.value)]

    def cap(self, allowed: int, label: str, rule: str) -> None:
        if allowed < self.value:
            self.value = Fraction(allowed)
            self.steps.append(Step(label, "≤", self.value, rule, self.value))

    def times(self, label: str, factor: Factor, rule: str | None = None) -> None:
        exact = self.value * factor.factor
        self.steps.append(Step(label, "×", factor.factor, rule or factor.rule, exact))
        t = self.tables
        self.value = round_sps(exact, t.exactly_half)
        if self.value != exact:
            self.steps.append(Step("rounded: below ½ down, above ½ up", "≈", self.value,
                                   t.rounding_rule, self.value))
        elif exact.denominator == 2 and factor.factor != 1:
            self.steps.append(Step(f"exactly ½ is {t.exactly_half.value}", "note", Fraction(0),
                                   t.rounding_rule, self.value))

    def done(self, unit: Unit) -> UnitSps:
        return UnitSps(unit.id, tuple(self.steps), self.value)


def _troops(units: Sequence[Unit]) -> list[Unit]:
    return [u for u in units if u.kind is not UnitKind.LEADER]


def reference_defender(defenders: Sequence[Unit]) -> Unit | None:
    """The defender whose formation and facing count: the largest (the first given on a tie)."""
    troops = _troops(defenders)
    return max(troops, key=lambda u: u.strength) if troops else None


def defender_hex(defenders: Sequence[Unit]) -> Hex:
    hexes = {u.hex for u in defenders}
    if len(hexes) != 1:
        raise ValueError("the defenders of a charge stand in one hex")
    return hexes.pop()


class _Caps:
    """TEC N1: each hex lets so many infantry-equivalent SPs charge from it or defend it."""

    def __init__(self, game_map: HexMap, chart: TerrainEffects) -> None:
        self.map, self.chart = game_map, chart
        self.used: dict[Hex, int] = {}

    def apply(self, unit: Unit, worker: _Worker) -> None:
        terrain = self.map.terrain_at(unit.hex)
        limit = self.chart.terrain_entry(terrain).stacking.value
        if limit is None:
            return
        weight = self.chart.cavalry_sp_weight if unit.kind is UnitKind.CAVALRY else 1
        used = self.used.get(unit.hex, 0)
        allowed = min(unit.strength, max(0, limit - used) // weight)
        self.used[unit.hex] = used + allowed * weight
        label = f"stacking limit {limit} in {terrain.label}"
        if weight > 1:
            label += f", each cavalry SP counting {weight}"
        if used:
            label += f", {used} of it taken already"
        worker.cap(allowed, label, "TEC N1")


_POSITION_LABEL = {Position.FRONT: "from the defender's front", Position.REAR:
                   "from the defender's rear", Position.FLANK: "on the defender's flank"}


def attacker_strength(attackers: Sequence[Unit], defenders: Sequence[Unit], game_map: HexMap,
                      tables: ChargeTables | None = None, chart: TerrainEffects | None = None
                      ) -> SideStrength:
    """The charging units' SPs; each unit charges from its own hex (`unit.hex`)."""
    t, caps = tables or charge_tables(), _Caps(game_map, chart or terrain_effects())
    defender_hex(defenders)  # one hex, or ValueError
    ref = reference_defender(defenders)
    notes = _reference_notes(defenders, ref, t)
    done = []
    for unit in _troops(attackers):
        worker = _Worker(unit, t)
        caps.apply(unit, worker)
        if unit.formation is Formation.COLUMN:
            worker.times("charging in column", t.attacker_column)
        cavalry = unit.kind is UnitKind.CAVALRY and unit.formation is not Formation.DISMOUNTED
        if cavalry and ref is not None and ref.formation is Formation.SQUARE:
            worker.times(f"cavalry charging a square ({ref.id})", t.cavalry_charging_square)
        if ref is not None:
            where = position(unit.hex, ref)
            factor = t.orientation[where.value]
            if Status.ROUTED in ref.status:
                worker.times(f"{ref.id} routed: charged as on its flank", factor, t.routed_rule)
            else:
                worker.times(f"{_POSITION_LABEL[where]} ({game_map.hex_id(unit.hex)})", factor)
        done.append(worker.done(unit))
    return SideStrength(True, tuple(done), notes, sum((u.sps for u in done), Fraction(0)))


def _reference_notes(defenders: Sequence[Unit], ref: Unit | None, t: ChargeTables
                     ) -> tuple[Step, ...]:
    if ref is None:
        return ()
    notes = []
    if len(_troops(defenders)) > 1:
        notes.append(Step(f"the defender's formation and facing are those of its largest "
                          f"unit, {ref.id} ({ref.formation.value})", "note", Fraction(0),
                          "R&C reference defender", Fraction(0)))
    if Status.SHAKEN in ref.status:
        notes.append(Step(f"{ref.id} shaken: keeps its formation and facing", "note",
                          Fraction(0), t.shaken_rule, Fraction(0)))
    return tuple(notes)


def _terrain_rows(game_map: HexMap, target: Hex, attackers: Sequence[Unit], t: ChargeTables
                  ) -> tuple[tuple[str, Factor] | None, bool, bool]:
    """(the starred slope row that counts, the hex is woods, the hex is a town)."""
    slope = charged_slope(game_map, [u.hex for u in _troops(attackers)], target)
    row = None
    if slope is not None:
        grade, top = slope
        key = f"{grade.value}_slope_{'top' if top else 'hex'}"
        what = "slope top" if top else "slope hex"
        steep = "steep" if grade is Grade.STEEP else "gentle"
        row = (f"{steep} {what}, the attacker charging up from lower ground", t.terrain[key])
    terrain = game_map.terrain_at(target)
    return row, terrain in t.woods, terrain is Terrain.TOWN


def defender_strength(defenders: Sequence[Unit], attackers: Sequence[Unit], game_map: HexMap,
                      tables: ChargeTables | None = None, chart: TerrainEffects | None = None
                      ) -> SideStrength:
    """The charged units' SPs; the attackers' hexes decide whether the slope counts."""
    t, caps = tables or charge_tables(), _Caps(game_map, chart or terrain_effects())
    target = defender_hex(defenders)
    slope, woods, town = _terrain_rows(game_map, target, attackers, t)
    terrain = game_map.terrain_at(target).label
    done = []
    for unit in _troops(defenders):
        worker = _Worker(unit, t)
        caps.apply(unit, worker)
        if unit.formation is Formation.ROAD_COLUMN:
            worker.times("charged in road column", t.defender_road_column)
        if slope is not None:
            worker.times(*slope)
        covered = Status.COVER in unit.status and not ({Status.SHAKEN, Status.ROUTED}
                                                        & unit.status)
        if woods or covered:
            worker.times(f"in {terrain}" if woods else "under cover",
                         t.terrain["woods_or_under_cover"])
        if town:
            worker.times("in a town", t.terrain["town"])
        done.append(worker.done(unit))
    return SideStrength(False, tuple(done), (), sum((u.sps for u in done), Fraction(0)))
