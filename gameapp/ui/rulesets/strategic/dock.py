"""The strategic dock: where the week stands (date, phase, orders left, the force moving), the
side's forces, the stack selected (HQ rosters included) with a button for each command its
leaders may take (an order, or a die with its chance and terms), the march being aimed (its
cost term by term), and what the last actions did, each with its rules."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from html import escape
from typing import Any

from PySide6.QtCore import Qt
from PySide6.QtWidgets import (
    QCheckBox,
    QLabel,
    QPushButton,
    QScrollArea,
    QVBoxLayout,
    QWidget,
)

from gameapp.core.engine import Game
from gameapp.core.events import Event
from gameapp.core.rulesets.strategic.command import superior_of
from gameapp.core.rulesets.strategic.pieces import HQ, Leader, Piece
from gameapp.core.rulesets.strategic.queries import CommandChoice, MarchOption
from gameapp.core.rulesets.strategic.state import StrategicState
from gameapp.present.event_words import words
from gameapp.present.strategic import chance_text, piece_line, terms_text
from gameapp.present.strategic_names import names_list, piece_names


def _label() -> QLabel:
    label = QLabel()
    label.setWordWrap(True)
    label.setTextFormat(Qt.TextFormat.RichText)
    label.setAlignment(Qt.AlignmentFlag.AlignTop | Qt.AlignmentFlag.AlignLeft)
    label.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
    return label


class StrategicPanel(QScrollArea):
    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWidgetResizable(True)
        inner = QWidget()
        self.box = QVBoxLayout(inner)
        self.week, self.forces, self.stack, self.route, self.last = (_label() for _ in range(5))
        self.supply = _label()
        self.supply_toggle = QCheckBox("Supply overlay: in supply, out of it, the path")
        self.supply_toggle.setObjectName("strategic_supply_toggle")
        self.buttons = QVBoxLayout()
        for widget in (self.week, self.supply_toggle, self.supply, self.forces, self.stack):
            self.box.addWidget(widget)
        self.box.addLayout(self.buttons)
        self.box.addWidget(self.route)
        self.box.addWidget(self.last)
        self.box.addStretch(1)
        self.setWidget(inner)
        self.command_buttons: list[QPushButton] = []

    # --- the week and the forces ----------------------------------------------------------
    def show_week(self, game: Game) -> None:
        state: StrategicState = game.state
        scenario = game.scenario
        if game.is_over:
            self.week.setText(f"<b>The campaign is over</b> after week {scenario.turns}.")
            self.forces.clear()
            return
        side = game.current_side
        whose = f"{side.label} " if side is not None else ""
        lines = [f"<b>Week {state.turn} of {scenario.turns}</b> · {escape(game.clock)}",
                 f"<b>{whose}{game.phase.value} phase</b>"]
        if side is not None:
            lines.append(f"Orders used: {state.orders_used[side]} of {scenario.orders[side]}"
                         f" · rail used: {state.rail_used[side]} of "
                         f"{scenario.rail_capacity[side]} SP")
        if state.active is not None:
            force = state.forces.get(state.active)
            status = "commanded" if force is not None and force.commanded else "not commanded"
            lines.append(f"Moving now: <b>{escape(self._name(state, state.active))}</b>'s "
                         f"force ({status})")
        self.week.setText("<br>".join(lines))
        self.forces.setText(self._forces(game))

    def _forces(self, game: Game) -> str:
        state: StrategicState = game.state
        side = game.current_side
        if side is None:
            return ""
        where = game.map.hex_id
        names = piece_names(game)
        rows = [f"<b>{side.label} forces</b>"]
        for leader in sorted(state.leaders(side), key=lambda p: (-p.stars, p.id)):
            force = state.forces.get(leader.id)
            if force is None:
                status = "no span declared"
            elif leader.id in state.finished:
                status = "finished"
            elif force.commanded:
                status = "commanded"
            elif force.rolled:
                status = "failed its roll"
            elif force.declared:
                status = "declared"
            else:  # taken in by an army commander before declaring his own span (10.1)
                boss = superior_of(state, leader.id)
                status = (f"in {escape(boss.name)}'s span; his own not declared"
                          if boss else "no span declared")
            members = names_list((m for m in force.members if m != leader.id), names) \
                if force else ""
            rows.append(f"{'★' * leader.stars} <b>{escape(leader.name)}</b> at "
                        f"{where(leader.hex)}: {status}"
                        + (f" — {escape(members)}" if members else ""))
        return "<br>".join(rows)

    @staticmethod
    def _name(state: StrategicState, piece_id: str) -> str:
        piece = state.pieces.get(piece_id)
        return getattr(piece, "name", piece_id)

    def show_supply(self, text: str) -> None:
        self.supply.setText(escape(text))
        self.supply.setVisible(bool(text))

    # --- the stack selected and its commands -------------------------------------------------
    def show_stack(self, game: Game, hex_id: str | None, pieces: Sequence[Piece],
                   choices: dict[str, CommandChoice],
                   command: Callable[[Any], object]) -> None:
        for button in self.command_buttons:
            self.buttons.removeWidget(button)
            button.hide()  # at once: deleteLater waits for the event loop
            button.deleteLater()
        self.command_buttons = []
        if hex_id is None or not pieces:
            self.stack.setText("Click a stack to list it." if hex_id is None
                               else f"<b>{hex_id}</b>: no pieces")
            return
        state: StrategicState = game.state
        rows = [f"<b>Stack in {hex_id}</b>"]
        rostered = {u for p in pieces if isinstance(p, HQ) for u in p.roster}
        for piece in pieces:
            if piece.id in rostered:
                continue  # listed under its HQ
            rows.append(escape(piece_line(piece)))
            if isinstance(piece, HQ):
                rows += [f"&nbsp;&nbsp;&nbsp;↳ {escape(piece_line(state.pieces[u]))}"
                         for u in piece.roster if u in state.pieces]
        self.stack.setText("<br>".join(rows))
        for piece in pieces:
            choice = choices.get(piece.id)
            if choice is None:
                continue
            name = getattr(piece, "name", piece.id)
            if choice.order is not None:
                self._button(f"Order {name} (no die)", choice.order, command)
            if choice.roll is not None and isinstance(piece, Leader):
                button = self._button(f"Roll for {name}'s initiative: "
                                      f"{chance_text(choice.chance)}, a d6 ≤ {choice.needed}",
                                      choice.roll, command)
                button.setToolTip(terms_text(choice.terms))

    def _button(self, text: str, action: Any,
                command: Callable[[Any], object]) -> QPushButton:
        button = QPushButton(text)
        button.clicked.connect(lambda _checked=False: command(action))
        self.buttons.addWidget(button)
        self.command_buttons.append(button)
        return button

    # --- the march aimed and what happened ---------------------------------------------------
    def show_route(self, game: Game, picked: str | None, option: MarchOption | None) -> None:
        if picked is None:
            self.route.clear()
            return
        if option is None:
            self.route.setText(f"<b>Marching {escape(picked)}</b>: point at a lit hex to see "
                               "the cost, click it to march.")
            return
        where = game.map.hex_id
        path = " ".join(where(h) for h in option.action.path)
        ends = " · the march ends there" if option.stops else ""
        forced = " (forced march)" if option.action.forced else ""
        self.route.setText(
            f"<b>{escape(picked)} to {where(option.action.path[-1])}</b>{forced}: "
            f"{float(option.cost):g} of {float(option.have):g} MP{ends}<br>"
            f"path {path}<br>"
            f"has {float(option.have):g}: {escape(terms_text(option.allowance))}<br>"
            f"costs {float(option.cost):g}: {escape(terms_text(option.steps, signed=False))}")

    def show_events(self, game: Game, events: Sequence[Event]) -> None:
        lines = event_lines(game, events)
        if lines:
            self.last.setText("<b>Last</b><br>" + "<br>".join(escape(x) for x in lines))


def event_lines(game: Game, events: Sequence[Event]) -> list[str]:
    """What each strategic event did, with its terms and rules (none for an event with nothing
    to say): its words (gameapp/present/event_words.py, the one place events become words),
    the pieces by name."""
    names = piece_names(game)
    return [line for e in events if (line := " · ".join(words(e, game.map.hex_id, names)))]
