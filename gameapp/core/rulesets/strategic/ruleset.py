"""The strategic ruleset: campaigns of armies, corps and divisions, week by week, on a theatre
map (docs/strategic-rules.md). What the engine asks of a game: its scenarios, notation, steps,
end and result.

The phases' handlers come from their modules and are routed here (`ROUTES`): command and
organisation (`command.py`, `organisation.py`), movement (`movement.py`, `rail.py`,
`naval.py`). The combat phase routes `end`, the combat spans and brigades split off before a
battle; the combat module's battle handlers go into `ROUTES[COMBAT]`, and what the end of the
week does (supply, attrition) into `END_OF_TURN`.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, ClassVar

from gameapp.core.breakdown import IllegalActionError, Term
from gameapp.core.numbering import Numbering
from gameapp.core.ruleset import ActionHandler, RuleContext, Ruleset, StartEffect
from gameapp.core.rulesets.strategic.actions import (
    VERBS,
    Assign,
    DeclareSpan,
    Detrain,
    Embark,
    EndPhase,
    GiveOrder,
    Land,
    March,
    Rail,
    Release,
    RollInitiative,
    Sail,
    SplitBrigade,
    StrategicAction,
    parse_strategic_action,
)
from gameapp.core.rulesets.strategic.command import CommandHandler, SpanHandler
from gameapp.core.rulesets.strategic.movement import MarchHandler
from gameapp.core.rulesets.strategic.naval import BoardingHandler, SailHandler
from gameapp.core.rulesets.strategic.organisation import RosterHandler, SplitHandler
from gameapp.core.rulesets.strategic.pieces import Division
from gameapp.core.rulesets.strategic.rail import RailHandler
from gameapp.core.rulesets.strategic.scenario import StrategicScenario, load_strategic
from gameapp.core.rulesets.strategic.sequence import TURN_RULE, EndPhaseHandler, StrategicPhase
from gameapp.core.rulesets.strategic.sequence import turn_steps as week_steps
from gameapp.core.rulesets.strategic.state import StrategicState
from gameapp.core.rulesets.strategic.terrain import TerrainCosts
from gameapp.core.units import Side

END = EndPhaseHandler()
SPAN = SpanHandler()
COMMAND = CommandHandler()
MARCH = MarchHandler()
RAIL = RailHandler()
SPLIT = SplitHandler()
ROSTER = RosterHandler()
SAIL = SailHandler()
BOARDING = BoardingHandler()

# Each player phase's routes: action type -> handler, in the order `legal_actions` lists them.
ROUTES: dict[StrategicPhase, dict[type, ActionHandler]] = {
    StrategicPhase.COMMAND: {EndPhase: END, DeclareSpan: SPAN, SplitBrigade: SPLIT,
                             Assign: ROSTER, Release: ROSTER},
    StrategicPhase.MOVEMENT: {EndPhase: END, GiveOrder: COMMAND, RollInitiative: COMMAND,
                              March: MARCH, Rail: RAIL, Detrain: RAIL, Sail: SAIL,
                              Embark: BOARDING, Land: BOARDING, SplitBrigade: SPLIT,
                              Assign: ROSTER, Release: ROSTER},
    # Spans are declared again for combat (10.1) and brigades split off before a battle (3.25);
    # the battles themselves are the combat module's, added to this phase's routes.
    StrategicPhase.COMBAT: {EndPhase: END, DeclareSpan: SPAN, SplitBrigade: SPLIT},
}
END_OF_TURN: tuple[StartEffect, ...] = ()  # what the end of the week does (supply, attrition)


@dataclass
class StrategicRules:
    """The rules of one game (`game.rules`): the map's costs (cached), and what the monthly
    interphase does."""

    scenario: StrategicScenario
    terrain: TerrainCosts = field(init=False)
    monthly: list[Callable[[RuleContext], list[Any]]] = field(default_factory=list)

    def __post_init__(self) -> None:
        self.terrain = TerrainCosts(self.scenario.map)


@dataclass(frozen=True)
class StrategicResult:
    """The strength each side has on the map, term by term. (Victory places and losses are
    scored by the victory module when it lands; until then there is no winner.)"""

    strength: dict[Side, int]
    terms: tuple[Term, ...]
    winner: Side | None = None
    sudden_death: None = None


class StrategicRuleset(Ruleset):
    name: ClassVar[str] = "strategic"
    label: ClassVar[str] = "Strategic: campaigns week by week"

    turn_steps = week_steps(ROUTES, END_OF_TURN)

    def load_scenario(self, path: Path) -> StrategicScenario:
        return load_strategic(path)

    def schemas(self) -> dict[str, str]:
        return {"scenario": "strategic_scenario"}

    def parse_action(self, text: str, numbering: Numbering) -> StrategicAction:
        return parse_strategic_action(text, numbering)

    def verbs(self) -> tuple[str, ...]:
        return VERBS

    def source_files(self, scenario: StrategicScenario) -> tuple[Path | None, ...]:
        return (scenario.path, scenario.map_path)

    def snapshot(self, state: StrategicState, scenario: StrategicScenario) -> dict[str, Any]:
        where = scenario.map.hex_id
        units = {}
        for piece_id, piece in sorted(state.pieces.items()):
            sp = f" {piece.sp}" if isinstance(piece, Division) else ""
            units[piece_id] = f"{piece.side.value} {where(piece.hex)}{sp}"
        return {"turn": state.turn, "step": state.step_index, "units": units}

    def initial_state(self, scenario: StrategicScenario) -> StrategicState:
        return StrategicState(scenario.clock.first_turn, 0, scenario.first_side,
                              {p.id: p for p in scenario.pieces})

    def bind(self, scenario: StrategicScenario) -> StrategicRules:
        return StrategicRules(scenario)

    def clock(self, scenario: StrategicScenario, turn: int) -> str:
        return scenario.clock.time_of(turn)

    def end_step_action(self) -> EndPhase:
        return EndPhase()

    def refusal(self, action: object, ctx: RuleContext) -> IllegalActionError:
        return IllegalActionError(f"'{type(action).__name__}' is not an action of the "
                                  f"{ctx.step.phase.value} phase", ctx.step.rule)

    def is_over(self, scenario: StrategicScenario, state: StrategicState) -> bool:
        return state.turn > scenario.turns

    def over_rule(self) -> str:
        return TURN_RULE

    def result(self, scenario: StrategicScenario, state: StrategicState) -> StrategicResult:
        strength = {side: sum(d.sp for d in state.divisions(side)) for side in Side}
        terms = tuple(Term(f"{side.label} SP on the map", sp, TURN_RULE)
                      for side, sp in strength.items())
        return StrategicResult(strength, terms)


STRATEGIC = StrategicRuleset()
