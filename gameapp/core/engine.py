"""Game: the one public API that the window, the tests, the command line and the AI all drive.

    game = Game.from_scenario("scenarios/demo.yaml", seed=7)
    game.phase, game.current_side, game.state
    action in game.legal_actions()
    events = game.apply(action)      # or IllegalActionError(reason, rule)
    game.undo()
    game.pending_decision            # a choice waiting for game.acting_side (decisions.py)
    game.charge_preview(target)      # a charge's SPs, odds and exact chances before its roll

The phase machine walks the ruleset's declared steps (`phases.py`). Rules live in `rules/`; the
engine only routes actions to them, records the log and keeps undo snapshots.
"""

from __future__ import annotations

import itertools
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass, field, replace
from pathlib import Path

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
    ResolveCharge,
    RetreatBeforeCombat,
    StackRoll,
)
from gameapp.core.breakdown import IllegalActionError
from gameapp.core.decisions import PendingDecision
from gameapp.core.dice import Dice, Roll
from gameapp.core.events import (
    ChargeDeclared,
    DecisionPending,
    Event,
    ExhaustionChanged,
    FireShotPassed,
    MarkersRemoved,
    OfficerIncapacitated,
    PhaseStarted,
    RoutMovementPending,
    UnitMoved,
    UnitsReleased,
)
from gameapp.core.hexgrid import Hex
from gameapp.core.mapdata import HexMap
from gameapp.core.phases import TACTICAL_TURN, Phase, Player, StartEffect, Step
from gameapp.core.rules.arrivals import arrive
from gameapp.core.rules.charge.preview import ChargePreview, preview_charge
from gameapp.core.rules.chargephase import (
    AUTOMATIC_VICTORY_RULE,
    automatic_victory,
    charge_parties,
    resolve_charge_at,
    resolve_charges,
)
from gameapp.core.rules.exhaustion import brigade_of, conclude_turn, printed_strengths
from gameapp.core.rules.fire.phase import FireRules
from gameapp.core.rules.movement.costs import MoveCosts
from gameapp.core.rules.movement.phase import MovementRules
from gameapp.core.rules.path_choice import hold_end_step
from gameapp.core.rules.pending_checks import after_action, answer_stack_roll, start_phase
from gameapp.core.rules.rally import rally_phase
from gameapp.core.rules.retreat import RetreatOptions, retreat_paths
from gameapp.core.rules.rout import rout_move
from gameapp.core.rules.victory import VictoryResult, score, sudden_death, update_holders
from gameapp.core.rules.withdrawal import answer, charge_decisions
from gameapp.core.scenario import Scenario, load_scenario
from gameapp.core.specialrules import HeldUntilReleased, LeaderFalls
from gameapp.core.state import GameState
from gameapp.core.units import Side, Status, UnitKind

_REVISIONS = itertools.count(1)


@dataclass(frozen=True)
class LogEntry:
    turn: int
    phase: Phase
    side: Side | None
    action: str
    rolls: tuple[Roll, ...] = ()


@dataclass
class _Snapshot:
    state: GameState
    log_length: int
    dice_history_length: int


@dataclass
class Game:
    scenario: Scenario
    state: GameState
    dice: Dice
    turn_steps: tuple[Step, ...] = TACTICAL_TURN
    log: list[LogEntry] = field(default_factory=list)
    _undo: list[_Snapshot] = field(default_factory=list)
    opening_events: list[Event] = field(default_factory=list)  # what starting the game did
    _costs: MoveCosts = field(init=False)

    def __post_init__(self) -> None:
        self._costs = MoveCosts(self.scenario.map)

    # --- construction -----------------------------------------------------------------------
    @classmethod
    def from_scenario(cls, path: str | Path | Scenario, seed: int = 0) -> Game:
        scenario = path if isinstance(path, Scenario) else load_scenario(path)
        state = GameState(
            turn=scenario.clock.first_turn,
            step_index=0,
            first_side=scenario.first_side,
            units={u.id: u for u in scenario.units},
            held={uid: uid in rule.may_fire for rule in scenario.special_rules
                  if isinstance(rule, HeldUntilReleased) for uid in rule.held},
            holders={v.hex: v.holder for v in scenario.victory_hexes if v.holder is not None},
            entered={u.id for u in scenario.units},
        )
        state.revision = next(_REVISIONS)
        game = cls(scenario=scenario, state=state, dice=Dice(seed=seed))
        game.opening_events = game._enter_step()
        if game.step.ends_by_itself:
            game.opening_events += game._end_step()
        return game

    @property
    def map(self) -> HexMap:
        return self.scenario.map

    @property
    def movement(self) -> MovementRules:
        return MovementRules(self.map, self.scenario.options, self.state, self._costs,
                             self.scenario.los_conventions)

    @property
    def fire(self) -> FireRules:
        light = self.scenario.clock.light_of(self.state.turn)
        return FireRules(self.map, self.scenario.los_conventions, self.state, light)

    # --- where we are -----------------------------------------------------------------------
    @property
    def step(self) -> Step:
        return self.turn_steps[self.state.step_index]

    @property
    def phase(self) -> Phase:
        return self.step.phase

    @property
    def current_side(self) -> Side | None:
        """The side whose phase it is (None during the turn conclusion)."""
        if self.step.player is Player.FIRST:
            return self.state.first_side
        if self.step.player is Player.SECOND:
            return self.state.first_side.other
        return None

    @property
    def pending_decision(self) -> PendingDecision | None:
        """A choice waiting for a player (decisions.py): while there is one, only its options
        are legal and its side acts."""
        return self.state.decisions[0] if self.state.decisions else None

    @property
    def acting_side(self) -> Side | None:
        """The side that acts now: the side of a pending decision, the phasing side, or in the
        fire phase the side whose shot it is (1.23)."""
        if self.state.decisions:
            return self.state.decisions[0].side
        if self.phase is Phase.FIRE:
            return self.state.fire_next
        return self.current_side

    @property
    def clock(self) -> str:
        return self.scenario.clock.time_of(self.state.turn)

    @property
    def is_over(self) -> bool:
        """After the last turn, or as soon as a scenario's sudden-death condition is met."""
        return (self.state.turn > self.scenario.clock.last_turn
                or sudden_death(self.state, self.scenario) is not None)

    def result(self) -> VictoryResult:
        """The score now (the final result once the game is over), term by term."""
        return score(self.state, self.scenario)

    # --- actions ----------------------------------------------------------------------------
    def legal_actions(self) -> LegalActions:
        return LegalActions(self)

    def check(self, action: Action) -> None:
        """Raise IllegalActionError if `action` is not legal now."""
        if self.is_over:
            raise IllegalActionError("the game is over", "1.3")
        decision = self.pending_decision
        if decision is not None:
            if decision.option_for(action) is None:
                choices = ", ".join(o.notation for o in decision.options)
                raise IllegalActionError(
                    f"{decision.side.label} must first decide: {decision.question} "
                    f"({choices})", decision.rule)
            return
        if isinstance(action, RetreatBeforeCombat | Prolong | ChooseRetreatPath | StackRoll):
            raise IllegalActionError("no decision is waiting for that answer", "-")
        if isinstance(action, ResolveCharge):
            if self.phase is not Phase.CHARGE:
                raise IllegalActionError(
                    f"charges are resolved in the charge phase, not the {self.phase.value} "
                    "phase", "1.25")
            if action.target not in self.state.charges:
                raise IllegalActionError(
                    f"no charge is declared on {self.map.hex_id(action.target)}", "1.25")
            return
        if isinstance(action, EndPhase):
            return  # in the fire phase, ending the phase is the acting side's pass
        if isinstance(action, Fire | Pass):
            if self.phase is not Phase.FIRE:
                raise IllegalActionError(f"no firing in the {self.phase.value} phase", "1.23")
            if isinstance(action, Fire):
                self.fire.plan(action, self.acting_side)
            return
        if isinstance(action, Move | Face | ChangeFormation | Cover):
            if self.phase is not Phase.MOVEMENT:
                raise IllegalActionError(
                    f"units move only in their movement phase, not in the {self.phase.value} phase",
                    "1.22",
                )
            self.movement.plan(action, self.current_side)
            return
        raise IllegalActionError(f"unknown action {action!r}", "-")

    def apply(self, action: Action) -> list[Event]:
        """Apply a legal action and return what it caused; IllegalActionError if not legal."""
        self.check(action)
        snapshot = _Snapshot(self.state.copy(), len(self.log), len(self.dice.history))
        rolls_before = len(self.dice.history)
        side, phase, turn = self.acting_side, self.phase, self.state.turn
        decision = self.pending_decision
        if decision is not None:
            events = self._decide(decision, action)
        elif isinstance(action, ResolveCharge):
            events = self._resolve_charge(action.target)
        elif isinstance(action, EndPhase) and self.phase is Phase.CHARGE:
            events = resolve_charges(self.state, self.map, self.dice, self.scenario.options,
                                     self._costs)
            if not hold_end_step(self.state):  # else it ends after the owner's picks (7.6)
                events += self._end_step()
        elif isinstance(action, EndPhase) and self.phase is not Phase.FIRE:
            events = self._end_step()
        elif isinstance(action, Fire | Pass | EndPhase):
            events = self._fire_or_pass(Pass() if isinstance(action, EndPhase) else action)
        else:
            assert isinstance(action, Move | Face | ChangeFormation | Cover)
            events = self.movement.execute(action, self.current_side)
            events += self._declared_charges(events)
            self._note_release_triggers(self.current_side, events)
        # issue 5 morale hook: 7.83 marks, 7.38 and pending checks resolved, engagement
        events += after_action(self.state, snapshot.state, events, self.map, self.dice,
                               self.scenario.options, self._costs)
        if self.state.decisions and not any(isinstance(e, DecisionPending) for e in events):
            events.append(DecisionPending(self.state.decisions[0]))  # e.g. a rout path (7.6)
        update_holders(self.state, [v.hex for v in self.scenario.victory_hexes])
        self.state.entered.update(self.state.units)
        self.state.revision = next(_REVISIONS)
        self.log.append(
            LogEntry(
                turn,
                phase,
                side,
                action.to_text(self.map.numbering),
                tuple(self.dice.history[rolls_before:]),
            )
        )
        self._undo.append(snapshot)
        return events

    @property
    def can_undo(self) -> bool:
        """False when there is nothing to undo or the last action revealed a roll."""
        return bool(self._undo) and not self.log[-1].rolls

    def undo(self) -> None:
        """Restore the state before the last action. Never crosses a roll a player has seen."""
        if not self._undo:
            raise IllegalActionError("nothing to undo", "-")
        if self.log[-1].rolls:
            raise IllegalActionError("the dice have been seen: this action cannot be undone", "-")
        snapshot = self._undo.pop()
        self.state = snapshot.state
        del self.log[snapshot.log_length :]

    def _fire_or_pass(self, action: Fire | Pass) -> list[Event]:
        """Resolve the shot, then hand the next one to the other side unless it has passed;
        the phase ends when both have passed (1.23)."""
        shooter = self.state.fire_next
        assert shooter is not None
        events: list[Event] = []
        if isinstance(action, Fire):
            events += self.fire.execute(action, shooter, self.dice)
            events += self._pending_routs(events, action)
        else:
            self.state.fire_passed.add(shooter)
        if len(self.state.fire_passed) == 2:
            return events + self._end_step()
        other = shooter.other
        self.state.fire_next = shooter if other in self.state.fire_passed else other
        return [*events, FireShotPassed(self.state.fire_next)]

    def _declared_charges(self, events: list[Event]) -> list[Event]:
        """The charged player's choices on a hex charged for the first time (3.5, 3.57); the
        charges to resolve at once (3.411 under the MP limits, 3.412 automatic victory) wait
        for those choices."""
        for event in events:
            if not isinstance(event, ChargeDeclared):
                continue
            if self.state.charges.get(event.target) == (event.unit_id,):
                self.state.decisions += charge_decisions(
                    self.state, self.map, event.target, self.scenario.options, self._costs)
            if automatic_victory(self.state, event.target):
                self.state.deferred_charges[event.target] = AUTOMATIC_VICTORY_RULE
            elif event.immediate:
                self.state.deferred_charges.setdefault(event.target, "3.411")
        return self._settle()

    def _decide(self, decision: PendingDecision, action: Action) -> list[Event]:
        """Carry out the answer to the pending decision, then whatever waited for it."""
        self.state.decisions.pop(0)
        if isinstance(action, StackRoll):  # note 3: the checks roll; fire's routers rout
            events = answer_stack_roll(self.state, self.map, decision, action.one, self.dice,
                                       self.scenario.options, self._costs)
            assert decision.target is not None
            events += self._pending_routs(events, Fire(decision.causers, decision.target))
            return events + self._settle()
        assert isinstance(action, RetreatBeforeCombat | Prolong | ChooseRetreatPath)
        events, more = answer(self.state, self.map, decision, action, self.dice,
                              self.scenario.options, self._costs)
        self.state.decisions[:0] = more
        events += self._settle()
        ended = decision.rout is not None and decision.rout.end_step
        if not self.state.decisions and (self.step.ends_by_itself or ended):
            events += self._end_step()  # the step waited for the decision (a rout path)
        return events

    def _settle(self) -> list[Event]:
        """Ask the next decision if there is one; otherwise resolve the charges waiting for
        the decisions, in the order they were declared."""
        events: list[Event] = []
        while not self.state.decisions and self.state.deferred_charges:
            target = next(iter(self.state.deferred_charges))
            rule = self.state.deferred_charges.pop(target)
            if target in self.state.charges:
                events += resolve_charge_at(self.state, self.map, target, self.dice,
                                            self.scenario.options, self._costs, rule=rule)
        if self.state.decisions:
            events.append(DecisionPending(self.state.decisions[0]))
        return events

    def _resolve_charge(self, target: Hex) -> list[Event]:
        return resolve_charge_at(self.state, self.map, target, self.dice, self.scenario.options,
                                 self._costs) + self._settle()

    def _pending_routs(self, events: list[Event], action: Fire) -> list[Event]:
        """The rout movement fire's morale checks called for, away from the firers."""
        firers = [self.state.units[f] for f in action.firers if f in self.state.units]
        out: list[Event] = []
        for event in events:
            if isinstance(event, RoutMovementPending):
                out += rout_move(self.state, self.map, event.unit_id, firers,
                                 self.scenario.options, self._costs)
        return out

    # --- the phase machine ------------------------------------------------------------------
    def _end_step(self) -> list[Event]:
        events: list[Event] = []
        while True:
            if self.state.step_index + 1 < len(self.turn_steps):
                self.state.step_index += 1
            else:
                self.state.step_index = 0
                self.state.turn += 1
                if self.is_over:
                    return events
            events += self._enter_step()
            if not self.step.ends_by_itself or self.state.decisions:
                return events

    def _enter_step(self) -> list[Event]:
        events: list[Event] = [
            PhaseStarted(self.state.turn, self.current_side, self.phase, self.clock)
        ]
        events += self._releases()
        # issue 5 morale hook: checks left from the phase that ended, notes 1-2 afresh, engagement
        events += start_phase(self.state, self.map, self.dice, self.scenario.options, self._costs)
        self.state.rout_moved.clear()  # one rout movement per unit per phase (7.65)
        for effect in self.step.on_start:
            events += self._start_effect(effect)
        return events

    def _releases(self) -> list[Event]:
        """Held units released from this phase on: by a trigger in an earlier phase, or from
        the start of the rule's named turn."""
        events: list[Event] = []
        for i, rule in enumerate(self.scenario.special_rules):
            if isinstance(rule, LeaderFalls):
                events += self._leader_falls(rule)
                continue
            named_turn = rule.release_turn == self.state.turn and self.state.step_index == 0
            if (i in self.state.releases_due or named_turn) and rule.held & set(self.state.held):
                for uid in rule.held:
                    self.state.held.pop(uid, None)
                why = "its named turn" if named_turn else f"an enemy entered hexrow " \
                    f"{rule.release_hexrow}"
                events.append(UnitsReleased(tuple(sorted(rule.held)), rule.name, why, rule.rule))
            self.state.releases_due.discard(i)
        return events

    def _leader_falls(self, rule: LeaderFalls) -> list[Event]:
        at_turn_start = rule.turn == self.state.turn and self.state.step_index == 0
        enabled = not rule.optional or bool(self.scenario.options.get("historical_events"))
        if not (at_turn_start and enabled and rule.unit in self.state.units):
            return []
        del self.state.units[rule.unit]
        return [OfficerIncapacitated(rule.unit, f"{rule.rule}: {rule.name}")]

    def _note_release_triggers(self, side: Side | None, events: list[Event]) -> None:
        """An enemy unit entering the named hexrow releases the held units from the next
        phase (22.2)."""
        if side is None:
            return
        entered = [self.map.hex_id(h) for e in events if isinstance(e, UnitMoved) for h in e.path]
        for i, rule in enumerate(self.scenario.special_rules):
            if isinstance(rule, LeaderFalls):
                continue
            if rule.held & set(self.state.held) and rule.triggered_by(side, entered):
                self.state.releases_due.add(i)

    def _start_effect(self, effect: StartEffect) -> list[Event]:
        events: list[Event] = []
        if effect is StartEffect.REMOVE_MOVE_MARKERS:
            for unit in self.state.side_units(self._side()):
                gone = unit.status & {Status.MOVED, Status.DOUBLE_MOVED}
                if gone:
                    self.state.units[unit.id] = replace(unit, status=unit.status - gone)
                    events.append(MarkersRemoved(unit.id, frozenset(gone), self.step.rule))
        elif effect is StartEffect.EXHAUSTION:
            events += self._conclude_turn()
        elif effect is StartEffect.REINFORCEMENTS:
            events += arrive(self.scenario.reinforcements, self.state.turn, self._side(),
                             self.state, self.map,
                             str(self.scenario.options.get("stacking", "tec_sl")))
        elif effect is StartEffect.START_FIRE:
            self.state.fired.clear()
            self.state.fire_passed.clear()
            self.state.fire_next = self._side().other
        elif effect is StartEffect.RALLY:
            events += rally_phase(self.state, self._side(), self.map, self.dice,
                                  self.scenario.options, self._costs)
        elif effect is StartEffect.RESET_MOVEMENT:
            self.state.mp_spent.clear()
            self.state.off_pike.clear()
            self.state.double_moving.clear()
            self.state.pivots.clear()
        return events

    def _conclude_turn(self) -> list[Event]:
        all_units = [*self.scenario.units, *(u for r in self.scenario.reinforcements
                                              for u in r.units)]
        in_front = {brigade_of(u) for side in Side for u in self.state.side_units(side)
                    if u.hex in self.movement.enemy_front(side)}
        changes = conclude_turn(self.state, printed_strengths(all_units), in_front)
        return [ExhaustionChanged(b, self.state.exhaustion[b], terms)
                for b, terms in changes.items()]

    def _side(self) -> Side:
        side = self.current_side
        assert side is not None, "a start effect of a player's phase"
        return side

    def charge_preview(self, target: Hex, attacker_ids: Sequence[str] | None = None,
                       positions: Mapping[str, Hex] | None = None) -> ChargePreview:
        """The charge on `target` before its dice: both sides' SPs step by step, the odds and
        the exact chance of each outcome. Nothing changes.

        Without `attacker_ids`: the charge declared on `target` (the charge phase, or a
        non-immediate charge during movement). With them: the charge those units would make
        together with any already declared on `target`, each from where it stands or from
        `positions[unit_id]` (the hex a charge move would stop it in). IllegalActionError when
        there is no such charge to preview.

            preview = game.charge_preview(game.map.parse("0604"))
            preview.odds.column.label, preview.probability(ChargeOutcome.DEFENDER_ROUTS)
        """
        declared = self.state.charges.get(target, ())
        ids = (*declared, *(i for i in attacker_ids or () if i not in declared))
        if not ids:
            raise IllegalActionError(f"no charge is declared on {self.map.hex_id(target)}",
                                     "1.25")
        unknown = [i for i in ids if i not in self.state.units]
        if unknown:
            raise IllegalActionError(f"there is no unit {unknown[0]} on the map", "-")
        parties = charge_parties(self.state, target, ids, positions)
        if parties is None:
            raise IllegalActionError(f"nothing to charge in {self.map.hex_id(target)}: no "
                                     "unrouted charging unit or no enemy combat unit", "1.25")
        charging, defenders, situation = parties
        return preview_charge(charging, defenders, self.map, situation,
                              declared=set(ids) <= set(declared))

    def retreat_options(self, unit_id: str, distance: int = 2,
                        causer_ids: Sequence[str] | None = None) -> RetreatOptions:
        """The retreat paths `unit_id` would have if it had to retreat `distance` hexes now,
        away from the units `causer_ids` (by default the nearest enemy combat units), under the
        scenario's `retreat` and `stacking` options (what the window highlights; nothing
        changes). IllegalActionError if the unit is not on the map."""
        unit = self.state.units.get(unit_id)
        if unit is None:
            raise IllegalActionError(f"there is no unit '{unit_id}'", "-")
        enemies = [u for u in self.state.units.values()
                   if u.side is not unit.side and u.kind is not UnitKind.LEADER]
        nearest = min((unit.hex.distance(u.hex) for u in enemies), default=0)
        causers = [u for u in enemies if unit.hex.distance(u.hex) == nearest]
        if causer_ids is not None:
            causers = [self.state.units[i] for i in causer_ids if i in self.state.units]
        options = self.scenario.options
        return retreat_paths(unit, distance, causers, self.state.units, self.map,
                             str(options.get("retreat", "ss15_4")),
                             str(options.get("stacking", "tec_sl")), costs=self._costs)


class LegalActions:
    """The legal actions now: supports `in`, and iterates lazily."""

    def __init__(self, game: Game) -> None:
        self._game = game

    def __contains__(self, action: object) -> bool:
        try:
            self._game.check(action)  # type: ignore[arg-type]
        except IllegalActionError:
            return False
        return True

    def __iter__(self) -> Iterator[Action]:
        game = self._game
        if game.is_over:
            return
        side = game.acting_side
        decision = game.pending_decision
        if decision is not None:
            yield from (option.action for option in decision.options)
            return
        if game.phase is Phase.FIRE:
            yield Pass()
            if side is not None:
                yield from game.fire.legal_fires(side)
            return
        yield EndPhase()
        if game.phase is Phase.CHARGE:
            yield from (ResolveCharge(target) for target in game.state.charges)
        if game.phase is Phase.MOVEMENT and side is not None:
            yield from game.movement.legal_actions(side)
