"""TacticalUI: the tactical ruleset in the window. Its docks (Stack, Movement, Fire, Broken
Track), its commands (Pass, formations, turns, cover, the fire views), its board tools (charges,
moves and facings, fire, the line of sight) and its counter markers (engaged, morale checks
ignored), and the controllers and presenters behind them."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING

from PySide6.QtGui import QAction

from gameapp.core.engine import Game
from gameapp.core.events import Event
from gameapp.core.phases import Phase
from gameapp.core.scenario import Scenario
from gameapp.core.state import GameState
from gameapp.present.event_words import report_lines, status_messages
from gameapp.present.markers import Marker, unit_markers
from gameapp.ui.actions import ActionSpec
from gameapp.ui.charge_presenter import ChargePresenter
from gameapp.ui.fire_controller import FireController
from gameapp.ui.fire_presenter import FirePresenter
from gameapp.ui.panels.broken_track_panel import BrokenTrackPanel
from gameapp.ui.panels.fire_panel import FirePanel
from gameapp.ui.panels.move_panel import MovePanel
from gameapp.ui.panels.unit_panel import UnitPanel
from gameapp.ui.rulesets.base import BoardTool, DockSpec, RulesetUI, make_dock
from gameapp.ui.rulesets.tactical.commands import FIRE, FIRE_COMMANDS, MOVES, TACTICAL_COMMANDS
from gameapp.ui.rulesets.tactical.move_controller import MoveController
from gameapp.ui.rulesets.tactical.move_presenter import MovePresenter
from gameapp.ui.rulesets.tactical.tools import ChargeTool, FireTool, MoveTool, SightTool

if TYPE_CHECKING:
    from gameapp.ui.main_window import MainWindow


class TacticalUI(RulesetUI):
    def __init__(self, window: MainWindow) -> None:
        super().__init__(window)
        controller, view = window.controller, window.view
        self.moves = MoveController(controller)
        self.fire_controller = FireController(controller)
        self.panel = UnitPanel()
        self.move_panel = MovePanel()
        self.fire_panel = FirePanel()
        self.broken_panel = BrokenTrackPanel()
        self.dock = make_dock(window, "Stack", "stack_dock", self.panel)
        self.move_dock = make_dock(window, "Movement", "movement_dock", self.move_panel)
        self.fire_dock = make_dock(window, "Fire", "fire_dock", self.fire_panel)
        self.broken_dock = make_dock(window, "Broken Track", "broken_dock", self.broken_panel)
        self.move_presenter = MovePresenter(self.moves, view, self.move_panel, self.panel)
        self.fire_presenter = FirePresenter(
            self.fire_controller, view, self.fire_panel, self.fire_dock, self.move_dock)
        controller.state_changed.connect(self._show_broken_track)
        self.charge_presenter = ChargePresenter(
            self.moves, view, lambda side: side in window.computer.players)
        self._tools: tuple[BoardTool, ...] = (
            ChargeTool(self.charge_presenter),
            MoveTool(self.moves, view),
            FireTool(self.fire_presenter, view),
            SightTool(self.fire_controller),
        )
        for part in (self.moves, self.fire_controller, self.charge_presenter):
            part.setParent(self)  # they go with this UI when another ruleset's takes over

    def _show_broken_track(self) -> None:
        self.broken_panel.show_game(self.window.controller.game)

    # --- what the window asks ---------------------------------------------------------------
    def tools(self) -> Sequence[BoardTool]:
        return self._tools

    def docks(self) -> Sequence[DockSpec]:
        return (
            DockSpec(self.dock, front=True, stretch=2),  # the stack in front, the log behind
            DockSpec(self.move_dock, front=True, stretch=3),
            DockSpec(self.fire_dock, tab_with="movement_dock"),  # the phase's own in front
            # behind the Stack: the Movement panel keeps the height for its breakdowns
            DockSpec(self.broken_dock, tab_with="stack_dock"),
        )

    def commands(self) -> Sequence[ActionSpec]:
        return TACTICAL_COMMANDS

    def command_targets(self) -> Mapping[str, object]:
        return {FIRE: self.fire_controller, MOVES: self.moves}

    def actions_built(self, actions: Mapping[str, QAction]) -> None:
        self.window.phase_bar.set_pass_action(actions["pass"])
        self.fire_controller.changed.connect(self._refresh_fire_actions)

    def _refresh_fire_actions(self) -> None:
        self.window.presenter.refresh_actions(FIRE_COMMANDS)

    def markers(self, state: GameState) -> Mapping[str, frozenset[Marker]]:
        markers = unit_markers(state)
        self.panel.set_markers(markers)  # the Stack panel's cards show them too
        return markers

    def board_shown(self, scenario: Scenario) -> None:
        self.panel.set_numbering(scenario.map.numbering)
        self.panel.show_units([])

    def end_phase_text(self, game: Game) -> str:
        if game.phase is Phase.FIRE and game.acting_side is not None:
            return (f"in the fire phase this is the {game.acting_side.label} pass: it fires no "
                    "more this phase (1.23)")
        return f"end the {game.phase.value} phase"

    def event_notes(self, events: Sequence[Event], game: Game) -> list[str]:
        return report_lines(events, game.map.hex_id)

    def event_messages(self, events: Sequence[Event]) -> list[str]:
        game = self.window.controller.game
        return status_messages(events, game.map.hex_id if game is not None else str)

    def uninstall(self) -> None:
        self.window.phase_bar.clear_pass_action()
