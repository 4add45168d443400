"""Pending decisions: choices the rules give a player other than (or besides) the phasing one.

While `Game.pending_decision` is not None, `Game.acting_side` is `decision.side` and the legal
actions are exactly `decision.options` (their `action`s): the window asks that player, the
random player picks one, a saved game replays the answer from its notation.

    decision = game.pending_decision
    decision.side, decision.kind, decision.question
    for option in decision.options:
        option.notation, option.label, option.rule       # "prolong usa-b yes", ...
    game.apply(decision.options[0].action)

Kinds: 3.5 retreat before combat, 3.57 retire by prolong, the owner's pick among equally good
retreat or rout paths (000 15.4, 7.6), note 3 of the morale table (one roll for a stack
or one each), 6.76 (which unit of a hex with guns takes each casualty step), and 8.54 (a
change of facing, formation or cover on the advance after a charge, with a leader present).
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum
from typing import Any

from gameapp.core.actions import Decision
from gameapp.core.breakdown import Term
from gameapp.core.hexgrid import Hex
from gameapp.core.units import Side, Unit


class DecisionKind(Enum):
    RETREAT_BEFORE_COMBAT = "retreat before combat"
    PROLONG = "retire by prolong"
    RETREAT_PATH = "retreat path"
    STACK_ROLL = "one roll or one each"
    LOSSES = "who takes the loss"
    REFORM = "change on the advance"
    BATTLE_OFFER = "fight it out"  # a strategic battle on a catalogued field (docs/campaigns.md)
    TACTICAL_BATTLE = "the battle is being fought"  # the campaign waits for the tactical game


@dataclass(frozen=True)
class DecisionOption:
    action: Decision | Any  # what `Game.apply` takes (a strategic game's answers are its own)
    notation: str  # the action's text, as logged and saved
    label: str  # the option in words, with the roll it needs if any
    rule: str


@dataclass(frozen=True)
class DueCheck:
    """Note 3 only: one unit's morale check waiting for the owner's choice, with its terms
    (rules/stack_roll.py rolls it)."""

    unit_id: str
    kind: str  # the table row, a `CheckKind` value such as "7.31"
    printed: int  # the printed morale level
    level_terms: tuple[Term, ...]  # changes to the level (the printed ML not included)
    roll_terms: tuple[Term, ...]  # changes to the roll


@dataclass(frozen=True)
class RoutPick:
    """What the owner's pick of a rout path (7.6) needs to carry the rout out once answered."""

    causers: tuple[Unit, ...]  # the units it routs away from, as they stood when it was asked
    # a charge's victors, held until every defender has routed, then advancing into `target`
    advance: tuple[str, ...] = ()
    advance_rule: str = ""
    # the rally phase's attempts still to make once this is answered (unit id, routed at the
    # start of the phase); None when no rally phase waits on it (7.35)
    rally_left: tuple[tuple[str, bool], ...] | None = None
    end_step: bool = False  # the phasing player ended the phase: it ends once this is answered


@dataclass(frozen=True)
class LossesLeft:
    """6.76 only: what a fire attack still has to do once the owner picks who takes a step."""

    steps: int  # casualty steps still to allocate, this one included
    defenders: tuple[Unit, ...]  # the target hex's units as they stood before the fire
    due: bool  # the FCRT result calls for morale checks
    protections: tuple[Term, ...]  # what enemy fire would subtract, for the checks
    at_guns: bool = False  # the fire was at the guns: the batteries take every step


@dataclass(frozen=True)
class ReformLeft:
    """8.54 only: the changes a victor has already made on its advance ("facing", "formation",
    "cover"; one of each), and whether the phase ends once the last change is answered."""

    made: tuple[str, ...] = ()
    end_step: bool = False


@dataclass(frozen=True)
class PendingDecision:
    side: Side  # who decides
    kind: DecisionKind
    question: str
    options: tuple[DecisionOption, ...]
    rule: str
    target: Hex | None = None  # the charged hex (3.5, 3.57)
    unit_ids: tuple[str, ...] = ()  # the units the decision is about
    # retreat paths only: every hex of each option's path, the start first (for the overlay)
    paths: tuple[tuple[Hex, ...], ...] = ()
    cause: str = ""  # retreat paths only: the rule that makes the unit retreat (3.5, 3.57)
    rout: RoutPick | None = None  # rout paths only (7.6)
    checks: tuple[DueCheck, ...] = ()  # note 3 only: the checks the answer rolls
    causers: tuple[str, ...] = ()  # note 3 after fire: the firers a router routs away from
    losses: LossesLeft | None = None  # 6.76 only
    reform: ReformLeft | None = None  # 8.54 only

    def option_for(self, action: object) -> DecisionOption | None:
        return next((o for o in self.options if o.action == action), None)
