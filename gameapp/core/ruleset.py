"""The seam between the engine and the games it plays: a `Ruleset`, its steps and their handlers.

The engine (`engine.Game`) is only a driver: undo, the log, the dice, pending decisions and the
walk through the turn's steps. Everything a game's rules say lives in its `Ruleset`, as
OpenSpiel separates a game's rules from one position of it:

- `turn_steps`: the turn as data. Each `Step` names its phase, whose step it is, its rule, what
  runs when it begins (`on_start`) and the handler of each action type a player may take in it
  (`routes`), as boardgame.io's phases own their moves. An action no step routes is refused with
  the ruleset's own words (`Ruleset.refusal`).
- `load_scenario`, `initial_state`, `bind` (the game's rules with their caches), `parse_action`
  (the notation of its actions, for the log and saves), `decide` (the answer to a pending
  decision), `after_action`, `is_over`, `result`, and its vocabularies and schemas.

Rulesets are found by name, the scenario's `ruleset:` key, in a registry:

    register_ruleset(MY_RULESET)
    ruleset_named("tactical")

A handler has the shape movement and fire already had: `legal` lists the actions it would take
now, `check` raises `IllegalActionError` with the reason and the rule, `execute` carries a checked
action out and returns its events. Each gets one `RuleContext`: the state, the map, the dice, the
options, the scenario and the game's rules, instead of loose arguments.
"""

from __future__ import annotations

import importlib
import re
from collections.abc import Callable, Iterable, Iterator, Mapping
from dataclasses import dataclass, field, replace
from enum import Enum
from pathlib import Path
from typing import TYPE_CHECKING, Any, ClassVar, Protocol

from gameapp.core.breakdown import IllegalActionError
from gameapp.core.units import Side
from gameapp.core.yamlsource import DataError, Problem

if TYPE_CHECKING:  # annotations only: reading a scenario's `ruleset:` key imports none of them
    from gameapp.core.decisions import PendingDecision
    from gameapp.core.dice import Dice
    from gameapp.core.hexgrid import Hex
    from gameapp.core.mapdata import HexMap
    from gameapp.core.numbering import Numbering


class Player(Enum):
    """Whose player turn a step belongs to."""

    FIRST = "first"
    SECOND = "second"
    NEITHER = "neither"


class ActionValue(Protocol):
    """What every ruleset's actions are: immutable values with a one-line notation."""

    def to_text(self, numbering: Numbering) -> str: ...


class ScenarioLike(Protocol):
    """What the driver reads of any ruleset's scenario."""

    path: Path
    name: str
    map: HexMap
    ruleset: str

    @property
    def options(self) -> Mapping[str, object]: ...


class DriverState(Protocol):
    """What the driver reads and writes of any ruleset's state: where the turn stands, the
    decisions waiting for a player, and a number that changes with every state."""

    turn: int
    step_index: int
    first_side: Side
    decisions: list[PendingDecision]
    revision: int

    def copy(self) -> Any: ...


@dataclass
class RuleContext:
    """One bundle for what rules need: the state (the live one, changed in place), the map, the
    dice, the options, the scenario and the game's rules (with their caches). `end_step` ends the
    current step and walks on, returning what that caused; `step` is the step being played."""

    state: Any
    scenario: Any
    rules: Any
    dice: Dice
    step: Step
    end_step: Callable[[], list[Any]]

    @property
    def map(self) -> HexMap:
        hexmap: HexMap = self.scenario.map
        return hexmap

    @property
    def options(self) -> Mapping[str, object]:
        options: Mapping[str, object] = self.scenario.options
        return options


class ActionHandler(Protocol):
    """The rules of one kind of action in one step."""

    def legal(self, ctx: RuleContext, side: Side | None) -> Iterable[Any]:
        """The actions of this kind `side` may take now (lazily where it can)."""
        ...

    def check(self, ctx: RuleContext, action: Any, side: Side | None) -> None:
        """Raise IllegalActionError (reason, rule) if `action` is not legal now."""
        ...

    def execute(self, ctx: RuleContext, action: Any, side: Side | None) -> list[Any]:
        """Carry out a checked action; return the events it caused."""
        ...


class StartEffect(Protocol):
    """Something that happens when a step begins, with its words for the docs."""

    @property
    def label(self) -> str: ...

    def __call__(self, ctx: RuleContext) -> list[Any]: ...


@dataclass(frozen=True)
class Step:
    """One step of the turn: a phase played by the first player, the second or neither."""

    phase: Enum
    player: Player
    rule: str
    on_start: tuple[StartEffect, ...] = ()
    ends_by_itself: bool = False  # nothing for a player to decide: the engine moves on
    routes: Mapping[type, ActionHandler] = field(default_factory=dict)
    # who acts in this step when it is not the phasing side (the tactical fire phase's shooter)
    acting_side: Callable[[RuleContext], Side | None] | None = None

    def handler_for(self, action: object) -> ActionHandler | None:
        return self.routes.get(type(action))

    @property
    def action_types(self) -> tuple[type, ...]:
        return tuple(self.routes)


@dataclass(frozen=True)
class Placement:
    """Where one piece of a position stands, and the strength a hit takes from (None for a
    piece that takes no hits, such as a leader): what a past board marks as changed."""

    hex: Hex
    strength: int | None


@dataclass(frozen=True)
class LossRow:
    """One formation's losses, for the end screen: a brigade (tactical), a division
    (strategic)."""

    side: Side
    name: str
    lost: int  # SPs lost
    of: int  # SPs it brought into play (tactical: as printed; strategic: lost + left)


class Ruleset:
    """A game's rules, handed to the engine. Subclasses fill in what their game says."""

    name: ClassVar[str]
    label: ClassVar[str]  # in words, for menus and the docs
    formation: ClassVar[str] = "brigade"  # what a row of the end screen's losses table is
    turn_steps: tuple[Step, ...]

    # --- files ---------------------------------------------------------------------------
    def load_scenario(self, path: Path) -> Any:
        """The scenario at `path` (its `ruleset:` key names this ruleset); DataError if wrong."""
        raise NotImplementedError

    def schemas(self) -> Mapping[str, str]:
        """The file kinds this ruleset reads and the JSON Schema name of each."""
        return {}

    def parse_action(self, text: str, numbering: Numbering) -> Any:
        """The action a line of notation names; raises a ValueError saying what was expected."""
        raise NotImplementedError

    def verbs(self) -> tuple[str, ...]:
        """The first words of this ruleset's notation, for the docs and the saves."""
        return ()

    def source_files(self, scenario: Any) -> tuple[Path | None, ...]:
        """The files a scenario was read from (a save records their hash)."""
        return (scenario.path,)

    def saved_options(self, scenario: Any) -> dict[str, Any]:
        """The options a game is played with, as a save records them."""
        return dict(scenario.options)

    def with_options(self, scenario: Any, options: Mapping[str, Any]) -> Any:
        """`scenario` played with `options` (a save's, or the new-game dialog's)."""
        return replace(scenario, options={**scenario.options, **options})

    def snapshot(self, state: Any, scenario: Any) -> dict[str, Any]:
        """Where the game stands, in words a reader can check (saved beside the actions)."""
        return {"turn": state.turn, "step": state.step_index}

    def placements(self, state: Any) -> Mapping[str, Placement]:
        """Every piece on the map in `state`, by id (what the history compares to say which
        hexes a step left, entered and hit)."""
        return {}

    # --- play ----------------------------------------------------------------------------
    def initial_state(self, scenario: Any) -> DriverState:
        raise NotImplementedError

    def bind(self, scenario: Any) -> Any:
        """The rules of one game, with whatever they cache (reached as `game.rules`)."""
        return None

    def clock(self, scenario: Any, turn: int) -> str:
        """The time a turn stands for, in words."""
        return f"turn {turn}"

    def end_step_action(self) -> Any:
        """The action a player takes to end the step (the window's End phase button)."""
        raise NotImplementedError

    def refusal(self, action: object, ctx: RuleContext) -> IllegalActionError:
        """Why `action` cannot be taken in the current step (no step handler routes it)."""
        return IllegalActionError(f"'{type(action).__name__}' is not an action of the "
                                  f"{ctx.step.phase.value} phase", ctx.step.rule)

    def decide(self, ctx: RuleContext, decision: PendingDecision, action: Any) -> list[Any]:
        """Carry out the answer `action` to `decision` (already taken off the queue)."""
        raise NotImplementedError

    def begin_step(self, ctx: RuleContext) -> list[Any]:
        """What happens at the start of every step, before the step's own `on_start`."""
        return []

    def after_action(self, ctx: RuleContext, before: Any, events: list[Any]) -> list[Any]:
        """What follows every applied action (checks it called for, markers, holders)."""
        return []

    def is_over(self, scenario: Any, state: Any) -> bool:
        raise NotImplementedError

    def over_rule(self) -> str:
        """The rule that ends the game, cited when an action comes after the end."""
        return ""

    def result(self, scenario: Any, state: Any) -> Any:
        raise NotImplementedError

    # --- the record (History: the end screen's chart and tables) ---------------------------
    def strength_on_map(self, scenario: Any, state: Any) -> dict[Side, int]:
        """Each side's fighting strength on the map (SP; leaders count none)."""
        raise NotImplementedError

    def losses(self, scenario: Any, state: Any) -> list[LossRow]:
        """Each formation's losses so far, by side, most lost first."""
        raise NotImplementedError

    def losses_by_side(self, scenario: Any, state: Any) -> dict[Side, int]:
        """Each side's SPs lost so far (the formations' sum unless the rules count more)."""
        rows = self.losses(scenario, state)
        return {side: sum(r.lost for r in rows if r.side is side) for side in Side}


# --- the registry ---------------------------------------------------------------------------
_RULESETS: dict[str, Ruleset] = {}
# The shipped rulesets, by name: each module registers its ruleset when first imported. They are
# imported on first look-up, so a tactical game never pays for importing the strategic rules
# (start-up, issue 28).
_SHIPPED = {"tactical": "gameapp.core.rulesets.tactical",
            "strategic": "gameapp.core.rulesets.strategic"}
# Each shipped ruleset's scenario loader (module, function): the one its `load_scenario` calls.
# Reading a scenario needs only its files' loader, not the rules that play it, so opening one
# (`gameapp play`, the window's first board) does not wait for the rules to be imported.
_SHIPPED_LOADERS = {"tactical": ("gameapp.core.scenario", "load_scenario"),
                    "strategic": ("gameapp.core.rulesets.strategic.scenario", "load_strategic")}


def register_ruleset(ruleset: Ruleset) -> Ruleset:
    """Make `ruleset` playable by scenarios whose `ruleset:` key is its name."""
    _RULESETS[ruleset.name] = ruleset
    return ruleset


def ruleset_named(name: str) -> Ruleset:
    """The registered ruleset called `name`; KeyError listing the known ones if none is."""
    if name not in _RULESETS and name in _SHIPPED:
        importlib.import_module(_SHIPPED[name])
    try:
        return _RULESETS[name]
    except KeyError:
        known = ", ".join(sorted({*_RULESETS, *_SHIPPED}))
        raise KeyError(f"no ruleset named {name!r} (known: {known})") from None


def registered_rulesets() -> Iterator[Ruleset]:
    for module in _SHIPPED.values():
        importlib.import_module(module)
    yield from _RULESETS.values()


def load_scenario_file(path: str | Path) -> Any:
    """Any ruleset's scenario: its top-level `ruleset:` key picks the ruleset that loads it (the
    tactical one when there is none, so its own loader reports what is wrong with the file).
    The key is read from the file's first lines, so the file is parsed once, by its loader."""
    path = Path(path)
    found = ruleset_key(path)
    name, line = found if found is not None else ("tactical", 0)
    if name not in _RULESETS and name in _SHIPPED_LOADERS:  # the rules are not imported yet
        module, function = _SHIPPED_LOADERS[name]
        return getattr(importlib.import_module(module), function)(path)
    try:
        ruleset = ruleset_named(name)
    except KeyError as error:
        raise DataError([Problem(str(path), line, str(error.args[0]))]) from None
    return ruleset.load_scenario(path)


_KEY = re.compile(r"^ruleset:[ \t]*['\"]?([A-Za-z0-9_-]+)['\"]?[ \t]*(#.*)?$")
_PEEK_BYTES = 64 * 1024


def ruleset_key(path: Path) -> tuple[str, int] | None:
    """The `ruleset:` key's value and line, if a top-level line of the file's start names one.
    Anything that is not a regular file is left to the loader, which reports it."""
    try:
        if not path.is_file():
            return None
        with path.open("rb") as handle:
            head = handle.read(_PEEK_BYTES).decode("utf-8", errors="replace")
    except OSError:
        return None
    for number, text in enumerate(head.splitlines(), start=1):
        match = _KEY.match(text.rstrip("\r"))
        if match:
            return match.group(1), number
    return None
