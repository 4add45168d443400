"""The tactical game's past positions (registry.PositionBoard): its map with the units'
counters, and the route of a logged move, arriving with the facing the unit then had."""

from __future__ import annotations

from gameapp.core.actions import Move
from gameapp.core.scenario import Scenario
from gameapp.core.state import GameState
from gameapp.ui import settings
from gameapp.ui.board.scene import BoardScene
from gameapp.ui.rulesets.registry import RouteMark


class TacticalPositions:
    def __init__(self, scenario: Scenario) -> None:
        self._scene = BoardScene(scenario.map, scenario.units,
                                 upright=settings.upright_counters())

    @property
    def scene(self) -> BoardScene:
        return self._scene

    def show(self, state: GameState) -> None:
        self._scene.update_units(state.units.values())

    def route(self, before: GameState, after: GameState, action: object) -> RouteMark | None:
        if not isinstance(action, Move) or not action.path:
            return None
        unit = before.units.get(action.unit_id)
        if unit is None:
            return None
        moved = after.units.get(action.unit_id)
        return RouteMark(unit.hex, action.path, (moved or unit).facing)
