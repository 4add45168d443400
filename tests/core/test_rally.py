"""The rally phase (1.24, 7.35): routed units first, then shaken ones, then HM markers off."""

from __future__ import annotations

from dataclasses import replace

from gameapp.core.actions import EndPhase
from gameapp.core.dice import Dice
from gameapp.core.engine import Game
from gameapp.core.events import (
    MarkersRemoved,
    MoraleChecked,
    MoraleCheckIgnored,
    RallyAttempted,
    RoutMoved,
    UnitRouted,
)
from gameapp.core.phases import Phase
from gameapp.core.units import Side, Status
from tests.core.positions import N, S, blank_map, cavalry, game_on, infantry, place
from tests.core.rout_picks import first_rout_paths


def position(*statuses: frozenset[Status]) -> Game:
    m = blank_map()
    units = [replace(place(infantry(f"US-{i}"), m, f"0{6 + i}08", N), status=status)
             for i, status in enumerate(statuses, 1)]
    units.append(place(infantry("CS-1", Side.CONFEDERATE), m, "0604", S))
    return game_on(m, units)


def to_rally(game: Game) -> list:
    events: list = []
    while game.phase is not Phase.RALLY:
        events += game.apply(EndPhase())
    return events + first_rout_paths(game)  # the owner's picks (7.6): the engine's first


def test_a_routed_unit_that_rolls_its_ml_or_less_rallies() -> None:
    game = position(frozenset({Status.ROUTED, Status.HALF_MOVED}))
    game.dice = Dice.forcing([35])  # = ML 35
    events = to_rally(game)
    attempt = next(e for e in events if isinstance(e, RallyAttempted))
    assert (attempt.unit_id, attempt.was_routed, attempt.roll, attempt.rallied) == \
        ("US-1", True, 35, True)
    unit = game.state.units["US-1"]
    assert unit.status == frozenset()  # rallied, and the HM marker removed
    assert MarkersRemoved("US-1", frozenset({Status.HALF_MOVED}), "1.24") in events
    assert not any(isinstance(e, RoutMoved) for e in events)


def test_a_routed_unit_that_fails_routs_again_with_rout_movement() -> None:
    game = position(frozenset({Status.ROUTED}))
    start = game.state.units["US-1"].hex
    # ML 35, and the morale table's last line: fire at its 5 SPs would subtract 2 (FCRT target
    # density), so the roll counts 2 less: level 35 + 2 = 41 (36, 41); 42 fails
    game.dice = Dice.forcing([42])
    events = to_rally(game)
    rout = next(e for e in events if isinstance(e, RoutMoved))
    unit = game.state.units["US-1"]
    assert Status.ROUTED in unit.status
    assert rout.path[0] == start and rout.path[-1] == unit.hex and unit.hex != start


def test_routed_units_rally_before_shaken_ones_and_a_shaken_failure_routs() -> None:
    game = position(frozenset({Status.SHAKEN}), frozenset({Status.ROUTED}))
    # the routed US-2 first: rallies; then US-1 fails and routs past US-2, whose 7.37 check
    # rolls 11 (no effect)
    game.dice = Dice.forcing([11, 46, 11])
    events = to_rally(game)
    assert [(e.check.unit_id, e.check.kind.value, e.check.roll) for e in events
            if isinstance(e, MoraleChecked)] == [("US-2", "7.37", 11)]
    attempts = [(e.unit_id, e.was_routed, e.rallied) for e in events
                if isinstance(e, RallyAttempted)]
    assert attempts == [("US-2", True, True), ("US-1", False, False)]
    assert game.state.units["US-2"].status == frozenset()
    assert Status.ROUTED in game.state.units["US-1"].status
    assert UnitRouted("US-1", "7.35") in events
    assert any(isinstance(e, RoutMoved) and e.unit_id == "US-1" for e in events)


def test_a_shaken_unit_that_rallies_loses_its_shaken_marker() -> None:
    game = position(frozenset({Status.SHAKEN}))
    game.dice = Dice.forcing([24])
    to_rally(game)
    assert game.state.units["US-1"].status == frozenset()


def test_765_a_unit_that_routed_past_a_failed_rally_does_not_try_to_rally() -> None:
    # US-1 (0708) fails (46 > 35) and routs 0708 -> 0712, past US-2 (0808), routed too. US-2's
    # 7.37 check: 41 less 2 for density (5 SPs) = 35 >= ML 35, routed: rout movement. Having
    # made rout movement this phase, US-2 makes no rally attempt (7.65), and US-1 ignores the
    # 7.37 check US-2's rout would call for.
    game = position(frozenset({Status.ROUTED}), frozenset({Status.ROUTED}))
    game.dice = Dice.forcing([46, 41])
    events = to_rally(game)
    assert [e.unit_id for e in events if isinstance(e, RoutMoved)] == ["US-1", "US-2"]
    assert [e.unit_id for e in events if isinstance(e, RallyAttempted)] == ["US-1"]
    assert MoraleCheckIgnored("US-2", "7.35", "made rout movement this phase", "7.65") in events
    assert MoraleCheckIgnored("US-1", "7.37", "made rout movement this phase", "7.65") in events


def test_725_cavalry_far_from_enemy_fire_rallies_with_six_more() -> None:
    m = blank_map()
    horse = replace(place(cavalry("US-C"), m, "0610", N), status=frozenset({Status.ROUTED}))
    far = place(infantry("CS-1", Side.CONFEDERATE), m, "0601", N)  # 9 hexes, facing away
    game = game_on(m, [horse, far])
    # ML 35 + 6 = 45 (36 41 42 43 44 45), + 4 for the roll fire at its 4 SPs would lose (FCRT
    # target density) = 53: 45 rallies, where without 7.25 (35 + 4 = 43) it would fail
    game.dice = Dice.forcing([45])
    attempt = next(e for e in to_rally(game) if isinstance(e, RallyAttempted))
    assert [(t.value, t.rule) for t in attempt.level.terms] == [
        (35, "7.0"), (6, "7.25"), (4, "FCRT DRM target density")]
    assert attempt.rallied
