"""The fire phase (1.23) end to end on small positions, with forced dice and hand-worked odds."""

from fractions import Fraction

import pytest

from gameapp.core.actions import EndPhase, Fire, Pass
from gameapp.core.breakdown import IllegalActionError
from gameapp.core.dice import Dice
from gameapp.core.engine import Game
from gameapp.core.events import (
    CasualtiesTaken,
    FireResolved,
    FireShotPassed,
    MoraleChecked,
    MoraleCheckIgnored,
    OfficerIncapacitated,
)
from gameapp.core.phases import Phase
from gameapp.core.rules.morale import CheckKind, Outcome
from gameapp.core.rulesets.tactical import tactical
from gameapp.core.scenario import Light, TurnClock
from gameapp.core.units import Side, Status
from tests.core.positions import N, S, blank_map, cavalry, game_on, infantry, leader, place


def duel(extra: tuple = ()) -> Game:
    """Union 5-SP rifles at 0606 facing north; an 8-SP Confederate line 2 hexes north at 0604
    facing south. The game is at the start of the Union fire phase."""
    m = blank_map()
    units = [place(infantry("u"), m, "0606", N),
             place(infantry("c", Side.CONFEDERATE, strength=8), m, "0604", S), *extra]
    game = game_on(m, units)
    game.apply(EndPhase())
    return game


def test_the_non_phasing_side_fires_first_then_shots_alternate() -> None:
    game = duel()
    assert (game.phase, game.current_side, game.acting_side) == (
        Phase.FIRE, Side.UNION, Side.CONFEDERATE)
    assert Fire(("u",), game.map.parse("0604")) not in game.legal_actions()  # not its shot
    assert Fire(("c",), game.map.parse("0606")) in game.legal_actions()
    events = game.apply(Pass())
    assert events == [FireShotPassed(Side.UNION)]
    game.dice = Dice.forcing([11])
    events = game.apply(Fire(("u",), game.map.parse("0604")))
    # the Confederates passed, so the shot stays with the Union
    assert events[-1] == FireShotPassed(Side.UNION)
    with pytest.raises(IllegalActionError, match="already fired"):
        game.apply(Fire(("u",), game.map.parse("0604")))
    game.apply(EndPhase())  # in the fire phase, ending the phase is a pass
    assert game.phase is Phase.RALLY  # both sides have passed


def test_fire_points_modifiers_and_odds_worked_by_hand() -> None:
    game = duel()
    game.apply(Pass())
    plan = tactical(game).fire.plan(Fire(("u",), game.map.parse("0604")), Side.UNION)
    # 5 SPs x fire power 1 = 5; rifled muskets at 2 hexes fire N/3: 5/3, on the 1½ column
    assert plan.points.total == Fraction(5, 3)
    assert plan.points.column is not None and plan.points.column.rule == "FCRT small arms 1½"
    assert [(t.label, t.value) for t in plan.modifiers] == [("target density 8 SPs", 2)]
    # +2 places: rolls 11..46 read 13..52 (NE, 24 rolls); 51..54 read 53..56 (A); 55, 56, 61,
    # 62 read 61..64 (A1); 63..66 read 65..72 (C1); an unmodified 66 hits an officer
    assert plan.odds == {
        "NE": Fraction(24, 36),
        "A": Fraction(4, 36),
        "A1": Fraction(4, 36),
        "C1": Fraction(4, 36),
        "officer hit": Fraction(1, 36),
    }


def test_a_c1_result_costs_a_step_and_a_morale_check() -> None:
    game = duel()
    game.apply(Pass())
    game.dice = Dice.forcing([63, 41])  # the fire roll, then c's morale roll
    events = game.apply(Fire(("u",), game.map.parse("0604")))
    fired = events[0]
    assert isinstance(fired, FireResolved)
    assert (fired.roll, fired.modified, fired.result, fired.steps) == (63, "65", "C1", 1)
    assert events[1] == CasualtiesTaken("c", 1, "FCRT results")
    check = events[2]
    assert isinstance(check, MoraleChecked)
    # ML 35, roll 41: 35 <= 41 < 55 (ML + 12), formed: shaken (7.31)
    assert (check.check.kind, check.check.roll, check.check.outcome) == (
        CheckKind.FCRT, 41, Outcome.SHAKEN)
    c = game.state.units["c"]
    assert (c.strength, c.status) == (7, {Status.SHAKEN})
    assert [r.purpose for r in game.log[-1].rolls] == ["fire at 0604", "morale c"]
    assert not game.can_undo  # the dice have been seen


def test_an_a_result_from_small_arms_calls_no_morale_check() -> None:
    game = duel()
    game.apply(Pass())
    game.dice = Dice.forcing([51])  # reads 53: A on the 1½ column
    events = game.apply(Fire(("u",), game.map.parse("0604")))
    assert isinstance(events[0], FireResolved) and events[0].result == "A"
    assert not any(isinstance(e, MoraleChecked) for e in events)


def test_cavalry_checks_after_any_fire() -> None:
    m = blank_map()
    game = game_on(m, [place(infantry("u"), m, "0606", N),
                       place(cavalry("cav", Side.CONFEDERATE, strength=8), m, "0604", S)])
    game.apply(EndPhase())
    game.apply(Pass())
    game.dice = Dice.forcing([11, 11])  # no effect, then the cavalry's check
    events = game.apply(Fire(("u",), game.map.parse("0604")))
    assert isinstance(events[0], FireResolved) and events[0].result == "NE"
    checks = [e.check for e in events if isinstance(e, MoraleChecked)]
    assert [(c.unit_id, c.kind) for c in checks] == [("cav", CheckKind.CAVALRY)]
    # unhurt cavalry gains 6 on its morale level (7.25)
    assert [(t.label, t.value) for t in checks[0].level_terms][1:] == [
        ("cavalry fired on without losses", 6)
    ]


def test_an_unmodified_66_incapacitates_an_officer_in_the_hex() -> None:
    officer = place(leader("boss", Side.CONFEDERATE), blank_map(), "0604")
    game = duel((officer,))
    game.apply(Pass())
    game.dice = Dice.forcing([66, 11])
    events = game.apply(Fire(("u",), game.map.parse("0604")))
    assert OfficerIncapacitated("boss", "FCRT small arms 1½") in events
    assert "boss" not in game.state.units


def test_fire_outside_the_arc_or_out_of_range_is_refused() -> None:
    m = blank_map()
    behind = place(infantry("c", Side.CONFEDERATE), m, "0608", N)  # south of u, u faces north
    game = game_on(m, [place(infantry("u"), m, "0606", N), behind])
    game.apply(EndPhase())
    game.apply(Pass())
    with pytest.raises(IllegalActionError, match="front arc"):
        game.apply(Fire(("u",), m.parse("0608")))
    with pytest.raises(IllegalActionError, match="there is no enemy combat unit"):
        game.apply(Fire(("u",), m.parse("0603")))


def test_light_from_the_scenario_clock_and_the_dusk_modifiers() -> None:
    clock = TurnClock(1, 14, 15 * 60, 20, ((19 * 60, Light.DUSK), (19 * 60 + 20, Light.TWILIGHT)))
    assert [clock.light_of(t) for t in (12, 13, 14)] == [Light.DAY, Light.DUSK, Light.TWILIGHT]
    m = blank_map()
    # 0606 faces north-west (3); 0405 is two hexes that way
    game = game_on(m, [place(infantry("u"), m, "0606", 3),
                       place(infantry("c", Side.CONFEDERATE, strength=8), m, "0405", 0)])
    game.scenario.clock = clock
    game.state.turn = 13  # 7:00 pm: dusk
    game.apply(EndPhase())
    game.apply(Pass())
    plan = tactical(game).fire.plan(Fire(("u",), m.parse("0405")), Side.UNION)
    assert [(t.label, t.value) for t in plan.modifiers] == [
        ("target density 8 SPs", 2),
        ("dusk, firing towards NW or W", -9),
    ]


def test_a_unit_that_made_rout_movement_this_phase_ignores_the_check_fire_calls_for() -> None:
    # notes 1-2, 7.65: after its rout movement a unit takes no further checks this phase
    game = duel()
    game.apply(Pass())
    game.state.rout_moved.add("c")
    game.dice = Dice.forcing([63])  # the fire roll only: no morale roll is taken
    events = game.apply(Fire(("u",), game.map.parse("0604")))
    assert not any(isinstance(e, MoraleChecked) for e in events)
    ignored = [e for e in events if isinstance(e, MoraleCheckIgnored)]
    assert [(e.unit_id, e.rule) for e in ignored] == [("c", "7.65")]
