"""Rout lanes (move_choice.rout_lanes): a reserve keeps out of the path a shaken friend would
rout along, since a router makes the units in or next to each hex it enters check morale (7.37).
And a charge on a victory hex the enemy holds counts the hex's whole swing."""

from __future__ import annotations

from dataclasses import replace
from fractions import Fraction

from gameapp.ai.estimates import check_cost
from gameapp.ai.move_choice import ROUT_HEXES, _value, charge_value, rout_lanes
from gameapp.ai.settings import Difficulty, Posture
from gameapp.core.engine import Game
from gameapp.core.rules.charge import ChargeOutcome
from gameapp.core.rulesets.tactical import tactical
from gameapp.core.scenario import VictoryHex
from gameapp.core.units import Side, Status
from tests.ai.contexts import move_context
from tests.core.positions import N, S, blank_map, game_on, infantry, place

# morale 35 (positions.infantry): an unmodified d66 passes on 11-16, 21-26 and 31-35, 17 of
# the 36 throws, so a shaken unit fails its rally check 19 times in 36
FAIL_35 = 19 / 36


def _shaken_in_front() -> Game:
    """A shaken Union line (s) three hexes south of a Confederate line; a fresh Union reserve
    (r) further back."""
    m = blank_map()
    shaken = replace(place(infantry("s"), m, "0606", N), status=frozenset({Status.SHAKEN}))
    return game_on(m, [shaken, place(infantry("r"), m, "0311", N),
                       place(infantry("c", Side.CONFEDERATE, brigade="Gray"), m, "0603", S)])


def test_the_lane_is_the_engines_rout_path_and_its_neighbours_at_the_chance_of_failing() -> None:
    game = _shaken_in_front()
    path = tactical(game).retreat_options("s", ROUT_HEXES).chosen
    assert path is not None and len(path.hexes) == ROUT_HEXES + 1
    lanes = rout_lanes(game, Side.UNION)
    swept = {n for h in path.hexes[1:] for n in (h, *h.neighbors())} - {path.hexes[0]}
    assert set(lanes) == swept
    assert all(abs(p - FAIL_35) < 1e-12 for p in lanes.values())
    assert path.hexes[0] not in lanes  # the router's own hex is not in its lane


def test_a_fresh_unit_has_no_lane() -> None:
    m = blank_map()
    game = game_on(m, [place(infantry("u"), m, "0606", N),
                       place(infantry("c", Side.CONFEDERATE, brigade="Gray"), m, "0603", S)])
    assert rout_lanes(game, Side.UNION) == {}


def test_standing_in_the_lane_costs_the_chance_times_what_a_check_costs() -> None:
    game = _shaken_in_front()
    reserve = game.state.units["r"]
    path = tactical(game).retreat_options("s", ROUT_HEXES).chosen
    assert path is not None
    in_lane = path.hexes[-1]
    with_lanes = move_context(game, posture=Posture.DEFEND)
    without = move_context(game, posture=Posture.DEFEND)
    without.rout_lanes = {}
    placed = replace(reserve, hex=in_lane)
    cost = _value(without, reserve, in_lane, N, reserve.formation) - _value(
        with_lanes, reserve, in_lane, N, reserve.formation)
    assert abs(cost - FAIL_35 * check_cost(placed)) < 1e-9
    assert cost > 0
    # easy does not see the lanes
    assert move_context(game, posture=Posture.DEFEND, level=Difficulty.EASY).rout_lanes == {}


def test_a_charge_on_a_hex_the_enemy_holds_counts_its_whole_swing() -> None:
    """Winning the charge puts the victors in the hex: its 3 points leave the enemy and come to
    us, a swing of 6, times the chance the defenders rout (1/2 here); the routs themselves
    count as before, so the difference between a held and an open hex is the swing alone."""
    m = blank_map()
    u = place(infantry("u"), m, "0607", N)
    c = place(infantry("c", Side.CONFEDERATE, brigade="Gray"), m, "0606", S)
    farm = VictoryHex(m.parse("0606"), "farm", 3, Side.CONFEDERATE)
    held = game_on(m, [u, c], victory_hexes=(farm,))
    open_ = game_on(m, [u, c], victory_hexes=(replace(farm, holder=None),))
    outcomes = {ChargeOutcome.DEFENDER_ROUTS: Fraction(1, 2)}
    routs = {"c": Fraction(1, 2)}
    values = [charge_value(move_context(g, posture=Posture.DEFEND), outcomes, routs, {}, [c],
                           [u], farm.hex) for g in (held, open_)]
    assert abs(values[0] - values[1] - 0.5 * 3) < 1e-9  # 6 x 1/2 against 3 x 1/2
