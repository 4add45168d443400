"""Listing the legal actions fast must list exactly what checking each action one by one allows.

The listing keeps each unit's MPA and the enemy fields of fire while it runs, reads a charger's
plain reach off its charge-bonus search, and prices steps from one table of what each step meets
(`costs.met_keys`). Each is checked here against the straightforward way: every facing,
formation and cover change checked on its own (`game.check`, which keeps nothing), every move to
a hex the plain search reaches, every charge from a hex the charge-bonus search reaches; on fresh
games and in the middle of seeded random games, where a cache kept too long would show.
"""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import pytest
from hypothesis import given, settings

from gameapp.ai.random_player import RandomPlayer
from gameapp.core.actions import Action, ChangeFormation, Cover, EndPhase, Face, Move
from gameapp.core.breakdown import IllegalActionError
from gameapp.core.engine import Game
from gameapp.core.mapdata import HexMap
from gameapp.core.phases import Phase
from gameapp.core.rules.movement.costs import met_keys
from gameapp.core.rules.movement.reach import all_paths, search, settle
from gameapp.core.rules.movement.search_space import search_space
from gameapp.core.rulesets.tactical import tactical
from gameapp.core.scenario import load_scenario
from gameapp.core.units import Formation, Side, Status, UnitKind
from tests.core.positions import game_on
from tests.core.test_reach_property import positions

SCENARIOS = Path(__file__).resolve().parents[2] / "scenarios"


def legal(game: Game, action: Action) -> bool:
    try:
        game.check(action)
    except IllegalActionError:
        return False
    return True


def reference_listing(game: Game) -> set[Action]:
    """The movement phase's legal actions, each found and checked on its own."""
    side = game.acting_side
    assert side is not None
    found: set[Action] = {EndPhase()}
    for unit in game.state.side_units(side):
        changes: list[Action] = [Face(unit.id, f) for f in range(6)]
        changes += [ChangeFormation(unit.id, f) for f in Formation]
        changes += [Cover(unit.id, True), Cover(unit.id, False)]
        found |= {a for a in changes if legal(game, a)}
        if Status.CHARGE in unit.status:
            continue
        reached = tactical(game).movement.reachable(unit.id)
        found |= {Move(unit.id, r.path) for r in reached.values()}
        if unit.kind not in (UnitKind.INFANTRY, UnitKind.CAVALRY):
            continue
        starts = [(unit.hex, ())] + [
            (h, r.path) for h, r in tactical(game).movement.reachable(unit.id, charge=True).items()]
        enemies = {u.hex for u in game.state.side_units(side.other)}
        found |= {Move(unit.id, (*path, target)) for start, path in starts
                  for target in start.neighbors()
                  if target in enemies and legal(game, Move(unit.id, (*path, target)))}
    return found


def assert_listing_is_the_reference(game: Game) -> None:
    listed = list(game.legal_actions())
    assert len(listed) == len(set(listed)), "an action listed twice"
    assert set(listed) == reference_listing(game)


def checked_as_played(name: str, seed: int, wanted: int) -> int:
    """Play a seeded random game and, at `wanted` of its movement-phase decisions (after some
    units have moved, turned or changed formation, leaders too), compare the listing with the
    reference on the game itself, whose caches have served every listing before. Returns how
    many were compared."""
    game = Game.from_scenario(load_scenario(SCENARIOS / f"{name}.yaml"), seed=seed)
    players = {side: RandomPlayer(side, seed, end_chance=0.2) for side in Side}
    compared = 0
    while compared < wanted and not game.is_over:
        if (game.phase is Phase.MOVEMENT and game.pending_decision is None
                and len(game.log) % 4 == 3):
            assert_listing_is_the_reference(game)
            compared += 1
        side = game.acting_side
        assert side is not None
        game.apply(players[side].choose(game))
    return compared


@pytest.mark.parametrize("name", ["demo", "slaughter_mountain"])
def test_a_fresh_game_lists_exactly_the_reference(name: str) -> None:
    assert_listing_is_the_reference(
        Game.from_scenario(load_scenario(SCENARIOS / f"{name}.yaml"), seed=1))


@pytest.mark.parametrize(("name", "seed", "wanted"), [("demo", 2, 4),
                                                     ("slaughter_mountain", 3, 2)])
def test_mid_game_listings_are_exactly_the_reference(name: str, seed: int, wanted: int) -> None:
    assert checked_as_played(name, seed, wanted) == wanted


def test_a_listing_keeps_nothing_into_the_next_position() -> None:
    """The listing's memory of MPAs and fields of fire lasts one listing: after a leader moves
    away, its brigade's MPA (command distance) is priced anew."""
    game = Game.from_scenario(load_scenario(SCENARIOS / "demo.yaml"), seed=1)
    side = game.acting_side
    assert side is not None
    before = set(game.legal_actions())
    leader = next(u for u in game.state.side_units(side) if u.kind is UnitKind.LEADER)
    move = max((a for a in before if isinstance(a, Move) and a.unit_id == leader.id),
               key=lambda a: len(a.path))
    game.apply(move)
    assert_listing_is_the_reference(game)


@pytest.mark.parametrize("name", ["demo", "slaughter_mountain"])
def test_step_keys_read_what_the_map_readers_read(name: str) -> None:
    game_map = load_scenario(SCENARIOS / f"{name}.yaml").map
    assert_keys_match(game_map)


def assert_keys_match(game_map: HexMap) -> None:
    keys = met_keys(game_map)
    for h in game_map.hexes():
        row, col = game_map.index(h)
        for direction in range(6):
            met = keys[(row * game_map.width + col) * 6 + direction]
            there = h.neighbor(direction)
            if not game_map.contains(there):
                assert met == -1
                continue
            assert (met & 0xFF, met >> 8 & 0xFF, (met >> 16 & 7) - 2, met >> 19 & 0xFFFF,
                    met >> 35) == (
                int(game_map.terrain_at(there)), int(game_map.features_at(there)),
                int(game_map.slope_at(h, direction)), int(game_map.hexside_at(h, direction)),
                int(game_map.road_at(h, direction))), (h, direction)


@settings(max_examples=40, deadline=None)
@given(positions())
def test_a_search_read_within_a_smaller_budget_is_that_search(position) -> None:
    """What the listing reads off a charge-bonus search for the plain reach is what a search
    with the plain budget finds: the same hexes, MPs, facings and paths. The random maps also
    check the step keys against the map's readers."""
    game_map, units = position
    assert_keys_match(game_map)
    movement = tactical(game_on(game_map, units)).movement
    unit = movement.state.units["a"]
    space = search_space(movement, unit)
    searched = settle(space)
    for budget in range(max(space.budget - 9, -1), space.budget + 1):
        smaller = search(replace(space, budget=budget))
        within = searched.within(budget)
        assert {h: r[:6] for h, r in within.items()} == {h: r[:6] for h, r in smaller.items()}
        assert all_paths(within) == {h: r.path for h, r in smaller.items()}
