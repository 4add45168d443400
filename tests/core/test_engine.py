"""The engine: the declared sequence of play, actions as values with notation, apply/undo/log."""

from dataclasses import replace

import pytest

from gameapp.core.actions import (
    ChangeFormation,
    Cover,
    EndPhase,
    Face,
    Move,
    NotationError,
    Pass,
    parse_action,
)
from gameapp.core.breakdown import IllegalActionError
from gameapp.core.engine import Game
from gameapp.core.events import MarkersRemoved, PhaseStarted
from gameapp.core.phases import Phase
from gameapp.core.rulesets.tactical import tactical
from gameapp.core.units import Formation, Side, Status, Unit
from tests.core.positions import N, blank_map, game_on, infantry, place

PLAYER_TURN = [Phase.MOVEMENT, Phase.FIRE, Phase.FIRE, Phase.RALLY, Phase.CHARGE]


def next_phase(game: Game) -> list:
    """End the phase; in the fire phase that takes a pass from whoever's shot it is (1.23)."""
    return game.apply(Pass() if game.phase is Phase.FIRE else EndPhase())


def test_a_game_turn_walks_both_player_turns_then_ends() -> None:
    m = blank_map()
    game = game_on(m, [place(infantry("a"), m, "0606")])
    seen = [(game.state.turn, game.current_side, game.phase)]
    while game.state.turn == 1:
        next_phase(game)
        seen.append((game.state.turn, game.current_side, game.phase))
    # preparation (1.21) and the turn conclusion (1.3) have nothing to decide: they pass by;
    # the fire phase takes a pass from each side
    assert seen == [
        *[(1, Side.UNION, p) for p in PLAYER_TURN],
        *[(1, Side.CONFEDERATE, p) for p in PLAYER_TURN],
        (2, Side.UNION, Phase.MOVEMENT),
    ]


def test_phase_events_carry_the_clock() -> None:
    m = blank_map()
    game = game_on(m, [place(infantry("a"), m, "0606")])
    for _ in range(10):
        events = next_phase(game)
    started = [e for e in events if isinstance(e, PhaseStarted)]
    # turn 2 starts 20 minutes after 3:00 pm; the conclusion and preparation pass on the way
    assert [(e.turn, e.phase, e.clock) for e in started] == [
        (1, Phase.TURN_CONCLUSION, "3:00 pm"),
        (2, Phase.PREPARATION, "3:20 pm"),
        (2, Phase.MOVEMENT, "3:20 pm"),
    ]
    assert game.clock == "3:20 pm"


def test_preparation_removes_the_phasing_sides_move_markers() -> None:
    m = blank_map()
    moved = Unit(infantry("u"), m.parse("0606"), N, Formation.LINE,
                 frozenset({Status.MOVED, Status.SHAKEN}))
    enemy = Unit(infantry("c", Side.CONFEDERATE), m.parse("0106"), N, Formation.LINE,
                 frozenset({Status.DOUBLE_MOVED}))
    game = game_on(m, [moved, enemy])
    removed = [e for e in game.opening_events if isinstance(e, MarkersRemoved)]
    assert removed == [MarkersRemoved("u", frozenset({Status.MOVED}), "1.21")]
    assert game.state.units["u"].status == {Status.SHAKEN}
    assert game.state.units["c"].status == {Status.DOUBLE_MOVED}  # not the phasing side's


def test_moves_only_in_the_movement_phase_and_only_your_own() -> None:
    m = blank_map()
    game = game_on(m, [place(infantry("a"), m, "0606"),
                       place(infantry("c", Side.CONFEDERATE), m, "0101")])
    with pytest.raises(IllegalActionError) as refused:
        game.apply(Move("c", (m.parse("0102"),)))
    assert refused.value.rule == "1.22"
    game.apply(EndPhase())
    assert game.phase is Phase.FIRE
    with pytest.raises(IllegalActionError, match="not in the fire phase"):
        game.apply(Move("a", (m.parse("0605"),)))


def test_legal_actions_support_in_and_list_lazily() -> None:
    m = blank_map()
    game = game_on(m, [place(infantry("a"), m, "0606")])
    assert EndPhase() in game.legal_actions()
    assert Move("a", (m.parse("0605"),)) in game.legal_actions()
    assert Move("a", (m.parse("0603"),)) not in game.legal_actions()  # not a neighbour
    actions = iter(game.legal_actions())
    assert next(actions) == EndPhase()
    listed = list(game.legal_actions())
    assert Face("a", 0) in listed and ChangeFormation("a", Formation.COLUMN) in listed
    moves = [a for a in listed if isinstance(a, Move)]
    assert {a.path[-1] for a in moves} == set(tactical(game).movement.reachable("a"))


def test_apply_logs_and_undo_restores() -> None:
    m = blank_map()
    game = game_on(m, [place(infantry("a"), m, "0606")])
    before = game.state.copy()
    game.apply(Move("a", (m.parse("0605"), m.parse("0604"))))
    assert game.log[-1].notation == "move a 0605>0604"
    assert game.state.units["a"].hex == m.parse("0604")
    assert game.state.mp_spent["a"] == 10
    game.undo()
    assert game.state == before
    assert game.log == []
    with pytest.raises(IllegalActionError, match="nothing to undo"):
        game.undo()


def test_undo_never_crosses_seen_dice() -> None:
    m = blank_map()
    game = game_on(m, [place(infantry("a"), m, "0606")])
    game.apply(Face("a", 1))
    assert game.can_undo
    # No movement action rolls dice yet (fire, morale and charges will): stand one in by
    # recording a roll against the last action, as apply does for an action that rolls.
    game.dice.d66("a test roll")
    game.log[-1] = replace(game.log[-1], rolls=tuple(game.dice.history))
    assert not game.can_undo
    with pytest.raises(IllegalActionError, match="dice have been seen"):
        game.undo()


@pytest.mark.parametrize(
    "text",
    [
        "move a 0605>0604 face=2 formation=road-column",
        "move a 0605 double",
        "move a 0605",
        "face a 3",
        "formation a general-order",
        "cover a on",
        "fire a,b 0605",
        "fire a 0605 officer=c",
        "pass",
        "end-phase",
    ],
)
def test_notation_round_trips(text: str) -> None:
    numbering = blank_map().numbering
    action = parse_action(text, numbering)
    assert action.to_text(numbering) == text


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("move a 0605>9999", "off the map"),
        ("face a 7", "direction number 0..5"),
        ("formation a wedge", "expected one of line"),
        ("charge a 0605", "expected 'move UNIT"),
        ("move a 0605 speed=2", "unknown move option"),
    ],
)
def test_bad_notation_says_what_was_expected(text: str, message: str) -> None:
    with pytest.raises(NotationError, match=message):
        parse_action(text, blank_map().numbering)


def test_the_demo_scenario_plays_through_a_turn_from_its_file() -> None:
    game = Game.from_scenario("scenarios/demo.yaml", seed=1)
    assert (game.state.turn, game.current_side, game.phase) == (1, Side.UNION, Phase.MOVEMENT)
    moves = [a for a in game.legal_actions() if isinstance(a, Move)]
    assert moves, "some Union unit can move on turn 1"
    game.apply(moves[0])
    for _ in range(10):
        next_phase(game)
    assert game.state.turn == 2
    assert Cover("x", True) not in game.legal_actions()  # no such unit
