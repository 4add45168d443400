"""bench/strategic_balance.py: a saved game's distance from history's par, worked by hand on
East '62 (par -3), and the win record a balance gives."""

from __future__ import annotations

import json
import math
from pathlib import Path

from bench.strategic_balance import distances, half_point, record
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
    assert record(offs, half_point(-5.3)).startswith("Union 3, Confederacy 1, draws 0")
    assert [half_point(x) for x in (-5.25, -5.5, 2.0, 2.75)] == [-5.0, -5.5, 2.0, 3.0]
