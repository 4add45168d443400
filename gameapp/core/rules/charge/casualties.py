"""Casualties of a charge: units making rout movement (8.52) and skirmishers pursued (8.53).

8.52: each unit making rout movement after the charge first loses 1 SP of personnel for every 8
SPs of personnel of the enemy in the hexes of the charge, counted unmodified (no cap, no
multiplier), fractions above ½ up and the rest down (exactly ½ goes down). For routing defenders
the enemy is every unit present in the hexes the charge came from; for routing attackers it is
the defenders in the charged hex (docs/rules.md). Artillery personnel count one per gun.

8.53: mounted cavalry that follow routing skirmishers one hex take 1 SP of them for every 6 SPs
of cavalry, rounded as 8.52. This comes on top of 8.52.

A unit never loses more SPs than it has left.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction

from gameapp.core.rules.charge.tables import ChargeTables, charge_tables, round_casualties
from gameapp.core.rules.datafile import show
from gameapp.core.units import Unit, UnitKind


@dataclass(frozen=True)
class Casualty:
    unit_id: str
    sps: int  # SPs of personnel lost (0 when the ratio rounds to nothing)
    rule: str
    label: str  # how the figure was found

    def __str__(self) -> str:
        return f"{self.rule} {self.unit_id} loses {self.sps} SP: {self.label}"


def personnel_sps(units: Sequence[Unit]) -> int:
    """SPs of personnel: every combat unit's SPs left (artillery one per gun), leaders none."""
    return sum(u.strength for u in units if u.kind is not UnitKind.LEADER)


def _loss(unit: Unit, enemy: int, per: int, what: str, rule: str) -> Casualty:
    exact = Fraction(enemy, per)
    lost = round_casualties(exact)
    label = f"{enemy} {what} / {per} = {show(exact)} → {lost}"
    if lost > unit.strength:
        label += f", all its {unit.strength} SPs"
        lost = unit.strength
    return Casualty(unit.id, lost, rule, label)


def rout_casualties(unit: Unit, enemy_personnel: int, tables: ChargeTables | None = None
                    ) -> Casualty:
    """8.52 for one unit making rout movement."""
    t = tables or charge_tables()
    return _loss(unit, enemy_personnel, t.rout_per, "enemy SPs of personnel in the charge",
                 t.rout_rule)


def pursuit_casualties(skirmisher: Unit, cavalry_sps: int, tables: ChargeTables | None = None
                       ) -> Casualty:
    """8.53 for one routing skirmisher unit followed one hex by `cavalry_sps` of cavalry."""
    t = tables or charge_tables()
    return _loss(skirmisher, cavalry_sps, t.cavalry_per, "SPs of cavalry following one hex",
                 t.cavalry_rule)
