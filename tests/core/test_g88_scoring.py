"""Gettysburg '88's scoring options: units retreated off the board are not eliminated
(002 29, option `off_map_not_eliminated`) and generals hold victory hexes (002 31, option
`generals_hold`); docs/rules.md, "Scoring options"."""

from __future__ import annotations

from gameapp.core.actions import EndPhase, Move, RetreatBeforeCombat
from gameapp.core.dice import Dice
from gameapp.core.engine import Game
from gameapp.core.scenario import VictoryHex
from gameapp.core.units import Side
from tests.core.positions import N, S, blank_map, game_on, infantry, leader, place


def rout_off_the_edge(**options: bool) -> Game:
    """US-1 (5 SPs) in 0204 charges CS-1 (5 SPs) in 0203 at once (3.411); CS-1's own edge is
    the west edge (00xx), one hex away. Its 8.41 roll is forced to 65: it routs. 8.52: it
    first loses 1 SP for every 8 charging SPs, 5/8 = 0.625, rounded up: 1 SP, leaving 4; its
    rout reaches its own edge short of 4 hexes: Broken Box 1 (000 15.4), off the board."""
    m = blank_map()
    m.friendly_edges["confederate"] = ["00xx"]
    game = game_on(m, [place(infantry("US-1"), m, "0204", N),
                       place(infantry("CS-1", Side.CONFEDERATE), m, "0203", S)], **options)
    game.dice = Dice.forcing([65])
    game.apply(Move("US-1", (m.parse("0203"),)))
    game.apply(RetreatBeforeCombat(m.parse("0203"), False))
    assert game.state.broken["CS-1"].box == "Broken Box 1"
    assert game.state.broken["CS-1"].unit.strength == 4
    return game


def test_by_default_a_unit_on_the_broken_track_scores_as_a_whole_loss() -> None:
    terms = rout_off_the_edge().result().points[Side.UNION].terms
    assert [(t.label, t.value) for t in terms] == [("Confederate strength points lost", 5)]


def test_retreated_off_the_board_it_scores_only_what_it_lost_before() -> None:
    terms = rout_off_the_edge(off_map_not_eliminated=True).result().points[Side.UNION].terms
    # the 1 SP of 8.52 counts; the 4 SPs that left the board do not, and the breakdown says so
    assert [(t.label, t.value, t.rule) for t in terms] == [
        ("Confederate strength points lost", 1, "R&C victory"),
        ("4 Confederate strength points retreated off the board, not eliminated", 0, "002 29"),
    ]


def test_a_general_alone_holds_a_victory_hex_only_with_the_option() -> None:
    m = blank_map()
    mill = VictoryHex(m.parse("0108"), "the mill", 2)  # nobody holds it at the start
    units = [place(leader("US-L"), m, "0108"), place(infantry("US-1"), m, "0606", N),
             place(infantry("CS-1", Side.CONFEDERATE), m, "0603", S)]
    plain = game_on(m, units, victory_hexes=(mill,))
    plain.apply(EndPhase())  # holders are looked at after every action
    assert plain.state.holders.get(m.parse("0108")) is None  # 001: leaders hold nothing
    held = game_on(m, units, victory_hexes=(mill,), generals_hold=True)
    held.apply(EndPhase())
    assert held.state.holders.get(m.parse("0108")) is Side.UNION  # 002 31
    assert [(t.label, t.value) for t in held.result().points[Side.UNION].terms] == [
        ("holds the mill", 2)]
