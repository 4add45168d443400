"""GameState: everything that changes during play, cheap to copy and comparable.

Units are immutable values, so copying the state copies dictionaries of references, never units.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace

from gameapp.core.decisions import PendingDecision
from gameapp.core.hexgrid import Hex
from gameapp.core.units import Side, Unit


@dataclass(frozen=True)
class PendingCheck:
    """A morale check a rule has called for, resolved once the action that caused it is done
    (rules/pending_checks.py)."""

    unit_id: str
    reason: str
    rule: str
    mp: int = 0  # 3.313: the MPs the change that called for it cost, spent in the enemy front


@dataclass(frozen=True)
class BrokenEntry:
    """A unit off the map on the Broken Track (000 15.4): which box, and since when."""

    unit: Unit
    box: str  # "Broken Box 1" or "Broken Box 3"
    turn: int


@dataclass
class GameState:
    turn: int
    step_index: int
    first_side: Side
    units: dict[str, Unit]
    mp_spent: dict[str, int] = field(default_factory=dict)  # this movement phase
    off_pike: set[str] = field(default_factory=set)  # did more than march a pike (N14)
    double_moving: set[str] = field(default_factory=set)  # declared double movement this phase
    descended_steep: set[str] = field(default_factory=set)  # cavalry went down N6 slopes
    # units turning in place: the facing before they began, and the MPs those turns cost so far
    pivots: dict[str, tuple[int, int]] = field(default_factory=dict)
    # 002 4 (option general_entry_bonus): units that came on this movement phase with a
    # general of their command on the entry hex -> that general
    entry_general: dict[str, str] = field(default_factory=dict)
    pending_checks: list[PendingCheck] = field(default_factory=list)
    exhaustion: dict[str, int] = field(default_factory=dict)  # by exhaustion.brigade_of key
    fired: set[str] = field(default_factory=set)  # units that fired this fire phase
    fire_passed: set[Side] = field(default_factory=set)  # sides that passed this fire phase
    fire_next: Side | None = None  # whose shot it is in the fire phase
    held: dict[str, bool] = field(default_factory=dict)  # unit id -> may fire while held
    holders: dict[Hex, Side] = field(default_factory=dict)  # victory hex -> the side holding it
    entered: set[str] = field(default_factory=set)  # units that have entered play
    activity: dict[str, set[str]] = field(default_factory=dict)  # this turn, by brigade
    turn_losses: dict[str, int] = field(default_factory=dict)  # SPs lost this turn, by brigade
    releases_due: set[int] = field(default_factory=set)  # special rules releasing next phase
    # declared charges not yet resolved (1.22, 1.25): the charged hex -> the charging unit ids
    charges: dict[Hex, tuple[str, ...]] = field(default_factory=dict)
    rout_moved: set[str] = field(default_factory=set)  # made rout movement this phase (7.65)
    # became unformed this phase: no rout, further checks ignored (7.83; with rout_moved, the
    # "upside-down marker" of 1.24, rules/morale_play.checks_ignored)
    unformed_this_phase: set[str] = field(default_factory=set)
    front_mp: dict[str, int] = field(default_factory=dict)  # MPs spent in an enemy front (3.313)
    engaged: set[str] = field(default_factory=set)  # engaged units (000 13.6, option)
    broken: dict[str, BrokenEntry] = field(default_factory=dict)  # the Broken Track, by unit id
    vacancies: dict[str, Unit] = field(default_factory=dict)  # incapacitated leaders (1.21)
    # choices waiting for a player (decisions.py), the first one asked now; and the charges to
    # resolve at once (3.411, 3.412) once those choices are made: charged hex -> rule
    decisions: list[PendingDecision] = field(default_factory=list)
    deferred_charges: dict[Hex, str] = field(default_factory=dict)
    # A number no other state of any game has had: the engine gives each state it makes a new
    # one, so a cache keyed by it never outlives the state it describes.
    revision: int = field(default=0, compare=False)

    def copy(self) -> GameState:
        return replace(
            self,
            units=dict(self.units),
            mp_spent=dict(self.mp_spent),
            off_pike=set(self.off_pike),
            double_moving=set(self.double_moving),
            descended_steep=set(self.descended_steep),
            pivots=dict(self.pivots),
            entry_general=dict(self.entry_general),
            held=dict(self.held),
            holders=dict(self.holders),
            entered=set(self.entered),
            activity={k: set(v) for k, v in self.activity.items()},
            turn_losses=dict(self.turn_losses),
            releases_due=set(self.releases_due),
            charges=dict(self.charges),
            rout_moved=set(self.rout_moved),
            unformed_this_phase=set(self.unformed_this_phase),
            front_mp=dict(self.front_mp),
            engaged=set(self.engaged),
            broken=dict(self.broken),
            vacancies=dict(self.vacancies),
            decisions=list(self.decisions),
            deferred_charges=dict(self.deferred_charges),
            pending_checks=list(self.pending_checks),
            exhaustion=dict(self.exhaustion),
            fired=set(self.fired),
            fire_passed=set(self.fire_passed),
        )

    def units_at(self, h: Hex) -> list[Unit]:
        return [u for u in self.units.values() if u.hex == h]

    def side_units(self, side: Side) -> list[Unit]:
        return [u for u in self.units.values() if u.side is side]
