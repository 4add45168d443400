"""The special rules the engine knows (gameapp/core/specialrules.py), with their parameters as the
editor's form offers them. The rule names and each parameter's type, limits and description come
from the scenario schema; which parameters belong to which rule is said here, because the schema
lists every rule's parameters in one mapping. Texts typed in the form are read into YAML values
here, and a bad one is refused with a message.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any

from gameapp.core.yamlsource import load_schema

# The parameters of each rule, in the order the form shows them (and a new rule is written).
RULE_PARAMETERS: dict[str, tuple[str, ...]] = {
    "held_until_released": ("name", "case", "units", "may_fire", "release_turn",
                            "release_hexrow", "released_by"),
    "leader_falls": ("name", "case", "unit", "turn", "optional"),
}
# What a new rule starts with (the loader's own defaults are not written).
NEW_RULE: dict[str, dict[str, Any]] = {
    "held_until_released": {"name": "Held until released", "units": []},
    "leader_falls": {"name": "A leader falls", "unit": "", "turn": 1},
}


@dataclass(frozen=True)
class Parameter:
    key: str
    kind: str  # "text", "ids" (a list of unit ids), "int", "choice" or "bool"
    description: str
    minimum: int | None = None
    pattern: str | None = None
    choices: tuple[str, ...] = ()


def known_rules() -> list[str]:
    """The rules the schema (and the engine) know, in the schema's order."""
    return list(_schema()["properties"]["rule"]["enum"])


def parameters(rule: str) -> list[Parameter]:
    props = _schema()["properties"]
    return [_parameter(key, props[key]) for key in RULE_PARAMETERS.get(rule, ()) if key in props]


def parse(parameter: Parameter, text: str) -> Any:
    """The value a typed text means (None: leave the parameter out); ValueError says why not."""
    text = text.strip()
    if parameter.kind == "ids":
        return [t for t in re.split(r"[,\s]+", text) if t] or None
    if not text:
        return None
    if parameter.kind == "int":
        if not re.fullmatch(r"-?\d+", text):
            raise ValueError(f"{parameter.key}: '{text}' is not a whole number")
        value = int(text)
        if parameter.minimum is not None and value < parameter.minimum:
            raise ValueError(f"{parameter.key}: {value} is below {parameter.minimum}")
        return value
    if parameter.pattern is not None and not re.search(parameter.pattern, text):
        raise ValueError(f"{parameter.key}: '{text}' does not fit ({parameter.description})")
    if parameter.choices and text not in parameter.choices:
        raise ValueError(f"{parameter.key}: '{text}' is not one of {', '.join(parameter.choices)}")
    return text


def shown(value: Any) -> str:
    """A parameter's value as the form shows it."""
    if value is None:
        return ""
    if isinstance(value, list):
        return ", ".join(str(v) for v in value)
    return str(value)


def _parameter(key: str, spec: dict[str, Any]) -> Parameter:
    description = str(spec.get("description", ""))
    if "enum" in spec:
        return Parameter(key, "choice", description, choices=tuple(spec["enum"]))
    kind = {"array": "ids", "integer": "int", "boolean": "bool"}.get(spec.get("type", ""), "text")
    return Parameter(key, kind, description, spec.get("minimum"), spec.get("pattern"))


def _schema() -> dict[str, Any]:
    return dict(load_schema("scenario")["properties"]["special_rules"]["items"])
