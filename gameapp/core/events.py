"""Events: what an applied action caused, for the log and for the views to redraw."""

from __future__ import annotations

from dataclasses import dataclass

from gameapp.core.breakdown import Breakdown
from gameapp.core.hexgrid import Hex
from gameapp.core.phases import Phase
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


Event = PhaseStarted | MarkersRemoved | UnitMoved | UnitReformed | MoraleCheckPending
