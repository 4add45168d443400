"""The Pickets ruleset: its scenario file, state, actions, step handlers and result."""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from dataclasses import dataclass, field, replace
from enum import Enum
from pathlib import Path
from typing import Any, ClassVar

from gameapp.core.breakdown import IllegalActionError, Term
from gameapp.core.decisions import PendingDecision
from gameapp.core.hexgrid import Hex
from gameapp.core.mapdata import HexMap
from gameapp.core.mapfile import load_map
from gameapp.core.numbering import Numbering
from gameapp.core.ruleset import Player, RuleContext, Ruleset, Step, register_ruleset
from gameapp.core.scenario import TurnClock
from gameapp.core.units import Side, Unit, UnitDef, UnitKind
from gameapp.core.yamlsource import DataError, load_yaml

# --- the scenario ------------------------------------------------------------------------------


@dataclass(frozen=True)
class PicketScenario:
    path: Path
    name: str
    map: HexMap
    turns: int
    first_side: Side
    units: list[Unit]  # the pickets, drawn as cavalry counters of one SP
    clock: TurnClock  # the window's phase bar and log read the turns' times from it
    ruleset: str = "pickets"
    options: Mapping[str, object] = field(default_factory=dict)
    description: str = "A test ruleset's skirmish of pickets."


DAWN = 5 * 60  # the pickets' first turn begins at 5 am, and each lasts an hour
MINUTES_A_TURN = 60


def picket(picket_id: str, side: Side, at: Hex) -> Unit:
    return Unit(UnitDef(picket_id, side, f"Picket {picket_id}", UnitKind.CAVALRY, 1, 35), at)


def load_pickets(path: Path) -> PicketScenario:
    doc = load_yaml(path)
    data = doc.data
    try:
        hexmap = load_map(Path(path).parent / data["map"])
        numbering = hexmap.numbering
        units = [picket(str(p["id"]), Side(p["side"]), numbering.parse(str(p["at"])))
                 for p in data["pickets"]]
        turns = int(data["turns"])
        clock = TurnClock(1, turns, DAWN, MINUTES_A_TURN, ())
        return PicketScenario(Path(path), str(data["name"]), hexmap, turns,
                              Side(data["first_side"]), units, clock)
    except (KeyError, TypeError, ValueError) as error:
        raise DataError([doc.problem((), f"not a Pickets scenario: {error}")]) from None


# --- the state -------------------------------------------------------------------------------


@dataclass
class PicketState:
    turn: int
    step_index: int
    first_side: Side
    units: dict[str, Unit]  # the pickets on the map
    acted: set[str] = field(default_factory=set)  # pickets that acted this step
    decisions: list[PendingDecision] = field(default_factory=list)
    revision: int = field(default=0, compare=False)

    def copy(self) -> PicketState:
        return replace(self, units=dict(self.units), acted=set(self.acted),
                       decisions=list(self.decisions))

    @property
    def pickets(self) -> dict[str, tuple[Side, Hex]]:
        return {p: (u.side, u.hex) for p, u in self.units.items()}

    def at(self, h: Hex) -> str | None:
        return next((p for p, u in self.units.items() if u.hex == h), None)


# --- the actions -----------------------------------------------------------------------------


@dataclass(frozen=True)
class Advance:
    picket: str
    to: Hex

    def to_text(self, numbering: Numbering) -> str:
        return f"advance {self.picket} {numbering.hex_id(self.to)}"


@dataclass(frozen=True)
class Skirmish:
    picket: str
    at: Hex

    def to_text(self, numbering: Numbering) -> str:
        return f"skirmish {self.picket} {numbering.hex_id(self.at)}"


@dataclass(frozen=True)
class Halt:
    def to_text(self, numbering: Numbering) -> str:
        return "halt"


def parse_picket_action(text: str, numbering: Numbering) -> Advance | Skirmish | Halt:
    words = text.split()
    if words == ["halt"]:
        return Halt()
    if len(words) == 3 and words[0] in ("advance", "skirmish"):
        kind = Advance if words[0] == "advance" else Skirmish
        return kind(words[1], numbering.parse(words[2]))
    raise ValueError(f"{text!r}: expected 'advance PICKET HEX', 'skirmish PICKET HEX' or 'halt'")


# --- the rules -------------------------------------------------------------------------------


class PicketPhase(Enum):
    MARCH = "march"

    @property
    def label(self) -> str:
        return self.value.capitalize()


@dataclass(frozen=True)
class SkirmishResolved:
    """An event: the skirmish's die and what it did, term by term."""

    picket: str
    target: str
    roll: int
    terms: tuple[Term, ...]
    driven_off: bool


class PicketHandler:
    """P1 advance and P2 skirmish: each picket of the side acts once a step."""

    def legal(self, ctx: RuleContext, side: Side | None) -> Iterator[Advance | Skirmish]:
        state: PicketState = ctx.state
        for picket, (owner, where) in sorted(state.pickets.items()):
            if owner is not side or picket in state.acted:
                continue
            for h in where.neighbors():
                if not ctx.map.contains(h):
                    continue
                other = state.at(h)
                if other is None:
                    yield Advance(picket, h)
                elif state.pickets[other][0] is not side:
                    yield Skirmish(picket, h)

    def check(self, ctx: RuleContext, action: Advance | Skirmish, side: Side | None) -> None:
        state: PicketState = ctx.state
        rule = "P1" if isinstance(action, Advance) else "P2"
        owner_at = state.pickets.get(action.picket)
        if owner_at is None or owner_at[0] is not side:
            raise IllegalActionError(f"{action.picket} is not a picket of the side to play", rule)
        if action.picket in state.acted:
            raise IllegalActionError(f"{action.picket} has acted this step", rule)
        target = action.to if isinstance(action, Advance) else action.at
        if owner_at[1].distance(target) != 1 or not ctx.map.contains(target):
            raise IllegalActionError("a picket acts only on a neighbouring hex", rule)
        other = state.at(target)
        if isinstance(action, Advance) and other is not None:
            raise IllegalActionError("a picket advances only into an empty hex", rule)
        if isinstance(action, Skirmish) and (other is None or state.pickets[other][0] is side):
            raise IllegalActionError("a picket skirmishes only with an enemy picket", rule)

    def execute(self, ctx: RuleContext, action: Advance | Skirmish, side: Side | None
                ) -> list[Any]:
        state: PicketState = ctx.state
        state.acted.add(action.picket)
        if isinstance(action, Advance):
            state.units[action.picket] = state.units[action.picket].moved_to(action.to)
            return []
        target = state.at(action.at)
        assert target is not None
        roll = ctx.dice.d6(f"skirmish {action.picket} at {ctx.map.hex_id(action.at)}")
        driven_off = roll >= 5
        if driven_off:
            del state.units[target]
        terms = (Term("the die", roll, "P2"), Term("drives off on", 5, "P2"))
        return [SkirmishResolved(action.picket, target, roll, terms, driven_off)]


class HaltHandler:
    def legal(self, ctx: RuleContext, side: Side | None) -> Iterator[Halt]:
        yield Halt()

    def check(self, ctx: RuleContext, action: Halt, side: Side | None) -> None:
        return None

    def execute(self, ctx: RuleContext, action: Halt, side: Side | None) -> list[Any]:
        ctx.state.acted.clear()
        return ctx.end_step()


_ROUTES = {Halt: HaltHandler(), Advance: PicketHandler(), Skirmish: PicketHandler()}


@dataclass(frozen=True)
class PicketResult:
    pickets: dict[Side, int]
    winner: Side | None
    terms: tuple[Term, ...]
    sudden_death: None = None  # Pickets ends only after its last turn


class PicketsRuleset(Ruleset):
    name: ClassVar[str] = "pickets"
    label: ClassVar[str] = "Pickets (a test ruleset)"
    turn_steps = (
        Step(PicketPhase.MARCH, Player.FIRST, "P1", routes=_ROUTES),
        Step(PicketPhase.MARCH, Player.SECOND, "P1", routes=_ROUTES),
    )

    def load_scenario(self, path: Path) -> PicketScenario:
        return load_pickets(path)

    def parse_action(self, text: str, numbering: Numbering) -> Advance | Skirmish | Halt:
        return parse_picket_action(text, numbering)

    def verbs(self) -> tuple[str, ...]:
        return ("advance", "skirmish", "halt")

    def snapshot(self, state: PicketState, scenario: PicketScenario) -> dict[str, Any]:
        return {"turn": state.turn, "step": state.step_index,
                "units": {p: f"{side.value} {scenario.map.hex_id(h)}"
                          for p, (side, h) in sorted(state.pickets.items())}}

    def initial_state(self, scenario: PicketScenario) -> PicketState:
        return PicketState(1, 0, scenario.first_side, {u.id: u for u in scenario.units})

    def clock(self, scenario: PicketScenario, turn: int) -> str:
        return scenario.clock.time_of(turn)

    def is_over(self, scenario: PicketScenario, state: PicketState) -> bool:
        return state.turn > scenario.turns

    def over_rule(self) -> str:
        return "P3"

    def result(self, scenario: PicketScenario, state: PicketState) -> PicketResult:
        left = {side: sum(1 for s, _ in state.pickets.values() if s is side) for side in Side}
        terms = tuple(Term(f"{side.label} pickets left", n, "P3") for side, n in left.items())
        union, confederate = left[Side.UNION], left[Side.CONFEDERATE]
        winner = None if union == confederate else (
            Side.UNION if union > confederate else Side.CONFEDERATE)
        return PicketResult(left, winner, terms)

    def end_step_action(self) -> Halt:
        return Halt()

    def refusal(self, action: object, ctx: RuleContext) -> IllegalActionError:
        return IllegalActionError(f"Pickets has no action {action!r}", "P1")


PICKETS = register_ruleset(PicketsRuleset())
