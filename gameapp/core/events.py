"""Events: what an applied action caused, for the log and for the views to redraw."""

from __future__ import annotations

from dataclasses import dataclass

from gameapp.core.breakdown import Breakdown
from gameapp.core.decisions import PendingDecision
from gameapp.core.hexgrid import Hex
from gameapp.core.phases import Phase
from gameapp.core.rules.morale import MoraleCheck
from gameapp.core.units import Formation, Side, Status


@dataclass(frozen=True)
class PhaseStarted:
    turn: int
    side: Side | None
    phase: Phase
    clock: str


@dataclass(frozen=True)
class MarkersRemoved:
    unit_id: str
    markers: frozenset[Status]
    rule: str


@dataclass(frozen=True)
class UnitMoved:
    unit_id: str
    path: tuple[Hex, ...]
    cost: Breakdown


@dataclass(frozen=True)
class UnitReformed:
    """A facing or formation change in place."""

    unit_id: str
    facing: int
    formation: Formation
    cost: Breakdown


@dataclass(frozen=True)
class MoraleCheckPending:
    unit_id: str
    reason: str
    rule: str


@dataclass(frozen=True)
class FireResolved:
    firers: tuple[str, ...]
    target: Hex
    fire_points: tuple[str, ...]  # the fire point breakdown, line by line
    modifiers: Breakdown
    roll: int  # the dice as thrown
    modified: str  # the modified roll along the d66 sequence ("below 11" possible)
    result: str  # NE, A, A1, C1 ... C6
    steps: int
    rule: str  # the FCRT column


@dataclass(frozen=True)
class CasualtiesTaken:
    unit_id: str
    steps: int
    rule: str


@dataclass(frozen=True)
class UnitEliminated:
    unit_id: str
    rule: str


@dataclass(frozen=True)
class OfficerIncapacitated:
    unit_id: str
    rule: str


@dataclass(frozen=True)
class LeaderReplaced:
    """1.21: a vacant command gets a successor (docs/rules.md, "Leaders")."""

    unit_id: str  # the incapacitated leader
    successor_id: str
    hex: Hex
    rule: str


@dataclass(frozen=True)
class MoraleChecked:
    check: MoraleCheck


@dataclass(frozen=True)
class RoutMovementPending:
    """Rout movement the rout rules (a later issue) carry out."""

    unit_id: str
    rule: str


@dataclass(frozen=True)
class AmmunitionSpent:
    unit_id: str
    level: str  # "low" or "none"
    rule: str


@dataclass(frozen=True)
class UnitsReleased:
    unit_ids: tuple[str, ...]
    name: str  # the special rule's name
    why: str
    rule: str


@dataclass(frozen=True)
class ReinforcementsArrived:
    unit_ids: tuple[str, ...]
    hex: Hex  # where they came on
    planned: Hex  # their entry hex
    rule: str  # "scenario"; 002 5 when the entry hex was blocked; 002 6 when it was full


@dataclass(frozen=True)
class ExhaustionChanged:
    brigade: str
    level: int  # the new level
    terms: Breakdown


@dataclass(frozen=True)
class FireShotPassed:
    """Whose shot it is now in the fire phase, after a fire or a pass."""

    side: Side | None


@dataclass(frozen=True)
class ChargeDeclared:
    """A move into an enemy-held hex: the unit stops next to it with a charge marker (1.22)."""

    unit_id: str
    target: Hex
    mp_spent: int  # MPs spent this phase, the hypothetical entry into the charged hex included
    immediate: bool  # 3.411.a: resolved at once in the movement phase
    rule: str


@dataclass(frozen=True)
class ChargeResolved:
    attackers: tuple[str, ...]
    target: Hex
    outcome: str
    lines: tuple[str, ...]  # ChargeResult.lines(): the whole breakdown
    rule: str


@dataclass(frozen=True)
class UnitRouted:
    """A unit routs (ROUTED marker), before any rout movement."""

    unit_id: str
    rule: str


@dataclass(frozen=True)
class RoutMoved:
    """Rout movement along the retreat-path engine's chosen path (start first)."""

    unit_id: str
    path: tuple[Hex, ...]
    outcome: str  # the retreat outcome's label
    reason: str
    rule: str


@dataclass(frozen=True)
class UnitBroken:
    """A unit leaves the map for a box of the Broken Track."""

    unit_id: str
    box: str
    rule: str


@dataclass(frozen=True)
class RallyAttempted:
    unit_id: str
    was_routed: bool  # routed (else shaken) at the start of the rally phase
    roll: int
    level: Breakdown  # the printed ML and the modifiers to it
    rallied: bool
    rule: str


@dataclass(frozen=True)
class MoraleCheckIgnored:
    """A morale check not rolled: the unit made rout movement (7.65) or became unformed (7.83)
    earlier this phase (the seed's upside-down marker)."""

    unit_id: str
    check: str  # the table row that called for it, such as "7.37"
    why: str
    rule: str


@dataclass(frozen=True)
class RoutCasualties:
    """The SPs a unit loses in its rout movement (note 4), hex by hex."""

    unit_id: str
    losses: Breakdown
    rule: str


@dataclass(frozen=True)
class GunsCaptured:
    unit_id: str
    guns: int
    by: Side
    rule: str


@dataclass(frozen=True)
class EngagementChanged:
    """Units engaged and disengaged by the last action (000 13.6, option `engagement`)."""

    engaged: tuple[str, ...]
    disengaged: tuple[str, ...]
    rule: str


@dataclass(frozen=True)
class DecisionPending:
    """A player other than (or besides) the phasing one must choose now (decisions.py)."""

    decision: PendingDecision


@dataclass(frozen=True)
class WithdrawalAttempted:
    """A unit tries to get away from a charge: retreat before combat (3.5) or retire by
    prolong (3.57, 7.36). `roll` is None when no roll is needed."""

    unit_id: str
    roll: int | None
    level: Breakdown  # the printed ML and the modifiers to it
    passed: bool
    rule: str


@dataclass(frozen=True)
class ClosingRoll:
    """003 3.5 (option closing_rolls): a unit's roll to close with the enemy it declared a
    charge on; `roll` is None when none is needed (3.5a, open order)."""

    unit_id: str
    target: Hex
    roll: int | None
    level: Breakdown  # the printed ML and the modifiers to it
    passed: bool
    rule: str


Event = (
    PhaseStarted | MarkersRemoved | UnitMoved | UnitReformed | MoraleCheckPending | FireResolved
    | CasualtiesTaken | UnitEliminated | OfficerIncapacitated | MoraleChecked
    | RoutMovementPending | AmmunitionSpent | FireShotPassed | UnitsReleased
    | ReinforcementsArrived | ExhaustionChanged | ChargeDeclared | ChargeResolved | UnitRouted
    | RoutMoved | UnitBroken | RallyAttempted | MoraleCheckIgnored | RoutCasualties
    | GunsCaptured | EngagementChanged | DecisionPending | WithdrawalAttempted | LeaderReplaced
    | ClosingRoll
)
