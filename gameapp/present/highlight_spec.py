"""The `--highlight KIND:UNIT` option of `gameapp render`. Pure Python.

Each kind of highlight is one entry of `KINDS`; a kind whose overlay is not built yet is listed
with `available=False`, so the command can say so instead of calling it a typo.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class HighlightKind:
    name: str
    meaning: str
    available: bool


KINDS: dict[str, HighlightKind] = {
    k.name: k
    for k in (
        HighlightKind("moves", "every hex the unit can move to now, with the MPs left", True),
        HighlightKind("fire", "the unit's field of fire, shaded by range band", True),
        HighlightKind("retreat", "the paths of a two-hex retreat from where the unit stands",
                      True),
    )
}


class HighlightSpecError(ValueError):
    """A --highlight value that is malformed, of an unknown kind, or not available yet."""


@dataclass(frozen=True)
class HighlightRequest:
    kind: HighlightKind
    unit_id: str


def parse_highlight(text: str) -> HighlightRequest:
    """`moves:US-9NH` -> HighlightRequest; HighlightSpecError saying what was expected."""
    name, colon, unit_id = text.partition(":")
    kind = KINDS.get(name.strip().lower())
    if not colon or kind is None or not unit_id.strip():
        choices = ", ".join(f"{k}:UNIT" for k in KINDS)
        raise HighlightSpecError(f"--highlight {text!r}: expected one of {choices}")
    if not kind.available:
        raise HighlightSpecError(f"--highlight {kind.name}: not available yet")
    return HighlightRequest(kind, unit_id.strip())
