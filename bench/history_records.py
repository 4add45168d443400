"""The record each historical scenario is measured against by bench/history.py, and the scale
that turns its strength points into men. Sources are cited beside each figure."""

from __future__ import annotations

from dataclasses import dataclass, field

from gameapp.core.units import Side, UnitKind


@dataclass(frozen=True)
class Scale:
    """Men per strength point by arm. Artillery SPs are guns: the men of a gun are its crew."""

    infantry: int = 100
    cavalry: int = 100
    gun_crew: int = 20

    def men(self, kind: UnitKind, sps: int) -> int:
        per = {UnitKind.INFANTRY: self.infantry, UnitKind.CAVALRY: self.cavalry,
               UnitKind.ARTILLERY: self.gun_crew}.get(kind, 0)
        return per * sps

    def describe(self) -> str:
        return (f"1 infantry SP = {self.infantry} men, 1 cavalry SP = {self.cavalry} men, "
                f"1 artillery SP = 1 gun = {self.gun_crew} gunners")


@dataclass(frozen=True)
class Record:
    scale: Scale
    men: dict[Side, int]  # men lost
    guns: dict[Side, str]  # guns lost, as the record words it
    holders: dict[str, str]  # victory place -> who held it at the end
    winner: Side | None
    outcome: str
    arms: dict[tuple[Side, UnitKind], str] = field(default_factory=dict)

    @property
    def loss_ratio(self) -> float:
        return self.men[Side.UNION] / self.men[Side.CONFEDERATE]

    def winner_text(self, side: Side) -> str:
        return self.outcome if side is self.winner else ""

    def arm_text(self, side: Side, arm: UnitKind) -> str:
        return self.arms.get((side, arm), "")


CONFEDERATE = "Confederate"
RECORDS: dict[str, Record] = {
    # Cedar Mountain, 9 August 1862 (shared/research/cedar_mountain.md; docs/slaughter-mountain.md):
    # losses Union 2,353 (314 k, 1,445 w, 594 m), Confederate 1,338 (Friends of Cedar Mountain
    # Battlefield; NPS/CWSAC); the Union lost no gun taken and at most one disabled (the issue's
    # reading of Best's report), one taken by Lee's report (OR XII/2 p. 179: "1 piece of
    # artillery"); Jackson held the field, the gate and the lane at nightfall. On the scenario's
    # victory points that is 34.6 to the Union's 34.8, the line between the sides
    # (docs/slaughter-mountain.md, "Victory points: the reasons").
    # Scale: the counters' 100 men an SP and 20 gunners a gun (counters/cedar_mountain.yaml).
    "slaughter_mountain": Record(
        scale=Scale(),
        men={Side.UNION: 2353, Side.CONFEDERATE: 1338},
        guns={Side.UNION: "0-1", Side.CONFEDERATE: "0"},
        holders={"the gate": CONFEDERATE, "the Crittenden house": CONFEDERATE,
                 "the shelf of Cedar Mountain": CONFEDERATE,
                 "the Orange road exit": CONFEDERATE, "the Madison road exit": CONFEDERATE,
                 "the Culpeper road exit": "Union",
                 "the Mitchell's Station road exit": "Union"},
        winner=Side.CONFEDERATE,
        outcome="Jackson held the field; on the points 34.6 to 34.8, the line",
    ),
}
