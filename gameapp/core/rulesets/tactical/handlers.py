"""The tactical steps' action handlers: each owns the actions one phase allows (1.2).

- `EndStep`: ending a phase with nothing left to resolve (preparation, movement, rally, the
  turn's conclusion);
- `MovementHandler`: move, face, formation, cover (1.22), and the charges a move declares;
- `FireHandler`: fire and pass, the two sides taking shots in turn (1.23); ending the fire phase
  is the acting side's pass;
- `ChargeHandler`: resolving one declared charge (1.25), or all that are left by ending the phase.

`settle` and `pending_routs` are shared with the answers to pending decisions (`decisions.py`).
"""

from __future__ import annotations

from collections.abc import Iterator

from gameapp.core.actions import (
    Action,
    ChangeFormation,
    Cover,
    EndPhase,
    Face,
    Fire,
    Move,
    Pass,
    ResolveCharge,
)
from gameapp.core.breakdown import IllegalActionError
from gameapp.core.events import (
    ChargeDeclared,
    DecisionPending,
    Event,
    FireShotPassed,
    RoutMovementPending,
)
from gameapp.core.options import RuleOptions
from gameapp.core.rules.chargephase import (
    AUTOMATIC_VICTORY_RULE,
    BeforeCharge,
    automatic_victory,
    resolve_charge_at,
    resolve_charges,
)
from gameapp.core.rules.closing_rolls import closing_rolls
from gameapp.core.rules.opening_volley import opening_volley
from gameapp.core.rules.path_choice import hold_end_step
from gameapp.core.rules.rout import rout_move
from gameapp.core.rules.withdrawal import charge_decisions
from gameapp.core.ruleset import RuleContext
from gameapp.core.rulesets.tactical.queries import TacticalQueries
from gameapp.core.state import GameState
from gameapp.core.units import Side


class EndStep:
    """A phase whose only action is ending it."""

    def legal(self, ctx: RuleContext, side: Side | None) -> Iterator[Action]:
        yield EndPhase()

    def check(self, ctx: RuleContext, action: Action, side: Side | None) -> None:
        return None

    def execute(self, ctx: RuleContext, action: Action, side: Side | None) -> list[Event]:
        return ctx.end_step()


class MovementHandler:
    """The movement phase (1.22): the phasing side's moves, turns and formation changes, and
    the charges a move into an enemy hex declares (3.4)."""

    def legal(self, ctx: RuleContext, side: Side | None) -> Iterator[Action]:
        if side is not None:
            yield from TacticalQueries.of(ctx).movement.legal_actions(side)

    def check(self, ctx: RuleContext, action: Action, side: Side | None) -> None:
        TacticalQueries.of(ctx).movement.plan(action, side)

    def execute(self, ctx: RuleContext, action: Action, side: Side | None) -> list[Event]:
        movement = TacticalQueries.of(ctx).movement
        events = movement.execute(action, side)
        if RuleOptions.of(ctx.scenario.options).closing_rolls:  # 003 3.5, an option
            whole = lambda u: int(movement.allowance(u, charge=True).total)  # noqa: E731
            events = closing_rolls(ctx.state, ctx.map, ctx.scenario.los_conventions, events,
                                   ctx.dice, whole)
        events += declared_charges(ctx, events)
        return events


MOVEMENT_ACTIONS: tuple[type, ...] = (Move, Face, ChangeFormation, Cover)


class FireHandler:
    """The fire phase (1.23): the side whose shot it is fires or passes; the shot then goes to
    the other side unless it has passed; the phase ends when both have passed."""

    def legal(self, ctx: RuleContext, side: Side | None) -> Iterator[Action]:
        yield Pass()
        if side is not None:
            yield from TacticalQueries.of(ctx).fire.legal_fires(side)

    def check(self, ctx: RuleContext, action: Action, side: Side | None) -> None:
        if isinstance(action, Fire):
            TacticalQueries.of(ctx).fire.plan(action, side)

    def execute(self, ctx: RuleContext, action: Action, side: Side | None) -> list[Event]:
        state: GameState = ctx.state
        shooter = state.fire_next
        assert shooter is not None
        events: list[Event] = []
        if isinstance(action, Fire):
            events += TacticalQueries.of(ctx).fire.execute(action, shooter, ctx.dice)
            events += pending_routs(ctx, events, action)
        else:  # a pass, or ending the phase, which is the acting side's pass
            state.fire_passed.add(shooter)
        if len(state.fire_passed) == 2:
            return events + ctx.end_step()
        other = shooter.other
        state.fire_next = shooter if other in state.fire_passed else other
        return [*events, FireShotPassed(state.fire_next)]


def fire_shooter(ctx: RuleContext) -> Side | None:
    """Whose shot it is in the fire phase (1.23)."""
    side: Side | None = ctx.state.fire_next
    return side


class ResolveOneCharge:
    """The charge phase (1.25): the phasing player resolves the declared charges one by one."""

    def legal(self, ctx: RuleContext, side: Side | None) -> Iterator[Action]:
        yield from (ResolveCharge(target) for target in ctx.state.charges)

    def check(self, ctx: RuleContext, action: ResolveCharge, side: Side | None) -> None:
        if action.target not in ctx.state.charges:
            raise IllegalActionError(
                f"no charge is declared on {ctx.map.hex_id(action.target)}", "1.25")

    def execute(self, ctx: RuleContext, action: ResolveCharge, side: Side | None
                ) -> list[Event]:
        return resolve_charge_at(ctx.state, ctx.map, action.target, ctx.dice,
                                 ctx.scenario.options, ctx.rules.costs,
                                 before=before_charge(ctx)) + settle(ctx)


class EndChargePhase(EndStep):
    """Ending the charge phase resolves the charges left, in the order they were declared; the
    phase then ends, or once the owner has picked the rout paths it asks for (7.6)."""

    def execute(self, ctx: RuleContext, action: Action, side: Side | None) -> list[Event]:
        state: GameState = ctx.state
        events = resolve_charges(state, ctx.map, ctx.dice, ctx.scenario.options,
                                 ctx.rules.costs, before=before_charge(ctx))
        if not hold_end_step(state):
            events += ctx.end_step()
        return events


def before_charge(ctx: RuleContext) -> BeforeCharge | None:
    """What happens as each charge goes in: 003's opening volley when the scenario has it."""
    if not RuleOptions.of(ctx.scenario.options).opening_volley:
        return None
    fire = TacticalQueries.of(ctx).fire
    return lambda target, ids: opening_volley(ctx.state, fire, target, ids, ctx.dice)


def declared_charges(ctx: RuleContext, events: list[Event]) -> list[Event]:
    """The charged player's choices on a hex charged for the first time (3.5, 3.57); the
    charges to resolve at once (3.411 under the MP limits, 3.412 automatic victory) wait for
    those choices."""
    state: GameState = ctx.state
    for event in events:
        if not isinstance(event, ChargeDeclared):
            continue
        if state.charges.get(event.target) == (event.unit_id,):
            state.decisions += charge_decisions(state, ctx.map, event.target,
                                                ctx.scenario.options, ctx.rules.costs)
        if automatic_victory(state, event.target):
            state.deferred_charges[event.target] = AUTOMATIC_VICTORY_RULE
        elif event.immediate:
            state.deferred_charges.setdefault(event.target, "3.411")
    return settle(ctx)


def settle(ctx: RuleContext) -> list[Event]:
    """Ask the next decision if there is one; otherwise resolve the charges waiting for the
    decisions, in the order they were declared."""
    state: GameState = ctx.state
    events: list[Event] = []
    while not state.decisions and state.deferred_charges:
        target = next(iter(state.deferred_charges))
        rule = state.deferred_charges.pop(target)
        if target in state.charges:
            events += resolve_charge_at(state, ctx.map, target, ctx.dice, ctx.scenario.options,
                                        ctx.rules.costs, rule=rule, before=before_charge(ctx))
    if state.decisions:
        events.append(DecisionPending(state.decisions[0]))
    return events


def pending_routs(ctx: RuleContext, events: list[Event], action: Fire) -> list[Event]:
    """The rout movement fire's morale checks called for, away from the firers."""
    state: GameState = ctx.state
    firers = [state.units[f] for f in action.firers if f in state.units]
    out: list[Event] = []
    for event in events:
        if isinstance(event, RoutMovementPending):
            out += rout_move(state, ctx.map, event.unit_id, firers, ctx.scenario.options,
                             ctx.rules.costs)
    return out
