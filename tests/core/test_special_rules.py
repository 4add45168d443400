"""Held until released (000 22.2, the Slaughter Mountain rule), on a small position."""

from dataclasses import replace

import pytest

from gameapp.core.actions import EndPhase, Fire, Move, Pass, RetreatBeforeCombat
from gameapp.core.breakdown import IllegalActionError
from gameapp.core.dice import Dice
from gameapp.core.engine import Game
from gameapp.core.events import OfficerIncapacitated, RoutMoved, UnitsReleased
from gameapp.core.phases import Phase
from gameapp.core.rulesets.tactical import tactical
from gameapp.core.specialrules import HeldUntilReleased, LeaderFalls
from gameapp.core.units import Formation, Side, Status
from tests.core.positions import N, S, artillery, blank_map, game_on, infantry, leader, place
from tests.core.rout_picks import first_rout_paths

RULE = HeldUntilReleased(
    name="Trimble waits for Jackson",
    units=frozenset({"trimble"}),
    may_fire=frozenset({"latimer"}),
    release_turn=5,
    release_hexrow="06",
    released_by=Side.UNION,
)


def position() -> Game:
    m = blank_map()
    units = [
        place(infantry("u"), m, "0409", N),
        place(infantry("trimble", Side.CONFEDERATE), m, "0902", S),
        place(artillery("latimer", Side.CONFEDERATE), m, "0307", S, Formation.UNLIMBERED),
    ]
    return game_on(m, units, special_rules=(RULE,))


def to_phase(game: Game, side: Side, phase: Phase) -> None:
    while (game.current_side, game.phase) != (side, phase):
        game.apply(Pass() if game.phase is Phase.FIRE else EndPhase())


def test_held_units_may_not_move_but_may_fire_ones_fire() -> None:
    game = position()
    m = game.map
    to_phase(game, Side.UNION, Phase.FIRE)  # the Confederates shoot first
    game.dice = Dice.forcing([11])
    game.apply(Fire(("latimer",), m.parse("0409")))  # may fire from the start
    to_phase(game, Side.CONFEDERATE, Phase.MOVEMENT)
    for unit_id, to in (("trimble", "0903"), ("latimer", "0308")):
        with pytest.raises(IllegalActionError) as refused:
            game.apply(Move(unit_id, (m.parse(to),)))
        assert refused.value.rule == "000 22.2"
    assert tactical(game).movement.reachable("trimble") == {}


def test_entering_the_hexrow_releases_from_the_next_phase() -> None:
    game = position()
    m = game.map
    game.apply(Move("u", (m.parse("0509"),)))  # hexrow 05: nothing happens
    assert set(game.state.held) == {"trimble", "latimer"}
    game.apply(Move("u", (m.parse("0608"),)))  # hexrow 06: released from the next phase
    assert set(game.state.held) == {"trimble", "latimer"}  # not yet: still this phase
    events = game.apply(EndPhase())
    assert UnitsReleased(("latimer", "trimble"), "Trimble waits for Jackson",
                         "an enemy entered hexrow 06", "000 22.2") in events
    assert game.state.held == {}


def test_the_named_turn_releases_them() -> None:
    game = position()
    released = []
    while game.state.turn < 5:
        events = game.apply(Pass() if game.phase is Phase.FIRE else EndPhase())
        released += [(game.state.turn, e.why) for e in events if isinstance(e, UnitsReleased)]
        if game.state.turn < 5:
            assert set(game.state.held) == {"trimble", "latimer"}
    assert released == [(5, "its named turn")]
    assert game.state.held == {}


def test_an_optional_historical_event_strikes_a_leader_only_when_switched_on() -> None:
    falls = LeaderFalls("Winder falls", "winder", 2, optional=True)
    for switched_on in (False, True):
        m = blank_map()
        game = game_on(m, [place(leader("winder", Side.CONFEDERATE), m, "0902")],
                       special_rules=(falls,), historical_events=switched_on)
        events: list = []
        while game.state.turn < 2 or game.phase is not Phase.MOVEMENT:
            events += game.apply(Pass() if game.phase is Phase.FIRE else EndPhase())
        struck = OfficerIncapacitated("winder", "R&C historical events") in events
        assert struck is switched_on
        assert ("winder" in game.state.units) is not switched_on


# --- 000 22.2: any way of entering the hexrow counts --------------------------------------------
def held_union(hexrow: str, released_by: Side) -> HeldUntilReleased:
    return HeldUntilReleased(name="held", units=frozenset({"held"}), may_fire=frozenset(),
                             release_turn=9, release_hexrow=hexrow, released_by=released_by)


def test_a_rout_through_the_hexrow_releases_from_the_next_phase() -> None:
    # The routed CS-1 at 0505 is fired on from 0605 (Union fire phase): C2 on 66, then its 7.34
    # check of 66 is above its ML, so it routs 4 hexes away from the firer: 0404, 0304, 0203,
    # 0103. Hexrow 03 is passed through, not ended in: the rule's Confederate entry is made in
    # the Union's fire phase, by a rout, not by a move, and releases the held unit from the next
    # phase (000 22.2).
    m = blank_map()
    units = [place(infantry("US-1", strength=8), m, "0605", N),
             replace(place(infantry("CS-1", Side.CONFEDERATE), m, "0505", S),
                     status=frozenset({Status.ROUTED})),
             place(infantry("held"), m, "1010", N)]
    game = game_on(m, units, special_rules=(held_union("03", Side.CONFEDERATE),))
    to_phase(game, Side.UNION, Phase.FIRE)
    game.apply(Pass())  # the Confederates pass; the Union fires
    game.dice = Dice.forcing([66, 66])
    events = game.apply(Fire(("US-1",), m.parse("0505")))
    events += first_rout_paths(game)
    rout = next(e for e in events if isinstance(e, RoutMoved))
    assert [m.hex_id(h) for h in rout.path] == ["0505", "0404", "0304", "0203", "0103"]
    assert "held" in game.state.held  # not yet: from the next phase
    events = game.apply(Pass())  # the Union passes too: the rally phase begins
    assert UnitsReleased(("held",), "held", "an enemy entered hexrow 03", "000 22.2") in events
    assert game.state.held == {}


def test_a_charge_advance_into_the_hexrow_releases_the_held_units() -> None:
    # US-1 at 0605 faces 0505 (CS-1) and moves into it: an immediate charge (5 MPs spent, under
    # 3.411's 9), declared from 0605 without moving, so hexrow 05 is not entered yet. CS-1
    # stands; the defender's 8.41 roll of 65 is above its ML 35: it routs, and US-1 advances
    # into 0505 (8.54), a Union entry into hexrow 05 that releases from the next phase.
    m = blank_map()
    west = m.parse("0605").direction_to(m.parse("0505"))
    assert west is not None
    units = [place(infantry("US-1"), m, "0605", west),
             place(infantry("CS-1", Side.CONFEDERATE), m, "0505", (west + 3) % 6),
             place(infantry("held", Side.CONFEDERATE), m, "1010", S)]
    game = game_on(m, units, special_rules=(held_union("05", Side.UNION),))
    game.dice = Dice.forcing([65])
    game.apply(Move("US-1", (m.parse("0505"),)))
    assert not game.state.releases_due  # the charge is declared from 0605
    game.apply(RetreatBeforeCombat(m.parse("0505"), False))
    first_rout_paths(game)
    assert m.hex_id(game.state.units["US-1"].hex) == "0505"
    assert "held" in game.state.held
    events = game.apply(EndPhase())
    assert UnitsReleased(("held",), "held", "an enemy entered hexrow 05", "000 22.2") in events


def test_an_entry_in_the_action_that_ends_the_phase_releases_at_once() -> None:
    # The next phase has begun by the time the action is done, so the units are free in it:
    # the same charge, resolved by ending the charge phase (1.25), not by ResolveCharge.
    m = blank_map()
    west = m.parse("0607").direction_to(m.parse("0507"))
    assert west is not None
    units = [place(infantry("US-1"), m, "0707", west),
             place(infantry("CS-1", Side.CONFEDERATE), m, "0507", (west + 3) % 6),
             place(infantry("held", Side.CONFEDERATE), m, "1010", S)]
    game = game_on(m, units, special_rules=(held_union("05", Side.UNION),))
    # 0707 -> 0607 costs 5, the charge into 0507 hypothetically 5 more: 10 MPs, over 3.411's 9,
    # so a regular charge, resolved in the charge phase
    game.apply(Move("US-1", (m.parse("0607"), m.parse("0507"))))
    assert game.state.charges
    game.apply(RetreatBeforeCombat(m.parse("0507"), False))
    while game.phase is not Phase.CHARGE:
        game.apply(Pass() if game.phase is Phase.FIRE else EndPhase())
    game.dice = Dice.forcing([65])
    events = game.apply(EndPhase())
    events += first_rout_paths(game)
    assert m.hex_id(game.state.units["US-1"].hex) == "0507"
    assert any(isinstance(e, UnitsReleased) and e.unit_ids == ("held",) for e in events)
    assert game.state.held == {}
