"""Carrying out the owner's pick of a rout path (7.6; docs/rules.md, "The owner's pick of a
rout path"): the rout along the picked path, then, once no defender of the charged hex is
still waiting for its pick, the charge's victors' advance that waited for it (8.54), and the
rally phase's attempts that waited for it (7.35).
"""

from __future__ import annotations

from collections.abc import Mapping

from gameapp.core.actions import ChooseRetreatPath
from gameapp.core.decisions import PendingDecision
from gameapp.core.dice import Dice
from gameapp.core.events import Event
from gameapp.core.mapdata import HexMap
from gameapp.core.options import RuleOptions
from gameapp.core.rules.chargephase import advance_victors
from gameapp.core.rules.movement.costs import MoveCosts
from gameapp.core.rules.path_choice import advance_waits, hold_end_step
from gameapp.core.rules.rally import rally_units
from gameapp.core.rules.rout import rout_move
from gameapp.core.state import GameState

Options = Mapping[str, str | bool | int]


def answer_rout(state: GameState, game_map: HexMap, decision: PendingDecision,
                action: ChooseRetreatPath, options: Options, costs: MoveCosts | None = None,
                dice: Dice | None = None) -> list[Event]:
    """The rout `decision` asked about, along the path `action` picks (the decision is already
    off the queue); with `dice` its 7.37 checks are rolled at once, else left pending. Then
    what waited on it: the charge's advance, the rest of the rally phase."""
    pick = decision.rout
    assert pick is not None
    events = rout_move(state, game_map, action.unit_id, pick.causers, options, costs, dice,
                       path=action.path)
    to = decision.target
    if pick.advance and to is not None and not advance_waits(state, to):
        events += advance_victors(state, pick.advance, to, pick.advance_rule, game_map,
                                  RuleOptions.of(options).stacking_rule)
    if pick.end_step:
        hold_end_step(state)  # the phase still ends after the picks this rout called for
    rest = pick.rally_left
    if rest is not None and dice is not None:  # it holds itself again if more picks wait
        events += rally_units(state, decision.side, rest, game_map, dice, options, costs)
    return events


def take_first_paths(state: GameState, game_map: HexMap, options: Options,
                     costs: MoveCosts | None = None, dice: Dice | None = None) -> list[Event]:
    """Answer every rout path decision at the head of the queue with the engine's first best
    path: what a caller without an owner to ask does (rule-level tests, quick simulations)."""
    events: list[Event] = []
    while state.decisions and state.decisions[0].rout is not None:
        decision = state.decisions.pop(0)
        action = decision.options[0].action
        assert isinstance(action, ChooseRetreatPath)
        events += answer_rout(state, game_map, decision, action, options, costs, dice)
    return events
