"""What the strategic rules say of a game now, for the window and other readers (no state is
changed): which pieces may march, where each can go with its cost term by term, and what each
leader's command would take. Every answer comes from the rules' own handlers and listings, so
what is shown is what `game.apply` accepts."""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

from gameapp.core.breakdown import Term
from gameapp.core.engine import Game
from gameapp.core.hexgrid import Hex
from gameapp.core.rulesets.strategic.actions import DeclareSpan, GiveOrder, March, RollInitiative
from gameapp.core.rulesets.strategic.command import chance_at_or_under, initiative_terms
from gameapp.core.rulesets.strategic.movement import allowance_terms, have_mp, walk
from gameapp.core.rulesets.strategic.pieces import Leader
from gameapp.core.rulesets.strategic.ruleset import StrategicRules
from gameapp.core.rulesets.strategic.state import StrategicState
from gameapp.core.rulesets.strategic.zoc import Board


@dataclass(frozen=True)
class MarchOption:
    """A hex a piece can march to now: the cheapest legal march there (forced only if it
    must be), its cost, the MP it has, the terms of what it has (`allowance`: its allowance,
    a forced march, what it spent earlier) and of what the march costs (`steps`, hex by
    hex), and whether the march ends there (a forced march, or an enemy zone of control)."""

    action: March
    cost: Fraction
    have: Fraction
    allowance: tuple[Term, ...]
    steps: tuple[Term, ...]
    stops: bool

    @property
    def terms(self) -> tuple[Term, ...]:
        return self.allowance + self.steps

    @property
    def left(self) -> Fraction:
        return self.have - self.cost


@dataclass(frozen=True)
class CommandChoice:
    """What commanding a leader's force takes now: an order (if one is left), a roll (with
    the highest roll that commands, its chance and its terms)."""

    leader: str
    order: GiveOrder | None
    roll: RollInitiative | None
    needed: int
    chance: Fraction
    terms: tuple[Term, ...]


def strategic_state(game: Game) -> StrategicState:
    """The game's strategic state; TypeError if it plays another ruleset."""
    if not isinstance(game.rules, StrategicRules):
        raise TypeError(f"{game.scenario.name!r} is not played with the strategic rules")
    state: StrategicState = game.state
    return state


def movers(game: Game) -> list[str]:
    """The pieces that may march now (members of the force being moved), in listing order."""
    strategic_state(game)
    found: dict[str, None] = {}
    for action in game.legal_actions():
        if isinstance(action, March):
            found[action.piece] = None
    return list(found)


def march_options(game: Game, piece_id: str) -> dict[Hex, MarchOption]:
    """Every hex `piece_id` may march to now, with the cheapest march there and its terms."""
    state = strategic_state(game)
    rules: StrategicRules = game.rules
    piece = state.pieces[piece_id]
    terrain = rules.terrain
    board = Board.of(state, terrain)
    winter = game.scenario.clock.is_winter(state.turn)
    options: dict[Hex, MarchOption] = {}
    for action in game.legal_actions():
        if not isinstance(action, March) or action.piece != piece_id:
            continue
        to = action.path[-1]
        if to in options and not options[to].action.forced:
            continue  # the march without forcing is listed first: keep it
        terms, cost, have, stopped = walk(state, piece, action, terrain, board, winter)
        base = len(allowance_terms(state, piece, action.forced, terrain))  # walk's first terms
        options[to] = MarchOption(action, cost, have, terms[:base], terms[base:],
                                  stopped or action.forced)
    return options


def normal_mp(game: Game, piece_id: str) -> Fraction:
    """The MP a piece has left this turn without a forced march."""
    state = strategic_state(game)
    rules: StrategicRules = game.rules
    return have_mp(state, state.pieces[piece_id], False, rules.terrain)


def spans_to_declare(game: Game) -> dict[str, DeclareSpan]:
    """Each leader whose span may be declared now, with the rules' own proposal (his span
    filled strongest first)."""
    strategic_state(game)
    return {a.leader: a for a in game.legal_actions() if isinstance(a, DeclareSpan)}


def command_choices(game: Game) -> dict[str, CommandChoice]:
    """Each leader (or HQ without its commander) whose force may be commanded now."""
    state = strategic_state(game)
    legal = [a for a in game.legal_actions() if isinstance(a, GiveOrder | RollInitiative)]
    choices: dict[str, CommandChoice] = {}
    for leader_id in dict.fromkeys(a.leader for a in legal):
        order = next((a for a in legal if isinstance(a, GiveOrder) and a.leader == leader_id),
                     None)
        roll = next((a for a in legal
                     if isinstance(a, RollInitiative) and a.leader == leader_id), None)
        piece = state.pieces[leader_id]
        terms, needed = initiative_terms(piece) if isinstance(piece, Leader) else ((), 0)
        choices[leader_id] = CommandChoice(leader_id, order, roll, needed,
                                           chance_at_or_under(needed), terms)
    return choices
