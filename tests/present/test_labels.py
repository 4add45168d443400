"""A counter's short name: what it prints when the whole name does not fit (issue 27, item 6)."""

from __future__ import annotations

from pathlib import Path

from gameapp.core.ruleset import load_scenario_file
from gameapp.present.labels import short_name

ROOT = Path(__file__).resolve().parents[2]


def test_short_names_drop_the_side_prefix_of_the_id() -> None:
    scenario = load_scenario_file(ROOT / "scenarios" / "slaughter_mountain.yaml")
    by_id = {u.id: u.defn for u in scenario.units}
    by_id.update({u.id: u.defn for r in scenario.reinforcements for u in r.units})
    assert short_name(by_id["US-109PA"]) == "109PA"
    assert short_name(by_id["US-Roemer"]) == "Roemer"
    names = [short_name(d) for d in by_id.values()]
    assert all(names) and not any(n.startswith(("US-", "CS-")) for n in names)
    assert max(len(n) for n in names) <= 10  # "Taliaferro": fits a counter at the opening zoom
