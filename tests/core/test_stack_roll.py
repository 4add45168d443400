"""Note 3 of the morale table: when two or more units of one hex must check morale for the same
cause at once, their owner chooses one roll for the stack or one roll each before the dice
(`rules/stack_roll.py`, docs/rules.md "One roll or one each"). Forced dice; every figure worked
by hand.

The position: Union rifles `u` (5 SPs) at 0606 facing N fire at a Confederate stack at 0604 of
`c1` (4 SPs, ML 35) and `c2` (4 SPs, ML 45), both in line facing S. 5 SPs at 2 hexes: 5/3 fire
points, the 1½ column; the stack's 8 SPs give +2 for density (the fire roll 63 reads 65: C1,
one step off the largest unit, c1). No terrain, so no "enemy fire would subtract" terms: each
unit's modified roll is its roll.
"""

from __future__ import annotations

from dataclasses import replace
from fractions import Fraction
from pathlib import Path

import pytest

from gameapp.ai.decisions import answer
from gameapp.core.actions import (
    EndPhase,
    Fire,
    Move,
    Pass,
    ResolveCharge,
    RetreatBeforeCombat,
    StackRoll,
)
from gameapp.core.breakdown import IllegalActionError, Term
from gameapp.core.decisions import DecisionKind
from gameapp.core.dice import Dice
from gameapp.core.engine import Game
from gameapp.core.events import (
    DecisionPending,
    MoraleChecked,
    MoraleCheckIgnored,
    RoutMovementPending,
)
from gameapp.core.phases import Phase
from gameapp.core.rules.morale import CheckKind, Outcome
from gameapp.core.rules.pending_checks import answer_stack_roll, resolve_pending_checks
from gameapp.core.rules.stack_roll import SHARED_ROLL, chances
from gameapp.core.savegame import load_game, save_game
from gameapp.core.scenario import VictoryHex
from gameapp.core.state import PendingCheck
from gameapp.core.units import Side, Status
from tests.core.positions import N, S, blank_map, game_on, infantry, leader, place

DATA = Path(__file__).resolve().parent.parent / "data"


def stack_under_fire(c1_status: frozenset[Status] = frozenset(),
                     victory: bool = False) -> Game:
    """The position above, at the Union shot of the Union fire phase."""
    m = blank_map()
    c1 = replace(place(infantry("c1", Side.CONFEDERATE, 4), m, "0604", S), status=c1_status)
    c2 = place(replace(infantry("c2", Side.CONFEDERATE, 4), morale=45), m, "0604", S)
    hexes = (VictoryHex(m.parse("0604"), 3, Side.CONFEDERATE, "the stack's hex"),) \
        if victory else ()
    game = game_on(m, [place(infantry("u"), m, "0606", N), c1, c2], victory_hexes=hexes)
    game.apply(EndPhase())
    game.apply(Pass())  # the Confederates pass; the Union fires
    return game


def fire(game: Game, dice: list[int]) -> list:
    game.dice = Dice.forcing(dice)
    return game.apply(Fire(("u",), game.map.parse("0604")))


def checks(events: list) -> list:
    return [e.check for e in events if isinstance(e, MoraleChecked)]


def test_fire_at_a_two_unit_stack_asks_its_owner_before_any_morale_roll() -> None:
    game = stack_under_fire()
    events = fire(game, [63])
    assert checks(events) == []  # nothing rolled yet
    assert [r.purpose for r in game.log[-1].rolls] == ["fire at 0604"]
    decision = game.pending_decision
    assert decision is not None and decision.kind is DecisionKind.STACK_ROLL
    assert DecisionPending(decision) in events
    assert (decision.side, game.acting_side) == (Side.CONFEDERATE, Side.CONFEDERATE)
    assert (decision.unit_ids, decision.causers, decision.rule) == (("c1", "c2"), ("u",),
                                                                     "Morale N3")
    assert "c1 level 35, c2 level 45" in decision.question
    assert list(game.legal_actions()) == [StackRoll(True), StackRoll(False)]
    with pytest.raises(IllegalActionError, match="Confederate must first decide"):
        game.apply(Pass())
    # c1 (ML 35, no cover: printed ML not above 36): 11-34 no effect (16 throws), 35-54
    # shaken (12), 55-66 rout (8). c2 (ML 45): 11-26 no effect (16), 31-44 cover (6, note 6),
    # 45-64 shaken (12), 65-66 rout (2).
    # One roll: all hold on 11-34: 16/36 = 44.4%; any routs on 55-66: 8/36 = 22.2%; all rout
    # on 65-66: 2/36 = 5.6%. Each: 16/36 x 22/36 = 27.2%; 1 - 28/36 x 34/36 = 26.5%;
    # 8/36 x 2/36 = 1.2%. SPs expected to rout either way: c1's 3 (after the C1 step) x 8/36
    # + c2's 4 x 2/36 = 32/36 = 0.89.
    one, each = decision.options
    assert (one.notation, each.notation) == ("stack-roll one", "stack-roll each")
    assert one.label.endswith("all hold 44.4%, any routs 22.2%, all rout 5.6%, 0.89 SPs "
                              "expected to rout")
    assert each.label.endswith("all hold 27.2%, any routs 26.5%, all rout 1.2%, 0.89 SPs "
                               "expected to rout")


def test_the_exact_chances_of_each_choice() -> None:
    game = stack_under_fire()
    fire(game, [63])
    decision = game.pending_decision
    assert decision is not None
    one = chances(game.state.units, decision.checks, True)
    each = chances(game.state.units, decision.checks, False)
    assert (one.all_hold, one.any_routs, one.all_rout) == (
        Fraction(16, 36), Fraction(8, 36), Fraction(2, 36))
    assert (each.all_hold, each.any_routs, each.all_rout) == (
        Fraction(16 * 22, 36 * 36), Fraction(36 * 36 - 28 * 34, 36 * 36), Fraction(16, 36 * 36))
    assert one.routed_sps == each.routed_sps == Fraction(32, 36)


def test_the_chances_leave_out_a_unit_gone_from_the_map() -> None:
    """A decision can wait while an earlier one is answered and a unit of its stack leaves the
    map (a rout off the edge). Its check no longer counts, as the roll itself leaves it out
    (`roll_checks`), and asking the chances does not fail: with c1 gone, c2 alone (ML 45)
    holds on 16 + 6 of 36 throws and routs on 2, one roll or one each; its 4 SPs x 2/36."""
    game = stack_under_fire()
    fire(game, [63])
    decision = game.pending_decision
    assert decision is not None
    del game.state.units["c1"]
    for one in (True, False):
        odds = chances(game.state.units, decision.checks, one)
        assert (odds.all_hold, odds.any_routs, odds.all_rout, odds.routed_sps) == (
            Fraction(22, 36), Fraction(2, 36), Fraction(2, 36), Fraction(8, 36))
    action, _ = answer(game, Side.CONFEDERATE)  # the computer's answer reads the same chances
    assert isinstance(action, StackRoll)
    game.apply(action)
    assert game.pending_decision is None


def test_one_roll_and_one_each_give_different_results_from_the_same_dice() -> None:
    # the same dice after the fire roll: 41, then 11
    one = stack_under_fire()
    fire(one, [63, 41, 11])
    c1, c2 = checks(one.apply(StackRoll(True)))
    # one d66, 41, read against each level: c1 35 <= 41 < 55 shaken; c2 35 <= 41 < 45 cover
    assert (c1.roll, c1.outcome, c2.roll, c2.outcome) == (41, Outcome.SHAKEN, 41, Outcome.COVER)
    assert c1.roll_terms.terms == c2.roll_terms.terms == (
        Term("one roll for the stack", 0, "Morale N3"),)
    assert [(t.label, t.value) for t in c2.level_terms] == [("printed morale level", 45)]
    assert (str(c1.morale_level), str(c2.morale_level)) == ("35", "45")
    assert [r.purpose for r in one.log[-1].rolls] == ["morale 0604: one roll for the stack"]
    assert one.log[-1].notation == "stack-roll one"
    assert one.state.units["c1"].status == {Status.SHAKEN}
    assert one.state.units["c2"].status == {Status.COVER}
    assert one.pending_decision is None and one.acting_side is Side.UNION

    each = stack_under_fire()
    fire(each, [63, 41, 11])
    c1, c2 = checks(each.apply(StackRoll(False)))
    # c1 throws 41: shaken; c2 throws 11: 11 < 35 (ML - 6... 45 - 6 = 35), no effect
    assert (c1.roll, c1.outcome, c2.roll, c2.outcome) == (41, Outcome.SHAKEN, 11,
                                                          Outcome.NO_EFFECT)
    assert SHARED_ROLL not in c1.roll_terms.terms and SHARED_ROLL not in c2.roll_terms.terms
    assert [r.purpose for r in each.log[-1].rolls] == ["morale c1", "morale c2"]
    assert each.state.units["c2"].status == frozenset()


def test_the_fire_resolution_goes_on_after_the_answer_with_rout_movement() -> None:
    game = stack_under_fire(c1_status=frozenset({Status.ROUTED}))
    fire(game, [63, 55])
    # c1 is routed and hurt: 7.34 (pass or fail); c2 a 7.31 check. One roll, 55: c1 55 > 35
    # makes rout movement away from the firer; c2 45 <= 55 < 61 (45 + 12): shaken.
    events = game.apply(StackRoll(True))
    c1, c2 = checks(events)
    assert (c1.kind, c1.outcome, c2.kind, c2.outcome) == (
        CheckKind.ROUTED_HIT, Outcome.ROUT_MOVEMENT, CheckKind.FCRT, Outcome.SHAKEN)
    assert RoutMovementPending("c1", "7.34") in events
    c1_now = game.state.units.get("c1")
    # it left 0604 (or a path choice is waiting for its owner): never both
    assert (c1_now is None or c1_now.hex != game.map.parse("0604")
            or game.pending_decision is not None)
    assert "c1" in game.state.rout_moved


def test_a_fallen_officers_checks_wait_for_the_fire_answer_then_ask_in_turn() -> None:
    m = blank_map()
    c1 = place(infantry("c1", Side.CONFEDERATE, 4), m, "0604", S)
    c2 = place(replace(infantry("c2", Side.CONFEDERATE, 4), morale=45), m, "0604", S)
    game = game_on(m, [place(infantry("u"), m, "0606", N), c1, c2,
                       place(leader("gen", Side.CONFEDERATE), m, "0604")])
    game.apply(EndPhase())
    game.apply(Pass())
    game.dice = Dice.forcing([66, 11, 11, 21])  # C1 and an unmodified 66: the officer falls
    game.apply(Fire(("u",), m.parse("0604")))
    first = game.pending_decision
    assert first is not None and "(fire at 0604;" in first.question
    assert [p.rule for p in game.state.pending_checks] == ["7.38", "7.38"]  # they wait
    # one each: 11 and 11, no effect for both, so the 7.38 checks are not ignored (7.83)
    assert [c.outcome for c in checks(game.apply(StackRoll(False)))] == [Outcome.NO_EFFECT] * 2
    second = game.pending_decision
    assert second is not None and second.kind is DecisionKind.STACK_ROLL
    # standing terms, no officer now: both in line with open flanks, -2 each side: c1 35 - 4
    # = 31 (34 33 32 31), c2 45 - 4 = 41
    assert "gen incapacitated, 7.38; c1 level 31, c2 level 41" in second.question
    c1_check, c2_check = checks(game.apply(StackRoll(True)))
    assert (c1_check.roll, c2_check.roll) == (21, 21)  # 21 < 31 and < 41: no effect
    assert (c1_check.kind, c1_check.outcome) == (CheckKind.LEADER_LOST, Outcome.NO_EFFECT)
    assert [r.purpose for r in game.log[-1].rolls] == ["morale 0604: one roll for the stack"]
    assert game.pending_decision is None and game.state.pending_checks == []


def test_a_single_unit_is_never_asked() -> None:
    m = blank_map()
    game = game_on(m, [place(infantry("u"), m, "0606", N),
                       place(infantry("c", Side.CONFEDERATE, 8), m, "0604", S),
                       place(leader("gen", Side.CONFEDERATE), m, "0604")])  # leaders never check
    game.apply(EndPhase())
    game.apply(Pass())
    game.dice = Dice.forcing([63, 41])
    events = game.apply(Fire(("u",), m.parse("0604")))
    assert game.pending_decision is None
    assert [(c.unit_id, c.roll) for c in checks(events)] == [("c", 41)]


def test_a_stack_with_one_unit_left_to_roll_is_not_asked() -> None:
    game = stack_under_fire()
    game.state.unformed_this_phase.add("c2")  # 7.83: c2's checks are ignored this phase
    events = fire(game, [63, 41])
    assert game.pending_decision is None
    assert MoraleCheckIgnored("c2", "7.31", "became unformed this phase", "7.83") in events
    assert [(c.unit_id, c.roll) for c in checks(events)] == [("c1", 41)]


def test_a_charge_never_asks() -> None:
    m = blank_map()
    us = place(infantry("US-1", strength=8), m, "0607", N)
    cs = [place(infantry(uid, Side.CONFEDERATE, 3), m, "0604", S) for uid in ("CS-1", "CS-2")]
    game = game_on(m, [us, *cs])
    game.apply(Move("US-1", tuple(m.parse(h) for h in ("0606", "0605", "0604"))))
    game.apply(RetreatBeforeCombat(m.parse("0604"), False))
    while game.phase is not Phase.CHARGE:
        assert game.pending_decision is None
        game.apply(EndPhase())
    game.dice = Dice.forcing([11, 11])  # 8.41 for the defending stack, then 8.42
    game.apply(ResolveCharge(m.parse("0604")))
    assert game.pending_decision is None
    # one roll for the two defenders (8.41), as the seed requires; one for the attacker (8.42)
    assert [r.purpose[:4] for r in game.log[-1].rolls] == ["8.41", "8.42"]
    assert "one roll for the stack" in game.log[-1].rolls[0].purpose


def test_pending_checks_of_one_cause_in_one_hex_ask_and_the_rest_waits() -> None:
    m = blank_map()
    a, b = (place(infantry(uid), m, "0606", N) for uid in ("a", "b"))
    c = place(infantry("c"), m, "0808", N)
    game = game_on(m, [a, b, c, place(infantry("reb", Side.CONFEDERATE), m, "0602", S)])
    state = game.state
    state.pending_checks += [PendingCheck(uid, "x routed past it", "7.37") for uid in "abc"]
    events = resolve_pending_checks(state, m, Dice.forcing([]), {})
    (decision,) = state.decisions
    assert events == [DecisionPending(decision)]
    assert (decision.side, decision.unit_ids, decision.target) == (
        Side.UNION, ("a", "b"), m.parse("0606"))
    assert "x routed past it, 7.37" in decision.question
    assert state.pending_checks == [PendingCheck("c", "x routed past it", "7.37")]
    assert resolve_pending_checks(state, m, Dice.forcing([]), {}) == []  # waits for the answer
    state.decisions.clear()
    dice = Dice.forcing([41, 11])
    events = answer_stack_roll(state, m, decision, True, dice, {})
    a_check, b_check = checks(events)
    # 7.37, no cover band: ML 35 <= 41 < 47 shaken, both on the one roll
    assert (a_check.kind, a_check.outcome, b_check.outcome) == (
        CheckKind.ADJACENT_ROUT, Outcome.SHAKEN, Outcome.SHAKEN)
    assert [r.purpose for r in dice.history] == ["morale 0606: one roll for the stack"]
    (c_check,) = checks(resolve_pending_checks(state, m, dice, {}))
    assert (c_check.unit_id, c_check.roll, c_check.outcome) == ("c", 11, Outcome.NO_EFFECT)


def test_checks_left_from_the_last_phase_are_rolled_one_each_without_asking() -> None:
    m = blank_map()
    game = game_on(m, [place(infantry(uid), m, "0606", N) for uid in ("a", "b")])
    game.state.pending_checks += [PendingCheck(uid, "x routed past it", "7.37") for uid in "ab"]
    dice = Dice.forcing([11, 41])
    events = resolve_pending_checks(game.state, m, dice, {}, ask=False)
    assert game.state.decisions == []
    assert [(c.unit_id, c.roll) for c in checks(events)] == [("a", 11), ("b", 41)]
    assert [r.purpose for r in dice.history] == ["7.37 morale a", "7.37 morale b"]


def test_the_computer_takes_the_choice_less_likely_to_rout_a_unit_or_to_lose_its_hex() -> None:
    game = stack_under_fire()
    fire(game, [63])
    # the expected routed SPs tie (0.89); any routs: one 22.2% < each 26.5%
    action, why = answer(game, Side.CONFEDERATE)
    assert action == StackRoll(True) and "any routs 22.2%" in why
    held = stack_under_fire(victory=True)
    fire(held, [63])
    # on a victory hex it holds: all rout, each 1.2% < one 5.6%
    action, why = answer(held, Side.CONFEDERATE)
    assert action == StackRoll(False) and "all rout 1.2%" in why


def _stack_scenario(tmp_path: Path) -> Path:
    """The test data's duel, with US-2 stacked with US-1 and CS-1 next to them."""
    path = tmp_path / "stack.yaml"
    path.write_text(
        "name: Stack\ndescription: A stack under fire.\n"
        f"map: {_copy(DATA / 'maps' / 'small.yaml', tmp_path)}\n"
        f"counters: {_copy(DATA / 'counters' / 'small.yaml', tmp_path)}\n"
        "ruleset: tactical\nturns: {first: 1, last: 4, start: \"14:00\", minutes: 20}\n"
        "first_side: union\nsetup:\n"
        "  - {unit: US-1, hex: \"0405\", facing: N, formation: line}\n"
        "  - {unit: US-2, hex: \"0405\", facing: N, formation: line}\n"
        "  - {unit: CS-1, hex: \"0404\", facing: S, formation: line}\n", encoding="utf-8")
    return path


def _asked(scenario: Path, seed: int) -> Game | None:
    game = Game.from_scenario(scenario, seed=seed)
    game.apply(EndPhase())  # the Union fire phase: the Confederates shoot first
    game.apply(Fire(("CS-1",), game.map.parse("0405")))
    decision = game.pending_decision
    return game if decision is not None and decision.kind is DecisionKind.STACK_ROLL else None


def test_a_game_with_the_question_saves_and_replays(tmp_path: Path) -> None:
    scenario = _stack_scenario(tmp_path)
    # the first seed whose fire calls for the stack's checks (found by trying them in order)
    game = next(g for g in (_asked(scenario, seed) for seed in range(200)) if g is not None)
    save_game(game, tmp_path / "asked.save.yaml")  # saved while the question waits
    asked = load_game(tmp_path / "asked.save.yaml")
    assert asked.pending_decision == game.pending_decision
    game.apply(StackRoll(True))
    save_game(game, tmp_path / "answered.save.yaml")
    again = load_game(tmp_path / "answered.save.yaml")
    assert again.state == game.state and again.log == game.log
    assert again.dice.history == game.dice.history
    assert again.log[-1].notation == "stack-roll one"
    assert [r.purpose for r in again.log[-1].rolls] == ["morale 0405: one roll for the stack"]


def _copy(source: Path, folder: Path) -> str:
    """A copy of the test data file beside the scenario: a scenario may only name files in its
    own folder tree and the game's data folders (docs/reliability.md)."""
    name = f"{source.parent.name}-{source.name}"
    (folder / name).write_bytes(source.read_bytes())
    return name
