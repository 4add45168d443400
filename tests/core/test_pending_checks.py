"""The morale checks the movement phase records (3.312), with the 3.313 modifiers, and the 7.38
checks of an incapacitated leader's units: resolved as soon as the action is done.

The position: Union infantry `a` (5 SPs, ML 35) in line at 0603 facing N; the Confederate `reb`
(6 SPs) at 0602 facing S, whose front holds 0603. Enemy fire at `a` would subtract 2 for target
density (5 SPs), so every roll below is lowered by 2.
"""

from __future__ import annotations

from dataclasses import replace

from gameapp.core.actions import ChangeFormation, Cover, EndPhase, Face
from gameapp.core.dice import Dice
from gameapp.core.engine import Game
from gameapp.core.events import (
    MoraleChecked,
    MoraleCheckIgnored,
    MoraleCheckPending,
    OfficerIncapacitated,
)
from gameapp.core.rules.morale import CheckKind, Outcome
from gameapp.core.rules.morale_play import checks_ignored
from gameapp.core.rules.pending_checks import after_action, start_phase
from gameapp.core.state import PendingCheck
from gameapp.core.units import Formation, Side, Status
from tests.core.positions import NE, N, S, blank_map, game_on, infantry, leader, place


def position(a_hex: str = "0603", **options: str | bool | int) -> Game:
    m = blank_map()
    reb = place(infantry("reb", Side.CONFEDERATE, 6), m, "0602", S)
    return game_on(m, [place(infantry("a"), m, a_hex, N), reb], **options)


def checks(events: list) -> list:
    return [e.check for e in events if isinstance(e, MoraleChecked)]


def level(check) -> list[tuple[str, float, str]]:
    return [(t.label, t.value, t.rule) for t in check.level_terms.terms[1:]]


def test_3312_a_turn_in_an_enemy_front_is_checked_at_once() -> None:
    game = position()
    game.dice = Dice.forcing([41])
    events = game.apply(Face("a", NE))  # a 60-degree turn in place: 0 MPs
    assert MoraleCheckPending("a", "changed facing in an enemy front", "3.312") in events
    (check,) = checks(events)
    assert check.kind is CheckKind.FRONT_CHANGE
    assert level(check) == [
        ("left flank 0503: no formed unit", -2, "7.27"),
        ("right flank 0604: no formed unit", -2, "7.27"),
        ("6 enemy SPs whose front it is in", -3, "3.313"),  # 6 / 2
    ]
    # ML 35 - 7 = 24 (34 33 32 31 26 25 24); ML + 12 = 44. Roll 41 - 2 = 35 (36, 35): shaken
    assert (str(check.morale_level), str(check.modified_roll)) == ("24", "35")
    assert check.outcome is Outcome.SHAKEN
    assert Status.SHAKEN in game.state.units["a"].status
    assert game.state.pending_checks == [] and not game.can_undo
    assert "a" in checks_ignored(game.state)  # became unformed this phase (7.83)


def test_3313_mps_spent_in_the_front_add_up_and_enfilade_counts() -> None:
    game = position()
    game.dice = Dice.forcing([11, 11])
    # line -> column in an enemy field of fire: 3 MPs doubled, 6
    first = checks(game.apply(ChangeFormation("a", Formation.COLUMN)))[0]
    assert level(first) == [
        ("6 MPs spent in the enemy front", -1, "3.313"),
        ("6 enemy SPs whose front it is in", -3, "3.313"),
        ("full enfilade by an enemy in front", -6, "3.313"),  # a column, the enemy dead ahead
    ]
    # and back to line: 6 more, 12 in all: -2; a line fired on from ahead is not enfiladed
    second = checks(game.apply(ChangeFormation("a", Formation.LINE)))[0]
    assert level(second) == [  # facing N at 0603: SW 0504 on its left, SE 0704 on its right
        ("left flank 0504: no formed unit", -2, "7.27"),
        ("right flank 0704: no formed unit", -2, "7.27"),
        ("12 MPs spent in the enemy front", -2, "3.313"),
        ("6 enemy SPs whose front it is in", -3, "3.313"),
    ]
    assert game.state.front_mp == {"a": 12}


def test_3312_leaving_cover_is_checked_taking_it_is_not() -> None:
    game = position()
    game.dice = Dice.forcing([11])
    assert checks(game.apply(Cover("a", True))) == []
    (check,) = checks(game.apply(Cover("a", False)))
    assert check.kind is CheckKind.FRONT_CHANGE and check.outcome is Outcome.NO_EFFECT


def test_no_check_outside_an_enemy_front() -> None:
    game = position("0606")
    game.dice = Dice.forcing([])
    assert checks(game.apply(Face("a", NE))) == []
    assert game.dice.history == []


def test_the_phase_start_forgets_the_mps_and_the_unformed() -> None:
    game = position()
    game.dice = Dice.forcing([41])
    game.apply(ChangeFormation("a", Formation.COLUMN))
    assert game.state.front_mp and game.state.unformed_this_phase
    game.apply(EndPhase())
    assert not game.state.front_mp and not game.state.unformed_this_phase


def test_738_the_units_stacked_with_a_fallen_leader_check() -> None:
    game = position("0606")
    m = game.map
    chief = place(leader("gen"), m, "0606")
    other = place(infantry("b"), m, "0608", N, Formation.COLUMN)
    game.state.units.update({chief.id: chief, other.id: other})
    before = game.state.copy()
    del game.state.units["gen"]
    events = after_action(game.state, before, [OfficerIncapacitated("gen", "6.75")], m,
                          Dice.forcing([61]), game.scenario.options)
    (check,) = checks(events)
    # only `a`, stacked with him, checks. ML 35 - 4 (open flanks) = 26, ML + 12 = 44; 61 - 2 =
    # 55 >= 44: a formed unit routs, without rout movement
    assert (check.unit_id, check.kind, check.outcome) == ("a", CheckKind.LEADER_LOST,
                                                          Outcome.ROUT)
    assert Status.ROUTED in game.state.units["a"].status
    assert game.state.units["a"].hex == m.parse("0606")


def test_a_pending_check_of_a_unit_already_gone_is_dropped() -> None:
    game = position()
    game.state.pending_checks.append(PendingCheck("nobody", "test", "3.312"))
    before = game.state.copy()
    assert after_action(game.state, before, [], game.map, Dice.forcing([]),
                        game.scenario.options) == []
    assert game.state.pending_checks == []


def test_7_83_marks_units_any_rule_left_unformed_in_the_phase() -> None:
    game = position()
    before = game.state.copy()
    game.state.units["a"] = replace(game.state.units["a"], status=frozenset({Status.SHAKEN}))
    after_action(game.state, before, [], game.map, Dice.forcing([]), game.scenario.options)
    assert game.state.unformed_this_phase == {"a"}


def test_checks_left_when_a_phase_ends_are_taken_before_the_new_phase_forgets() -> None:
    # a charge's rout at the end of the charge phase left a 7.37 check of `a`, which had
    # itself made rout movement in that phase: 7.65 still ignores it
    game = position()
    game.state.rout_moved.add("a")
    game.state.pending_checks.append(PendingCheck("a", "x routed past it", "7.37"))
    events = start_phase(game.state, game.map, Dice.forcing([]), game.scenario.options)
    assert events == [MoraleCheckIgnored("a", "7.37", "made rout movement this phase", "7.65")]
    assert game.state.rout_moved == set() and game.state.pending_checks == []
