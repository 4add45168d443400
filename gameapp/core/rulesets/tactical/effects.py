"""What happens when a tactical step begins: the housekeeping of every step (held units released,
the morale checks left from the step that ended, one rout movement a phase) and each step's own
start effects (markers removed, movement reset, reinforcements, fire handed to the non-phasing
side, rally, exhaustion at the turn's conclusion)."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, replace

from gameapp.core.events import (
    Event,
    ExhaustionChanged,
    MarkersRemoved,
    OfficerIncapacitated,
    UnitMoved,
    UnitsReleased,
)
from gameapp.core.options import RuleOptions
from gameapp.core.rules.arrivals import arrive
from gameapp.core.rules.exhaustion import brigade_of, conclude_turn, printed_strengths
from gameapp.core.rules.leaders import replace_leaders
from gameapp.core.rules.pending_checks import start_phase
from gameapp.core.rules.rally import rally_phase
from gameapp.core.ruleset import Player, RuleContext
from gameapp.core.rulesets.tactical.queries import TacticalQueries
from gameapp.core.specialrules import LeaderFalls
from gameapp.core.state import GameState
from gameapp.core.units import Side, Status


@dataclass(frozen=True)
class Effect:
    """A start effect: its words (for the docs and the phase list) and what it does."""

    label: str
    run: Callable[[RuleContext], list[Event]]

    def __call__(self, ctx: RuleContext) -> list[Event]:
        return self.run(ctx)


def phasing_side(ctx: RuleContext) -> Side:
    """The side whose step this is (a start effect of a player's phase)."""
    state: GameState = ctx.state
    first = state.first_side
    return first if ctx.step.player is Player.FIRST else first.other


def begin_step(ctx: RuleContext) -> list[Event]:
    """Every step: held units released, checks left from the phase that ended and notes 1-2
    afresh, engagement; one rout movement per unit per phase (7.65)."""
    state: GameState = ctx.state
    events = releases(ctx)
    events += start_phase(state, ctx.map, ctx.dice, ctx.scenario.options, ctx.rules.costs)
    state.rout_moved.clear()
    return events


def releases(ctx: RuleContext) -> list[Event]:
    """Held units released from this step on: by a trigger in an earlier phase, or from the
    start of the rule's named turn; an officer falling on his named turn (22.5-style events)."""
    state: GameState = ctx.state
    events: list[Event] = []
    for i, rule in enumerate(ctx.scenario.special_rules):
        if isinstance(rule, LeaderFalls):
            events += _leader_falls(ctx, rule)
            continue
        named_turn = rule.release_turn == state.turn and state.step_index == 0
        if (i in state.releases_due or named_turn) and rule.held & set(state.held):
            for uid in rule.held:
                state.held.pop(uid, None)
            why = ("its named turn" if named_turn
                   else f"an enemy entered hexrow {rule.release_hexrow}")
            events.append(UnitsReleased(tuple(sorted(rule.held)), rule.name, why, rule.rule))
        state.releases_due.discard(i)
    return events


def _leader_falls(ctx: RuleContext, rule: LeaderFalls) -> list[Event]:
    state: GameState = ctx.state
    at_turn_start = rule.turn == state.turn and state.step_index == 0
    enabled = not rule.optional or RuleOptions.of(ctx.scenario.options).historical_events
    if not (at_turn_start and enabled and rule.unit in state.units):
        return []
    del state.units[rule.unit]
    return [OfficerIncapacitated(rule.unit, rule.rule)]


def note_release_triggers(ctx: RuleContext, side: Side | None, events: list[Event]) -> None:
    """An enemy unit entering the named hexrow releases the held units from the next phase
    (22.2)."""
    state: GameState = ctx.state
    if side is None:
        return
    entered = [ctx.map.hex_id(h) for e in events if isinstance(e, UnitMoved) for h in e.path]
    for i, rule in enumerate(ctx.scenario.special_rules):
        if isinstance(rule, LeaderFalls):
            continue
        if rule.held & set(state.held) and rule.triggered_by(side, entered):
            state.releases_due.add(i)


def _remove_move_markers(ctx: RuleContext) -> list[Event]:
    state: GameState = ctx.state
    events: list[Event] = []
    for unit in state.side_units(phasing_side(ctx)):
        gone = unit.status & {Status.MOVED, Status.DOUBLE_MOVED}
        if gone:
            state.units[unit.id] = replace(unit, status=unit.status - gone)
            events.append(MarkersRemoved(unit.id, frozenset(gone), ctx.step.rule))
    return events


def _reset_movement(ctx: RuleContext) -> list[Event]:
    state: GameState = ctx.state
    state.mp_spent.clear()
    state.off_pike.clear()
    state.double_moving.clear()
    state.descended_steep.clear()
    state.pivots.clear()
    return []


def _reinforcements(ctx: RuleContext) -> list[Event]:
    return arrive(ctx.scenario.reinforcements, ctx.state.turn, phasing_side(ctx), ctx.state,
                  ctx.map)


def _start_fire(ctx: RuleContext) -> list[Event]:
    state: GameState = ctx.state
    state.fired.clear()
    state.fire_passed.clear()
    state.fire_next = phasing_side(ctx).other
    return []


def _rally(ctx: RuleContext) -> list[Event]:
    return rally_phase(ctx.state, phasing_side(ctx), ctx.map, ctx.dice, ctx.scenario.options,
                       ctx.rules.costs)


def _exhaustion(ctx: RuleContext) -> list[Event]:
    state: GameState = ctx.state
    scenario = ctx.scenario
    all_units = [*scenario.units, *(u for r in scenario.reinforcements for u in r.units)]
    movement = TacticalQueries.of(ctx).movement
    in_front = {brigade_of(u) for side in Side for u in state.side_units(side)
                if u.hex in movement.enemy_front(side)}
    changes = conclude_turn(state, printed_strengths(all_units), in_front)
    return [ExhaustionChanged(b, state.exhaustion[b], terms) for b, terms in changes.items()]


REMOVE_MOVE_MARKERS = Effect("remove M and DM markers (1.21)", _remove_move_markers)
REPLACE_LEADERS = Effect("replace incapacitated leaders (1.21)",
                         lambda ctx: replace_leaders(ctx.state, phasing_side(ctx)))
RESET_MOVEMENT = Effect("reset movement points", _reset_movement)
REINFORCEMENTS = Effect("reinforcements of the turn arrive at their entry hexes",
                        _reinforcements)
START_FIRE = Effect("the non-phasing side fires first (1.23)", _start_fire)
RALLY = Effect("routed, then shaken units try to rally; HM markers removed (1.24)", _rally)
EXHAUSTION = Effect("brigades' exhaustion adjusted (1.3)", _exhaustion)
