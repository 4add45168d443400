"""Held until released (000 22.2, the Slaughter Mountain rule), on a small position."""

import pytest

from gameapp.core.actions import EndPhase, Fire, Move, Pass
from gameapp.core.breakdown import IllegalActionError
from gameapp.core.dice import Dice
from gameapp.core.engine import Game
from gameapp.core.events import OfficerIncapacitated, UnitsReleased
from gameapp.core.phases import Phase
from gameapp.core.rulesets.tactical import tactical
from gameapp.core.specialrules import HeldUntilReleased, LeaderFalls
from gameapp.core.units import Formation, Side
from tests.core.positions import N, S, artillery, blank_map, game_on, infantry, leader, place

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
