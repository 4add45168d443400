"""The strategic ruleset: campaigns of armies, corps and divisions, week by week, on a theatre
map (docs/strategic-rules.md). What the engine asks of a game: its scenarios, notation, steps,
end and result.

The phases' handlers come from their modules and are routed here (`ROUTES`): command and
organisation (`command.py`, `organisation.py`), movement (`movement.py`, `rail.py`,
`naval.py`), battles (`combat.py`, `naval_battle.py`), forts (`sieges.py`) and supply
(`supply.py`). The end of the week checks supply (`END_OF_TURN`); the monthly interphase rolls
the sieges; the result is `victory.py`'s.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any, ClassVar

from gameapp.core.breakdown import IllegalActionError
from gameapp.core.campaign.actions import VERBS as CAMPAIGN_VERBS
from gameapp.core.campaign.actions import CampaignAction, parse_campaign_action
from gameapp.core.decisions import PendingDecision
from gameapp.core.numbering import Numbering
from gameapp.core.ruleset import (
    ActionHandler,
    LossRow,
    Placement,
    RuleContext,
    Ruleset,
    StartEffect,
)
from gameapp.core.rulesets.strategic.actions import (
    VERBS,
    Advance,
    Assign,
    Attack,
    BurnSupply,
    DeclareSpan,
    Detrain,
    Embark,
    EndPhase,
    GiveOrder,
    GoOffMap,
    Land,
    March,
    NavalAttack,
    Rail,
    RazeFort,
    ReEnter,
    Release,
    RollInitiative,
    Sail,
    SplitBrigade,
    StrategicAction,
    parse_strategic_action,
)
from gameapp.core.rulesets.strategic.advance import AdvanceHandler, note_battles
from gameapp.core.rulesets.strategic.boarding import BoardingHandler
from gameapp.core.rulesets.strategic.combat import AttackHandler, CombatCommandHandler
from gameapp.core.rulesets.strategic.command import CommandHandler, SpanHandler
from gameapp.core.rulesets.strategic.detours import DetourHandler
from gameapp.core.rulesets.strategic.income import month_income
from gameapp.core.rulesets.strategic.movement import MarchHandler
from gameapp.core.rulesets.strategic.naval import SailHandler
from gameapp.core.rulesets.strategic.naval_battle import CombatEndHandler, NavalHandler
from gameapp.core.rulesets.strategic.organisation import RosterHandler, SplitHandler
from gameapp.core.rulesets.strategic.pieces import Division, Ship
from gameapp.core.rulesets.strategic.rail import RailHandler
from gameapp.core.rulesets.strategic.scenario import StrategicScenario, load_strategic
from gameapp.core.rulesets.strategic.scenario_rules import ScenarioRulesCheck, month_rolls
from gameapp.core.rulesets.strategic.schedule import ScheduledWeek, with_schedule_options
from gameapp.core.rulesets.strategic.sequence import TURN_RULE, EndPhaseHandler, StrategicPhase
from gameapp.core.rulesets.strategic.sequence import turn_steps as week_steps
from gameapp.core.rulesets.strategic.sieges import RazeHandler, siege_month, take_empty_forts
from gameapp.core.rulesets.strategic.state import StrategicState
from gameapp.core.rulesets.strategic.supply import BurnHandler, SupplyCheck, capture_supply
from gameapp.core.rulesets.strategic.terrain import TerrainCosts
from gameapp.core.rulesets.strategic.victory import StrategicResult, loss_rows, sudden_death
from gameapp.core.rulesets.strategic.victory import result as victory_result
from gameapp.core.units import Side

END = EndPhaseHandler()
SPAN = SpanHandler()
COMMAND = CommandHandler()
MARCH = MarchHandler()
RAIL = RailHandler()
SPLIT = SplitHandler()
ROSTER = RosterHandler()
SCENARIO_MARCH = ScenarioRulesCheck(MARCH)  # 26.4, 19.74 when a scenario turns them on
SCENARIO_RAIL = ScenarioRulesCheck(RAIL)
ATTACK = AttackHandler()
COMBAT_COMMAND = CombatCommandHandler()
NAVAL = NavalHandler()
RAZE = RazeHandler()
BURN = BurnHandler()
SAIL = SailHandler()
BOARDING = BoardingHandler()
DETOUR = DetourHandler()
ADVANCE = AdvanceHandler()

# Each player phase's routes: action type -> handler, in the order `legal_actions` lists them.
ROUTES: dict[StrategicPhase, dict[type, ActionHandler]] = {
    StrategicPhase.COMMAND: {EndPhase: END, DeclareSpan: SPAN, SplitBrigade: SPLIT,
                             Assign: ROSTER, Release: ROSTER, RazeFort: RAZE},
    StrategicPhase.MOVEMENT: {EndPhase: END, GiveOrder: COMMAND, RollInitiative: COMMAND,
                              March: SCENARIO_MARCH, Rail: SCENARIO_RAIL, Detrain: SCENARIO_RAIL,
                              Sail: SAIL, GoOffMap: DETOUR, ReEnter: DETOUR,
                              Embark: BOARDING, Land: BOARDING, SplitBrigade: SPLIT,
                              Assign: ROSTER, Release: ROSTER, Attack: ATTACK,
                              Advance: ADVANCE},
    # spans are declared again for combat (10.1), every command tried before the first battle
    # (8.0), brigades split off before a battle (3.25)
    StrategicPhase.COMBAT: {EndPhase: CombatEndHandler(), DeclareSpan: SPAN,
                            GiveOrder: COMBAT_COMMAND, RollInitiative: COMBAT_COMMAND,
                            Attack: ATTACK, NavalAttack: NAVAL, SplitBrigade: SPLIT,
                            BurnSupply: BURN, Advance: ADVANCE},
}
END_OF_TURN: tuple[StartEffect, ...] = (SupplyCheck(),)  # the week's supply and attrition
START_OF_WEEK: tuple[StartEffect, ...] = (ScheduledWeek(),)  # the scenario's schedule


@dataclass
class StrategicRules:
    """The rules of one game (`game.rules`): the map's costs (cached), and what the monthly
    interphase does."""

    scenario: StrategicScenario
    terrain: TerrainCosts = field(init=False)
    monthly: list[Callable[[RuleContext], list[Any]]] = field(default_factory=list)

    def __post_init__(self) -> None:
        self.terrain = TerrainCosts(self.scenario.map)
        self.monthly += [siege_month, month_rolls, month_income]


class StrategicRuleset(Ruleset):
    name: ClassVar[str] = "strategic"
    label: ClassVar[str] = "Strategic: campaigns week by week"
    formation: ClassVar[str] = "division"

    turn_steps = week_steps(ROUTES, END_OF_TURN, START_OF_WEEK)

    def load_scenario(self, path: Path) -> StrategicScenario:
        return load_strategic(path)

    def schemas(self) -> dict[str, str]:
        return {"scenario": "strategic_scenario"}

    def parse_action(self, text: str, numbering: Numbering) -> StrategicAction | CampaignAction:
        if text.split()[:1] and text.split()[0] in CAMPAIGN_VERBS:
            return parse_campaign_action(text, numbering)
        return parse_strategic_action(text, numbering)

    def verbs(self) -> tuple[str, ...]:
        return VERBS + CAMPAIGN_VERBS

    def decide(self, ctx: RuleContext, decision: PendingDecision, action: Any) -> list[Any]:
        """The only strategic decisions are the campaign's: a battle fought out or not."""
        from gameapp.core.campaign.offer import decide  # the campaign builds on this ruleset

        return decide(ctx, decision, action)

    def with_options(self, scenario: StrategicScenario, options: Mapping[str, Any]
                     ) -> StrategicScenario:
        """A save's or the new-game dialog's options; a schedule option's value goes into
        `options.events` (the historical leader changes, historical deaths)."""
        return replace(scenario, options=with_schedule_options(scenario, dict(options)))

    def source_files(self, scenario: StrategicScenario) -> tuple[Path | None, ...]:
        return (scenario.path, scenario.map_path)

    def snapshot(self, state: StrategicState, scenario: StrategicScenario) -> dict[str, Any]:
        where = scenario.map.hex_id
        units = {}
        for piece_id, piece in sorted(state.pieces.items()):
            sp = f" {piece.sp}" if isinstance(piece, Division) else ""
            units[piece_id] = f"{piece.side.value} {where(piece.hex)}{sp}"
        return {"turn": state.turn, "step": state.step_index, "units": units}

    def placements(self, state: StrategicState) -> dict[str, Placement]:
        """Every piece on the map (not those off it on a detour, 7.54); a division's SP and a
        ship's strength take hits, leaders, HQs, trains, depots and forts none."""
        def strength(piece: Any) -> int | None:
            return piece.sp if isinstance(piece, Division) else \
                piece.strength if isinstance(piece, Ship) else None
        return {pid: Placement(p.hex, strength(p)) for pid, p in state.pieces.items()}

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

    def after_action(self, ctx: RuleContext, before: Any, events: list[Any]) -> list[Any]:
        """Whatever a move or battle leaves alone with the enemy changes hands: supply
        (12.0) and empty forts (13.15); a battle that emptied its hex may be followed by an
        advance (the next action only)."""
        note_battles(ctx, events)
        return capture_supply(ctx) + take_empty_forts(ctx)

    def is_over(self, scenario: StrategicScenario, state: StrategicState) -> bool:
        return state.turn > scenario.turns or sudden_death(scenario, state) is not None

    def over_rule(self) -> str:
        return TURN_RULE

    def result(self, scenario: StrategicScenario, state: StrategicState) -> StrategicResult:
        return victory_result(scenario, state)

    def strength_on_map(self, scenario: StrategicScenario, state: StrategicState
                        ) -> dict[Side, int]:
        """Each side's divisions' and brigades' SP in play (aboard ship and on a detour
        too)."""
        return {side: sum(u.sp for u in state.divisions(side))
                + sum(a.unit.sp for a in state.offmap.values() if a.unit.side is side)
                for side in Side}

    def losses(self, scenario: StrategicScenario, state: StrategicState) -> list[LossRow]:
        return loss_rows(state)


STRATEGIC = StrategicRuleset()
