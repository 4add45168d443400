"""bench/strategic_balance.py: a saved game's distance from history's par, worked by hand on
East '62 (par -3), and the win record a balance gives."""

from __future__ import annotations

import json
import math
from pathlib import Path

from bench.strategic_balance import distances, even_line, record
from gameapp.core.rulesets.strategic.scenario import load_strategic

SCENARIOS = Path(__file__).resolve().parents[2] / "scenarios"


def test_saved_games_distance_from_historys_par(tmp_path: Path) -> None:
    saved = tmp_path / "games.jsonl"
    games = [
        {"seed": 1, "points": {"union": 20, "confederate": 20}, "holders": {}},  # 0 - -3 = +3
        {"seed": 2, "points": {"union": 12, "confederate": 24}, "holders": {}},  # -12 + 3 = -9
        {"seed": 3, "points": {"union": 12, "confederate": 24},
         "holders": {"Richmond, VA": "union"}},  # Richmond taken: the Union's, furthest
        {"seed": 4, "points": {"union": 30, "confederate": 10},
         "holders": {"Washington, DC": "confederate"}},
    ]
    saved.write_text("\n".join(json.dumps(g) for g in games) + "\n", encoding="utf-8")
    found = distances(load_strategic(SCENARIOS / "east_1862.yaml"), saved)
    assert found == {1: 3, 2: -9, 3: math.inf, 4: -math.inf}


def test_a_balance_splits_the_games_above_and_below_it() -> None:
    offs = [-9.0, -5.0, -5.0, 3.0]
    assert record(offs, 0.0).startswith("Union 1, Confederacy 3, draws 0")
    assert record(offs, -5.0).startswith("Union 1, Confederacy 1, draws 2")
    assert record(offs, -5.5).startswith("Union 3, Confederacy 1, draws 0")


def test_the_suggested_balance_is_the_odd_half_point_that_splits_the_games_most_evenly() -> None:
    # East '62's case: the median (-3) is a whole point five games end on. -3.5 leaves 3 above
    # (-3, -3, +1) and 3 below; -2.5 leaves 1 above and 5 below.
    assert even_line([-6.0, -4.0, -4.0, -3.0, -3.0, 1.0]) == -3.5
    # -5.5 leaves 3 above and 1 below, -4.5 1 above and 3 below: as uneven, both 0.5 from the
    # median (-5); -4.5 changes history's par less.
    assert even_line([-9.0, -5.0, -5.0, 3.0]) == -4.5
    # A sudden death counts on its winner's side: 0.5 and 1.5 both split 3 : 2 (median 1).
    assert even_line([-math.inf, -2.0, 1.0, 2.0, math.inf]) == 0.5
