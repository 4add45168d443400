"""Property test (issue 6): random legal games on the demo scenario keep the game's invariants.

Each seed plays the demo with a seeded random player for each side that takes at most
PER_PHASE actions a phase, for at most MAX_ACTIONS actions: about three turns, with fire, routs,
the Broken Track and reinforcements arriving, while the file stays quick on a small machine
(listing the legal actions is what costs). After every action:
- no unit stands on a hex its mover class may not enter (TEC "P"), unless it is in road column on
  a road there (the road carries it, N11);
- no unit's SPs are negative, or above its printed strength;
- every unit of the scenario is in exactly one place: on the map, on the Broken Track, removed
  (eliminated, or an officer incapacitated, tallied from the events `apply` returns) or still to
  arrive (not yet entered);
- no hex is over its stacking limit, unless a rule permits it and the check names that rule
  (bench/invariants.py, docs/rules.md "Over-stacking").
The checks are bench/invariants.py's, which the soak bench (bench/soak.py) runs on whole games.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from bench.invariants import (
    Watch,
    accounting_problems,
    overstacks,
    prohibited_placements,
    strength_problems,
)
from gameapp.ai.random_player import RandomPlayer
from gameapp.core.actions import Action
from gameapp.core.engine import Game
from gameapp.core.units import Formation, Side, Unit, UnitKind

DEMO = Path(__file__).resolve().parents[2] / "scenarios" / "demo.yaml"
SEEDS = range(1, 21)
MAX_ACTIONS = 40
PER_PHASE = 3


def choose(game: Game, players: dict[Side, RandomPlayer]) -> Action:
    side = game.acting_side
    if side is not None:
        return players[side].choose(game)
    return sorted(game.legal_actions(), key=lambda a: a.to_text(game.map.numbering))[0]


def play_checking(seed: int) -> None:
    game = Game.from_scenario(DEMO, seed=seed)
    players = {side: RandomPlayer(side, seed, end_chance=0.3, max_per_phase=PER_PHASE)
               for side in Side}
    watch = Watch(game)
    for _ in range(MAX_ACTIONS):
        if game.is_over:
            break
        watch.after(game.apply(choose(game, players)))
        assert not watch.problems, f"seed {seed}: {watch.problems}"


@pytest.mark.parametrize("seed", SEEDS)
def test_random_game_keeps_invariants(seed: int) -> None:
    play_checking(seed)


def test_the_checks_can_fail() -> None:
    """The checks catch a broken state: a unit with negative SPs, one that vanished, mounted
    cavalry in rocky woods (cavalry line: P on the TEC), and one stacked far over the limit."""
    game = Game.from_scenario(DEMO, seed=0)
    units = list(game.state.units.values())
    first = units[0]
    game.state.units[first.id] = Unit(first.defn, first.hex, losses=first.defn.strength + 1)
    assert strength_problems([game.state.units[first.id]])
    del game.state.units[units[1].id]
    assert accounting_problems(game, set()) == [f"{units[1].id} is in nowhere"]
    trooper = next(u for u in units[2:] if u.kind is UnitKind.CAVALRY)
    woods = game.map.parse("1901")  # rocky woods
    game.state.units[trooper.id] = Unit(trooper.defn, woods, formation=Formation.MOUNTED)
    assert prohibited_placements(game) == [
        f"{trooper.id} (cavalry_line) stands in rocky woods at 1901"]
    for unit in units[2:]:
        game.state.units[unit.id] = unit.moved_to(first.hex)
    [over] = [o for o in overstacks(game) if o.hex_id == game.map.hex_id(first.hex)]
    assert over.permitted_by is None  # no rule permits it: a violation
    assert over.limit_rule == "TEC N1"
