"""Markers a counter wears that are not core Statuses but facts the core derives each phase:
engaged (000 13.6, option) and "further morale checks ignored this phase" (7.65/7.83), which the
seed shows as an upside-down marker. The presenter works them out; the board and panel show them."""

from __future__ import annotations

from enum import Enum
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from gameapp.core.state import GameState


class Marker(Enum):
    ENGAGED = "engaged"
    CHECKS_IGNORED = "further morale checks ignored this phase"


MARKER_BADGES: dict[Marker, str] = {Marker.ENGAGED: "Eng", Marker.CHECKS_IGNORED: "MC"}
NO_MARKERS: frozenset[Marker] = frozenset()


def unit_markers(state: GameState) -> dict[str, frozenset[Marker]]:
    """Each unit's markers; units without any are left out."""
    # the rules, when a game first asks: the board draws markers before any game is started
    from gameapp.core.rules.morale_play import checks_ignored

    ignored = checks_ignored(state)
    markers: dict[str, frozenset[Marker]] = {}
    for unit_id in state.units:
        found = frozenset(
            m
            for m, on in ((Marker.ENGAGED, unit_id in state.engaged),
                          (Marker.CHECKS_IGNORED, unit_id in ignored))
            if on
        )
        if found:
            markers[unit_id] = found
    return markers


def marker_words(markers: frozenset[Marker]) -> str:
    """The markers in words, in a fixed order; empty when there are none."""
    return "; ".join(m.value for m in Marker if m in markers)
