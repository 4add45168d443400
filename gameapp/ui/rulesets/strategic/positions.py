"""The strategic game's past positions (registry.PositionBoard): the theatre map with the
stacks of the position's pieces, as the window draws them, and the path of a logged march or
voyage."""

from __future__ import annotations

from typing import Any

from gameapp.core.rulesets.strategic.actions import March, Sail
from gameapp.core.rulesets.strategic.scenario import StrategicScenario
from gameapp.core.rulesets.strategic.state import StrategicState
from gameapp.ui.board.theatre_board import TheatreBoardScene
from gameapp.ui.rulesets.registry import RouteMark
from gameapp.ui.rulesets.strategic.counters import PiecesLayer
from gameapp.ui.rulesets.strategic.ui import theatre_board


class StrategicPositions:
    def __init__(self, scenario: StrategicScenario) -> None:
        self._scene = theatre_board(scenario)
        self.layer = PiecesLayer(self._scene, self._scene.geometry)
        self.layer.show(scenario.pieces)

    @property
    def scene(self) -> TheatreBoardScene:
        return self._scene

    def show(self, state: StrategicState) -> None:
        self.layer.show(state.pieces.values())

    def route(self, before: StrategicState, after: StrategicState,
              action: Any) -> RouteMark | None:
        if isinstance(action, March):
            piece_id, path = action.piece, action.path
        elif isinstance(action, Sail):
            piece_id, path = action.ship, action.path
        else:
            return None
        piece = before.pieces.get(piece_id)
        if piece is None or not path:
            return None
        hexes = (piece.hex, *path)
        facing = next((d for d in range(6) if hexes[-2].neighbor(d) == hexes[-1]), 0)
        return RouteMark(piece.hex, path, facing)
