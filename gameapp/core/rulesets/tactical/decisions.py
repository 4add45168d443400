"""The answers to the tactical game's pending decisions (3.5 retreat before combat, 3.57 prolong,
the owner's pick of a retreat or rout path, note 3's one roll or one each, 6.76's losses, 8.54's
changes on the advance), and what waited for them."""

from __future__ import annotations

from gameapp.core.actions import (
    Action,
    ChooseRetreatPath,
    Fire,
    Prolong,
    Reform,
    RetreatBeforeCombat,
    StackRoll,
    TakeLoss,
)
from gameapp.core.decisions import PendingDecision
from gameapp.core.events import Event
from gameapp.core.options import RuleOptions
from gameapp.core.rules.advance_reform import answer_reform
from gameapp.core.rules.pending_checks import answer_stack_roll
from gameapp.core.rules.withdrawal import answer
from gameapp.core.ruleset import RuleContext
from gameapp.core.rulesets.tactical.handlers import pending_routs, settle
from gameapp.core.rulesets.tactical.queries import TacticalQueries
from gameapp.core.state import GameState


def decide(ctx: RuleContext, decision: PendingDecision, action: Action) -> list[Event]:
    """Carry out `action`, the answer to `decision` (already off the queue), then whatever
    waited for it: the fire's routs, the charges deferred, the step that waited."""
    state: GameState = ctx.state
    options, costs = ctx.scenario.options, ctx.rules.costs
    if isinstance(action, TakeLoss):  # 6.76: the step, the next question or the rest
        assert decision.losses is not None and decision.target is not None
        events = TacticalQueries.of(ctx).fire.allocate(
            decision.losses, decision.causers, decision.target, ctx.dice, action.unit_id)
        events += pending_routs(ctx, events, Fire(decision.causers, decision.target))
        return events + settle(ctx)
    if isinstance(action, StackRoll):  # note 3: the checks roll; fire's routers rout
        events = answer_stack_roll(state, ctx.map, decision, action.one, ctx.dice, options,
                                   costs)
        assert decision.target is not None
        events += pending_routs(ctx, events, Fire(decision.causers, decision.target))
        return events + settle(ctx)
    if isinstance(action, Reform):  # 8.54: the change, the next question or the phase's end
        events = answer_reform(state, ctx.map, decision, action,
                               RuleOptions.of(options).stacking_rule)
        events += settle(ctx)
        ended = decision.reform is not None and decision.reform.end_step
        if not state.decisions and (ctx.step.ends_by_itself or ended):
            events += ctx.end_step()
        return events
    assert isinstance(action, RetreatBeforeCombat | Prolong | ChooseRetreatPath)
    events, more = answer(state, ctx.map, decision, action, ctx.dice, options, costs)
    state.decisions[:0] = more
    events += settle(ctx)
    ended = decision.rout is not None and decision.rout.end_step
    if not state.decisions and (ctx.step.ends_by_itself or ended):
        events += ctx.end_step()  # the step waited for the decision (a rout path)
    return events
