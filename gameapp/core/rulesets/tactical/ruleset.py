"""The tactical ruleset: `001`'s sequence of play as steps, each routing its own actions, and what
the engine asks of the game (its scenarios, notation, decisions, end and result)."""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path
from typing import Any, ClassVar

from gameapp.core.actions import (
    Action,
    ChangeFormation,
    ChooseRetreatPath,
    Cover,
    EndPhase,
    Face,
    Fire,
    Move,
    Pass,
    Prolong,
    Reform,
    ResolveCharge,
    RetreatBeforeCombat,
    StackRoll,
    TakeLoss,
    parse_action,
)
from gameapp.core.breakdown import IllegalActionError
from gameapp.core.decisions import PendingDecision
from gameapp.core.events import Event, OfficerIncapacitated
from gameapp.core.newgame import LOS, with_options
from gameapp.core.numbering import Numbering
from gameapp.core.options import RuleOptions
from gameapp.core.phases import Phase
from gameapp.core.rules.disengagement import disengagement_fire
from gameapp.core.rules.leaders import note_vacancies
from gameapp.core.rules.pending_checks import after_action
from gameapp.core.rules.victory import (
    VictoryResult,
    losses,
    losses_by_brigade,
    score,
    sudden_death,
    update_holders,
)
from gameapp.core.ruleset import LossRow, Placement, Player, RuleContext, Ruleset, Step
from gameapp.core.rulesets.tactical import effects
from gameapp.core.rulesets.tactical.decisions import decide
from gameapp.core.rulesets.tactical.handlers import (
    EndChargePhase,
    EndStep,
    FireHandler,
    MovementHandler,
    ResolveOneCharge,
    fire_shooter,
)
from gameapp.core.rulesets.tactical.queries import TacticalQueries, TacticalRules
from gameapp.core.scenario import Scenario, load_scenario
from gameapp.core.specialrules import HeldUntilReleased
from gameapp.core.state import GameState
from gameapp.core.units import Side, UnitKind

_END = EndStep()
_MOVE = MovementHandler()
_FIRE = FireHandler()


def _player_turn(player: Player) -> list[Step]:
    return [
        Step(Phase.PREPARATION, player, "1.21",
             on_start=(effects.REMOVE_MOVE_MARKERS, effects.REPLACE_LEADERS),
             ends_by_itself=True, routes={EndPhase: _END}),
        Step(Phase.MOVEMENT, player, "1.22",
             on_start=(effects.RESET_MOVEMENT, effects.REINFORCEMENTS),
             routes={EndPhase: _END, Move: _MOVE, Face: _MOVE, ChangeFormation: _MOVE,
                     Cover: _MOVE}),
        Step(Phase.FIRE, player, "1.23", on_start=(effects.START_FIRE,),
             routes={Pass: _FIRE, Fire: _FIRE, EndPhase: _FIRE}, acting_side=fire_shooter),
        Step(Phase.RALLY, player, "1.24", on_start=(effects.RALLY,), routes={EndPhase: _END}),
        # the phasing player resolves the charges one by one; ending the phase resolves the rest
        Step(Phase.CHARGE, player, "1.25",
             routes={EndPhase: EndChargePhase(), ResolveCharge: ResolveOneCharge()}),
    ]


TACTICAL_TURN: tuple[Step, ...] = (
    *_player_turn(Player.FIRST),
    *_player_turn(Player.SECOND),
    Step(Phase.TURN_CONCLUSION, Player.NEITHER, "1.3", on_start=(effects.EXHAUSTION,),
         ends_by_itself=True, routes={EndPhase: _END}),
)

# Where an action belongs when the step being played does not take it: the refusal's words.
_BELONGS: dict[type, tuple[str, str]] = {
    **dict.fromkeys((Move, Face, ChangeFormation, Cover), (
        "units move only in their movement phase, not in the {phase} phase", "1.22")),
    **dict.fromkeys((Fire, Pass), ("no firing in the {phase} phase", "1.23")),
    ResolveCharge: ("charges are resolved in the charge phase, not the {phase} phase", "1.25"),
    **dict.fromkeys((RetreatBeforeCombat, Prolong, ChooseRetreatPath, StackRoll, TakeLoss,
                     Reform), (
        "no decision is waiting for that answer", "R&C actions")),
}


class TacticalRuleset(Ruleset):
    name: ClassVar[str] = "tactical"
    label: ClassVar[str] = "Tactical: regiments and batteries, 20-minute turns (001)"
    turn_steps = TACTICAL_TURN

    def load_scenario(self, path: Path) -> Scenario:
        return load_scenario(path)

    def schemas(self) -> dict[str, str]:
        return {"scenario": "scenario", "map": "map", "counters": "counters", "save": "save"}

    def parse_action(self, text: str, numbering: Numbering) -> Action:
        return parse_action(text, numbering)

    def verbs(self) -> tuple[str, ...]:
        return ("move", "face", "formation", "cover", "fire", "pass", "end-phase", "charge",
                "retreat-before-combat", "prolong", "retreat-path", "stack-roll", "loss", "reform")

    def source_files(self, scenario: Scenario) -> tuple[Path | None, ...]:
        return (scenario.path, scenario.map_path, scenario.counters_path)

    def saved_options(self, scenario: Scenario) -> dict[str, Any]:
        return {**scenario.options, LOS: list(scenario.los_conventions)}

    def with_options(self, scenario: Scenario, options: Mapping[str, Any]) -> Scenario:
        return with_options(scenario, options)

    def snapshot(self, state: GameState, scenario: Scenario) -> dict[str, Any]:
        hex_id = scenario.map.hex_id

        def unit_text(u: Any) -> str:
            status = ",".join(sorted(s.value for s in u.status)) or "-"
            return (f"{hex_id(u.hex)} face={u.facing} {u.formation.value.replace(' ', '-')}"
                    f" losses={u.losses} {status}")
        return {
            "turn": state.turn,
            "step": state.step_index,
            "units": {uid: unit_text(u) for uid, u in sorted(state.units.items())},
            "broken": {uid: entry.box for uid, entry in sorted(state.broken.items())},
        }

    def placements(self, state: GameState) -> dict[str, Placement]:
        """Every unit on the map; a leader takes no hits (his wound is no loss of men)."""
        return {uid: Placement(u.hex, None if u.kind is UnitKind.LEADER else u.strength)
                for uid, u in state.units.items()}

    def initial_state(self, scenario: Scenario) -> GameState:
        return GameState(
            turn=scenario.clock.first_turn,
            step_index=0,
            first_side=scenario.first_side,
            units={u.id: u for u in scenario.units},
            held={uid: uid in rule.may_fire for rule in scenario.special_rules
                  if isinstance(rule, HeldUntilReleased) for uid in rule.held},
            holders={v.hex: v.holder for v in scenario.victory_hexes if v.holder is not None},
            entered={u.id for u in scenario.units},
        )

    def bind(self, scenario: Scenario) -> TacticalRules:
        return TacticalRules(scenario)

    def clock(self, scenario: Scenario, turn: int) -> str:
        return scenario.clock.time_of(turn)

    def end_step_action(self) -> EndPhase:
        return EndPhase()

    def refusal(self, action: object, ctx: RuleContext) -> IllegalActionError:
        words = _BELONGS.get(type(action))
        if words is None:
            return IllegalActionError(f"unknown action {action!r}", "R&C actions")
        reason, rule = words
        return IllegalActionError(reason.format(phase=ctx.step.phase.value), rule)

    def decide(self, ctx: RuleContext, decision: PendingDecision, action: Any) -> list[Event]:
        return decide(ctx, decision, action)

    def begin_step(self, ctx: RuleContext) -> list[Event]:
        return effects.begin_step(ctx)

    def after_action(self, ctx: RuleContext, before: GameState, events: list[Event]
                     ) -> list[Event]:
        """7.83 marks, 7.38 and the pending checks resolved, engagement; then who holds each
        victory hex, the 22.2 release triggers of every hex entered, and which units have
        entered play."""
        state: GameState = ctx.state
        note_vacancies(state, before, [e.unit_id for e in events
                                       if isinstance(e, OfficerIncapacitated)])
        out = after_action(state, before, events, ctx.map, ctx.dice, ctx.scenario.options,
                           ctx.rules.costs)
        options = RuleOptions.of(ctx.scenario.options)
        if options.disengagement_fire and options.retreat == "ss15_4":
            out += disengagement_fire(state, TacticalQueries.of(ctx).fire, [*events, *out],
                                      ctx.dice)
        update_holders(state, [v.hex for v in ctx.scenario.victory_hexes],
                       options.generals_hold)
        out += effects.note_release_triggers(ctx, before, [*events, *out])
        state.entered.update(state.units)
        return out

    def is_over(self, scenario: Scenario, state: GameState) -> bool:
        """After the last turn, or as soon as a scenario's sudden-death condition is met."""
        return (state.turn > scenario.clock.last_turn
                or sudden_death(state, scenario) is not None)

    def over_rule(self) -> str:
        return "1.3"

    def result(self, scenario: Scenario, state: GameState) -> VictoryResult:
        return score(state, scenario)

    def strength_on_map(self, scenario: Scenario, state: GameState) -> dict[Side, int]:
        return {side: sum(u.strength for u in state.side_units(side)
                          if u.kind is not UnitKind.LEADER) for side in Side}

    def losses(self, scenario: Scenario, state: GameState) -> list[LossRow]:
        """Each brigade that entered play: SPs lost of those printed on its counters."""
        return [LossRow(row.side, row.brigade, row.lost, row.printed)
                for row in losses_by_brigade(state, scenario)]

    def losses_by_side(self, scenario: Scenario, state: GameState) -> dict[Side, int]:
        """Every unit's losses, leaders' too (victory.losses)."""
        return {side: losses(state, scenario, side) for side in Side}


TACTICAL = TacticalRuleset()

