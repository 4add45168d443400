"""Reinforcements arrive on their turn at their entry hex, or at the nearest open edge hex when
the enemy blocks it (002 rule 5)."""

from gameapp.core.actions import EndPhase, Pass
from gameapp.core.engine import Game
from gameapp.core.events import ReinforcementsArrived
from gameapp.core.phases import Phase
from gameapp.core.rulesets.tactical import tactical
from gameapp.core.scenario import Reinforcement
from gameapp.core.units import Formation, Side
from tests.core.positions import N, S, blank_map, game_on, infantry, place


def advance_to(game: Game, turn: int, side: Side) -> list:
    events: list = []
    while (game.state.turn, game.current_side, game.phase) != (turn, side, Phase.MOVEMENT):
        events += game.apply(Pass() if game.phase is Phase.FIRE else EndPhase())
    return events


def test_reinforcements_come_on_at_their_turn_and_hex() -> None:
    m = blank_map()
    fresh = place(infantry("new"), m, "0612", N, Formation.ROAD_COLUMN)
    game = game_on(m, [place(infantry("a"), m, "0101", S)],
                   reinforcements=(Reinforcement(2, m.parse("0612"), (fresh,)),))
    assert "new" not in game.state.units
    events = advance_to(game, 2, Side.UNION)
    assert ReinforcementsArrived(("new",), m.parse("0612"), m.parse("0612"),
                                 "R&C reinforcements") in events
    assert game.state.units["new"].hex == m.parse("0612")
    assert tactical(game).movement.reachable("new")  # they may move in the phase they arrive


def test_a_blocked_entry_hex_sends_them_to_the_nearest_open_edge_hex() -> None:
    m = blank_map()
    fresh = place(infantry("new"), m, "0612", N, Formation.ROAD_COLUMN)
    # A Confederate line holds the entry hex 0612 (bottom edge), facing south, off the map, so
    # its front blocks nothing else. 0612's neighbours on the map are 0611, 0512 and 0712 (its
    # column is shoved down); 0512 and 0712 are on the edge, and 0512 comes first in map order.
    enemy = place(infantry("reb", Side.CONFEDERATE), m, "0612", S)
    game = game_on(m, [enemy], reinforcements=(Reinforcement(2, m.parse("0612"), (fresh,)),))
    events = advance_to(game, 2, Side.UNION)
    arrived = [e for e in events if isinstance(e, ReinforcementsArrived)]
    assert len(arrived) == 1 and arrived[0].rule == "002 5"
    assert game.map.hex_id(arrived[0].hex) == "0512"
    assert game.state.units["new"].hex == m.parse("0512")


def test_a_group_too_big_for_its_entry_hex_spills_to_the_nearest_edge_hexes_with_room() -> None:
    """Issue 23: reinforcements used to pile up at their entry hex far over the limit (Slaughter
    Mountain's 2318). Those that fit come on there; each other one comes on at the nearest edge
    hex with room (002 6, the entry hex full of friends), so no hex is over its limit."""
    from gameapp.core.rules.movement.stacking import stacking_problem
    from gameapp.core.rules.tables import terrain_effects

    m = blank_map()
    limit = terrain_effects().terrain_entry(m.terrain_at(m.parse("0612"))).stacking.value
    assert limit is not None
    count = limit // 12 + 3  # three more 12-SP regiments than the entry hex holds
    fresh = tuple(place(infantry(f"new{i}", strength=12), m, "0612", N, Formation.LINE)
                  for i in range(count))
    game = game_on(m, [place(infantry("a"), m, "0101", S)],
                   reinforcements=(Reinforcement(2, m.parse("0612"), fresh),))
    events = advance_to(game, 2, Side.UNION)
    arrived = [e for e in events if isinstance(e, ReinforcementsArrived)]
    assert arrived[0].rule == "R&C reinforcements" and len(arrived[0].unit_ids) == limit // 12
    spilled = arrived[1:]
    assert [e.rule for e in spilled] == ["002 6"] * 3
    # 0512 and 0712 are the edge hexes next to 0612 (0512 first in map order); clear ground
    # holds two of these regiments, so the third goes on to 0712
    assert limit // 12 == 2
    assert [m.hex_id(e.hex) for e in spilled] == ["0512", "0512", "0712"]
    by_hex: dict = {}
    for unit in game.state.units.values():
        by_hex.setdefault(unit.hex, []).append(unit)
    assert all(stacking_problem(h, us, m, terrain_effects(), "tec_sl") is None
               for h, us in by_hex.items())
