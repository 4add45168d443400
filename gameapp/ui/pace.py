"""The preference "Computer moves: instant / fast / normal / slow": how the computer's turn plays
out in the window. Instant shows each action's result at once; the others animate each move
along its path and show each shot's line of fire, with a pause between actions."""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum

from gameapp.ui import settings

PACE_KEY = "computer/pace"


@dataclass(frozen=True)
class Timing:
    per_hex_ms: int  # a moving counter's time from one hex to the next
    fire_ms: int  # how long the firer -> target lines stay up
    between_ms: int  # the pause before the computer's next action


class Pace(Enum):
    INSTANT = "instant"
    FAST = "fast"
    NORMAL = "normal"
    SLOW = "slow"

    @property
    def label(self) -> str:
        return self.value.capitalize()

    @property
    def timing(self) -> Timing:
        return TIMINGS[self]

    @property
    def animated(self) -> bool:
        return self is not Pace.INSTANT


TIMINGS: dict[Pace, Timing] = {
    Pace.INSTANT: Timing(0, 0, 0),
    Pace.FAST: Timing(70, 350, 60),
    Pace.NORMAL: Timing(160, 800, 200),
    Pace.SLOW: Timing(350, 1600, 500),
}
DEFAULT_PACE = Pace.NORMAL


def saved_pace() -> Pace:
    """The pace set in the preferences (normal unless set, or set to something unknown)."""
    value = str(settings.app_settings().value(PACE_KEY, DEFAULT_PACE.value))
    return next((p for p in Pace if p.value == value), DEFAULT_PACE)


def save_pace(pace: Pace) -> None:
    settings.app_settings().setValue(PACE_KEY, pace.value)
