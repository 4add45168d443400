"""The invasion of the enemy's country and the answer to it (gameapp/ai/strategic/invasion.py;
docs/ai.md, "The invasion of the enemy's country"), on East '63 as it starts: Hooker's army
before Fredericksburg outnumbers everything Lee has within two weeks' march of Richmond."""

from __future__ import annotations

from pathlib import Path

from gameapp.ai.strategic.invasion import invasion, invasion_targets
from gameapp.ai.strategic.objectives import CAPITAL, SECOND
from gameapp.ai.strategic.player import StrategicPlayer
from gameapp.core.engine import Game
from gameapp.core.units import Side
from tests.rulesets.strategic.positions import place

EAST_63 = Path(__file__).resolve().parents[2] / "scenarios" / "east_1863.yaml"
U, C = Side.UNION, Side.CONFEDERATE
DIVERSION = (1 + SECOND) * (CAPITAL + 2 * 10)  # Richmond's and Washington's 10 points: 52.5


def _richmond_manned(game: Game) -> None:
    """Longstreet's command (Hood, Pickett, French: 19 SP) in Richmond's works, more than half
    the 20 its fort shelters."""
    place(game, "cs_suffolk_hq", "C2516")


def test_an_outnumbered_army_invades_to_draw_the_enemy_off_its_capital() -> None:
    game = Game.from_scenario(EAST_63, seed=1)
    # at the start only Hampton's 1 SP hold Richmond's works: no invasion yet
    assert invasion(StrategicPlayer(C).staff.look(game), C) is None
    _richmond_manned(game)
    pos = StrategicPlayer(C).staff.look(game)
    plan = invasion(pos, C)
    assert plan is not None and plan.threat > plan.army_sp >= 30
    assert plan.diversion == DIVERSION
    found = {t.what.split(",")[0]: t for t in invasion_targets(pos)}
    # the Union places within 8 hexes of Washington, worth their swing and the diversion
    # (the threat outnumbers the army, so the diversion counts whole): Winchester 2 + 52.5
    assert {"Winchester", "Harpers Ferry", "Baltimore", "Harrisburg"} <= set(found)
    assert found["Winchester"].value == 2 * 1 + DIVERSION
    assert "invading (drawing" in found["Winchester"].what
    # not the capitals, not the places far from Washington (Suffolk, New Bern)
    assert not {"Washington", "Suffolk", "New Bern"} & set(found)
    # and the Union, whose capital nobody outnumbers its troops before, does not invade
    assert invasion(StrategicPlayer(U).staff.look(game), U) is None


def test_no_invasion_while_the_enemy_stands_a_week_from_the_capital() -> None:
    # two Union corps (II and III: 36 SP) a hex from Richmond, more than the 20 SP there can
    # meet: the army could not come back in time, so it stays
    game = Game.from_scenario(EAST_63, seed=1)
    _richmond_manned(game)
    assert invasion(StrategicPlayer(C).staff.look(game), C) is not None
    for corps in ("us_ii_corps", "us_iii_corps"):
        place(game, corps, "C2515")
    pos = StrategicPlayer(C).staff.look(game)
    assert invasion(pos, C) is None
    assert not [t for t in invasion_targets(pos) if "invading" in t.what]


def test_the_field_army_goes_for_an_invading_army_nearer_its_capital() -> None:
    # Lee's army at C2208 by the Potomac (4 hexes from Washington, 9 from Richmond) is invading;
    # the Union army's answer is his army, worth what covering Washington is (Lincoln to Hooker,
    # 10 June 1863); at Fredericksburg (5 from Washington, 4 from Richmond) he is not invading
    # yet, nor at Culpeper (5 and 6: still on the ground that covers Richmond)
    game = Game.from_scenario(EAST_63, seed=1)
    _richmond_manned(game)
    union = StrategicPlayer(U)
    before = [t for t in invasion_targets(union.staff.look(game)) if "invading army" in t.what]
    assert before == []
    for piece in ("cs_anv", "cs_second_corps", "lee", "jackson"):
        place(game, piece, "C2211")
    pos = StrategicPlayer(U).staff.look(game)
    assert not [t for t in invasion_targets(pos) if "invading army" in t.what]
    for piece in ("cs_anv", "cs_second_corps", "lee", "jackson"):
        place(game, piece, "C2208")
    pos = StrategicPlayer(U).staff.look(game)
    answers = [t for t in invasion_targets(pos) if "invading army" in t.what]
    assert len(answers) == 1
    answer = answers[0]
    assert answer.hex == game.map.parse("C2208") and answer.value == DIVERSION
    assert "before our capital Washington" in answer.what


def test_an_invasion_under_way_goes_on_once_the_enemy_turns_to_answer_it() -> None:
    # Lee's army at C2210 (7 hexes from Richmond, 4 from Washington) after Hooker's army has
    # turned north to C2508, by Washington: nothing outnumbers Richmond's defenders any more.
    # Begun afresh, no invasion (the army would cover Richmond); under way, it goes on, holding
    # off the Union's field army (Lee marched on into Pennsylvania after Hooker turned north;
    # session 8's Lee turned back to the Rappahannock a week short of Winchester)
    game = Game.from_scenario(EAST_63, seed=1)
    _richmond_manned(game)
    for piece in ("cs_anv", "cs_second_corps", "lee", "jackson"):
        place(game, piece, "C2210")
    for corps in ("us_aop", "us_i_corps", "us_ii_corps", "us_iii_corps", "us_v_corps",
                  "us_vi_corps", "us_xi_corps", "us_xii_corps"):
        place(game, corps, "C2508")
    player = StrategicPlayer(C)
    pos = player.staff.look(game)
    assert invasion(pos, C) is None and not player.staff.campaign
    plan = invasion(pos, C, going=True)
    assert plan is not None and plan.threat > plan.army_sp  # the Union's army, held off
    assert "Winchester" in {t.what.split(",")[0] for t in invasion_targets(pos, going=True)}
    # the staff remembers a campaign it began, and keeps to it
    player.staff.campaign = True
    game.state.revision += 1  # a new look
    player.staff.look(game)
    assert player.staff.campaign
    assert [t for t in player.staff.targets if "invading" in t.what]
    # the Union answers an invasion only while Lee's first reason holds (Richmond outnumbered):
    # read without Lee's memory, Grant's army before Richmond in East '64 was an invasion too
    for piece in ("cs_anv", "cs_second_corps", "lee", "jackson"):
        place(game, piece, "C2208")
    assert not [t for t in invasion_targets(StrategicPlayer(U).staff.look(game))
                if "invading army" in t.what]
