"""The strategic board tool: click a stack to pick it, and then a hex to march to.

- Command and combat phases: a click on a stack with a leader of the side to play declares his
  span (10.1: spans are declared for movement and again for combat) as the rules propose it
  (his HQ and roster, then the strongest pieces in his hex).
- Movement phase: a click on a piece of the force being moved picks it (a second click on the
  same stack picks the next one there); its reachable hexes are lit, each with the MP it would
  have left, the hexes where the march must end (a forced march, an enemy zone of control)
  ringed. Hovering a lit hex shows the march's cost term by term in the dock; a click marches.
  A click on a hex it cannot reach asks the rules to march there, so the refusal names the
  rule that forbids it. Leaders are commanded from the dock (an order or a die).
- Movement phase (an attack from march) and combat phase: a click on an enemy stack the force
  being moved (or any commanded force, in the combat phase) can attack opens the battle dialog
  with the rules' proposed attack (the strongest pair of hexes next to it, 8.21): the odds,
  the shifts and each outcome's chance before the die; Roll fights it.
- After a battle that emptied the defenders' hex, a click on that hex advances into it with
  the strongest survivors that fit (the rules' first listed advance).
- Movement phase: a picked piece's rail moves are ringed in blue: a click on a ringed hex it
  cannot march to, or a Shift+click on any ringed hex, goes by rail (6.5). A ship (which
  sails without a command, 5.27) is picked by a click on its stack; its voyages are ringed in
  navy and a click sails it there.
- Ctrl+click on a stack: a menu of the commands the rules allow there now: a brigade split off
  (3.25), a unit assigned to or released from an HQ's roster (16.16), troops embarking on or
  landing from a transport (9.5), detraining, a leader's force commanded by an order or a die
  (5.2, 10.14), a unit sent off the map on a detour or (Ctrl+click on the entry hex) brought
  back (7.54), a fort razed (13.4), a naval battle where warships share water with enemy ships
  (11.11), supply burned (12.0, asking how many points).
- Any other click selects the stack, which the dock lists.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtCore import Qt

from gameapp.core.hexgrid import Hex
from gameapp.core.rulesets.strategic.actions import March, Rail, Sail
from gameapp.core.rulesets.strategic.pieces import Leader, Ship
from gameapp.core.rulesets.strategic.previews import attacks_on
from gameapp.core.rulesets.strategic.queries import (
    MarchOption,
    march_options,
    spans_to_declare,
    strategic_state,
)
from gameapp.core.rulesets.strategic.sequence import StrategicPhase
from gameapp.present.strategic_gestures import (
    advance_into,
    movable,
    rail_options,
    sail_options,
)
from gameapp.ui.board.view import HexClick
from gameapp.ui.controller import GameController
from gameapp.ui.rulesets.base import BoardTool

if TYPE_CHECKING:
    from gameapp.ui.rulesets.strategic.ui import StrategicUI


class StrategicTool(BoardTool):
    def __init__(self, ui: StrategicUI) -> None:
        self.ui = ui
        self.picked: str | None = None
        self.options: dict[Hex, MarchOption] = {}
        self.rails: dict[Hex, Rail] = {}
        self.sails: dict[Hex, Sail] = {}
        self.hovered: MarchOption | None = None

    @property
    def controller(self) -> GameController:
        return self.ui.window.controller

    def click(self, click: HexClick) -> None:
        game = self.controller.game
        if game is None or game.is_over:
            return
        click.accept()
        h = click.hex
        if click.ctrl:
            self.ui.select_hex(h)
            self.ui.open_stack_menu(h)
            return
        if strategic_state(game).advance is not None and self._advance(h):
            return
        if self._attack(h):
            return
        shift = bool(click.modifiers & Qt.KeyboardModifier.ShiftModifier)
        if self.picked is not None and self._march_to(h, shift):
            return
        side = game.acting_side
        self.ui.select_hex(h)
        if game.phase in (StrategicPhase.COMMAND, StrategicPhase.COMBAT):  # 10.1: both
            spans = spans_to_declare(game)
            here = [p.id for p in self.ui.pieces_at(h)
                    if isinstance(p, Leader) and p.side is side and p.id in spans]
            if here:
                self.controller.apply(spans[here[0]])
            return
        if game.phase is StrategicPhase.MOVEMENT:
            can = set(movable(game))
            here = [p.id for p in self.ui.pieces_at(h) if p.id in can]
            if here:
                at = here.index(self.picked) + 1 if self.picked in here else 0
                self.pick(here[at % len(here)])
                return
        self.pick(None)

    def _attack(self, h: Hex) -> bool:
        """Open the battle dialog on `h` if it holds the enemy and the rules list an attack
        on it now (the one with the picked piece first). False: not an attack."""
        game = self.controller.game
        assert game is not None
        if game.phase not in (StrategicPhase.MOVEMENT, StrategicPhase.COMBAT):
            return False
        side = game.acting_side
        if side is None or not any(p.side is side.other for p in self.ui.pieces_at(h)):
            return False
        attacks = attacks_on(game, h)
        if not attacks:
            return False
        attacks.sort(key=lambda a: self.picked not in a.attackers)
        self.ui.select_hex(h)
        self.ui.open_battle(attacks[0])
        return True

    def _advance(self, h: Hex) -> bool:
        game = self.controller.game
        assert game is not None
        action = advance_into(game, h)
        if action is None:
            return False
        self.pick(None)
        self.controller.apply(action)
        return True

    def _march_to(self, h: Hex, by_rail: bool = False) -> bool:
        """Move the picked piece to `h` if it was aimed at another hex than its own: a
        ship's voyage; a rail move (asked with Shift, or the only way there); else the
        cheapest legal march, or one the rules refuse with their reason. False: no move."""
        game = self.controller.game
        assert game is not None and self.picked is not None
        piece = game.state.pieces.get(self.picked)
        if piece is None or piece.hex == h:
            return False
        picked = self.picked
        moved: Sail | Rail | None = self.sails.get(h)
        if moved is None and h in self.rails and (by_rail or h not in self.options):
            moved = self.rails[h]
        if moved is not None:
            self.pick(None)
            self.controller.apply(moved)
            return True
        if isinstance(piece, Ship):
            return False
        option = self.options.get(h)
        if option is None and any(p.side is piece.side for p in self.ui.pieces_at(h)):
            return False  # a click on another friendly stack picks it instead
        self.pick(None)
        action = option.action if option is not None else March(
            picked, tuple(piece.hex.line_to(h)[1:]))
        self.controller.apply(action)
        return True

    def pick(self, piece_id: str | None) -> None:
        """Pick a piece to move (None: none), lighting where it can go: its marches, its rail
        moves, or a ship's voyages."""
        game = self.controller.game
        self.picked, self.hovered = piece_id, None
        self.options = march_options(game, piece_id) if game and piece_id else {}
        legal = list(game.legal_actions()) if game and piece_id else []
        self.rails = rail_options(game, piece_id, legal) if game and piece_id else {}
        self.sails = sail_options(game, piece_id, legal) if game and piece_id else {}
        self.ui.show_reach(self.picked, self.options)
        self.ui.show_transport(self.rails, self.sails)

    def hover(self, h: Hex | None) -> None:
        option = self.options.get(h) if h is not None else None
        if option is not self.hovered:
            self.hovered = option
            self.ui.show_route(option)

    def reset(self) -> None:
        """The state changed: what was picked may no longer march."""
        game = self.controller.game
        if self.picked is not None and (game is None or self.picked not in movable(game)):
            self.pick(None)
        elif self.picked is not None:
            self.pick(self.picked)
