"""The property test: seeded random strategic games on the Hazel map and on both theatre maps,
with the invariants checked after every action (random_games.py): stacking, no unit in an
enemy-occupied hex, SP never below zero, supply points conserved except where spent or
destroyed, every unit accounted for. bench/strategic_soak.py plays many more seeds."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.rulesets.strategic.positions import HAZEL
from tests.rulesets.strategic.random_games import invariant_problems, play, synthetic_scenario


@pytest.mark.parametrize("seed", [1, 2])
def test_random_games_on_the_hazel_map_keep_the_invariants(seed: int) -> None:
    counts = play(HAZEL, seed, weeks=4)
    assert counts["weeks"] == 4 and counts["actions"] > 50


@pytest.mark.parametrize("key", ["east", "west"])
def test_random_games_on_the_theatre_maps_keep_the_invariants(key: str, tmp_path: Path) -> None:
    path = synthetic_scenario(key, tmp_path)
    for seed in (1, 2):
        counts = play(path, seed, weeks=3)
        assert counts["weeks"] == 3 and counts["actions"] > 30


def test_the_invariants_catch_a_broken_position() -> None:
    from gameapp.core.engine import Game
    from gameapp.core.rulesets.strategic.state import StrategicState

    game = Game.from_scenario(HAZEL, seed=1)
    state: StrategicState = game.state
    known = set(state.pieces)
    supply = sum(getattr(p, "supply", 0) for p in state.pieces.values())
    assert invariant_problems(game, known, supply) == []
    del state.pieces["u3"]  # vanished without a record
    state.move("c1", state.pieces["u1"].hex)  # a Confederate in a Union hex
    problems = invariant_problems(game, known, supply)
    assert any("unaccounted for: ['u3']" in p for p in problems)
    assert any(p.startswith("both sides in") for p in problems)
