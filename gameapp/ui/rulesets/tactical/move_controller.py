"""MoveController: the tactical movement intents beside the game controller. It keeps what the
window shows about moving the selected unit (the hexes it can reach, the route hovered, the
facing a right-drag offers) and turns moves, turns and the unit commands (formation, cover) into
engine actions through the game controller, so that every action goes through one undo stack.

It works its view-models out again whenever the game controller rereads (`reread`: an action,
an undo, a new selection), and tells the views through `highlights_changed` and `route_changed`.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from PySide6.QtCore import QObject, Signal

from gameapp.core.actions import Action, ChangeFormation, Cover, Face, Move
from gameapp.core.hexgrid import Hex
from gameapp.core.rulesets.tactical import tactical
from gameapp.core.units import FORMATIONS_BY_KIND, Status, Unit
from gameapp.present.labels import facing_words, mps
from gameapp.present.moves import CannotMove, MoveHighlight, Route, movement_highlight, route_to
from gameapp.ui.controller import Availability, GameController

# The unit commands of the menus and toolbar: name -> the action it means for a unit.
UNIT_COMMANDS: dict[str, Callable[..., Action]] = {
    "formation": lambda unit, formation: ChangeFormation(unit.id, formation),
    "turn": lambda unit, steps: Face(unit.id, (unit.facing + steps) % 6),
    "about_face": lambda unit: Face(unit.id, (unit.facing + 3) % 6),
    "cover": lambda unit: Cover(unit.id, Status.COVER not in unit.status),
}


@dataclass(frozen=True)
class FacingPreview:
    hex: Hex
    facing: int
    legal: bool


class MoveController(QObject):
    highlights_changed = Signal()  # the move highlight changed
    route_changed = Signal()  # the hovered route or the facing on offer changed

    def __init__(self, controller: GameController) -> None:
        super().__init__(controller)
        self.controller = controller
        self.highlight: MoveHighlight | None = None
        self.cannot_move = ""  # why the selected unit has no highlight
        self.route: Route | None = None
        self.facing_preview: FacingPreview | None = None
        self._hover: Hex | None = None
        controller.reread.connect(self.refresh)

    @property
    def selected_unit(self) -> Unit | None:
        return self.controller.selected_unit

    # --- pointer ----------------------------------------------------------------------------
    def hover_hex(self, h: Hex | None) -> None:
        self._hover = h
        game = self.controller.game
        route = None
        if game is not None and self.highlight is not None and h in self.highlight:
            assert h is not None
            route = route_to(game, self.highlight, h)
        if route != self.route:
            self.route = route
            self.route_changed.emit()

    def click_hex(self, h: Hex) -> bool:
        """A click on a highlighted hex moves the selected unit there; True if it moved."""
        return self.highlight is not None and h in self.highlight and self.move_to(h)

    def preview_facing(self, h: Hex, facing: int | None) -> None:
        """A right-drag from the selected unit's hex toward `facing` (None: the drag ended)."""
        unit = self.selected_unit
        preview = None
        if unit is not None and unit.hex == h and facing is not None:
            action = Face(unit.id, facing)
            legal = facing == unit.facing or self.controller.refusal(action) is None
            preview = FacingPreview(h, facing, legal)
        if preview != self.facing_preview:
            self.facing_preview = preview
            self.route_changed.emit()
            if unit is not None and preview is not None and preview.facing != unit.facing:
                game = self.controller.game
                assert game is not None
                way = facing_words(game.map.numbering, preview.facing)
                self.controller.message.emit(
                    self._describe(Face(unit.id, preview.facing), f"Face {way}"))

    def drop_facing(self, h: Hex, facing: int) -> None:
        """A right-drag released: the selected unit in `h` turns to `facing`."""
        self.preview_facing(h, None)
        unit = self.selected_unit
        if unit is not None and unit.hex == h and facing != unit.facing:
            self.face(facing)

    # --- actions ----------------------------------------------------------------------------
    def move_to(self, h: Hex, facing: int | None = None) -> bool:
        """Move the selected unit along the cheapest route to `h` (see moves.route_to)."""
        route = self._route_for(h)
        if route is None:
            self.controller.message.emit(
                "Not allowed: that hex is not one the selected unit can reach")
            return False
        return self.controller.apply(Move(route.unit_id, route.path, facing))

    def face(self, facing: int) -> bool:
        unit = self.selected_unit
        return unit is not None and self.controller.apply(Face(unit.id, facing % 6))

    def unit_command(self, name: str, *args: Any) -> bool:
        """One of UNIT_COMMANDS for the selected unit, e.g. ("formation", Formation.LINE)."""
        unit = self.selected_unit
        if unit is None:
            self.controller.message.emit("Not allowed: select one of your units first")
            return False
        return self.controller.apply(UNIT_COMMANDS[name](unit, *args))

    # --- what the menus ask -----------------------------------------------------------------
    def availability(self, handler: str, args: tuple[Any, ...] = ()) -> Availability:
        """Whether the unit command `args[0]` (with `args[1:]`) can be used now, and why not."""
        controller = self.controller
        held = controller.hold() if controller.game is not None else None
        if held:
            return Availability(False, held)
        if controller.game is None:
            return Availability(False, "no game is open")
        name, args = str(args[0]), args[1:]
        unit = self.selected_unit
        if unit is None:
            return Availability(False, "select one of your units first")
        relevant = name != "formation" or args[0] in FORMATIONS_BY_KIND[unit.kind]
        checked = name == "cover" and Status.COVER in unit.status
        if name == "formation" and args[0] is unit.formation:
            return Availability(False, f"already in {unit.formation.value}", relevant, True)
        action = UNIT_COMMANDS[name](unit, *args)
        why = controller.refusal(action)
        detail = why if why is not None else self._cost_text(action)
        return Availability(why is None, detail, relevant, checked)

    # --- inside -----------------------------------------------------------------------------
    def _cost_text(self, action: Action) -> str:
        game = self.controller.game
        assert game is not None
        if not isinstance(action, Move | Face | ChangeFormation | Cover):
            return ""
        plan = tactical(game).movement.plan(action, game.current_side)
        terms = "; ".join(f"{t.label} {t.value:+g} ({t.rule})" for t in plan.cost if t.value)
        text = mps(plan.cost.total) + (f": {terms}" if terms else "")
        if plan.checks:
            text += f"; calls for a morale check ({plan.checks[0].rule})"
        return text

    def _describe(self, action: Action, what: str) -> str:
        why = self.controller.refusal(action)
        return f"{what}: {why if why is not None else self._cost_text(action)}"

    def _route_for(self, h: Hex) -> Route | None:
        game = self.controller.game
        if game is None or self.highlight is None:
            return None
        if self.route is not None and self.route.target == h:
            return self.route
        return route_to(game, self.highlight, h)

    def refresh(self) -> None:
        """The selection or the state changed: the selected unit's highlight, afresh."""
        game, unit = self.controller.game, self.selected_unit
        self.highlight, self.cannot_move, self.facing_preview = None, "", None
        if game is not None and unit is not None:
            try:
                self.highlight = movement_highlight(game, unit.id)
            except CannotMove as error:
                self.cannot_move = str(error)
        self.highlights_changed.emit()
        self.route = None
        self.hover_hex(self._hover)
        self.route_changed.emit()
