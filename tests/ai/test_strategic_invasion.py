"""The invasion of the enemy's country and the answer to it (gameapp/ai/strategic/invasion.py;
docs/ai.md, "The invasion of the enemy's country"), on East '63 as it starts: Hooker's army
before Fredericksburg outnumbers everything Lee has within two weeks' march of Richmond."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

from gameapp.ai.strategic.invasion import MARCHING, invasion, invasion_targets, main_army
from gameapp.ai.strategic.marches import MarchCosts
from gameapp.ai.strategic.objectives import CAPITAL, REACH, SECOND
from gameapp.ai.strategic.player import StrategicPlayer
from gameapp.core.engine import Game
from gameapp.core.rulesets.strategic.scenario import ENEMY_ARMY, load_strategic
from gameapp.core.units import Side
from tests.rulesets.strategic.positions import place

EAST_63 = Path(__file__).resolve().parents[2] / "scenarios" / "east_1863.yaml"
U, C = Side.UNION, Side.CONFEDERATE
UNION_ARMY = ("us_aop", "us_i_corps", "us_ii_corps", "us_iii_corps", "us_v_corps", "us_vi_corps",
              "us_xi_corps", "us_xii_corps", "us_cav_corps")
DIVERSION = (1 + SECOND) * (CAPITAL + 2 * 10)  # Richmond's and Washington's 10 points: 52.5


def _richmond_manned(game: Game) -> None:
    """Longstreet's command (Hood, Pickett, French: 19 SP) in Richmond's works, more than half
    the 20 its fort shelters."""
    place(game, "cs_suffolk_hq", "C2516")


def test_an_outnumbered_army_invades_to_draw_the_enemy_off_its_capital() -> None:
    game = Game.from_scenario(EAST_63, seed=1)
    # at the start only Hampton's 1 SP and Elzey's 6 hold Richmond's works, fewer than half the
    # 20 its fort shelters: no invasion yet
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
    # Union corps a hex from Richmond: the army goes only while the troops within a week's march
    # of Richmond (the army apart) can meet them, those in its works counting double up to the
    # 20 its fort shelters: Richmond's 26 (Longstreet's 19, Elzey's 6, Hampton's 1) and
    # Petersburg's 4, and 20 of them sheltered again: 50
    game = Game.from_scenario(EAST_63, seed=1)
    _richmond_manned(game)
    assert invasion(StrategicPlayer(C).staff.look(game), C) is not None
    # II and III (36 SP) are fewer: Dix's 30,000 came up the Peninsula in late June 1863
    # against Richmond's works and went back, and Lee marched on
    for corps in ("us_ii_corps", "us_iii_corps"):
        place(game, corps, "C2515")
    pos = StrategicPlayer(C).staff.look(game)
    assert pos.forts[game.map.parse("C2516")].capacity == 20
    assert invasion(pos, C) is not None
    # with VI (58 SP) they are more: the army could not come back in time, so it stays
    place(game, "us_vi_corps", "C2515")
    pos = StrategicPlayer(C).staff.look(game)
    assert invasion(pos, C) is None
    assert not [t for t in invasion_targets(pos) if "invading" in t.what]


def test_the_invasion_marches_round_the_enemy_army_not_through_it() -> None:
    # at the start Hooker's corps stand at Stafford Court House (C2411: 52 SP), Aquia Creek and
    # C2410, next to Lee at Fredericksburg (C2412). The bare map's way to Winchester runs
    # through them (10 MP from Fredericksburg, 9 from Culpeper); the invasion's way goes round
    # them: none from Fredericksburg or Stafford, whose hexes stand within the Union army's
    # blow, and 9 MP from Culpeper (C2211), felt from 8 MP on and a quarter of every MP still
    # to march: max(9 - 8, 9 / 4) = 2.25
    game = Game.from_scenario(EAST_63, seed=1)
    _richmond_manned(game)
    pos = StrategicPlayer(C).staff.look(game)
    marches = MarchCosts(game.rules.terrain)
    fredericksburg, stafford, culpeper = (game.map.parse(h) for h in ("C2412", "C2411", "C2211"))
    winchester = game.map.parse("C2107")
    assert marches.to(winchester)[fredericksburg] == 10
    assert marches.to(winchester)[culpeper] == 9
    target = next(t for t in invasion_targets(pos, marches) if t.what.startswith("Winchester"))
    assert target.march is not None
    assert fredericksburg not in target.march and stafford not in target.march
    assert target.march[culpeper] == 2.25
    # Hooker gone north by Washington (C2508): the way by Stafford is open again
    for corps in UNION_ARMY:
        place(game, corps, "C2508")
    pos = StrategicPlayer(C).staff.look(game)
    # (the campaign under way: nothing outnumbers Richmond's defenders any more)
    target = next(t for t in invasion_targets(pos, marches, going=True)
                  if t.what.startswith("Winchester"))
    assert target.march is not None and target.march[fredericksburg] == 2.5  # 10 MP
    # and nearer than two weeks' march the army still goes on toward it: from C2109, 4 MP from
    # Winchester, it is 1 away (flat at 0 from 8 MP on, the army stopped 8 MP short of it),
    # from C2009, 3 MP off, 0.75: every MP counts (in whole quarters, 3 MP were felt as 0, as
    # the place itself, and Lee stood 3 MP from Winchester for four weeks)
    assert marches.to(winchester)[game.map.parse("C2009")] == 3
    assert target.march[winchester] == 0 < target.march[game.map.parse("C2009")] == 0.75
    assert target.march[game.map.parse("C2109")] == 1.0


def test_the_invading_army_leaves_the_capitals_cover_to_its_own_troops() -> None:
    # with the invasion on, the capital's cover is felt only within a week's march of Richmond
    # (3 hexes): Lee's army at Fredericksburg (4 hexes off) no longer feels it, and marches for
    # the invasion's places; with it off, the cover is felt everywhere
    game = Game.from_scenario(EAST_63, seed=1)
    player = StrategicPlayer(C)
    player.staff.look(game)
    assert not player.staff.campaign
    cover = next(t for t in player.staff.targets if t.capital)
    assert cover.within == 0 and not cover.beyond(game.map.parse("C2412"))
    _richmond_manned(game)
    player = StrategicPlayer(C)
    player.staff.look(game)
    assert player.staff.campaign
    cover = next(t for t in player.staff.targets if t.capital)
    assert cover.within == REACH
    assert cover.beyond(game.map.parse("C2412"))  # Fredericksburg: 4 hexes from Richmond
    assert not cover.beyond(game.map.parse("C2518"))  # Petersburg: 2


def test_the_capitals_works_keep_the_troops_the_invasion_needs_in_them() -> None:
    # with the invasion on, Richmond's works (a fort for 20) keep the troops in them that the
    # invasion cannot spare, half the 20: of the 26 in them (Longstreet's command 19 SP,
    # Elzey's garrison 6, Hampton's 1) 16 may leave, not Longstreet's 19, worth the diversion
    # (52.5 VP), felt by the troops in the works only
    game = Game.from_scenario(EAST_63, seed=1)
    _richmond_manned(game)
    player = StrategicPlayer(C)
    player.staff.look(game)
    works = next(t for t in player.staff.targets if "works" in t.what)
    richmond = game.map.parse("C2516")
    assert (works.hex, works.value, works.guard, works.needed) == (richmond, DIVERSION, 26, 10)
    assert not works.spares(19, richmond)  # Longstreet's 19 would leave 7
    assert works.spares(16, richmond)
    assert not works.beyond(richmond)
    assert works.beyond(game.map.parse("C2415")) and works.beyond(game.map.parse("C2412"))
    # no invasion (Richmond's works empty at the start), no such target
    player = StrategicPlayer(C)
    player.staff.look(Game.from_scenario(EAST_63, seed=1))
    assert not [t for t in player.staff.targets if "works" in t.what]


def test_an_army_under_way_counts_its_corps_a_day_apart() -> None:
    # Lee's army HQ at C2010 with its roster (McLaws, Anderson: 16 SP); Jackson's corps (A. P.
    # Hill, Early, Colston: 24 SP) two hexes ahead at C2008 (Stuart's and W. E. Jones's
    # cavalry sent back to Richmond, out of the count). Begun afresh the army is the HQ's
    # hex and those beside it: 16 SP, fewer than an army's 30, and it does not invade; under
    # way its corps a day's march apart still make it: 40 SP
    game = Game.from_scenario(EAST_63, seed=1)
    _richmond_manned(game)
    for piece in ("cs_anv", "lee"):
        place(game, piece, "C2010")
    for piece in ("cs_second_corps", "jackson"):
        place(game, piece, "C2008")
    for piece in ("cs_stuart", "cs_jones"):
        place(game, piece, "C2516")
    pos = StrategicPlayer(C).staff.look(game)
    anv = game.map.parse("C2010")
    assert main_army(pos, C) == (anv, 16)
    assert main_army(pos, C, MARCHING) == (anv, 40)
    assert invasion(pos, C) is None
    plan = invasion(pos, C, going=True)
    assert plan is not None and plan.army_sp == 40


def test_the_field_army_goes_for_an_invading_army_nearer_its_capital() -> None:
    # without a directive (East '63's taken away): Lee's army at C2208 by the Potomac (4 hexes
    # from Washington, 9 from Richmond) is invading; the Union army's answer is his army, worth
    # what covering Washington is; at Fredericksburg (5 from Washington, 4 from Richmond) he is
    # not invading yet, nor at Culpeper (5 and 6: still on the ground that covers Richmond)
    game = Game.from_scenario(replace(load_strategic(EAST_63), directives={}), seed=1)
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


def test_a_directive_keeps_the_army_between_the_invader_and_the_capital() -> None:
    # East '63's directive (Lincoln to Hooker, 10 June 1863: Lee's army, not Richmond; Halleck
    # kept Hooker between Lee and Washington): the Union answers Lee's army as soon as he has
    # the reasons to invade and stands more than a week's march (3 hexes) from Richmond: at
    # Fredericksburg, 4 hexes off, where without the directive he is not yet invading (the
    # test above). The answer is the ground nearer Washington than he is: he stands 5 hexes
    # from it, so anywhere within 4 of it counts in full (Stafford, Aquia), a hex further
    # (Fredericksburg itself) as 1 away, Richmond (8 hexes) as 4
    game = Game.from_scenario(EAST_63, seed=1)
    assert game.scenario.directives == {U: ENEMY_ARMY}
    union = StrategicPlayer(U)
    # Richmond's works unmanned: Lee has no reason to invade, and nothing is answered
    assert not [t for t in invasion_targets(union.staff.look(game)) if "invading army" in t.what]
    _richmond_manned(game)
    pos = StrategicPlayer(U).staff.look(game)
    answers = [t for t in invasion_targets(pos) if "invading army" in t.what]
    assert len(answers) == 1
    answer = answers[0]
    washington = game.map.parse("C2608")
    assert (answer.hex, answer.cover, answer.value, answer.need) == (washington, 4, DIVERSION, 0)
    assert answer.what == ("the ground between the enemy's invading army (51 SP at "
                           "Fredericksburg, VA) and our capital Washington, DC, our objective "
                           "by directive")
    distances = {h: answer.distance(game.map.parse(h))
                 for h in ("C2411", "C2512", "C2412", "C2516")}
    assert distances == {"C2411": 0, "C2512": 0, "C2412": 1, "C2516": 4}
    # three hexes from Richmond (C2413) he covers it: nothing to answer
    for piece in ("cs_anv", "cs_second_corps", "lee", "jackson"):
        place(game, piece, "C2413")
    pos = StrategicPlayer(U).staff.look(game)
    assert not [t for t in invasion_targets(pos) if "invading army" in t.what]


def test_a_directive_leaves_the_enemy_capital_worth_its_points_only() -> None:
    # Lincoln's memorandum on Hooker's plan (April 1863): the prime object is the enemy's army,
    # Richmond only as it comes incidentally. Under East '63's directive the Union's computer
    # player counts Richmond as its 10 points' swing (20 VP), not as the end of the game
    # (20 + 15); without the directive, as the end of the game
    def richmond(game: Game) -> tuple[float, str]:
        player = StrategicPlayer(U)
        player.staff.look(game)
        found = [t for t in player.staff.targets if t.hex == game.map.parse("C2516")]
        assert len(found) == 1
        return found[0].value, found[0].what

    directed = Game.from_scenario(EAST_63, seed=1)
    assert richmond(directed) == (20.0, "Richmond, VA, enemy-held (10 pt)")
    free = Game.from_scenario(replace(load_strategic(EAST_63), directives={}), seed=1)
    assert richmond(free) == (20.0 + CAPITAL, "Richmond, VA, the enemy capital")


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
