"""The shades of a field of fire (present/fire.py works them out), apart from the rules that
work them out: the board's fire overlay draws them and is imported with the board, before the
rules are (start-up, issue 28)."""

from __future__ import annotations

from enum import Enum


class FireBand(Enum):
    """The shades of a field of fire: the range factor the fire points are multiplied by."""

    CANISTER = "canister"
    FULL = "N"
    STRONG = "N/2 to N/4"
    WEAK = "N/6 to N/9"
    FAINT = "N/16 and less"

    @property
    def legend(self) -> str:
        return {
            FireBand.CANISTER: "canister (guns at close range)",
            FireBand.FULL: "N: full fire points",
            FireBand.STRONG: "N/2 to N/4",
            FireBand.WEAK: "N/6 to N/9",
            FireBand.FAINT: "N/16 and less",
        }[self]
