"""The offer and the way back, on the eve of Cedar Mountain (tests/campaign/cedar.py: East '62
played to it by legal actions): a side
that refuses sends the battle to the strategic table; the computer answers; a tactical result
(here a forced short one) takes its losses, retreat and fallen leaders back to the campaign."""

from __future__ import annotations

from copy import deepcopy
from dataclasses import replace
from fractions import Fraction

import pytest

from gameapp.ai.battle_offer import table_balance
from gameapp.ai.decisions import answer_any
from gameapp.core.campaign.actions import BattleChoice, TacticalResult
from gameapp.core.campaign.campaign import answer_with
from gameapp.core.campaign.convert_out import TacticalBattleSettled
from gameapp.core.campaign.offer import BattleOffer, BattleOffered
from gameapp.core.decisions import DecisionKind
from gameapp.core.engine import Game
from gameapp.core.rulesets.strategic.combat import BattleFought
from gameapp.core.units import Side
from tests.campaign.cedar import CEDAR_MOUNTAIN, attack, eve_of_cedar_mountain


@pytest.fixture(scope="module")
def played_eve() -> Game:
    return eve_of_cedar_mountain()


@pytest.fixture
def eve(played_eve: Game) -> Game:
    return deepcopy(played_eve)  # the path is played once for the module


@pytest.mark.parametrize("refuser", [Side.CONFEDERATE, Side.UNION])
def test_one_refusal_sends_the_battle_to_the_table(eve: Game, refuser: Side) -> None:
    here = eve.map.parse(CEDAR_MOUNTAIN)
    events = eve.apply(attack(eve))
    assert any(isinstance(e, BattleOffered) for e in events)
    assert not any(isinstance(e, BattleFought) for e in events)  # nothing rolled yet
    with pytest.raises(Exception, match="must first decide"):
        eve.apply(eve.ruleset.end_step_action())
    events = []
    while not any(isinstance(e, BattleFought) for e in events):
        side = eve.pending_decision.side  # type: ignore[union-attr]
        events = eve.apply(BattleChoice(here, side is not refuser))
    assert eve.pending_decision is None and eve.state.battle is None
    assert eve.log[-1].notation == "battle-choice C2211 table"
    assert eve.log[-1].side is refuser


def test_the_computer_answers_the_offer_from_the_table_odds(eve: Game) -> None:
    eve.apply(attack(eve))
    offer = eve.state.battle
    assert isinstance(offer, BattleOffer)
    # 23 SP against 7: the Confederates expect to inflict half an SP more than they lose
    # (balance +1/2), so the attacker takes the table
    assert table_balance(offer, Side.CONFEDERATE) == -table_balance(offer, Side.UNION) == (
        Fraction(1, 2))
    choice, why = answer_any(eve, Side.CONFEDERATE)
    assert choice == BattleChoice(offer.preview.target, False)
    assert "takes the strategic table" in why
    # a table that costs the attacker 2 SP more on every result: he gambles on the field, and
    # the defender, who gains on that table, keeps it
    worse = tuple(replace(r, attacker_loss=r.attacker_loss + 2) for r in offer.preview.results)
    eve.state.battle = replace(offer, preview=replace(offer.preview, results=worse))
    assert table_balance(eve.state.battle, Side.CONFEDERATE) == Fraction(-3, 2)
    choice, why = answer_any(eve, Side.CONFEDERATE)
    assert choice == BattleChoice(offer.preview.target, True) and "fights it out" in why
    eve.apply(choice)
    choice, _ = answer_any(eve, Side.UNION)
    assert choice == BattleChoice(offer.preview.target, False)


def test_a_tactical_result_takes_losses_retreat_and_leaders_back(eve: Game) -> None:
    here = eve.map.parse(CEDAR_MOUNTAIN)
    eve.apply(attack(eve))
    eve.apply(BattleChoice(here, True))
    eve.apply(BattleChoice(here, True))
    assert eve.pending_decision.kind is DecisionKind.TACTICAL_BATTLE  # type: ignore[union-attr]
    # the campaign waits for the battle; without the campaign the field may only be left
    assert list(eve.legal_actions()) == [BattleChoice(here, False)]
    # A forced short result: a substantive Confederate victory, the Union losing 2,600 men
    # and Banks, the Confederates 1,449 men.
    result = TacticalResult(here, Side.CONFEDERATE, "substantive", 2600, 1449, ("banks",))
    events = answer_with(eve, result)
    state = eve.state
    # Union: 2,600 / 1,000 = 2.6 -> 3 SP. 8.16: round 1 one SP from each of Williams (8) and
    # Augur (4); round 2 the one left to the stronger, Williams: Williams 6, Augur 3.
    assert (state.pieces["us_williams"].sp, state.pieces["us_augur"].sp) == (6, 3)
    # Confederates: 1,449 / 1,000 = 1.449 -> 1 SP, to the strongest: the Light Division
    # 10 -> 9.
    assert {u: state.pieces[u].sp for u in ("cs_jackson", "cs_ewell", "cs_ap_hill")} == {
        "cs_jackson": 5, "cs_ewell": 8, "cs_ap_hill": 9}
    # Banks fell: out of the campaign (22.5: the leader pool).
    assert "banks" not in state.pieces and state.gone["banks"] == "leader pool"
    # Substantive: the Union retreats one hex, away from Jackson.
    now = state.pieces["us_williams"].hex
    assert now.distance(here) == 1 and now != eve.map.parse("C2112")
    assert state.pieces["us_augur"].hex == now
    settled = next(e for e in events if isinstance(e, TacticalBattleSettled))
    assert [(t.rule, t.value) for t in settled.terms] == [
        ("R&C campaign losses", 3), ("R&C campaign losses", 1),
        ("R&C campaign leaders lost", 1), ("R&C campaign retreat", 1)]
    assert eve.log[-1].notation == "tactical-result C2211 confederate substantive 2600 1449 banks"
    assert eve.parse_action(eve.log[-1].notation) == result  # the log reads back


def test_losses_fall_on_the_divisions_whose_men_fell(eve: Game) -> None:
    here = eve.map.parse(CEDAR_MOUNTAIN)
    eve.apply(attack(eve))
    eve.apply(BattleChoice(here, True))
    eve.apply(BattleChoice(here, True))
    # The Union lost 5,000 men, 4,800 of them in Augur's brigades and 200 in Williams's; the
    # Confederates 1,449, all in Jackson's division.
    result = TacticalResult(here, Side.CONFEDERATE, "substantive", 5000, 1449, ("banks",),
                            (("cs_jackson", 1449), ("us_augur", 4800), ("us_williams", 200)))
    events = answer_with(eve, result)
    state = eve.state
    # Union: 5 SP. In proportion 4.8 and 0.2: 4 and 0, the remainder to Augur's 0.8: 5, but
    # Augur has only 4 SP: he loses all 4 (out of play), and the one left falls on Williams,
    # the only division with SP that bled (8 -> 7).
    assert "us_augur" not in state.pieces and state.pieces["us_williams"].sp == 7
    # Confederates: 1 SP, all on Jackson's division (5 -> 4), not on the stronger Light
    # Division, which lost no man.
    assert {u: state.pieces[u].sp for u in ("cs_jackson", "cs_ewell", "cs_ap_hill")} == {
        "cs_jackson": 4, "cs_ewell": 8, "cs_ap_hill": 10}
    settled = next(e for e in events if isinstance(e, TacticalBattleSettled))
    assert [(line.piece, line.sp, line.rule) for line in settled.lines] == [
        ("us_augur", 4, "R&C campaign losses"), ("us_williams", 1, "R&C campaign losses"),
        ("cs_jackson", 1, "R&C campaign losses")]
    assert settled.lines[0].why == ("its formations lost 4,800 of the side's 5,000 men on the "
                                    "field: 4 of the 5 SP (in proportion, largest remainders)")
    assert eve.log[-1].notation == ("tactical-result C2211 confederate substantive 5000 1449 "
                                    "banks cs_jackson=1449 us_augur=4800 us_williams=200")
    assert eve.parse_action(eve.log[-1].notation) == result  # the log reads back


@pytest.mark.parametrize("tail", ["us_augur=-3", "=300", "us_augur=many"])
def test_a_tactical_result_with_a_bad_division_share_is_refused(eve: Game, tail: str) -> None:
    with pytest.raises(ValueError, match="expected tactical-result HEX"):
        eve.parse_action(f"tactical-result C2211 union marginal 100 100 {tail}")


def test_a_game_without_the_campaign_may_leave_the_field(eve: Game) -> None:
    here = eve.map.parse(CEDAR_MOUNTAIN)
    eve.apply(attack(eve))
    eve.apply(BattleChoice(here, True))
    eve.apply(BattleChoice(here, True))
    events = eve.apply(BattleChoice(here, False))
    assert any(isinstance(e, BattleFought) for e in events)
    assert eve.pending_decision is None and eve.state.battle is None


def test_strategic_leader_ratings_stay_out_of_the_tactical_game(eve: Game) -> None:
    """docs/campaigns.md, "Leaders": a leader's presence is carried into the battle, his
    strategic ratings are not: the tactical counter keeps the ratings printed for that field."""
    from gameapp.core.campaign.convert_in import convert_in
    from gameapp.core.campaign.offer import find_site
    from gameapp.core.rulesets.strategic.pieces import Leader
    from gameapp.core.scenario import load_scenario

    jackson = eve.state.pieces["jackson"]
    assert isinstance(jackson, Leader)
    eve.state.put(replace(jackson, initiative=1, tactical=-1, span=1))  # a poor Jackson
    here = eve.map.parse(CEDAR_MOUNTAIN)
    eve.apply(attack(eve))
    eve.apply(BattleChoice(here, True))
    eve.apply(BattleChoice(here, True))
    offer = eve.state.battle
    assert isinstance(offer, BattleOffer)
    site = find_site(eve._context(), offer.site)
    converted = convert_in(site, eve.state, offer).scenario.order_of_battle
    printed = load_scenario(site.tactical).order_of_battle
    for leader in ("CS-Jackson", "CS-Ewell", "CS-APHill", "US-Banks"):
        assert converted[leader] == printed[leader]
