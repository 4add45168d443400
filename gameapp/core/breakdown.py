"""Breakdowns: every result explains itself as terms, each with a label, a value and its rule."""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from fractions import Fraction

from gameapp.core.rules.datafile import show


@dataclass(frozen=True)
class Term:
    label: str
    value: float
    rule: str

    def __str__(self) -> str:
        value = int(self.value) if float(self.value).is_integer() else self.value
        sign = "+" if isinstance(value, int) and value > 0 else ""
        return f"{self.rule} {self.label} {sign}{value}"


@dataclass(frozen=True)
class Breakdown:
    """An additive breakdown. Multiplicative steps are separate Terms in their own breakdowns."""

    terms: tuple[Term, ...] = ()

    @classmethod
    def of(cls, terms: Iterable[Term]) -> Breakdown:
        return cls(tuple(terms))

    @property
    def total(self) -> float:
        return sum(t.value for t in self.terms)

    def __add__(self, other: Breakdown) -> Breakdown:
        return Breakdown(self.terms + other.terms)

    def __iter__(self) -> Iterator[Term]:
        return iter(self.terms)

    def __len__(self) -> int:
        return len(self.terms)

    def lines(self) -> list[str]:
        return [str(t) for t in self.terms]


@dataclass(frozen=True)
class FigureStep:
    """One step of a figure worked out step by step (a fire attack's points, a side's SPs in a
    charge), each with its rule and the running figure after it.

    `op` is "=" (start), "×" (multiply), "≤" (cap), "≈" (rounded) or "note" (explains, no change).
    """

    label: str
    op: str
    value: Fraction
    rule: str
    result: Fraction  # the running figure after this step

    def __str__(self) -> str:
        if self.op == "note":
            return f"{self.rule} {self.label}"
        if self.op == "≈":
            return f"{self.rule} {self.label} → {show(self.result)}"
        return f"{self.rule} {self.label} {self.op}{show(self.value)} → {show(self.result)}"


def note(label: str, rule: str, result: Fraction = Fraction(0)) -> FigureStep:
    """A step that explains and changes nothing."""
    return FigureStep(label, "note", Fraction(0), rule, result)


class IllegalActionError(Exception):
    """An action the rules do not allow now, with the reason and the rule number."""

    def __init__(self, reason: str, rule: str) -> None:
        self.reason = reason
        self.rule = rule
        super().__init__(f"{reason} ({rule})")
