"""Retreat paths: one engine for rout movement, retreat results and retreat before combat.

`retreat_paths(...)` returns `RetreatOptions`: every legal path, the chosen one first, the
owner's equally good choices, each hex's reason, and the outcome (docs/rules.md).
"""

from gameapp.core.rules.retreat.paths import RETREAT_OPTIONS, retreat_paths
from gameapp.core.rules.retreat.result import (
    Disengagement,
    Outcome,
    PathHex,
    Reason,
    RetreatOptions,
    RetreatPath,
)

__all__ = [
    "RETREAT_OPTIONS",
    "Disengagement",
    "Outcome",
    "PathHex",
    "Reason",
    "RetreatOptions",
    "RetreatPath",
    "retreat_paths",
]
