"""The strategic ruleset's part of the window: the theatre map as the board, its pieces as
stacks of counters (counters.py), one board tool (tool.py) and one dock (dock.py). End phase
takes the ruleset's `end`; refusals reach the message line with their rule, as every
ruleset's do (GameController.apply)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from gameapp.core.engine import Game
from gameapp.core.events import Event
from gameapp.core.hexgrid import Hex
from gameapp.core.rulesets.strategic.pieces import Piece
from gameapp.core.rulesets.strategic.queries import (
    MarchOption,
    command_choices,
    normal_mp,
    strategic_state,
)
from gameapp.core.rulesets.strategic.scenario import StrategicScenario
from gameapp.core.rulesets.strategic.sequence import StrategicPhase
from gameapp.core.scenario import Scenario
from gameapp.ui.board.scene import BoardScene
from gameapp.ui.board.theatre_board import TheatreBoardScene
from gameapp.ui.main_window import MainWindow
from gameapp.ui.rulesets.base import BoardTool, DockSpec, RulesetUI, make_dock
from gameapp.ui.rulesets.strategic.counters import PiecesLayer
from gameapp.ui.rulesets.strategic.dock import StrategicPanel, event_line
from gameapp.ui.rulesets.strategic.tool import StrategicTool


def theatre_board(scenario: StrategicScenario, progressive: bool = False) -> TheatreBoardScene:
    """The scenario's theatre map, its rail lines of the scenario's year."""
    return TheatreBoardScene(scenario.map, scenario.rail_year, progressive=progressive)


class StrategicUI(RulesetUI):
    def __init__(self, window: MainWindow) -> None:
        super().__init__(window)
        self.tool = StrategicTool(self)
        self.panel = StrategicPanel()
        self.dock = make_dock(window, "Campaign", "strategic_dock", self.panel)
        self.layer: PiecesLayer | None = None
        self.selected: Hex | None = None
        window.controller.state_changed.connect(self._state_changed)

    # --- what the window asks ---------------------------------------------------------------
    def tools(self) -> Sequence[BoardTool]:
        return (self.tool,)

    def docks(self) -> Sequence[DockSpec]:
        return (DockSpec(self.dock, front=True, stretch=3),)

    def board_scene(self, scenario: Scenario) -> BoardScene:
        strategic: Any = scenario
        board = theatre_board(strategic, progressive=True)
        self.layer = PiecesLayer(board, board.geometry)
        self.layer.show(strategic.pieces)
        self.selected = None
        return board

    def uninstall(self) -> None:
        self.window.controller.state_changed.disconnect(self._state_changed)

    def event_notes(self, events: Sequence[Event], game: Game) -> list[str]:
        return [line for e in events if (line := event_line(game, e))]

    def end_phase_text(self, game: Game) -> str:
        phase = game.phase.value if not game.is_over else "game"
        return f"End the {phase} phase (the next side or phase begins)"

    # --- the board --------------------------------------------------------------------------
    def pieces_at(self, h: Hex) -> list[Piece]:
        return self.layer.pieces_at(h) if self.layer is not None else []

    def select_hex(self, h: Hex | None) -> None:
        self.selected = h
        self._show_pieces()
        self._show_stack()

    def show_reach(self, picked: str | None, options: dict[Hex, MarchOption]) -> None:
        """Light the hexes a picked piece can reach, with the MP it would have left; ring those
        where its march must end."""
        board = self.window.view.board()
        game = self.window.controller.game
        if board is None:
            return
        board.moves.clear()
        if game is not None and picked is not None and options:
            normal = normal_mp(game, picked)
            left = {h: int(o.left if o.action.forced else normal - o.cost)
                    for h, o in options.items()}
            stops = [h for h, o in options.items() if o.stops]
            origin = game.state.pieces[picked].hex
            board.moves.show(origin, left, stops, {k[0] for k in self._stack_hexes()})
        self._show_pieces()
        self.show_route(None)

    def show_route(self, option: MarchOption | None) -> None:
        """The march aimed at: its path on the board (red where it must end) and its cost
        term by term in the dock."""
        game = self.window.controller.game
        board = self.window.view.board()
        if game is None or board is None:
            return
        self.panel.show_route(game, self.tool.picked, option)
        if option is None or self.tool.picked is None:
            board.route.clear()
            return
        origin = game.state.pieces[self.tool.picked].hex
        hexes = (origin, *option.action.path)
        facing = next(d for d in range(6) if hexes[-2].neighbor(d) == hexes[-1])
        board.route.show_route(origin, option.action.path, facing, option.stops)

    def _stack_hexes(self) -> list[tuple[Hex, Any]]:
        return list(self.layer.items) if self.layer is not None else []

    # --- keeping up with the game -----------------------------------------------------------
    def _state_changed(self) -> None:
        game = self.window.controller.game
        if game is None or self.layer is None:
            return
        strategic_state(game)
        self.tool.reset()
        self._show_pieces()
        self.panel.show_week(game)
        self._show_stack()
        self.panel.show_events(game, self.window.controller.last_events)

    def _show_pieces(self) -> None:
        game = self.window.controller.game
        if self.layer is None or game is None:
            return
        state = strategic_state(game)
        force = state.forces.get(state.active or "")
        moving = force.members if force is not None and force.commanded else ()
        self.layer.show(state.pieces.values(), self.selected, moving)

    def _show_stack(self) -> None:
        game = self.window.controller.game
        if game is None:
            return
        h = self.selected
        choices = (command_choices(game) if game.phase is StrategicPhase.MOVEMENT
                   and not game.is_over else {})
        self.panel.show_stack(game, game.map.hex_id(h) if h is not None else None,
                              self.pieces_at(h) if h is not None else [], choices,
                              self.window.controller.apply)
