"""Events in words, in one place (gameapp/present/event_words.py): every event type has its
sentence, and the log, the dialogs, the status bar and `gameapp run` say one thing one way,
in the rules' own terms (docs/playing.md, "The words of the log")."""

from __future__ import annotations

import re
from typing import get_args

from gameapp.core.actions import EndPhase, Fire, Move, Pass, ResolveCharge
from gameapp.core.breakdown import Breakdown, Term
from gameapp.core.decisions import DecisionKind, PendingDecision
from gameapp.core.dice import Dice
from gameapp.core.engine import Game
from gameapp.core.events import (
    AmmunitionSpent,
    CasualtiesTaken,
    ChargeDeclared,
    ChargeResolved,
    ClosingRoll,
    DecisionPending,
    EngagementChanged,
    Event,
    ExhaustionChanged,
    FireResolved,
    FireShotPassed,
    GunsCaptured,
    LeaderReplaced,
    MarkersRemoved,
    MoraleChecked,
    MoraleCheckIgnored,
    MoraleCheckPending,
    OfficerIncapacitated,
    PhaseStarted,
    RallyAttempted,
    ReinforcementsArrived,
    RoutCasualties,
    RoutMoved,
    RoutMovementPending,
    UnitBroken,
    UnitEliminated,
    UnitMoved,
    UnitReformed,
    UnitRouted,
    UnitsReleased,
    WithdrawalAttempted,
)
from gameapp.core.hexgrid import Hex
from gameapp.core.phases import Phase
from gameapp.core.rules.morale import CheckKind, MoraleCheck, Outcome
from gameapp.core.units import Formation, Side, Status
from gameapp.headless import log_lines, play
from gameapp.present.event_words import WORDS, report_lines, status_messages, words
from gameapp.present.fire_text import OFFICER_HIT, result_meaning
from gameapp.present.strategic_words import STRATEGIC_WORDS
from tests.core.positions import N, S, blank_map, game_on, infantry, leader, place
from tests.core.rout_picks import first_rout_paths
from tests.core.test_charge_play import path, stand, to_phase

A, B = Hex(0, 0), Hex(1, 0)
LEVEL = Breakdown.of([Term("printed morale level", 44, "ML"), Term("officer", 2, "7.2")])
CHECK = MoraleCheck("c", CheckKind.FCRT, 25, Breakdown(), LEVEL, Outcome.NO_EFFECT)
# one of each event type, each naming the unit "c" (or its hex) and the rule "R1"
SAMPLES: dict[type, Event] = {
    PhaseStarted: PhaseStarted(3, Side.UNION, Phase.FIRE, "3:40 pm"),
    MarkersRemoved: MarkersRemoved("c", frozenset({Status.MOVED}), "R1"),
    UnitMoved: UnitMoved("c", (A, B), Breakdown.of([Term("clear", 2, "R1")])),
    UnitReformed: UnitReformed("c", 2, Formation.LINE, Breakdown.of([Term("face", 1, "R1")])),
    MoraleCheckPending: MoraleCheckPending("c", "a leader fell", "R1"),
    FireResolved: FireResolved(("u",), A, (), Breakdown(), 63, "63", "C1", 1, "R1"),
    CasualtiesTaken: CasualtiesTaken("c", 2, "R1"),
    UnitEliminated: UnitEliminated("c", "R1"),
    OfficerIncapacitated: OfficerIncapacitated("c", "R1"),
    LeaderReplaced: LeaderReplaced("c", "c-successor", A, "R1"),
    MoraleChecked: MoraleChecked(CHECK),
    RoutMovementPending: RoutMovementPending("c", "R1"),
    AmmunitionSpent: AmmunitionSpent("c", "low", "R1"),
    FireShotPassed: FireShotPassed(Side.CONFEDERATE),
    UnitsReleased: UnitsReleased(("c",), "Forno held", "turn 4", "R1"),
    ReinforcementsArrived: ReinforcementsArrived(("c",), B, A, "R1"),
    ExhaustionChanged: ExhaustionChanged("c", 2, Breakdown.of([Term("losses", 2, "R1")])),
    ChargeDeclared: ChargeDeclared("c", A, 15, True, "R1"),
    ChargeResolved: ChargeResolved(("c",), A, "held", ("8.0 odds 1-1",), "R1"),
    UnitRouted: UnitRouted("c", "R1"),
    RoutMoved: RoutMoved("c", (A, B), "completed", "away from the enemy", "R1"),
    UnitBroken: UnitBroken("c", "box 1", "R1"),
    RallyAttempted: RallyAttempted("c", True, 25, LEVEL, True, "R1"),
    MoraleCheckIgnored: MoraleCheckIgnored("c", "7.38", "made rout movement", "R1"),
    RoutCasualties: RoutCasualties("c", Breakdown.of([Term("front hex", 1, "R1")]), "R1"),
    GunsCaptured: GunsCaptured("c", 2, Side.UNION, "R1"),
    EngagementChanged: EngagementChanged(("c",), (), "R1"),
    DecisionPending: DecisionPending(PendingDecision(
        Side.CONFEDERATE, DecisionKind.RETREAT_BEFORE_COMBAT, "c is charged: retreat?", (),
        "R1")),
    WithdrawalAttempted: WithdrawalAttempted("c", 61, LEVEL, False, "R1"),
    ClosingRoll: ClosingRoll("c", A, 61, LEVEL, False, "R1"),
}


def hex_id(h: Hex) -> str:
    return {A: "0604", B: "0605"}[h]


def test_every_event_type_has_words() -> None:
    event_types = set(get_args(Event))
    assert len(event_types) >= 28
    tactical = {kind for kind in WORDS if kind not in STRATEGIC_WORDS}
    assert tactical == event_types  # a new event type fails here until it has words
    assert set(SAMPLES) == event_types
    for kind, event in SAMPLES.items():
        lines = words(event, hex_id)
        assert lines and all(line.strip() for line in lines), kind
        text = "\n".join(lines)
        if any(hasattr(event, name) for name in ("unit_id", "unit_ids", "attackers", "brigade")):
            assert re.search(r"\bc\b", text), (kind, text)  # the unit it is about
        if hasattr(event, "rule"):
            assert "R1" in text, (kind, text)  # every result says which rule made it


def test_a_few_sentences_word_for_word() -> None:
    def said(kind: type) -> list[str]:
        return words(SAMPLES[kind], hex_id)

    assert said(PhaseStarted) == ["Turn 3, 3:40 pm: Union fire phase"]
    assert said(ChargeDeclared) == ["c declares a charge on 0604, 15 MP spent, resolved at "
                                    "once (3.411.a) (R1)"]
    assert said(GunsCaptured) == ["Union captures 2 guns of c (R1)"]
    assert said(ReinforcementsArrived) == [
        "c arrive at 0605 (their entry hex 0604 was blocked) (R1)"]
    # a rally and a withdrawal read the level along the d66 sequence: 44 + 2 -> 46
    assert said(RallyAttempted)[0] == "c (routed) rallies: rolled 25 against morale level 46 (R1)"
    assert said(WithdrawalAttempted)[0] == ("c fails to get away: rolled 61 against morale "
                                            "level 46 (R1)")
    assert said(ClosingRoll)[0] == ("c fails to close on 0604: rolled 61 against morale level "
                                    "46 (R1)")
    assert said(MoraleChecked) == CHECK.lines()


def _fire_at_an_officer() -> tuple[Game, list[Event]]:
    m = blank_map()
    game = game_on(m, [place(infantry("u"), m, "0606", N),
                       place(infantry("c", Side.CONFEDERATE, strength=8), m, "0604", S),
                       place(leader("cl", Side.CONFEDERATE), m, "0604", S)])
    game.apply(EndPhase())
    game.apply(Pass())
    game.dice = Dice.forcing([66, 11, 11])  # an unmodified 66 incapacitates the officer
    return game, game.apply(Fire(("u",), m.parse("0604")))


def _charge_on_an_officer() -> tuple[Game, list[Event]]:
    m = blank_map()
    game = game_on(m, [place(infantry("US-1"), m, "0607", N),
                       place(infantry("CS-1", Side.CONFEDERATE), m, "0604", S),
                       place(leader("CS-L", Side.CONFEDERATE), m, "0604", S)])
    game.dice = Dice.forcing([66])  # the defender's 7.33 check: rout, and its leader falls
    game.apply(Move("US-1", path(m, "0606", "0605", "0604")))
    stand(game, "0604")
    to_phase(game, Phase.CHARGE)
    events = game.apply(ResolveCharge(m.parse("0604")))
    return game, events + first_rout_paths(game)


def test_an_officer_is_incapacitated_after_fire_and_charge_alike() -> None:
    """The disagreement issue 21 found: the log said a charge's fallen officer 'is hit', the
    charge dialog 'is incapacitated'. 6.75-6.77 and 7.33 say incapacitated."""
    game, events = _fire_at_an_officer()
    fire = report_lines(events, game.map.hex_id)
    assert "cl is incapacitated and leaves the map (FCRT small arms 1½)" in fire
    game, events = _charge_on_an_officer()
    charge = report_lines(events, game.map.hex_id)
    assert "CS-L is incapacitated and leaves the map (7.33)" in charge
    assert not any(" is hit" in line for line in fire + charge)
    assert "incapacitated" in result_meaning(OFFICER_HIT)  # the combat dialog's odds row


def test_losses_are_casualty_steps_after_fire_and_charge_alike() -> None:
    """The fire text said 'loses 1 casualty step', the charge text 'loses 1 SP': one event,
    one sentence, the FCRT's term (7.71: a step is one SP)."""
    game, events = _fire_at_an_officer()
    assert "c loses 1 casualty step (FCRT results)" in report_lines(events, game.map.hex_id)
    game, events = _charge_on_an_officer()
    assert "CS-1 loses 1 casualty step (8.52)" in report_lines(events, game.map.hex_id)
    assert words(SAMPLES[RoutCasualties], hex_id)[0] == \
        "c loses 1 casualty step in its rout movement (R1)"


def test_a_charge_report_tells_the_advance_but_not_the_approach() -> None:
    game, events = _charge_on_an_officer()
    lines = report_lines(events, game.map.hex_id)
    assert lines[0].startswith("charge on 0604 by US-1: every defender routs")
    assert lines[-1] == "US-1 advances into 0604"  # 8.54, the move after the resolution
    approach = report_lines([SAMPLES[UnitMoved], SAMPLES[ChargeResolved]], hex_id)
    assert not any("moves" in line or "advances" in line for line in approach)


def test_the_status_bar_tells_phases_checks_and_the_shot() -> None:
    events = [SAMPLES[PhaseStarted], SAMPLES[MoraleCheckPending], SAMPLES[CasualtiesTaken],
              SAMPLES[FireResolved], SAMPLES[FireShotPassed]]
    assert status_messages(events, hex_id) == [
        "Turn 3, 3:40 pm: Union fire phase",
        "c must check morale: a leader fell (R1)",
        "u fired: 63 → 63, C1 (R1); Confederate to fire",
    ]
    # the log repeats neither the phase nor whose shot it is; it tells the check and the loss
    assert report_lines(events, hex_id) == ["c must check morale: a leader fell (R1)",
                                           "c loses 2 casualty steps (R1)",
                                           *words(SAMPLES[FireResolved], hex_id)]


def test_gameapp_run_prints_what_each_action_did() -> None:
    game, _ = _fire_at_an_officer()
    caused: dict[int, list[Event]] = {}

    def keep(played: Game, events: list[Event]) -> None:
        caused[len(played.log) - 1] = events

    outcome = play(game, seed=1, turns=1, on_action=keep)
    told = {i: report_lines(events, game.map.hex_id) for i, events in caused.items()}
    assert outcome.notes == {i: lines for i, lines in told.items() if lines}
    assert outcome.notes  # the random players' game did something worth telling
    printed = list(log_lines(outcome.game, outcome.reasons, outcome.notes))
    first = min(outcome.notes)
    at = printed.index(next(line for line in printed if line.startswith("    ")))
    assert printed[at - 1].startswith(f"T{outcome.game.log[first].turn} ")  # under its action
    assert printed[at:at + len(outcome.notes[first])] == [
        f"    {note}" for note in outcome.notes[first]]


def test_ammunition_is_said_in_words_with_its_rule() -> None:
    """Issue 27, item 9: "ammunition low (rule ...)", not a file name."""
    low = words(AmmunitionSpent("US-E2US", "low", "R&C ammunition"), hex_id)
    out = words(AmmunitionSpent("US-E2US", "none", "R&C ammunition"), hex_id)
    assert low == ["US-E2US: ammunition low (rule R&C ammunition)"]
    assert out == ["US-E2US: out of ammunition (rule R&C ammunition)"]
