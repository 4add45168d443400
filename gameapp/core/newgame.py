"""Setting up a new game: who plays each side, and the optional rules a player may choose.

The optional rules offered are the scenario schema's own `options` (their names, choices and
descriptions come from schemas/scenario.schema.json), each starting at the value the scenario
gives it. An option with one possible value is not a choice and is left out; `historical_events`
is offered only when the scenario has an optional historical event to switch on
(docs/playing.md, "A new game").

Pure Python: the new-game dialog, the command line and tests share it.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field, replace
from enum import Enum
from typing import Any

from gameapp.core.engine import Game
from gameapp.core.options import DEFAULT_OPTIONS
from gameapp.core.scenario import Scenario
from gameapp.core.specialrules import LeaderFalls
from gameapp.core.units import Side
from gameapp.core.yamlsource import load_schema

LOS = "los"  # the one option that is a set of conventions, kept apart in Scenario.los_conventions
OptionValue = str | bool | int | tuple[str, ...]


class PlayerKind(Enum):
    HUMAN = "human"
    COMPUTER = "computer"


@dataclass(frozen=True)
class PlayerChoice:
    kind: PlayerKind = PlayerKind.HUMAN
    difficulty: str = ""  # the computer's level, as gameapp/ai names it ("" for a human)

    @property
    def is_human(self) -> bool:
        return self.kind is PlayerKind.HUMAN


Players = Mapping[Side, PlayerChoice]
ALL_HUMAN: Players = {side: PlayerChoice() for side in Side}


def human_sides(players: Players) -> list[Side]:
    return [side for side in Side if players.get(side, PlayerChoice()).is_human]


@dataclass(frozen=True)
class OptionChoice:
    """One optional rule: its name, what it does, the values it may take and the scenario's."""

    name: str
    description: str
    kind: str  # "bool", "enum" or "set" (several conventions at once)
    values: tuple[str, ...]  # the enum's values, or the set's members ("bool": empty)
    value_help: Mapping[str, str]  # what each value means, where the schema says
    default: OptionValue  # the scenario's value


def option_choices(scenario: Scenario) -> list[OptionChoice]:
    """The optional rules a player may set for a new game of `scenario`, in schema order."""
    properties: dict[str, Any] = load_schema("scenario")["properties"]["options"]["properties"]
    optional_events = any(isinstance(r, LeaderFalls) and r.optional
                          for r in scenario.special_rules)
    out: list[OptionChoice] = []
    for name, spec in properties.items():
        if name == "historical_events" and not optional_events:
            continue
        choice = _choice(name, spec, scenario)
        if choice is not None:
            out.append(choice)
    return out


def _choice(name: str, spec: dict[str, Any], scenario: Scenario) -> OptionChoice | None:
    description = str(spec.get("description", ""))
    if name == LOS:
        items = spec["items"]
        values = tuple(str(v) for v in items["enum"])
        return OptionChoice(name, description, "set", values, _value_help(items["description"],
                            values), tuple(scenario.los_conventions))
    default = scenario.options.get(name, DEFAULT_OPTIONS.get(name))
    if spec.get("type") == "boolean":
        return OptionChoice(name, description, "bool", (), {}, bool(default))
    values = tuple(str(v) for v in spec.get("enum", ()))
    if len(values) < 2:
        return None
    return OptionChoice(name, description, "enum", values, _value_help(description, values),
                        str(default if default is not None else values[0]))


def _value_help(description: str, values: tuple[str, ...]) -> dict[str, str]:
    """'name (what it does)' or 'name what it does,' pieces of a schema description, by value."""
    helps: dict[str, str] = {}
    for value in values:
        at = description.find(value)
        if at < 0:
            continue
        rest = description[at + len(value):].lstrip()
        if rest.startswith("("):
            helps[value] = rest[1:rest.find(")")] if ")" in rest else rest[1:]
        else:
            helps[value] = rest.split(",")[0].split(";")[0].strip()
        helps[value] = helps[value].replace("(default)", "").removeprefix("default").strip()
    return helps


def with_options(scenario: Scenario, options: Mapping[str, OptionValue]) -> Scenario:
    """A copy of `scenario` playing with `options` (the rest as the scenario has them)."""
    merged = dict(scenario.options)
    conventions = scenario.los_conventions
    for name, value in options.items():
        if name == LOS:
            conventions = tuple(str(v) for v in value) if isinstance(value, tuple) else ()
        elif not isinstance(value, tuple):
            merged[name] = value
    return replace(scenario, options=merged, los_conventions=conventions)


@dataclass(frozen=True)
class GameSetup:
    """Everything the new-game dialog decides."""

    scenario: Scenario
    players: Players = field(default_factory=lambda: dict(ALL_HUMAN))
    options: Mapping[str, OptionValue] = field(default_factory=dict)
    hot_seat: bool = False  # two humans at one screen: cover the board at each handover
    hide_unseen: bool = False  # hide what the side to play cannot see
    seed: int = 0

    def start(self) -> Game:
        """The game, its options laid on by the scenario's own ruleset (a strategic scenario's
        schedule options go into its `events`)."""
        from gameapp.core.ruleset import ruleset_named

        chosen = ruleset_named(self.scenario.ruleset).with_options(self.scenario, self.options)
        return Game.from_scenario(chosen, seed=self.seed)
