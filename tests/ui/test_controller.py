"""The controller without a window: intents become engine actions through the undo stack; a
refused action never reaches the stack and its reason and rule go out as a message."""

from __future__ import annotations

import pytest
from pytestqt.qtbot import QtBot

from gameapp.core.actions import ChangeFormation, EndPhase, Face, Move
from gameapp.core.engine import Game
from gameapp.core.hexgrid import Hex
from gameapp.core.phases import Phase
from gameapp.core.rulesets.tactical import tactical
from gameapp.core.units import Formation, Status
from gameapp.present.labels import mps
from gameapp.ui.commands import ActionCommand
from gameapp.ui.controller import GameController
from gameapp.ui.rulesets.tactical.move_controller import MoveController

from .boards import make_scenario, sample_units, showcase_map


@pytest.fixture
def game() -> Game:
    m = showcase_map()
    return Game.from_scenario(make_scenario(m, sample_units(m)))


@pytest.fixture
def controller(qtbot: QtBot, game: Game) -> GameController:
    c = GameController()
    c.start(game)
    return c


@pytest.fixture
def moves(controller: GameController) -> MoveController:
    m = MoveController(controller)
    m.refresh()
    return m


def _messages(controller: GameController) -> list[str]:
    said: list[str] = []
    controller.message.connect(said.append)
    return said


def _far_target(game: Game, unit_id: str) -> Hex:
    reach = tactical(game).movement.reachable(unit_id)
    return max(reach, key=lambda h: (len(reach[h].path), h))


def test_a_refused_action_is_reported_and_never_pushed(
    controller: GameController, game: Game
) -> None:
    said = _messages(controller)
    before = game.state.copy()
    assert not controller.apply(ChangeFormation("cav1", Formation.SQUARE))
    assert controller.undo_stack.count() == 0
    assert game.state == before
    assert said == ["Not allowed: a cavalry unit cannot go from mounted to square (2.5)"]


def test_undo_and_redo_go_through_the_stack_and_redo_reapplies_the_same_action(
    controller: GameController, moves: MoveController, game: Game
) -> None:
    logged: list[str] = []
    controller.log_added.connect(logged.append)
    before = game.state.copy()
    controller.select_unit("cav1")
    target = _far_target(game, "cav1")
    path = tactical(game).movement.reachable("cav1")[target].path
    assert moves.move_to(target)
    after = game.state.copy()
    command = controller.undo_stack.command(0)
    assert isinstance(command, ActionCommand)
    assert command.action == Move("cav1", path)
    controller.undo()
    assert game.state == before and game.log == []
    assert controller.undo_stack.index() == 0
    controller.redo()
    assert game.state == after
    assert logged == [command.text(), command.text()]
    assert game.log[-1].notation == command.text()


def test_selection_cycles_through_a_stack_and_follows_the_unit(
    controller: GameController, moves: MoveController, game: Game
) -> None:
    stack = game.state.units_at(game.state.units["wis2"].hex)
    order = [u.id for u in stack]
    assert len(order) == 3
    picked = []
    for _ in range(4):
        controller.select_stack(stack)
        picked.append(controller.selected)
    assert picked == [*order, order[0]]
    controller.select_stack([])
    assert controller.selected is None and moves.highlight is None


def test_highlight_and_why_not(
    controller: GameController, moves: MoveController, game: Game
) -> None:
    controller.select_unit("cav1")
    assert moves.highlight is not None
    assert set(moves.highlight.reach) == set(tactical(game).movement.reachable("cav1"))
    controller.select_unit("btyb")  # unlimbered artillery
    assert moves.highlight is None
    assert moves.cannot_move.endswith("limber first (TEC movement cost)")
    controller.select_unit("va26")  # the other side's
    assert moves.highlight is None
    assert "not yours to move this phase (1.22)" in moves.cannot_move


def test_hover_routes_only_over_the_highlight(
    controller: GameController, moves: MoveController, game: Game
) -> None:
    controller.select_unit("cav1")
    target = _far_target(game, "cav1")
    moves.hover_hex(target)
    route = moves.route
    assert route is not None and route.target == target
    assert route.cost == tactical(game).movement.path_breakdown("cav1", route.path)
    assert route.remaining == tactical(game).movement.reachable("cav1")[target].remaining
    moves.hover_hex(game.state.units["cav1"].hex)
    assert moves.route is None


def test_availability_gives_costs_and_reasons(
    controller: GameController, moves: MoveController, game: Game
) -> None:
    nothing = moves.availability("unit_command", ("formation", Formation.COLUMN))
    assert not nothing.enabled and nothing.detail == "select one of your units first"
    controller.select_unit("cav1")
    column = moves.availability("unit_command", ("formation", Formation.COLUMN))
    assert column.enabled and column.relevant
    plan = tactical(game).movement.plan(ChangeFormation("cav1", Formation.COLUMN),
                                        game.current_side)
    terms = "; ".join(f"{t.label} {t.value:+g} ({t.rule})" for t in plan.cost)
    assert column.detail == f"{mps(plan.cost.total)}: {terms}"
    assert "mounted to column" in column.detail and "(MPA changes column line)" in column.detail
    square = moves.availability("unit_command", ("formation", Formation.SQUARE))
    assert not square.enabled and not square.relevant
    assert square.detail == "not now: a cavalry unit cannot go from mounted to square (2.5)"
    cover = moves.availability("unit_command", ("cover",))
    assert Status.COVER not in game.state.units["cav1"].status
    assert cover.enabled and not cover.checked
    assert cover.detail == "3 MPs: take cover +3 (MPA changes cover)"
    assert not controller.availability("undo").enabled
    assert controller.availability("end_phase").enabled


def test_a_right_drag_offers_a_facing_and_the_drop_applies_it(
    controller: GameController, moves: MoveController, game: Game
) -> None:
    controller.select_unit("cav1")
    unit = game.state.units["cav1"]
    wanted = (unit.facing + 2) % 6  # 120 degrees: 4 MPs
    moves.preview_facing(unit.hex, wanted)
    assert moves.facing_preview is not None and moves.facing_preview.legal
    moves.drop_facing(unit.hex, wanted)
    assert moves.facing_preview is None
    assert game.state.units["cav1"].facing == wanted
    assert game.state.mp_spent["cav1"] == 4
    command = controller.undo_stack.command(0)
    assert isinstance(command, ActionCommand) and command.action == Face("cav1", wanted)


def test_end_phase_and_a_new_game_reset_the_stack(controller: GameController, game: Game) -> None:
    assert controller.end_phase()
    assert game.phase is Phase.FIRE
    assert controller.undo_stack.count() == 1
    command = controller.undo_stack.command(0)
    assert isinstance(command, ActionCommand) and command.action == EndPhase()
    m = showcase_map()
    fresh = Game.from_scenario(make_scenario(m, sample_units(m)))
    controller.start(fresh)
    assert controller.undo_stack.count() == 0 and controller.game is fresh
