"""d66 arithmetic and the game's one source of dice.

The tactical tables read two dice as tens and units: 11, 12 ... 16, 21 ... 66. Modifiers move along
that sequence, not along the integers, so 36 + 1 = 41 and 41 - 6 = 31 (docs/rules.md). The tables
extend the sequence past 66 to 71 ... 76. A modified roll above 76 counts as 76; one below 11 has
no effect. Morale thresholds such as "ML - 6" are steps along the same sequence.

`D66` keeps the position along the sequence (index 0 is 11, 35 is 66, 41 is 76) and is not clamped
while modifiers are added, so comparisons against thresholds stay exact; `value` clamps.
"""

from __future__ import annotations

import random
from collections.abc import Iterable
from dataclasses import dataclass, field

LOWEST = 11
HIGHEST = 76
_TOP_INDEX = 41


@dataclass(frozen=True, order=True)
class D66:
    index: int

    @classmethod
    def of(cls, value: int) -> D66:
        """A printed d66 value such as 35 or 72 (tens 1..7, units 1..6)."""
        tens, units = divmod(value, 10)
        if not (1 <= tens <= 7 and 1 <= units <= 6):
            raise ValueError(f"{value} is not a d66 value (11..16, 21..26, ... 71..76)")
        return cls((tens - 1) * 6 + units - 1)

    def __add__(self, steps: int) -> D66:
        return D66(self.index + steps)

    def __sub__(self, steps: int) -> D66:
        return D66(self.index - steps)

    @property
    def below_table(self) -> bool:
        """True when modified below 11: the roll has no effect."""
        return self.index < 0

    @property
    def value(self) -> int | None:
        """The printed value, clamped to 76 at the top; None when below 11."""
        if self.index < 0:
            return None
        tens, units = divmod(min(self.index, _TOP_INDEX), 6)
        return (tens + 1) * 10 + units + 1

    def __str__(self) -> str:
        return "below 11" if self.value is None else str(self.value)


def d66_add(value: int, steps: int) -> int | None:
    """`value` moved `steps` along the d66 sequence: 36 + 1 = 41, clamped at 76, None below 11."""
    return (D66.of(value) + steps).value


@dataclass(frozen=True)
class Roll:
    """One recorded throw: what it was for, and the dice."""

    purpose: str
    dice: tuple[int, ...]

    @property
    def d66(self) -> int:
        tens, units = self.dice
        return tens * 10 + units


@dataclass
class Dice:
    """The game's only randomness. Every throw is recorded; tests can force the throws."""

    seed: int = 0
    forced: list[int] = field(default_factory=list)  # d6 faces to return before random ones
    history: list[Roll] = field(default_factory=list)

    def __post_init__(self) -> None:
        self._random = random.Random(self.seed)

    @classmethod
    def forcing(cls, d66_rolls: Iterable[int]) -> Dice:
        """Dice that will throw these d66 values first (e.g. [36, 41])."""
        faces: list[int] = []
        for value in d66_rolls:
            D66.of(value)
            tens, units = divmod(value, 10)
            if tens > 6:
                raise ValueError(f"two dice cannot throw {value}")
            faces += [tens, units]
        return cls(forced=faces)

    def _d6(self) -> int:
        # The seeded source advances even when a face is forced, so a replay that feeds the
        # recorded faces leaves it where the original game left it.
        natural = self._random.randint(1, 6)
        return self.forced.pop(0) if self.forced else natural

    def d6(self, purpose: str) -> int:
        face = self._d6()
        self.history.append(Roll(purpose, (face,)))
        return face

    def d66(self, purpose: str) -> int:
        roll = Roll(purpose, (self._d6(), self._d6()))
        self.history.append(roll)
        return roll.d66

    def copy(self) -> Dice:
        """Dice that throw from here what these would, and leave these as they are."""
        twin = Dice(self.seed, list(self.forced), list(self.history))
        twin._random.setstate(self._random.getstate())
        return twin
