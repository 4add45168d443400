"""7.37: rout movement next to friendly units calls for their morale checks; notes 1 and 2
(7.65, 7.83) ignore further checks in the phase.

The position: the routed US-R at 0606 routs from CS at 0604 (facing S, the causer) along
0606 -> 0507 -> 0407 -> 0308 -> 0208 (000 15.4 on a blank map). US-A in column at 0408 is next
to 0407 and 0308; US-B at 0610 is nowhere near. Units in column have no open flanks (7.27), so a
check's only modifier is what enemy fire at them would subtract: target density 5 SPs, -2.
"""

from __future__ import annotations

from dataclasses import replace

import pytest

from gameapp.core.dice import Dice
from gameapp.core.events import MoraleChecked, MoraleCheckIgnored, RoutMoved, UnitRouted
from gameapp.core.rules.morale import CheckKind, Outcome
from gameapp.core.rules.morale_play import checks_ignored
from gameapp.core.rules.rout import rout_move
from gameapp.core.rules.rout_choice import take_first_paths
from gameapp.core.state import GameState, PendingCheck
from gameapp.core.units import Formation, Side, Status, Unit
from tests.core.positions import N, S, blank_map, infantry, leader, place

OPTIONS = {"retreat": "ss15_4", "stacking": "tec_sl"}
ROUTED, SHAKEN = frozenset({Status.ROUTED}), frozenset({Status.SHAKEN})


def position(a_status: frozenset[Status] = frozenset(), a_morale: int = 35,
             *extra: Unit) -> tuple[GameState, Unit]:
    m = blank_map()
    router = replace(place(infantry("US-R"), m, "0606", N), status=ROUTED)
    a = place(replace(infantry("US-A"), morale=a_morale), m, "0408", N, Formation.COLUMN)
    b = place(infantry("US-B"), m, "0610", N, Formation.COLUMN)
    cs = place(infantry("CS", Side.CONFEDERATE, 8), m, "0604", S)
    units = (router, replace(a, status=a_status), b, cs, *extra)
    return GameState(1, 0, Side.UNION, {u.id: u for u in units}), cs


def rout(state: GameState, cs: Unit, dice: Dice | None) -> list:
    events = rout_move(state, blank_map(), "US-R", [cs], OPTIONS, dice=dice)
    return events + take_first_paths(state, blank_map(), OPTIONS, dice=dice)  # 7.6 picks


def checks(events: list) -> list[tuple[str, str, int, Outcome]]:
    return [(e.check.unit_id, e.check.kind.value, e.check.roll, e.check.outcome)
            for e in events if isinstance(e, MoraleChecked)]


def test_737_the_units_next_to_the_path_check_in_id_order() -> None:
    m = blank_map()
    stacked = place(infantry("US-C"), m, "0606", N, Formation.COLUMN)  # next to 0507
    general = place(leader("US-G"), m, "0507")  # leaders do not check
    state, cs = position(frozenset(), 35, stacked, general)
    events = rout(state, cs, Dice.forcing([11, 11]))
    moved = next(e for e in events if isinstance(e, RoutMoved) and e.unit_id == "US-R")
    assert [m.hex_id(h) for h in moved.path] == ["0606", "0507", "0407", "0308", "0208"]
    assert checks(events) == [("US-A", "7.37", 11, Outcome.NO_EFFECT),
                              ("US-C", "7.37", 11, Outcome.NO_EFFECT)]


@pytest.mark.parametrize(
    ("status", "roll", "outcome"),
    [
        # ML 35; the roll less 2 for density: 36 -> 34 < 35, no effect
        (frozenset(), 36, Outcome.NO_EFFECT),
        (frozenset(), 41, Outcome.SHAKEN),  # 41 -> 35: ML <= # < ML + 12 = 55
        (frozenset(), 56, Outcome.SHAKEN),  # 56 -> 54
        (frozenset(), 61, Outcome.ROUT),  # 61 -> 55 >= ML + 12: rout, no rout movement
        (SHAKEN, 36, Outcome.NO_EFFECT),
        (SHAKEN, 41, Outcome.ROUT),  # shaken and # >= ML
        (ROUTED, 36, Outcome.NO_EFFECT),
        (ROUTED, 41, Outcome.ROUT_MOVEMENT),  # routed and # >= ML
    ],
)
def test_737_every_band(status: frozenset[Status], roll: int, outcome: Outcome) -> None:
    state, cs = position(status)
    events = rout(state, cs, Dice.forcing([roll]))
    (check,) = [e.check for e in events if isinstance(e, MoraleChecked)]
    assert (check.kind, check.outcome) == (CheckKind.ADJACENT_ROUT, outcome)
    assert [(t.label, t.value) for t in check.roll_terms] == [
        ("enemy fire would subtract: target density 5 SPs", -2)]
    a = state.units["US-A"]
    assert (Status.ROUTED in a.status) == (outcome in (Outcome.ROUT, Outcome.ROUT_MOVEMENT)
                                           or status == ROUTED)
    rout_moved = any(isinstance(e, RoutMoved) and e.unit_id == "US-A" for e in events)
    assert rout_moved == (outcome is Outcome.ROUT_MOVEMENT)
    if outcome is Outcome.ROUT and not status:
        assert UnitRouted("US-A", "7.37") in events


def test_737_has_no_cover_band() -> None:
    # ML 41 and a roll of 41 -> 36 (41 - 2 for density): in 7.31 the cover band ML-6 <= # < ML
    state, cs = position(frozenset(), 41)
    (check,) = checks(rout(state, cs, Dice.forcing([41])))
    assert check[3] is Outcome.NO_EFFECT
    assert Status.COVER not in state.units["US-A"].status


def test_783_a_unit_shaken_this_phase_ignores_further_checks() -> None:
    state, cs = position()
    rout(state, cs, Dice.forcing([41]))  # shaken: it became unformed this phase
    assert "US-A" in state.unformed_this_phase and "US-A" in checks_ignored(state)
    # another rout past it in the same phase: the check is not rolled
    m = blank_map()
    second = replace(place(infantry("US-S"), m, "0606", N), status=ROUTED)
    state.units[second.id] = second
    dice = Dice.forcing([])
    events = rout_move(state, m, "US-S", [cs], OPTIONS, dice=dice)
    events += take_first_paths(state, m, OPTIONS, dice=dice)
    assert MoraleCheckIgnored("US-A", "7.37", "became unformed this phase", "7.83") in events
    assert Status.ROUTED not in state.units["US-A"].status
    assert not [r for r in dice.history if "US-A" in r.purpose]


def test_765_a_unit_that_made_rout_movement_ignores_further_checks() -> None:
    state, cs = position(ROUTED)
    state.rout_moved.add("US-A")
    events = rout(state, cs, Dice.forcing([]))
    assert events[-1] == MoraleCheckIgnored("US-A", "7.37", "made rout movement this phase",
                                            "7.65")
    assert "US-A" in checks_ignored(state)


def test_765_one_rout_movement_per_phase() -> None:
    state, cs = position()
    first = rout(state, cs, Dice.forcing([11]))
    assert first and "US-R" in state.rout_moved
    assert rout(state, cs, Dice.forcing([])) == []


def test_a_routed_neighbour_that_fails_routs_in_turn() -> None:
    state, cs = position(ROUTED)
    events = rout(state, cs, Dice.forcing([41, 11, 11, 11]))
    assert [e.unit_id for e in events if isinstance(e, RoutMoved)] == ["US-R", "US-A"]
    assert {"US-R", "US-A"} <= state.rout_moved


def test_without_dice_the_checks_are_left_pending() -> None:
    state, cs = position()
    events = rout(state, cs, None)
    assert not checks(events)
    assert state.pending_checks == [PendingCheck("US-A", "US-R routed past it", "7.37")]
