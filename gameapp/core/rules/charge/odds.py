"""The odds' effect on morale: the attacker's SPs to the defender's, read on the odds table.

The ratio is exact (Fractions). A column applies from its own ratio up to, but not including, the
next column's: "1.5-1" is 1.5 <= attacker:defender < 2, "1-1.5" is 2/3 <= ratio < 1, and
"<1-3" is every ratio below 1/3. From 7-1 up the last column applies. A defender with no SPs
(only leaders) faces the last column; when neither side has SPs there is nothing to resolve.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

from gameapp.core.breakdown import Term
from gameapp.core.rules.charge.tables import ChargeTables, Loser, OddsColumn, charge_tables
from gameapp.core.rules.datafile import show


@dataclass(frozen=True)
class Odds:
    attacker_sps: Fraction
    defender_sps: Fraction
    column: OddsColumn
    index: int  # the column's place in the table, 0 for "<1-3"
    next_ratio: Fraction | None  # where the next column starts; None for the last
    rule: str

    @property
    def attacker_routs(self) -> bool:
        """AR: the attacker routs at once, without a roll."""
        return self.column.attacker_routs

    @property
    def ratio(self) -> Fraction | None:
        return None if self.defender_sps == 0 else self.attacker_sps / self.defender_sps

    def level_term(self, attacker: bool) -> Term | None:
        """The change to the morale level of the attacker's (or defender's) units, if any."""
        column = self.column
        loser = Loser.ATTACKER if attacker else Loser.DEFENDER
        if column.loser is not loser or not column.points:
            return None
        who = "attacker" if attacker else "defender"
        return Term(f"{column.label}: {who} subtracts {column.points}", -column.points,
                    self.rule)

    @property
    def effect_text(self) -> str:
        column = self.column
        if column.attacker_routs:
            return "AR: the attacker routs"
        if column.loser is None:
            return "NE: no effect on morale"
        who = "attacker" if column.loser is Loser.ATTACKER else "defender"
        return f"{column.effect}: the {who}'s units subtract {column.points} from their morale"

    def lines(self) -> list[str]:
        a, d = show(self.attacker_sps), show(self.defender_sps)
        low = show(self.column.ratio)
        band = f"below {show(self.next_ratio)}" if self.index == 0 and self.next_ratio else (
            f"{low} and up" if self.next_ratio is None else
            f"from {low} up to {show(self.next_ratio)}")
        ratio = "no defending SPs" if self.ratio is None else f"ratio {show(self.ratio)}"
        plural = "" if self.attacker_sps == 1 else "s"
        return [f"{self.rule} {a} SP{plural} to {d} ({ratio}): column {self.column.label} ({band})",
                f"{self.rule} {self.effect_text}"]


def charge_odds(attacker_sps: Fraction | int, defender_sps: Fraction | int,
                tables: ChargeTables | None = None) -> Odds:
    """The odds column for these totals and its effect on morale (AR, nA, NE or nD)."""
    t = tables or charge_tables()
    a, d = Fraction(attacker_sps), Fraction(defender_sps)
    if a < 0 or d < 0:
        raise ValueError("SPs cannot be negative")
    if a == 0 and d == 0:
        raise ValueError("neither side has SPs: there is no charge to resolve")
    index, column = t.column(a, d)
    following = t.columns[index + 1].ratio if index + 1 < len(t.columns) else None
    return Odds(a, d, column, index, following, t.odds_rule)
