"""Issue 31's "Done means": East '62 to a battle in the Cedar Mountain hex in August 1862, fought
out on the tactical map of Slaughter Mountain, its result carried back to the campaign.

The path (tests/campaign/cedar.py): East '62 with every phase ended to week 24 (9-15 Aug 1862),
the armies put where they stood on 8 August, Jackson's force commanded; it attacks C2211.
Both sides choose to fight it out. The tactical game is played to its end with forced dice:
in each fire phase of turns 1 to 3 the Union fires once and the Confederates up to five times,
each fire the first legal one at a hex holding infantry, the two dice forced to 6-6 (every such
shot at these ranges is an A1 or C1: one step); every other phase is ended, every decision
answered with its first option. Run once for the module (about 15 s).
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
from gameapp.core.units import Side, UnitKind
from tests.campaign.cedar import CEDAR_MOUNTAIN, attack, eve_of_cedar_mountain, fight_it_out


@dataclass
class Played:
    campaign: Campaign
    strategic: Game
    questions: list[tuple[Side, DecisionKind]]
    tactical: Game
    formations_at_start: dict[str, int]
    conversion: ConversionIn
    events: list[object]


@pytest.fixture(scope="module")
def played() -> Played:
    strategic = eve_of_cedar_mountain()
    campaign = Campaign(strategic)
    here = strategic.map.parse(CEDAR_MOUNTAIN)
    questions = []
    campaign.apply(attack(strategic))
    for _ in range(2):  # the attacker is asked first, then the defender; both fight it out
        decision = strategic.pending_decision
        assert decision is not None
        questions.append((decision.side, decision.kind))
        campaign.apply(BattleChoice(here, True))
    assert campaign.battle is not None
    tactical = campaign.battle.game
    conversion = campaign.battle.conversion
    strengths = {f.name: conversion.strength_of(f.name) for f in conversion.formations}
    events = fight_it_out(campaign.game, campaign.apply)
    return Played(campaign, strategic, questions, tactical, strengths, conversion, events)


def test_the_attacker_then_the_defender_is_asked_and_both_fight(played: Played) -> None:
    assert played.questions == [(Side.CONFEDERATE, DecisionKind.BATTLE_OFFER),
                                (Side.UNION, DecisionKind.BATTLE_OFFER)]
    notations = [entry.notation for entry in played.strategic.log]
    assert notations[-4:-1] == ["attack C2211 cs_branch cs_ewell cs_jackson",
                                "battle-choice C2211 tactical", "battle-choice C2211 tactical"]


def test_the_tactical_game_has_the_formations_and_strengths_present(played: Played) -> None:
    # One strategic SP is ten tactical SP; a formation brings min(its scenario SP, 10 x SP).
    # Williams 4 SP -> 40, the scenario has 33 infantry SP (Crawford 17, Gordon 16): 33.
    # Augur 3 SP -> 30, the scenario has 27 infantry SP (Geary 10, Prince 13, Greene 4; his
    # 3,013 included his batteries, issue 30): 27.
    # Winder 4 SP -> 40 of 38: 38. Ewell 6 SP -> 60 of 43 (Early 14, Trimble 14, Forno 15): 43.
    # A. P. Hill: Branch's brigade, 2 SP -> 20 of 76: twenty regiments of 1 SP.
    # Bayard and Robertson: no cavalry in the battle, left out.
    assert played.formations_at_start == {
        "Williams' Division (1st)": 33, "Augur's Division (2nd)": 27,
        "Bayard's Cavalry Brigade": 0, "Jackson's Division (Winder)": 38,
        "Ewell's Division": 43, "A. P. Hill's Light Division": 20,
        "Robertson's Cavalry Brigade": 0}
    scenario = played.tactical.scenario
    printed = scenario.order_of_battle.values()
    assert not any(d.brigade == "Bayard's Cavalry Brigade" for d in printed)
    # A. P. Hill (the strategic leader) is not on the map: his counter is left out; Banks,
    # Jackson and Ewell are with the battle.
    assert "CS-APHill" not in scenario.order_of_battle
    assert {"US-Banks", "CS-Jackson", "CS-Ewell"} <= set(scenario.order_of_battle)
    terms = [(t.rule, t.value) for t in played.conversion.terms]
    assert terms == [("R&C campaign scale", 33), ("R&C campaign scale", 27),
                     ("R&C campaign formations", 0), ("R&C campaign scale", 38),
                     ("R&C campaign scale", 43), ("R&C campaign scale", 20),
                     ("R&C campaign formations", 0), ("R&C campaign leaders", 0)]


def test_the_battle_is_played_to_its_end_and_its_losses_counted(played: Played) -> None:
    game = played.tactical
    assert game.is_over
    lost = {k: (d.side, d.kind, n)
            for k, (d, n) in losses_by_unit(game.state, game.scenario).items()}
    # Union: 13 infantry SP (102 NY 3, 109 PA 3, 111 PA 3, 3 MD 2, 78 NY 2) x 100 = 1,300 men,
    # and the 6th Maine's 4 gun steps x 20 = 80: 1,380. Confederate: the 37th Virginia's 1 SP
    # = 100.
    union = sum(n * (20 if kind is UnitKind.ARTILLERY else 100)
                for side, kind, n in lost.values() if side is Side.UNION)
    confederate = sum(n * 100 for side, kind, n in lost.values() if side is Side.CONFEDERATE)
    assert (union, confederate) == (1380, 100)
    result = played.campaign.fought[0].result
    assert result == TacticalResult(played.strategic.map.parse(CEDAR_MOUNTAIN), Side.CONFEDERATE,
                                    "decisive", 1380, 100, ())
    assert played.campaign.fought[0].actions == tuple(e.notation for e in game.log)


def test_the_campaign_goes_on_with_the_losses_and_the_retreat(played: Played) -> None:
    strategic, state = played.strategic, played.strategic.state
    # Losses: Union 1,380 / 1,000 = 1.38 -> 1 SP; 8.16 takes it from the larger division,
    # Williams (4 -> 3); Augur keeps his 3. Confederate 100 / 1,000 = 0.1 -> 0 SP.
    assert (state.pieces["us_williams"].sp, state.pieces["us_augur"].sp) == (3, 3)
    assert {u: state.pieces[u].sp for u in ("cs_jackson", "cs_ewell", "cs_branch")} == {
        "cs_jackson": 4, "cs_ewell": 6, "cs_branch": 2}
    # A decisive Confederate victory: the Union retreats 2 hexes, Banks with his divisions, to
    # C2110; Jackson's force stays in C2112 (no advance, as after a table battle).
    where = {p: strategic.map.hex_id(state.pieces[p].hex)
             for p in ("us_williams", "us_augur", "banks", "cs_ewell", "jackson")}
    assert where == {"us_williams": "C2110", "us_augur": "C2110", "banks": "C2110",
                     "cs_ewell": "C2112", "jackson": "C2112"}
    assert strategic.map.parse(CEDAR_MOUNTAIN).distance(strategic.map.parse("C2110")) == 2
    # No leader fell: Banks, Jackson and Ewell are still in the campaign.
    assert {"banks", "jackson", "ewell"} <= set(state.pieces)
    # The battle is in the campaign's log, with its breakdown; the campaign goes on.
    assert strategic.log[-1].notation == "tactical-result C2211 confederate decisive 1380 100"
    settled = next(e for e in played.events if isinstance(e, TacticalBattleSettled))
    assert [(t.rule, t.value) for t in settled.terms] == [
        ("R&C campaign losses", 1), ("R&C campaign losses", 0), ("R&C campaign retreat", 2)]
    assert strategic.pending_decision is None and state.battle is None
    assert "cs_jackson" in " ".join(state.attacked)  # 8.12: it has attacked this phase
    assert played.campaign.game is strategic and not strategic.is_over
