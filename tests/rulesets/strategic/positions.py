"""Building strategic positions for tests: the Hazel scenario, with pieces moved, added or
removed, and the game brought to a phase of a side's turn with known initiative dice.

    game = hazel_game(first=Side.UNION)          # Union's command phase of week 1
    place(game, "c2", "0505")                    # put a piece elsewhere (its roster follows)
    add(game, Division("x1", Side.UNION, ...))   # a new piece
    to_phase(game, StrategicPhase.MOVEMENT)      # end phases until that phase
    command(game, "u3", "ut1", at="0404")        # a test general orders them: they move now
"""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import pytest

from gameapp.core.breakdown import IllegalActionError
from gameapp.core.dice import Dice
from gameapp.core.engine import Game
from gameapp.core.ruleset import load_scenario_file, ruleset_named
from gameapp.core.rulesets.strategic.actions import DeclareSpan, EndPhase, GiveOrder
from gameapp.core.rulesets.strategic.pieces import Fort, Leader, Piece
from gameapp.core.rulesets.strategic.sequence import StrategicPhase
from gameapp.core.rulesets.strategic.state import StrategicState
from gameapp.core.units import Side

HERE = Path(__file__).parent
HAZEL = HERE / "hazel.yaml"
SMALL_MAP = HERE / "small_theatre.yaml"
SCENARIOS = HERE.parents[2] / "scenarios"


def hazel_game(first: Side = Side.UNION, seed: int = 1, path: Path = HAZEL) -> Game:
    """The Hazel scenario at the command phase of week 1, `first` moving first: the initiative
    dice are forced (the Union rolls first; 6 for the side that should win, 1 for the other)."""
    scenario = load_scenario_file(path)
    ruleset = ruleset_named(scenario.ruleset)
    faces = [6, 1] if first is Side.UNION else [1, 6]
    game = Game(scenario=scenario, state=ruleset.initial_state(scenario),
                dice=Dice(seed=seed, forced=faces), ruleset=ruleset)
    game.opening_events = game._enter_step()  # the driver's own start, as from_scenario does
    game.opening_events += game._end_step()
    assert game.state.first_side is first and game.phase is StrategicPhase.COMMAND
    return game


def state_of(game: Game) -> StrategicState:
    state: StrategicState = game.state
    return state


def place(game: Game, piece_id: str, hex_id: str) -> None:
    state_of(game).move(piece_id, game.map.parse(hex_id))


def add(game: Game, piece: Piece) -> None:
    state_of(game).put(piece)


def remove(game: Game, piece_id: str) -> None:
    state = state_of(game)
    del state.pieces[piece_id]
    for hq in list(state.hqs()):
        if piece_id in hq.roster:
            state.put(replace(hq, roster=tuple(u for u in hq.roster if u != piece_id)))


def to_phase(game: Game, phase: StrategicPhase, side: Side | None = None) -> None:
    """End phases until `phase` of `side` (the phasing side if None) begins."""
    side = side or game.current_side
    while not (game.phase is phase and game.current_side is side):
        game.apply(EndPhase())


def command(game: Game, *piece_ids: str, at: str | None = None) -> None:
    """Put a test general (span 6, initiative 6) with the pieces (at `at`, or the first
    piece's hex), declare his span, and give him an order: the pieces move now."""
    state = state_of(game)
    where = game.map.parse(at) if at else state.pieces[piece_ids[0]].hex
    side = state.pieces[piece_ids[0]].side
    add(game, Leader("gen", side, "General", 2, 6, 0, 6, where))
    for piece_id in piece_ids:
        place(game, piece_id, game.map.hex_id(where))
    assert game.phase is StrategicPhase.COMMAND and game.current_side is side
    game.apply(DeclareSpan("gen", piece_ids))
    to_phase(game, StrategicPhase.MOVEMENT)
    game.apply(GiveOrder("gen"))


def refused(game: Game, action: object) -> IllegalActionError:
    """The refusal the rules give `action` (it must be refused)."""
    with pytest.raises(IllegalActionError) as error:
        game.apply(action)
    return error.value


def path(game: Game, *ids: str) -> tuple:
    """The hexes of a march or voyage, by their printed ids."""
    return tuple(game.map.parse(i) for i in ids)


def east_62_worked_example() -> Game:
    """docs/strategic-rules.md, Victory, the example: East '62 with the Union holding Norfolk,
    Yorktown (and its works), Manassas Junction and Fredericksburg besides Washington, 14
    Confederate and 12 Union SP lost: Union 26 points, Confederacy 24."""
    game = Game.from_scenario(SCENARIOS / "east_1862.yaml", seed=1)
    state = state_of(game)
    terms = game.scenario.victory
    assert terms is not None
    places = {p.name: p.hex for p in terms.places}
    for name in ("Norfolk, VA", "Yorktown, VA", "Manassas Junction, VA", "Fredericksburg, VA"):
        state.control[places[name]] = Side.UNION
    fort = state.pieces["f_yorktown"]
    assert isinstance(fort, Fort)
    state.put(replace(fort, side=Side.UNION))
    state.lost[Side.CONFEDERATE], state.lost[Side.UNION] = 14, 12
    return game
