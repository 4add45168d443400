"""The strategic computer player's siege lines (issue 29, session 10): which troops before a
fortress keep its sides closed, their guards, the battles beside it, its open sides.
Hand-worked positions on the Hazel test map (tests/rulesets/strategic/hazel.yaml)."""

from __future__ import annotations

from gameapp.ai.strategic.command_cas import KeepRosters
from gameapp.ai.strategic.marches import MarchCosts
from gameapp.ai.strategic.objectives import targets
from gameapp.ai.strategic.player import StrategicPlayer
from gameapp.ai.strategic.siege_lines import (
    closing_way,
    needed_holders,
    siege_ground,
    siege_guards,
)
from gameapp.core.rulesets.strategic.actions import Assign, Release
from gameapp.core.rulesets.strategic.pieces import Division, Fort
from gameapp.core.rulesets.strategic.sequence import StrategicPhase
from gameapp.core.units import Side
from tests.rulesets.strategic.positions import add, hazel_game, place, to_phase


def _fortress_game():  # type: ignore[no-untyped-def]
    """Hazelton (0702, the map's victory place) made a fortress held by Hill (c3, 6 SP), the
    other Confederates far off; the Union's movement phase. Its sides: 0601, 0602, 0701,
    0703, 0801, 0802 (no major river or ridge among them)."""
    game = hazel_game(first=Side.UNION)
    for unit in ("c1", "c2", "c4", "jackson", "stuart", "valley"):
        place(game, unit, "1006")
    add(game, Fort("hazel_works", Side.CONFEDERATE, game.map.parse("0702"), capacity=10,
                   fortress=True))
    to_phase(game, StrategicPhase.MOVEMENT)
    return game


def _siege_lines(game):  # type: ignore[no-untyped-def]
    player = StrategicPlayer(Side.UNION)
    pos = player.staff.look(game)
    found = {game.map.hex_id(t.hex): t for t in targets(pos, player.staff.weights)
             if t.siege}
    return pos, found


def test_troops_whose_sides_their_neighbours_also_close_may_march_on() -> None:
    # Hazelton's ring closed by four: Bayard's cavalry (u4, 3 SP) on 0701, Banks's II Corps
    # (11 SP) on 0601, Sigel (7 SP) on 0602, Ricketts (6 SP) on 0703. Zones (no major river
    # or ridge here): 0701 reaches 0801 and 0601; 0601 reaches 0701 and 0602; 0602 reaches
    # 0601 and 0703; 0703 reaches 0602 and 0802. Banks's and Sigel's sides stay closed
    # without them (0601 by Bayard's and Sigel's zones, 0602 by Banks's and Ricketts's), but
    # 0801 is closed by Bayard alone and 0802 by Ricketts alone: those two are the siege line
    # to keep, and no side is open.
    game = _fortress_game()
    place(game, "u4", "0701")
    place(game, "ii-corps", "0601")
    place(game, "u6", "0602")
    place(game, "u3", "0703")
    pos, found = _siege_lines(game)
    assert [game.map.hex_id(h) for h in needed_holders(pos, game.map.parse("0702"))] == [
        "0701", "0703"]
    assert sorted(found) == ["0701", "0703"]
    assert found["0701"].what == "the siege line before Hazelton, VA at 0701"
    assert (found["0703"].guard, found["0703"].needed) == (6, 4)


def test_a_side_held_alone_is_kept_by_its_first_few_sp() -> None:
    # Sigel alone on 0602: nobody beside him covers it, so it is a siege line to keep (its
    # guard his 7 SP, 4 enough), and he cannot leave it (7 - 7 leaves fewer than 4). His zone
    # closes 0601 and 0703; 0701, 0801 and 0802 are open.
    game = _fortress_game()
    place(game, "u6", "0602")
    pos, found = _siege_lines(game)
    line = found["0602"]
    assert line.what.startswith("the siege line before Hazelton")
    assert (line.guard, line.needed) == (7, 4)
    unit = pos.state.pieces["u6"]
    assert isinstance(unit, Division)
    assert not line.spares(unit.sp, unit.hex)
    assert sorted(found) == ["0602", "0701", "0801", "0802"]
    assert all(found[h].what.startswith("investing Hazelton") for h in ("0701", "0801", "0802"))


def test_a_corps_on_a_siege_line_leaves_one_division_to_hold_it() -> None:
    # Banks's II Corps (Williams 8 SP, militia 3) alone on 0602, a side of Hazelton that needs
    # 4 SP: the smallest division that is enough (Williams; the militia's 3 is not) leaves the
    # roster to hold it, so that the corps may march on to the open sides (16.16).
    game = _fortress_game()
    place(game, "ii-corps", "0602")
    to_phase(game, StrategicPhase.COMMAND, Side.CONFEDERATE)
    to_phase(game, StrategicPhase.COMMAND, Side.UNION)
    player = StrategicPlayer(Side.UNION)
    pos = player.staff.look(game)
    assert siege_guards(pos, player.staff.targets) == {
        "u1": "releases u1 from the II Corps to hold the siege line at 0602 (4 SP enough; "
              "the rest may march on, 16.16)"}
    rosters = KeepRosters(player.staff)
    assert rosters.evaluate(game) > 0
    choice = rosters.execute(game)
    assert choice.action == Release("u1") and "siege line at 0602" in choice.why


def test_a_division_off_the_roster_on_a_siege_line_is_not_put_back() -> None:
    # Williams already off the roster on 0602 with his corps: he is enough for the side
    # (8 >= 4), so he stays off it (no assign), while the corps keeps its militia.
    game = _fortress_game()
    place(game, "ii-corps", "0602")
    to_phase(game, StrategicPhase.COMMAND, Side.CONFEDERATE)
    to_phase(game, StrategicPhase.COMMAND, Side.UNION)
    game.apply(Release("u1"))
    player = StrategicPlayer(Side.UNION)
    pos = player.staff.look(game)
    assert siege_guards(pos, player.staff.targets) == {
        "u1": "holds the siege line at 0602"}
    actions = [a for a, _ in KeepRosters(player.staff)._changes(pos)]
    assert Assign("u1", "ii-corps") not in actions


def test_beating_the_troops_on_a_fortress_s_last_open_side_is_worth_a_side_of_its_siege() -> None:
    # Ewell (9 SP) stands on 0601 beside Hazelton (1 point, held by Hill's 6 SP in works).
    # With only Sigel on 0602 (his zone closes 0601 and 0703; 0701, 0801, 0802 open), beating
    # Ewell would not close the ring: worth nothing more than the battle. With Bayard on 0701
    # (closing 0801) and Ricketts on 0703 (closing 0802) as well, 0601 is the last open side:
    # driving him off is worth INVEST (1/2) of Hazelton's swing (2 x 1) = 1.0 VP, which a battle
    # counts at DRIVEN_OFF (1/2) for each result that makes him retreat. A hex not beside it
    # (0501) is worth nothing, nor is 0601 once the works have no garrison.
    game = _fortress_game()
    place(game, "c1", "0601")
    place(game, "u6", "0602")
    pos = StrategicPlayer(Side.UNION).staff.look(game)
    assert siege_ground(pos, game.map.parse("0601")) == 0.0
    place(game, "u4", "0701")
    place(game, "u3", "0703")
    pos = StrategicPlayer(Side.UNION).staff.look(game)
    assert siege_ground(pos, game.map.parse("0601")) == 1.0
    assert siege_ground(pos, game.map.parse("0501")) == 0.0
    place(game, "c3", "1006")
    pos = StrategicPlayer(Side.UNION).staff.look(game)
    assert siege_ground(pos, game.map.parse("0601")) == 0.0


def test_an_open_side_is_as_near_as_the_nearest_hex_that_closes_it() -> None:
    # Hazelton's open side 0801: a unit on 0801 closes it, and so does one on 0701, 0802, 0901
    # or 0902, whose zones reach it; 0701 is 0 MP from closing it, though a march to 0801
    # itself costs more.
    game = _fortress_game()
    pos = StrategicPlayer(Side.UNION).staff.look(game)
    marches = MarchCosts(game.rules.terrain)
    fort, side = game.map.parse("0702"), game.map.parse("0801")
    closing = closing_way(pos, fort, side, marches.to)
    assert closing is not None
    at = game.map.parse("0701")
    assert marches.to(side)[at] > 0 and closing[at] == 0
    west = game.map.parse("0501")
    assert closing[west] == min(marches.to(c)[west] for c in (
        side, at, game.map.parse("0802"), game.map.parse("0901"), game.map.parse("0902")))
