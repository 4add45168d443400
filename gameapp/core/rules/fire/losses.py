"""6.76: the owner of a hex where infantry or cavalry stands with artillery chooses, step by
step, which unit takes each casualty step of fire at personnel: the other personnel may take
them all instead of the gunners, or the gunners some (docs/rules.md, "Fire combat in play").

Elsewhere the seed gives the owner no choice, and our convention stands (each step off the
largest unit). The question is a LOSSES decision; the answer (`TakeLoss`) gives one step, then
the next step is asked while a choice is left, and then the fire goes on (casualties, morale).
"""

from __future__ import annotations

from gameapp.core.actions import TakeLoss
from gameapp.core.decisions import DecisionKind, DecisionOption, LossesLeft, PendingDecision
from gameapp.core.hexgrid import Hex
from gameapp.core.mapdata import HexMap
from gameapp.core.state import GameState
from gameapp.core.units import Unit, UnitKind

RULE = "6.76"


def loss_candidates(state: GameState, left: LossesLeft) -> list[Unit]:
    """The units the owner may give the next step to, by id, when 6.76 gives a choice: fire at
    personnel, artillery and other personnel in the hex with strength left; else empty."""
    if left.at_guns:
        return []
    live = [state.units[u.id] for u in left.defenders
            if u.id in state.units and u.kind is not UnitKind.LEADER
            and state.units[u.id].strength > 0]
    guns = any(u.kind is UnitKind.ARTILLERY for u in live)
    others = any(u.kind is not UnitKind.ARTILLERY for u in live)
    return sorted(live, key=lambda u: u.id) if guns and others else []


def loss_decision(state: GameState, game_map: HexMap, left: LossesLeft,
                  firers: tuple[str, ...], target: Hex) -> PendingDecision:
    """The owner's question for the next of `left.steps` casualty steps."""
    units = loss_candidates(state, left)
    hex_id = game_map.hex_id(target)
    options = tuple(
        DecisionOption(TakeLoss(u.id), f"loss {u.id}",
                       f"{u.defn.name} ({u.id}, {u.kind.value}, {u.strength} SPs left) takes it",
                       RULE)
        for u in units)
    return PendingDecision(
        units[0].side, DecisionKind.LOSSES,
        f"fire at {hex_id}: {left.steps} casualty step{'s' if left.steps > 1 else ''} to "
        "take; which unit takes the next one? (the infantry and cavalry may take them all "
        "instead of the gunners)",
        options, RULE, target, tuple(u.id for u in units), causers=firers, losses=left)
