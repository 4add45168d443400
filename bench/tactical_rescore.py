"""Saved tactical games judged again by the scenario's victory points as they stand
(`bench/history.py --load FILE --rescore`): the points are worked out from what the save
holds (men lost by arm, guns lost, the holder of each victory place) through the rules' own
scoring (`rules/victory.side_points`), so a change to the points can be seen apart from the
change it makes to the play. Exact while the save's men convert back to whole SPs at the
record's scale; the scenario's sudden-death conditions are not read."""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path

from gameapp.core.rules.victory import Lost, on_points, side_points
from gameapp.core.scenario import load_scenario
from gameapp.core.units import Side, UnitKind


def judged(scenario_path: Path, men: dict[Side, dict[UnitKind, int]], guns: dict[Side, int],
           holders: dict[str, Side | None], men_per_sp: Mapping[UnitKind, int]
           ) -> tuple[Side | None, str, dict[Side, float]]:
    """(winner, level, each side's points) of a saved game by the scenario's points now;
    `men_per_sp`: the record's scale (a battery SP is one gun's crew)."""
    scenario = load_scenario(scenario_path)

    def lost(side: Side) -> Lost:
        arms = men[side]
        sps = sum(arms.get(kind, 0) / men_per_sp[kind]
                  for kind in (UnitKind.INFANTRY, UnitKind.CAVALRY))
        crews = arms.get(UnitKind.ARTILLERY, 0) / men_per_sp[UnitKind.ARTILLERY]
        return Lost(round(sps), round(crews), guns[side])

    points = {side: side_points(scenario, side,
                                [v for v in scenario.victory_hexes
                                 if holders.get(v.name or scenario.map.hex_id(v.hex)) is side],
                                lost(side.other))
              for side in Side}
    result = on_points(points)
    return result.winner, result.level, {s: points[s].total for s in Side}
