"""Issue 31's "Done means": East '62 played by legal actions to a battle in the Cedar Mountain
hex in August 1862, fought out on the tactical map of Slaughter Mountain, its result carried
back to the campaign.

The path (tests/campaign/cedar.py, eve_of_cedar_mountain): East '62 from 1 March 1862, seed 5,
through the 200-odd actions of tests/campaign/data/cedar_mountain_path.txt, each asserted to
be among the legal actions of its moment: nobody moves but Jackson's, Ewell's and A. P. Hill's
divisions, which gather at Gordonsville under Jackson's command, and Banks's corps, which
marches from Charles Town to Culpeper (C2211). In week 24 (9-15 Aug 1862) Jackson's command
crosses to C2112 and attacks C2211. Both sides choose to fight it out. The tactical game is
played to its end with forced dice: in each fire phase of turns 1 to 6 the Union fires up to
five times and the Confederates up to fifteen, each fire the first legal one at a hex holding
infantry, the two dice forced to 6-6; every other phase is ended, every decision answered with
its first option. (The battle's seed is the campaign's seed and the length of the strategic
log, so it changes whenever the path does: on this path fifteen give a substantive
Confederate victory, 17 points to 9, so a 1-hex retreat is tested; ten would give a decisive
one, 19 to 7.) Run once for the module (about 20 s).
"""

from __future__ import annotations

from dataclasses import dataclass

import pytest

from gameapp.core.campaign.actions import BattleChoice, TacticalResult
from gameapp.core.campaign.campaign import Campaign
from gameapp.core.campaign.convert_in import ConversionIn
from gameapp.core.campaign.convert_out import TacticalBattleSettled
from gameapp.core.decisions import DecisionKind
from gameapp.core.engine import Game
from gameapp.core.rules.victory import losses_by_unit
from gameapp.core.rulesets.strategic.actions import Attack
from gameapp.core.units import Side, UnitKind
from tests.campaign.cedar import (
    ATTACKERS,
    CEDAR_MOUNTAIN,
    eve_of_cedar_mountain,
    fight_it_out,
    path_lines,
)

FIRES = {Side.UNION: 5, Side.CONFEDERATE: 15}
LAST_FIRE_TURN = 6


@dataclass
class Played:
    campaign: Campaign
    strategic: Game
    eve: dict[str, tuple[str, int]]
    questions: list[tuple[Side, DecisionKind]]
    tactical: Game
    formations_at_start: dict[str, int]
    conversion: ConversionIn
    events: list[object]


def _where(game: Game, pieces: tuple[str, ...]) -> dict[str, tuple[str, int]]:
    state = game.state
    return {p: (game.map.hex_id(state.pieces[p].hex), getattr(state.pieces[p], "sp", 0))
            for p in pieces}


PIECES = ("us_williams", "us_augur", "banks", "cs_jackson", "cs_ewell", "cs_ap_hill",
          "jackson", "ewell", "ap_hill")


@pytest.fixture(scope="module")
def played() -> Played:
    strategic = eve_of_cedar_mountain()
    eve = _where(strategic, PIECES)
    campaign = Campaign(strategic)
    here = strategic.map.parse(CEDAR_MOUNTAIN)
    attack = strategic.parse_action(path_lines()[-1])
    assert attack == Attack(here, ATTACKERS) and attack in list(strategic.legal_actions())
    questions = []
    campaign.apply(attack)
    for _ in range(2):  # the attacker is asked first, then the defender; both fight it out
        decision = strategic.pending_decision
        assert decision is not None
        questions.append((decision.side, decision.kind))
        choice = BattleChoice(here, True)
        assert choice in list(strategic.legal_actions())
        campaign.apply(choice)
    assert campaign.battle is not None
    tactical = campaign.battle.game
    conversion = campaign.battle.conversion
    strengths = {f.name: conversion.strength_of(f.name) for f in conversion.formations}
    events = fight_it_out(campaign.game, campaign.apply, FIRES, LAST_FIRE_TURN)
    return Played(campaign, strategic, eve, questions, tactical, strengths, conversion, events)


def test_the_armies_reach_cedar_mountain_by_legal_actions(played: Played) -> None:
    # Banks's corps stands in C2211 with Williams and Augur; Jackson's command, Ewell and Hill
    # in C2112, next to it. The Union SP are those of March less one week's attrition
    # (12.12-12.13): at the end of week 20 the corps stands in C2308, in Confederate territory
    # (home Confederate, so no -1 for friendly territory), out of supply (no depot, supply place,
    # railhead or water of its side within 4 hexes); a force of 13 SP rolls in the 11-20 column,
    # the seed's die 2, row 2: 1 SP, taken by 8.16 (a part round falls on the stronger
    # infantry) from Williams, 9 -> 8; Augur keeps 4. From week 21 the corps is in supply by
    # water: the Potomac from Alexandria and the Rappahannock up to Hamilton's Crossing (C2412),
    # then overland by Mine Run (C2312): C2209 is 4 hexes from it, C2210 3, C2211 2, all within
    # the 4 hexes of general supply, so weeks 21-23 cost nothing.
    # (Johnston's army, which nobody moves, still holds Manassas and the Orange & Alexandria
    # behind Banks.) The Confederates are at their schedule's strengths (Jackson's 5 SP of
    # March, Ewell's 8, the Light Division's 10 of week 13), in supply at home.
    assert played.eve == {
        "us_williams": ("C2211", 8), "us_augur": ("C2211", 4), "banks": ("C2211", 0),
        "cs_jackson": ("C2112", 5), "cs_ewell": ("C2112", 8), "cs_ap_hill": ("C2112", 10),
        "jackson": ("C2112", 0), "ewell": ("C2112", 0), "ap_hill": ("C2112", 0)}
    # the attack comes in the Confederate combat phase of week 24, 9-15 August 1862
    assert played.strategic.scenario.clock.date_of(24).isoformat() == "1862-08-09"


def test_the_attacker_then_the_defender_is_asked_and_both_fight(played: Played) -> None:
    assert played.questions == [(Side.CONFEDERATE, DecisionKind.BATTLE_OFFER),
                                (Side.UNION, DecisionKind.BATTLE_OFFER)]
    notations = [entry.notation for entry in played.strategic.log]
    assert notations[-4:-1] == ["attack C2211 cs_ap_hill cs_ewell cs_jackson",
                                "battle-choice C2211 tactical", "battle-choice C2211 tactical"]


def test_the_tactical_game_has_the_formations_and_strengths_present(played: Played) -> None:
    # One strategic SP is ten tactical SP; a formation brings min(its scenario SP, 10 x SP).
    # Williams 8 SP -> 80, the scenario has 33 infantry SP (Crawford 17, Gordon 16): 33.
    # Augur 4 SP -> 40, the scenario has 27 (Geary 10, Prince 13, Greene 4): 27.
    # Winder 5 SP -> 50 of 38: 38. Ewell 8 SP -> 80 of 43 (Early 14, Trimble 14, Forno 15): 43.
    # A. P. Hill's Light Division 10 SP -> 100 of its 76: 76.
    # Bayard and Robertson: no cavalry in the battle, left out.
    assert played.formations_at_start == {
        "Williams' Division (1st)": 33, "Augur's Division (2nd)": 27,
        "Bayard's Cavalry Brigade": 0, "Jackson's Division (Winder)": 38,
        "Ewell's Division": 43, "A. P. Hill's Light Division": 76,
        "Robertson's Cavalry Brigade": 0}
    scenario = played.tactical.scenario
    printed = scenario.order_of_battle.values()
    assert not any(d.brigade == "Bayard's Cavalry Brigade" for d in printed)
    # Banks, Jackson, Ewell and A. P. Hill all stand with the battle: their counters are in.
    assert {"US-Banks", "CS-Jackson", "CS-Ewell", "CS-APHill"} <= set(scenario.order_of_battle)
    terms = [(t.rule, t.value) for t in played.conversion.terms]
    assert terms == [("R&C campaign scale", 33), ("R&C campaign scale", 27),
                     ("R&C campaign formations", 0), ("R&C campaign scale", 38),
                     ("R&C campaign scale", 43), ("R&C campaign scale", 76),
                     ("R&C campaign formations", 0)]


def test_the_battle_is_played_to_its_end_and_its_losses_counted(played: Played) -> None:
    game = played.tactical
    assert game.is_over
    lost = {k: n for k, (d, n) in losses_by_unit(game.state, game.scenario).items()}
    # Union: 111 PA 3 (Prince's brigade), 1 DC 2 and 78 NY 2 (Greene's): 7 infantry SP x 100 =
    # 700 men; no gun. Confederate: 37 VA 1, 48 AL 2 (Taliaferro's), 7 LA 1, 8 LA 1 (Forno's):
    # 5 SP x 100 = 500 men.
    assert lost == {"US-111PA": 3, "US-1DC": 2, "US-78NY": 2,
                    "CS-37VA": 1, "CS-48AL": 2, "CS-7LA": 1, "CS-8LA": 1}
    assert all(game.scenario.order_of_battle[k].kind is UnitKind.INFANTRY for k in lost)
    # Victory points: the Union holds the Culpeper road exit (3) and the Mitchell's Station road
    # exit (1) and has taken 5 Confederate SP: 9. The Confederates hold the gate (3), the
    # Crittenden house (2), the shelf of Cedar Mountain (2), the Orange road exit (2) and the
    # Madison road exit (1) and have taken 7 Union SP: 17. 17 / 9 = 1.89, at least 1.5 and
    # under 2.5: a substantive Confederate victory. The scenario alone counts the Union's points
    # twice (Banks at one against two); the campaign's battle, fought with the strategic game's
    # forces, drops that expectation and keeps the scale of losses (a battery SP 0.2, a gun 1).
    points = game.scenario.victory_points
    assert (points.expectation, points.battery_sp, points.gun) == (None, 0.2, 1.0)
    score = game.result()
    assert (score.points[Side.UNION].total, score.points[Side.CONFEDERATE].total) == (9, 17)
    result = played.campaign.fought[0].result
    # Where the men fell: Prince's and Greene's brigades are Augur's division (700 men); 37 VA
    # and 48 AL are Taliaferro's brigade of Jackson's division (300), 7 LA and 8 LA Forno's of
    # Ewell's (200).
    assert result == TacticalResult(played.strategic.map.parse(CEDAR_MOUNTAIN), Side.CONFEDERATE,
                                    "substantive", 700, 500, (),
                                    (("cs_ewell", 200), ("cs_jackson", 300), ("us_augur", 700)))
    assert played.campaign.fought[0].actions == tuple(e.notation for e in game.log)


def test_the_campaign_goes_on_with_the_losses_and_the_retreat(played: Played) -> None:
    strategic = played.strategic
    # Losses: Union 700 / 1,000 = 0.7 -> 1 SP (half up; at most the 12 SP that fought), all of
    # it from Augur (4 -> 3), whose brigades lost all 700 men; Williams keeps his 8.
    # Confederate 500 / 1,000 = 0.5 -> 1 SP (half up; of 23), shared by the men lost, 300 by
    # Jackson's division and 200 by Ewell's: 0.6 and 0.4 SP, the largest remainder takes it,
    # Jackson's (5 -> 4); Ewell keeps 8, and the Light Division, which lost no man on the
    # field, keeps its 10.
    # A substantive Confederate victory: the Union retreats 1 hex, Banks with his divisions,
    # away from Jackson, to C2210; Jackson's force stays in C2112 (no advance, as after a
    # table battle).
    assert _where(strategic, PIECES) == {
        "us_williams": ("C2210", 8), "us_augur": ("C2210", 3), "banks": ("C2210", 0),
        "cs_jackson": ("C2112", 4), "cs_ewell": ("C2112", 8), "cs_ap_hill": ("C2112", 10),
        "jackson": ("C2112", 0), "ewell": ("C2112", 0), "ap_hill": ("C2112", 0)}
    # No leader fell: Banks, Jackson, Ewell and Hill are still in the campaign.
    assert {"banks", "jackson", "ewell", "ap_hill"} <= set(strategic.state.pieces)
    # The battle is in the campaign's log, with its breakdown; the campaign goes on.
    assert strategic.log[-1].notation == ("tactical-result C2211 confederate substantive 700 500 "
                                          "cs_ewell=200 cs_jackson=300 us_augur=700")
    settled = next(e for e in played.events if isinstance(e, TacticalBattleSettled))
    assert [(t.rule, t.value) for t in settled.terms] == [
        ("R&C campaign losses", 1), ("R&C campaign losses", 1), ("R&C campaign retreat", 1)]
    assert strategic.pending_decision is None and strategic.state.battle is None
    assert "cs_jackson" in " ".join(strategic.state.attacked)  # 8.12: attacked this phase
    assert played.campaign.game is strategic and not strategic.is_over
