"""Saves written before the engine was handed its ruleset (commit 0d622ec, the tactical game
only, notation kept as text in the log) still load and replay to the state they were saved in:
the replay must reach the snapshot the old code wrote beside the actions."""

from __future__ import annotations

from pathlib import Path

import pytest
import yaml

from gameapp.core.actions import Fire, Move
from gameapp.core.savegame import load_game, save_data, snapshot

OLD_SAVES = Path(__file__).parents[1] / "fixtures" / "old_saves"


RULES_CHANGED = pytest.mark.xfail(strict=True, reason=(
    "recorded under the rules before issue 24 gave rally checks the morale table's last line: "
    "CS-15GA's 7.35 roll 46 now rallies, so the rout-path answer after it has no decision"))
SCENARIO_CHANGED = pytest.mark.xfail(strict=True, reason=(
    "scenarios/slaughter_mountain.yaml changed after the save (c5f83f6): the hash check "
    "refuses it; already failing on the branch point 464e20a"))


@pytest.mark.parametrize("name", [
    pytest.param("demo_random_seed3", marks=RULES_CHANGED),
    pytest.param("slaughter_mountain_random_seed4", marks=SCENARIO_CHANGED)])
def test_an_old_save_replays_to_its_snapshot(name: str) -> None:
    path = OLD_SAVES / f"{name}.yaml"
    game = load_game(path)  # raises DataError if any action or roll or the snapshot disagrees
    assert len(game.log) == 62
    # the log now keeps action values; their notation is the text the old save wrote
    assert any(isinstance(e.action, Move) for e in game.log)
    assert any(isinstance(e.action, Fire) for e in game.log)
    old = yaml.safe_load(path.read_text(encoding="utf-8"))
    assert [e.notation for e in game.log] == [a["action"] for a in old["actions"]]
    assert snapshot(game.state, game) == old["snapshot"]
    again = save_data(game, path)
    assert again["actions"] == old["actions"] and again["snapshot"] == old["snapshot"]
