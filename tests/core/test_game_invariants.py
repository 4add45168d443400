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
and whenever the phase changes, every occupied hex is within the stacking limits.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from gameapp.ai.random_player import RandomPlayer
from gameapp.core.actions import Action
from gameapp.core.engine import Game
from gameapp.core.events import Event, OfficerIncapacitated, UnitEliminated
from gameapp.core.hexgrid import Hex
from gameapp.core.rules.movement.costs import mover_class
from gameapp.core.rules.movement.stacking import stacking_problem
from gameapp.core.rules.tables import terrain_effects
from gameapp.core.terrain import RoadGrade
from gameapp.core.units import Formation, Side, Unit, UnitKind

DEMO = Path(__file__).resolve().parents[2] / "scenarios" / "demo.yaml"
SEEDS = range(1, 21)
MAX_ACTIONS = 40
PER_PHASE = 3


def removed_by(events: list[Event]) -> set[str]:
    return {e.unit_id for e in events if isinstance(e, UnitEliminated | OfficerIncapacitated)}


def every_unit_id(game: Game) -> list[str]:
    ids = [u.id for u in game.scenario.units]
    ids += [u.id for r in game.scenario.reinforcements for u in r.units]
    return ids


def prohibited_placements(game: Game) -> list[str]:
    chart = terrain_effects()
    found = []
    for unit in game.state.units.values():
        if not game.map.contains(unit.hex):
            found.append(f"{unit.id} is off the map at {unit.hex}")
            continue
        mover = mover_class(unit)
        if mover is None:  # cannot move as it stands (square, unlimbered): it was not moved here
            continue
        terrain = game.map.terrain_at(unit.hex)
        if not chart.terrain_entry(terrain).move_cost(mover).prohibited:
            continue
        on_road = unit.formation is Formation.ROAD_COLUMN and any(
            game.map.road_at(unit.hex, d) is not RoadGrade.NONE for d in range(6))
        if not on_road:
            found.append(f"{unit.id} ({mover.value}) stands in {terrain.label} at "
                         f"{game.map.hex_id(unit.hex)}")
    return found


def strength_problems(units: list[Unit]) -> list[str]:
    return [f"{u.id} has {u.strength} SPs of {u.defn.strength}"
            for u in units if not 0 <= u.strength <= u.defn.strength]


def accounting_problems(game: Game, removed: set[str]) -> list[str]:
    state = game.state
    problems = []
    for uid in every_unit_id(game):
        places = [name for name, here in (
            ("map", uid in state.units),
            ("broken", uid in state.broken),
            ("removed", uid in removed),
            ("to arrive", uid not in state.entered),
        ) if here]
        if len(places) != 1:
            problems.append(f"{uid} is in {places or 'nowhere'}")
    return problems


def stacking_problems(game: Game) -> list[str]:
    option = str(game.scenario.options.get("stacking", "tec_sl"))
    by_hex: dict[Hex, list[Unit]] = {}
    for unit in game.state.units.values():
        by_hex.setdefault(unit.hex, []).append(unit)
    problems = []
    for h, units in by_hex.items():
        found = stacking_problem(h, units, game.map, terrain_effects(), option)
        if found:
            problems.append(f"{game.map.hex_id(h)} ({', '.join(u.id for u in units)}): "
                            f"{found[0]} [{found[1]}]")
    return problems


def choose(game: Game, players: dict[Side, RandomPlayer]) -> Action:
    side = game.acting_side
    if side is not None:
        return players[side].choose(game)
    return sorted(game.legal_actions(), key=lambda a: a.to_text(game.map.numbering))[0]


def play_checking(seed: int) -> None:
    game = Game.from_scenario(DEMO, seed=seed)
    players = {side: RandomPlayer(side, seed, end_chance=0.3, max_per_phase=PER_PHASE)
               for side in Side}
    removed = removed_by(game.opening_events)
    phase_key = (game.state.turn, game.state.step_index)

    def check(after: str) -> None:
        problems = (prohibited_placements(game)
                    + strength_problems([*game.state.units.values(),
                                         *(b.unit for b in game.state.broken.values())])
                    + accounting_problems(game, removed))
        assert not problems, f"seed {seed}, after {after}: {problems}"

    check("the opening")
    assert not stacking_problems(game), f"seed {seed} at the start: {stacking_problems(game)}"
    for count in range(MAX_ACTIONS):
        if game.is_over:
            break
        action = choose(game, players)
        text = action.to_text(game.map.numbering)
        events = game.apply(action)
        gone = removed_by(events)
        assert not gone & removed, f"seed {seed}: {sorted(gone & removed)} removed twice"
        removed |= gone
        check(f"action {count} ({text}, turn {game.state.turn})")
        key = (game.state.turn, game.state.step_index)
        if key != phase_key:
            phase_key = key
            over = stacking_problems(game)
            assert not over, f"seed {seed}, phase ending with action {count} ({text}): {over}"


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
    assert stacking_problems(game)
