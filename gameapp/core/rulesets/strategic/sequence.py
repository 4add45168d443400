"""The week as steps (docs/strategic-rules.md, "The turn"; wbts.md 7.3):

    initiative                 both sides roll; the higher moves first      (neither player)
    command      first player  spans declared, brigades split, rosters set  (10.1, 3.25, 16.16)
    movement     first player  forces commanded and moved one at a time     (5.2, 5.28, 6)
    combat       first player  battles (the combat module routes them here) (8)
    command, movement, combat  the second player
    end of turn                the week's bookkeeping                       (neither)
    interphase                 after every fourth week: the month's events  (neither)

Each player step routes its action types to handlers (`routes`); the ruleset's `turn_steps`
is built by `turn_steps(routes)` so another module can add its handlers to a phase.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from enum import Enum
from fractions import Fraction
from typing import Any

from gameapp.core.breakdown import Term
from gameapp.core.ruleset import ActionHandler, Player, RuleContext, StartEffect, Step
from gameapp.core.rulesets.strategic.events import InitiativeDecided, MonthEnded
from gameapp.core.rulesets.strategic.state import StrategicState
from gameapp.core.units import Side


class StrategicPhase(Enum):
    INITIATIVE = "initiative"
    COMMAND = "command"
    MOVEMENT = "movement"
    COMBAT = "combat"
    END_OF_TURN = "end of turn"
    INTERPHASE = "interphase"

    @property
    def label(self) -> str:
        return self.value.capitalize()


TURN_RULE = "R&C strategic turn"


def first_mover_chance(bonus: Mapping[Side, int], tie_goes_to: Side) -> dict[Side, Fraction]:
    """Each side's chance of moving first: two d6 plus bonuses, the tie to `tie_goes_to`."""
    wins = dict.fromkeys(Side, 0)
    for u in range(1, 7):
        for c in range(1, 7):
            union, confed = u + bonus[Side.UNION], c + bonus[Side.CONFEDERATE]
            winner = (Side.UNION if union > confed else Side.CONFEDERATE if confed > union
                      else tie_goes_to)
            wins[winner] += 1
    return {side: Fraction(n, 36) for side, n in wins.items()}


@dataclass(frozen=True)
class RollForFirst:
    """The week's initiative: each side rolls a d6 and adds its scenario bonus; the higher moves
    first, a tie goes to the scenario's first side."""

    label: str = "each side rolls for the initiative"

    def __call__(self, ctx: RuleContext) -> list[Any]:
        state: StrategicState = ctx.state
        state.new_turn()
        bonus = ctx.scenario.initiative_bonus
        tie = ctx.scenario.first_side
        chance = first_mover_chance(bonus, tie)
        rolls = {side: ctx.dice.d6(f"{side.value} initiative") for side in Side}
        totals = {side: rolls[side] + bonus[side] for side in Side}
        first = (Side.UNION if totals[Side.UNION] > totals[Side.CONFEDERATE]
                 else Side.CONFEDERATE if totals[Side.CONFEDERATE] > totals[Side.UNION] else tie)
        state.first_side = first
        state.initiative_rolls = rolls
        terms: list[Term] = []
        for side in Side:
            terms.append(Term(f"{side.label} die", rolls[side], TURN_RULE))
            if bonus[side]:
                terms.append(Term(f"{side.label} scenario bonus", bonus[side], TURN_RULE))
        terms.append(Term(f"ties go to the {tie.label} side", 0, TURN_RULE))
        # a copy: the state's dict is cleared next week, the event keeps its dice
        return [InitiativeDecided(dict(rolls), tuple(terms), first, chance, TURN_RULE)]


@dataclass(frozen=True)
class NewPhase:
    """Command spans and commands lapse: they are declared anew each phase (10.1)."""

    label: str = "command spans lapse (10.1)"

    def __call__(self, ctx: RuleContext) -> list[Any]:
        ctx.state.new_phase()
        return []


@dataclass(frozen=True)
class MonthlyInterphase:
    """After every fourth week: the month's reinforcements, withdrawals, leader changes and
    supply income (the scenario modules add theirs to `ruleset.monthly`)."""

    label: str = "the monthly interphase"

    def __call__(self, ctx: RuleContext) -> list[Any]:
        state: StrategicState = ctx.state
        if not ctx.scenario.clock.ends_month(state.turn):
            return []
        events: list[Any] = [MonthEnded(state.turn, TURN_RULE)]
        for effect in ctx.rules.monthly:
            events += effect(ctx)
        return events


class EndPhaseHandler:
    """`end`: the phase is over (and with it the moving force's move, 5.28)."""

    def legal(self, ctx: RuleContext, side: Side | None) -> Any:
        from gameapp.core.rulesets.strategic.actions import EndPhase

        yield EndPhase()

    def check(self, ctx: RuleContext, action: Any, side: Side | None) -> None:
        return None

    def execute(self, ctx: RuleContext, action: Any, side: Side | None) -> list[Any]:
        return ctx.end_step()


def turn_steps(routes: Mapping[StrategicPhase, Mapping[type, ActionHandler]],
               end_of_turn: tuple[StartEffect, ...] = (),
               start_of_week: tuple[StartEffect, ...] = ()) -> tuple[Step, ...]:
    """The week's steps, each player step routing the action types `routes` gives its phase,
    the week opening with `start_of_week` (the schedule) before the initiative dice, and the
    end of the turn doing `end_of_turn` (supply and attrition are added there)."""

    def player_turn(player: Player) -> list[Step]:
        return [
            Step(StrategicPhase.COMMAND, player, "004 10.1", on_start=(NewPhase(),),
                 routes=routes[StrategicPhase.COMMAND]),
            Step(StrategicPhase.MOVEMENT, player, "004 5.28",
                 routes=routes[StrategicPhase.MOVEMENT]),
            Step(StrategicPhase.COMBAT, player, "004 8.0", on_start=(NewPhase(),),
                 routes=routes[StrategicPhase.COMBAT]),
        ]

    return (
        Step(StrategicPhase.INITIATIVE, Player.NEITHER, TURN_RULE,
             on_start=(*start_of_week, RollForFirst()),
             ends_by_itself=True),
        *player_turn(Player.FIRST),
        *player_turn(Player.SECOND),
        Step(StrategicPhase.END_OF_TURN, Player.NEITHER, TURN_RULE,
             on_start=end_of_turn, ends_by_itself=True),
        Step(StrategicPhase.INTERPHASE, Player.NEITHER, TURN_RULE,
             on_start=(MonthlyInterphase(),), ends_by_itself=True),
    )
