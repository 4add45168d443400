"""What the retreat-path engine returns: every legal path, the chosen one, and why.

A `RetreatPath` lists its hexes from the start (the start first) and explains each hex after the
start with a `PathHex`: the priority that chose it over its alternatives (`decided_by`), the
facts the tooltip shows (`notes`), and whether the owner could have picked another hex there.
`RetreatOptions` gathers the paths of one retreat, best first, with the outcome.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum

from gameapp.core.hexgrid import Hex


class Outcome(Enum):
    """How a retreat ends."""

    COMPLETED = "completed"
    BROKEN_BOX_1 = "Broken Box 1"  # 000 15.4: own map edge reached short of the distance
    BROKEN_BOX_3 = "Broken Box 3"  # 000 15.4: no path meets the requirements
    STEP_LOSS = "step loss instead"  # 002 16 / 17: cannot retreat, loses a step instead
    BLOCKED = "cannot retreat"  # 002: no hex at all to retreat into (the seed is silent)

    @property
    def label(self) -> str:
        return self.value


@dataclass(frozen=True)
class Reason:
    """One line of explanation and its rule, such as ("keeps clear ...", "000 15.4 (1)")."""

    text: str
    rule: str

    def __str__(self) -> str:
        return f"{self.text} ({self.rule})"


@dataclass(frozen=True)
class PathHex:
    """One hex of a path (never the start), with the tooltip's explanation."""

    hex: Hex
    hex_id: str
    decided_by: Reason  # which priority chose this hex over the other hexes open at this step
    notes: tuple[Reason, ...] = ()  # what this hex meets or breaks, priority by priority
    owner_choice: bool = False  # another hex was exactly as good here: the owner may pick
    equal_choices: tuple[str, ...] = ()  # the printed ids of those equally good hexes


@dataclass(frozen=True)
class Disengagement:
    """000 15.4 / 13.7: leaving `hex` (not the start) next to these enemy units lets them fire."""

    hex: Hex
    hex_id: str
    enemy_ids: tuple[str, ...]


@dataclass(frozen=True)
class RetreatPath:
    hexes: tuple[Hex, ...]  # the start first, then every hex entered in order
    hex_ids: tuple[str, ...]  # the same, as printed ids
    steps: tuple[PathHex, ...]  # one per hex after the start
    outcome: Outcome  # COMPLETED, or BROKEN_BOX_1 when it runs into the own map edge short
    # The ranking under 000 15.4, compared left to right, smaller first: hexes next to the units
    # that caused the retreat, hexes next to other enemy units, hexes that are no closer to the
    # own map edge, 1 when it ends at the edge short (Broken Box 1), hexes moved. Empty for g88.
    penalties: tuple[int, ...] = ()
    disengagement: tuple[Disengagement, ...] = ()

    @property
    def end(self) -> Hex:
        return self.hexes[-1]

    @property
    def length(self) -> int:
        return len(self.hexes) - 1

    def describe(self) -> str:
        return " ".join(self.hex_ids)


@dataclass(frozen=True)
class RetreatOptions:
    unit_id: str
    start: Hex
    distance: int
    option: str  # "ss15_4" or "g88"
    paths: tuple[RetreatPath, ...]  # every legal path, best first; paths[0] is the chosen one
    choices: tuple[RetreatPath, ...]  # the paths exactly as good as the chosen one (it included)
    outcome: Outcome
    reason: Reason  # why the retreat ends as it does
    truncated: bool = False  # more equally good paths exist than were listed

    @property
    def chosen(self) -> RetreatPath | None:
        return self.paths[0] if self.paths else None

    @property
    def owner_has_choice(self) -> bool:
        return len(self.choices) > 1

    def path_to(self, hex_id: str) -> RetreatPath | None:
        """The first listed path ending at the hex with this printed id (for the owner's click)."""
        return next((p for p in self.paths if p.hex_ids[-1] == hex_id), None)
