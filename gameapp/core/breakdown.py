"""Breakdowns: every result explains itself as terms, each with a label, a value and its rule."""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from dataclasses import dataclass


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


class IllegalActionError(Exception):
    """An action the rules do not allow now, with the reason and the rule number."""

    def __init__(self, reason: str, rule: str) -> None:
        self.reason = reason
        self.rule = rule
        super().__init__(f"{reason} ({rule})")
