"""The map anomalies of the errata (seed 004 cases 7.52-7.54; 7.51's shoals are in
test_strategic_naval.py) on the Sable delta test map (anomalies_theatre.yaml):

    the Great River (navigable) runs down between columns 01 and 02 to the Gulf (row 06);
    Bayou Sable leaves it at 0202/0203 and runs east and down between columns 04 and 05; its
    last hexsides, 0405|0505 and 0405|0506, are a sandbar (7.52);
    Lake Maurin (0805) is closed water beside the Gulf (7.53);
    Galveston (0705) is the departure of the scenario's detour, which comes back at 0501 (7.54).
"""

from __future__ import annotations

from pathlib import Path

import pytest

from gameapp.core.breakdown import IllegalActionError
from gameapp.core.engine import Game
from gameapp.core.hexgrid import Hex
from gameapp.core.rulesets.strategic.actions import (
    DeclareSpan,
    EndPhase,
    GiveOrder,
    GoOffMap,
    March,
    ReEnter,
    Sail,
    parse_strategic_action,
)
from gameapp.core.rulesets.strategic.events import ReEntered, WentOffMap
from gameapp.core.rulesets.strategic.scenario import load_strategic
from gameapp.core.rulesets.strategic.sequence import StrategicPhase
from gameapp.core.rulesets.strategic.terrain import TerrainCosts
from gameapp.core.savegame import load_game, save_game
from gameapp.core.theatre.chart import HexFlag, TheatreHexside
from gameapp.core.units import Side
from gameapp.core.yamlsource import DataError
from tests.rulesets.strategic.positions import (
    HERE,
    command,
    hazel_game,
    place,
    refused,
    state_of,
    to_phase,
)
from tests.theatre_maps import theatre

ANOMALIES = HERE / "anomalies.yaml"


@pytest.fixture
def game() -> Game:
    return hazel_game(path=ANOMALIES)


def at(game: Game, hex_id: str) -> Hex:
    return game.map.parse(hex_id)


def sail_refusal(game: Game, ship: str, start: str, *hexes: str) -> IllegalActionError:
    place(game, ship, start)
    to_phase(game, StrategicPhase.MOVEMENT)
    return refused(game, Sail(ship, tuple(at(game, h) for h in hexes)))


def water_reach(terrain: TerrainCosts, start: Hex) -> set[Hex]:
    """Every hex a ship can get to from `start`, in any number of weeks (low water)."""
    seen, todo = {start}, [start]
    while todo:
        for nxt in terrain.water_exits(todo.pop()):
            if nxt not in seen:
                seen.add(nxt)
                todo.append(nxt)
    return seen


# --- 7.53: closed water ------------------------------------------------------------------------

def test_no_ship_enters_lake_pontchartrain_closed_water_7_53(game: Game) -> None:
    terrain: TerrainCosts = game.rules.terrain
    lake, gulf = at(game, "0805"), at(game, "0806")
    # Lake Maurin is water beside the Gulf: only its closed-water mark keeps ships out
    assert terrain.terrain(lake).is_water and game.map.flags_at(lake) & HexFlag.CLOSED_WATER
    assert terrain.water_step(gulf, lake) == ("0805 is closed to ships", "004 7.53")
    assert lake not in water_reach(terrain, gulf) and at(game, "0706") in water_reach(
        terrain, gulf)
    error = sail_refusal(game, "ug", "0806", "0805")
    assert error.rule == "004 7.53" and "0805" in error.reason
    assert not any(isinstance(a, Sail) and lake in a.path for a in game.legal_actions())
    game.apply(Sail("ug", (at(game, "0706"),)))  # the Gulf beside the lake is open


# --- 7.52: sandbars ---------------------------------------------------------------------------

def test_the_sandbar_is_map_data_on_the_bayous_last_hexsides_7_52(game: Game) -> None:
    bar = TheatreHexside.SANDBAR
    m = game.map
    barred = {(m.hex_id(h), m.hex_id(h.neighbors()[d])) for h in m.hexes() for d in range(6)
              if m.hexside_at(h, d) & bar}
    assert barred == {("0405", "0505"), ("0505", "0405"), ("0405", "0506"), ("0506", "0405")}


def test_no_ship_crosses_the_sandbar_from_the_gulf_7_52(game: Game) -> None:
    terrain: TerrainCosts = game.rules.terrain
    gulf = at(game, "0506")
    for river_hex in ("0405", "0505"):  # the bayou's hexes on the bar, touching the Gulf
        why = terrain.water_step(gulf, at(game, river_hex))
        assert why is not None and why[1] == "004 7.52", river_hex
    error = sail_refusal(game, "ut", "0506", "0505")
    assert error.rule == "004 7.52" and "sandbar" in error.reason


def test_the_upper_bayou_is_entered_from_the_great_river_but_not_left_to_the_sea_7_52(
        game: Game) -> None:
    terrain: TerrainCosts = game.rules.terrain
    # from the Gulf up the Great River's mouth (0106 -> 0205) and into the bayou: its reaches
    # down to 0404/0505 are open; along the bar (0404 -> 0405) and out to the Gulf they are not
    reach = water_reach(terrain, at(game, "0205"))
    assert {at(game, h) for h in ("0202", "0303", "0403", "0504", "0404", "0505")} <= reach
    assert terrain.water_step(at(game, "0404"), at(game, "0405"))[1] == "004 7.52"  # type: ignore[index]
    assert terrain.water_step(at(game, "0505"), at(game, "0506"))[1] == "004 7.52"  # type: ignore[index]
    error = sail_refusal(game, "ug", "0505", "0506")
    assert error.rule == "004 7.52"
    game.apply(Sail("ug", (at(game, "0404"), at(game, "0403"))))  # upstream it sails on


def test_the_sandbar_stops_only_ships_not_marching_troops_7_52(game: Game) -> None:
    terrain: TerrainCosts = game.rules.terrain
    assert terrain.passable(at(game, "0505"), at(game, "0405")) is None


# --- 7.54: the detour round the head of the bay -----------------------------------------------

def next_week_union_movement(game: Game) -> None:
    while state_of(game).turn == 1:
        game.apply(EndPhase())
    to_phase(game, StrategicPhase.MOVEMENT, Side.UNION)


def offmap_game(game: Game) -> Game:
    command(game, "u1")  # Granger's Galveston division, commanded in the movement phase
    return game


def test_a_unit_at_galveston_spends_a_whole_turn_off_the_map_and_reenters_7_54(
        game: Game) -> None:
    offmap_game(game)
    assert GoOffMap("u1") in list(game.legal_actions())
    [went] = [e for e in game.apply(GoOffMap("u1")) if isinstance(e, WentOffMap)]
    assert went.left_from == at(game, "0705") and went.entry == at(game, "0501")
    assert all(t.rule == "004 7.54" for t in went.terms)
    state = state_of(game)
    assert "u1" not in state.pieces and state.offmap["u1"].left == 1
    # the same turn it is still off the map
    error = refused(game, ReEnter("u1"))
    assert error.rule == "004 7.54" and "whole turn" in error.reason
    next_week_union_movement(game)  # no command needed
    assert state_of(game).turn == 2 and ReEnter("u1") in list(game.legal_actions())
    [back] = [e for e in game.apply(ReEnter("u1")) if isinstance(e, ReEntered)]
    state = state_of(game)
    assert state.pieces["u1"].hex == at(game, "0501") == back.entry and not state.offmap
    # re-entering is its move for the week
    error = refused(game, March("u1", (at(game, "0502"),)))
    assert "u1" in state.moved and state.mp_spent["u1"] == state.pieces["u1"].ma  # type: ignore[union-attr]
    assert error.reason


def test_the_detour_leaves_only_from_its_departure_hex_7_54(game: Game) -> None:
    command(game, "u2")  # at 0605, beside Galveston
    error = refused(game, GoOffMap("u2"))
    assert error.rule == "004 7.54" and "no detour" in error.reason and "0605" in error.reason
    assert GoOffMap("u2") not in list(game.legal_actions())


def test_the_detour_takes_the_whole_move_7_54(game: Game) -> None:
    offmap_game(game)
    state_of(game).mp_spent["u1"] = state_of(game).mp_spent.get("u1", 0) + 1  # type: ignore[assignment]
    error = refused(game, GoOffMap("u1"))
    assert error.rule == "004 7.54" and "whole move" in error.reason


def test_an_enemy_at_the_reentry_hex_keeps_the_unit_off_the_map_7_54(game: Game) -> None:
    offmap_game(game)
    game.apply(GoOffMap("u1"))
    next_week_union_movement(game)
    place(game, "c1", "0501")
    error = refused(game, ReEnter("u1"))
    assert error.rule == "004 7.54" and "enemy holds 0501" in error.reason
    assert ReEnter("u1") not in list(game.legal_actions())


def test_offmap_notation_reads_back(game: Game) -> None:
    for action in (GoOffMap("u1"), ReEnter("u1")):
        text = action.to_text(game.map.numbering)
        assert parse_strategic_action(text, game.map.numbering) == action


def test_a_detour_off_the_map_is_refused_with_its_line(tmp_path: Path) -> None:
    (tmp_path / "anomalies_theatre.yaml").write_text(
        (HERE / "anomalies_theatre.yaml").read_text(encoding="utf-8"))
    bad = tmp_path / "anomalies.yaml"
    bad.write_text(ANOMALIES.read_text(encoding="utf-8").replace('to: "0501"', 'to: "0909"'))
    with pytest.raises(DataError) as error:
        load_strategic(bad)
    assert "0909 is off the map" in str(error.value) and "anomalies.yaml:16" in str(error.value)


def test_bayou_lafourche_on_the_west_map_is_barred_from_the_gulf_7_52() -> None:
    # the shipped West map (generated: scripts/theatre_data/geography.yaml marks its sandbar)
    west = theatre("west")
    terrain = TerrainCosts(west)
    bar, upper, gulf = west.parse("B2532"), west.parse("B2330"), west.parse("B2534")
    assert any(west.hexside_at(bar, d) & TheatreHexside.SANDBAR for d in range(6))
    # up the Mississippi from New Orleans and into the bayou's upper reaches, but not below the
    # bar; and from the Gulf beside its mouth, not into it
    reach = water_reach(terrain, west.place("New Orleans, LA").hex)
    assert upper in reach and bar not in reach and gulf in reach
    why = terrain.water_step(gulf, west.parse("B2533"))
    assert why is not None and why[1] == "004 7.52"


def test_a_unit_off_the_map_is_saved_and_replayed_7_54(tmp_path: Path) -> None:
    game = next(g for g in (Game.from_scenario(ANOMALIES, seed=s) for s in range(1, 40))
                if g.state.first_side is Side.UNION)  # a save replays the opening dice
    game.apply(DeclareSpan("granger", ("u1",)))
    to_phase(game, StrategicPhase.MOVEMENT)
    game.apply(GiveOrder("granger"))
    game.apply(GoOffMap("u1"))
    path = tmp_path / "detour.yaml"
    save_game(game, path)
    assert "offmap u1" in path.read_text(encoding="utf-8")
    back = load_game(path)
    assert state_of(back).offmap == state_of(game).offmap and "u1" in state_of(back).offmap
    assert "u1" not in state_of(back).pieces
