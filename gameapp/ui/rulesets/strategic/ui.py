"""The strategic ruleset's part of the window: the theatre map as the board, its pieces as
stacks of counters (counters.py), one board tool (tool.py) and one dock (dock.py). End phase
takes the ruleset's `end`; refusals reach the message line with their rule, as every
ruleset's do (GameController.apply)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from PySide6.QtGui import QCursor
from PySide6.QtWidgets import QInputDialog, QMenu

from gameapp.core.breakdown import IllegalActionError
from gameapp.core.engine import Game
from gameapp.core.events import Event
from gameapp.core.hexgrid import Hex
from gameapp.core.rulesets.strategic.actions import Attack, BurnSupply
from gameapp.core.rulesets.strategic.combat import BattleFought
from gameapp.core.rulesets.strategic.pieces import Piece
from gameapp.core.rulesets.strategic.previews import (
    SupplyPicture,
    check_attack,
    supply_picture,
)
from gameapp.core.rulesets.strategic.queries import (
    MarchOption,
    command_choices,
    normal_mp,
    strategic_state,
)
from gameapp.core.rulesets.strategic.scenario import StrategicScenario
from gameapp.core.rulesets.strategic.sequence import StrategicPhase
from gameapp.core.scenario import Scenario
from gameapp.core.units import Side
from gameapp.present.strategic_battle import attack_plan, attacker_boxes, supply_text
from gameapp.present.strategic_gestures import StackAction, stack_commands
from gameapp.present.strategic_names import piece_names
from gameapp.ui.actions import ActionSpec
from gameapp.ui.board.overlay import HexOverlayItem
from gameapp.ui.board.route_item import RouteItem
from gameapp.ui.board.scene import BoardScene
from gameapp.ui.board.theatre_board import TheatreBoardScene
from gameapp.ui.main_window import MainWindow
from gameapp.ui.rulesets.base import BoardTool, DockSpec, RulesetUI, make_dock
from gameapp.ui.rulesets.strategic.battle_dialog import BattleDialog
from gameapp.ui.rulesets.strategic.counters import PiecesLayer
from gameapp.ui.rulesets.strategic.dock import StrategicPanel, event_lines
from gameapp.ui.rulesets.strategic.month_report import MonthReports
from gameapp.ui.rulesets.strategic.tool import StrategicTool

COMMANDED_IN = (StrategicPhase.MOVEMENT, StrategicPhase.COMBAT)  # 5.2, 8.0: orders or dice
RAIL_RING = "#1e63d6"
SAIL_RING = "#0b2a6b"
SUPPLIED = "#7043a047"  # translucent green
UNSUPPLIED = "#90e53935"  # translucent red
MONTH_REPORTS = "month_reports"
STRATEGIC_COMMANDS = (
    ActionSpec("monthly_report", "&Monthly report…", "open_month_report", "&Game",
               tip="The month's reinforcements, withdrawals, leader changes, supply income "
                   "and sieges, each with its rule", target=MONTH_REPORTS, after="result"),
)


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
        self.battle_dialog: BattleDialog | None = None
        self.stack_menu: QMenu | None = None
        self.transport: HexOverlayItem | None = None
        self.supply: SupplyPicture | None = None  # the overlay's picture, None while it is off
        self.supply_fill: HexOverlayItem | None = None
        self.supply_path: RouteItem | None = None
        self.month_reports = MonthReports(window, self)
        self.panel.supply_toggle.toggled.connect(self.show_supply)
        window.controller.state_changed.connect(self._state_changed)

    # --- what the window asks ---------------------------------------------------------------
    def tools(self) -> Sequence[BoardTool]:
        return (self.tool,)

    def docks(self) -> Sequence[DockSpec]:
        return (DockSpec(self.dock, front=True, stretch=3),)

    def commands(self) -> Sequence[ActionSpec]:
        return STRATEGIC_COMMANDS

    def command_targets(self) -> Mapping[str, object]:
        return {MONTH_REPORTS: self.month_reports}

    def board_scene(self, scenario: Scenario) -> BoardScene:
        strategic: Any = scenario
        board = theatre_board(strategic, progressive=True)
        self.layer = PiecesLayer(board, board.geometry)
        self.layer.show(strategic.pieces)
        self.transport = HexOverlayItem(board.geometry)
        board.addItem(self.transport)
        self.supply_fill = HexOverlayItem(board.geometry)
        self.supply_path = RouteItem(board.geometry)
        board.addItem(self.supply_fill)
        board.addItem(self.supply_path)
        self.selected = None
        self.supply = None
        return board

    def uninstall(self) -> None:
        self.window.controller.state_changed.disconnect(self._state_changed)
        self.month_reports.close()

    def event_notes(self, events: Sequence[Event], game: Game) -> list[str]:
        return event_lines(game, events)

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
        self._show_supply_path()

    # --- battles -----------------------------------------------------------------------------
    def open_battle(self, action: Attack) -> BattleDialog:
        """The battle dialog for `action` (the rules' proposal, ticked at first): the units
        to tick and the battle before the die; Roll fights the ticked units' attack."""
        game = self.window.controller.game
        assert game is not None

        def fight(chosen: Attack) -> BattleFought | IllegalActionError | list[str]:
            error = check_attack(game, chosen)
            if error is not None:
                return error
            if not self.window.controller.apply(chosen):
                return IllegalActionError("the attack was not made", "R&C actions")
            done = self.window.controller.last_events
            fought = next((e for e in done if isinstance(e, BattleFought)), None)
            return fought if fought is not None else self.event_notes(done, game)

        self.battle_dialog = BattleDialog(
            f"Battle at {game.map.hex_id(action.target)}", attacker_boxes(game, action), action,
            lambda ticked: attack_plan(game, action, ticked), fight, piece_names(game),
            self.window)
        self.battle_dialog.open()
        return self.battle_dialog

    # --- rail, voyages and the stack's commands ---------------------------------------------
    def show_transport(self, rails: dict[Hex, Any], sails: dict[Hex, Any]) -> None:
        """Ring the picked piece's rail moves (blue) and a picked ship's voyages (navy)."""
        if self.transport is None:
            return
        self.transport.clear()
        self.transport.rings(rails, RAIL_RING, 3)
        self.transport.rings(sails, SAIL_RING, 3)

    def open_stack_menu(self, h: Hex) -> QMenu:
        """The stack's organisation and transport commands, at the mouse."""
        game = self.window.controller.game
        assert game is not None
        if self.stack_menu is not None:
            self.stack_menu.close()
            self.stack_menu.deleteLater()
        menu = QMenu(self.window.view)
        menu.setObjectName("strategic_stack_menu")
        commands = stack_commands(game, h, [p.id for p in self.pieces_at(h)])
        for command in commands:
            entry = menu.addAction(command.text)
            entry.triggered.connect(
                lambda _checked=False, a=command.action: self.apply_stack_command(a))
        if not commands:
            menu.addAction("No command for this stack now").setEnabled(False)
        self.stack_menu = menu
        menu.popup(QCursor.pos())
        return menu

    def apply_stack_command(self, action: StackAction) -> None:
        """Apply a menu's command; burning supply first asks how many points (12.0)."""
        if isinstance(action, BurnSupply):
            points, ok = QInputDialog.getInt(
                self.window, "Burn supply (12.0)",
                f"Supply points of {action.piece} to destroy:", action.points, 1,
                action.points)
            if not ok:
                return
            action = BurnSupply(action.piece, points)
        self.window.controller.apply(action)

    # --- the supply overlay -------------------------------------------------------------------
    def show_supply(self, on: bool) -> None:
        """Draw (or clear) the side to play's supply: its stacks in supply green, out of supply
        red, and for the stack selected the path to what it traces to."""
        game = self.window.controller.game
        if self.supply_fill is None or self.supply_path is None:
            return
        self.supply_fill.clear()
        self.supply_path.clear()
        self.supply = None
        if not on or game is None:
            self.panel.show_supply("")
            return
        side = game.acting_side or game.current_side or Side.UNION
        self.supply = supply_picture(game, side)
        self.supply_fill.show_hexes(self.supply.supplied, SUPPLIED)
        self.supply_fill.show_hexes(self.supply.unsupplied, UNSUPPLIED)
        self._show_supply_path()

    def _show_supply_path(self) -> None:
        game = self.window.controller.game
        if self.supply is None or self.supply_path is None or game is None:
            return
        self.supply_path.clear()
        h = self.selected
        if h is None:
            self.panel.show_supply(f"Supply of the {self.supply.side.label} side: "
                                   f"{len(self.supply.supplied)} stack(s) in supply (green), "
                                   f"{len(self.supply.unsupplied)} out of it (red). "
                                   "Click a stack for its path to its source.")
            return
        path = self.supply.path(h)
        if len(path) > 1:
            facing = next(d for d in range(6) if path[-2].neighbor(d) == path[-1])
            self.supply_path.show_route(path[0], path[1:], facing, False)
        self.panel.show_supply(supply_text(self.supply, h, game.map.hex_id))

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
        if self.panel.supply_toggle.isChecked():
            self.show_supply(True)
        self.month_reports.after(game, self.window.controller.last_events)

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
        choices = (command_choices(game) if game.phase in COMMANDED_IN and not game.is_over
                   else {})
        self.panel.show_stack(game, game.map.hex_id(h) if h is not None else None,
                              self.pieces_at(h) if h is not None else [], choices,
                              self.window.controller.apply)
