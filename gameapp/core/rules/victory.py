"""Victory: who holds the scenario's victory hexes, what each side has lost, and the result.

- A victory hex is held by the side that last had a combat unit alone in it; at the start it is
  held by the scenario's `holder` (or by nobody).
- Each side scores the points of the victory hexes it holds, and one point for every strength
  point its enemy has lost, counting only units that entered play (002 rule 30: reinforcements
  never brought on count for nobody). Eliminated units count their whole strength.
- The side with more points wins; equal points are a draw. The breakdown lists every term.
"""

from __future__ import annotations

from dataclasses import dataclass

from gameapp.core.breakdown import Breakdown, Term
from gameapp.core.hexgrid import Hex
from gameapp.core.scenario import Scenario
from gameapp.core.state import GameState
from gameapp.core.units import Side, UnitKind


@dataclass(frozen=True)
class VictoryResult:
    points: dict[Side, Breakdown]
    winner: Side | None  # None: a draw

    def lines(self) -> list[str]:
        out = []
        for side, breakdown in self.points.items():
            out.append(f"{side.label}: {breakdown.total:g} points")
            out += [f"  {term}" for term in breakdown]
        out.append("draw" if self.winner is None else f"{self.winner.label} victory")
        return out


def update_holders(state: GameState, victory_hexes: list[Hex]) -> None:
    """A victory hex changes hands when combat units of one side alone stand in it."""
    for h in victory_hexes:
        sides = {u.side for u in state.units_at(h) if u.kind is not UnitKind.LEADER}
        if len(sides) == 1:
            state.holders[h] = sides.pop()


def losses(state: GameState, scenario: Scenario, side: Side) -> int:
    """Strength points `side` has lost among its units that entered play."""
    printed = {d.id: d for d in scenario.order_of_battle.values()} or {
        u.id: u.defn for u in scenario.units}
    lost = 0
    for unit_id in state.entered:
        defn = printed.get(unit_id)
        if defn is None or defn.side is not side:
            continue
        now = state.units.get(unit_id)
        lost += defn.strength - (now.strength if now is not None else 0)
    return lost


def score(state: GameState, scenario: Scenario) -> VictoryResult:
    points: dict[Side, Breakdown] = {}
    for side in Side:
        terms = [Term(f"holds {v.name or 'a victory hex'}", v.points, "scenario victory hexes")
                 for v in scenario.victory_hexes if state.holders.get(v.hex) is side]
        enemy_lost = losses(state, scenario, side.other)
        if enemy_lost:
            terms.append(Term(f"{side.other.label} strength points lost", enemy_lost,
                              "docs/rules.md victory"))
        points[side] = Breakdown.of(terms)
    union, confederate = (points[s].total for s in (Side.UNION, Side.CONFEDERATE))
    winner = None if union == confederate else (Side.UNION if union > confederate
                                                else Side.CONFEDERATE)
    return VictoryResult(points, winner)
