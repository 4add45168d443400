"""What happens when a tactical step begins: the housekeeping of every step (held units released,
the morale checks left from the step that ended, one rout movement a phase) and each step's own
start effects (markers removed, movement reset, reinforcements, fire handed to the non-phasing
side, rally, exhaustion at the turn's conclusion)."""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass, replace

from gameapp.core.events import (
    Event,
    ExhaustionChanged,
    MarkersRemoved,
    OfficerIncapacitated,
    RoutMoved,
    UnitMoved,
    UnitsReleased,
)
from gameapp.core.hexgrid import Hex
from gameapp.core.options import RuleOptions
from gameapp.core.rules.arrivals import arrive, generals_follow
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


def note_release_triggers(ctx: RuleContext, before: GameState, events: list[Event]
                          ) -> list[Event]:
    """An enemy unit entering the named hexrow releases the held units from the next phase
    (22.2), whatever the way it entered: a move, a charge advance, a withdrawal or a rout (the
    paths of UnitMoved and RoutMoved), or any other change of hex seen against the state
    before the action (a retreat, an arrival). When the action itself ended the phase, the
    next phase has begun already, so the units are released at once."""
    state: GameState = ctx.state
    entered: dict[Side, list[str]] = {}

    def enters(unit_id: str, hexes: Iterable[Hex]) -> None:
        unit = state.units.get(unit_id) or before.units.get(unit_id)
        if unit is not None:
            entered.setdefault(unit.side, []).extend(ctx.map.hex_id(h) for h in hexes)

    for e in events:
        if isinstance(e, UnitMoved):
            enters(e.unit_id, e.path)
        elif isinstance(e, RoutMoved):
            enters(e.unit_id, e.path[1:])  # its start comes first
    for uid, unit in state.units.items():
        was = before.units.get(uid)
        if was is None or was.hex != unit.hex:
            enters(uid, (unit.hex,))
    due = False
    for i, rule in enumerate(ctx.scenario.special_rules):
        if isinstance(rule, LeaderFalls) or not rule.held & set(state.held):
            continue
        if any(rule.triggered_by(side, ids) for side, ids in entered.items()):
            state.releases_due.add(i)
            due = True
    step_changed = (before.turn, before.step_index) != (state.turn, state.step_index)
    return releases(ctx) if due and step_changed else []


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
    state.entry_general.clear()
    return []


def _reinforcements(ctx: RuleContext) -> list[Event]:
    options = RuleOptions.of(ctx.scenario.options)
    return arrive(ctx.scenario.reinforcements, ctx.state.turn, phasing_side(ctx), ctx.state,
                  ctx.map, options.stacking, options.general_entry_bonus)


def _start_fire(ctx: RuleContext) -> list[Event]:
    state: GameState = ctx.state
    events = generals_follow(state, TacticalQueries.of(ctx).movement)
    state.fired.clear()
    state.fire_passed.clear()
    state.fire_next = phasing_side(ctx).other
    return events


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
START_FIRE = Effect("generals follow the units they sped on (002 4); the non-phasing side "
                    "fires first (1.23)", _start_fire)
RALLY = Effect("routed, then shaken units try to rally; HM markers removed (1.24)", _rally)
EXHAUSTION = Effect("brigades' exhaustion adjusted (1.3)", _exhaustion)
