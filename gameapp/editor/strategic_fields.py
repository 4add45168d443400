"""The fields of a strategic piece the editor lets a designer change, and their checks.

Every bound and choice is read from the strategic scenario schema (the loader's own), so the
editor and `gameapp validate` never disagree: a value the form accepts is one the game loads.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache
from typing import Any

from gameapp.core.yamlsource import load_schema

SECTIONS = ("leaders", "hqs", "divisions", "trains", "depots", "ships", "forts")
# The fields shown in the piece form, by section, in the order shown (id and at are not here:
# the id is what other entries name, the place is set by moving the piece on the map).
EDITABLE = {
    "divisions": ("name", "side", "arm", "sp", "quality", "corps", "division", "source"),
    "leaders": ("name", "side", "stars", "initiative", "tactical", "span", "cavalry", "source"),
    "hqs": ("name", "side", "echelon", "commander", "supply"),
    "trains": ("side", "haul", "supply"),
    "depots": ("side", "supply"),
    "ships": ("side", "vessel", "strength", "capacity"),
    "forts": ("side", "capacity", "fortress"),
}


class FieldError(ValueError):
    """A value the schema refuses; the message names the field and what it may be."""


@dataclass(frozen=True)
class FieldSpec:
    """One field of a piece: `kind` is "int", "text", "choice" or "flag"."""

    key: str
    kind: str
    description: str
    choices: tuple[str, ...] = ()
    minimum: int | None = None
    maximum: int | None = None
    max_length: int | None = None
    required: bool = False

    def check(self, value: Any) -> Any:
        """The value as the file stores it; FieldError when the schema would refuse it."""
        if self.kind == "int":
            if isinstance(value, bool) or not isinstance(value, int):
                raise FieldError(f"{self.key} must be a whole number ({self.description})")
            if (self.minimum is not None and value < self.minimum) or (
                    self.maximum is not None and value > self.maximum):
                raise FieldError(f"{self.key} must be from {self.minimum} to {self.maximum} "
                                 f"({self.description}); {value} is not")
            return value
        if self.kind == "flag":
            return bool(value)
        text = str(value).strip()
        if self.kind == "choice" and text not in self.choices:
            raise FieldError(f"{self.key} must be one of {', '.join(self.choices)}; "
                             f"'{text}' is not")
        if not text and self.required:
            raise FieldError(f"{self.key} may not be empty ({self.description})")
        if self.max_length is not None and len(text) > self.max_length:
            raise FieldError(f"{self.key} is {len(text)} characters long; at most "
                             f"{self.max_length}")
        return text


@cache
def _items(section: str) -> dict[str, Any]:
    schema = load_schema("strategic_scenario")
    items: dict[str, Any] = schema["properties"][section]["items"]
    return items


@cache
def field_spec(section: str, key: str) -> FieldSpec:
    items = _items(section)
    prop = items["properties"][key]
    required = key in items.get("required", ())
    description = str(prop.get("description", key))
    if "enum" in prop:
        return FieldSpec(key, "choice", description, tuple(prop["enum"]), required=required)
    if prop.get("type") == "integer":
        return FieldSpec(key, "int", description, minimum=prop.get("minimum"),
                         maximum=prop.get("maximum"), required=required)
    if prop.get("type") == "boolean":
        return FieldSpec(key, "flag", description)
    return FieldSpec(key, "text", description, max_length=prop.get("maxLength"),
                     required=required)


def roster_room() -> int:
    """How many units an HQ's roster may hold (the schema's limit)."""
    room: int = _items("hqs")["properties"]["roster"]["maxItems"]
    return room


def editable_fields(section: str) -> tuple[FieldSpec, ...]:
    return tuple(field_spec(section, key) for key in EDITABLE[section])
