"""The fire phase (1.23): checking a fire attack, its odds, and carrying it out.

`FireRules.plan` gathers what the geometry says (range, enfilade, line of fire, the hexside the
fire crosses, slopes) into the fire procedure's inputs, computes the fire points and every dice
modifier, and the exact odds of each result. `FireRules.execute` rolls, reads the FCRT and applies
the result at once: casualties, officers hit, the morale checks it calls for, ammunition. When
two or more units of the hex must check, the checks wait for their owner's note-3 choice (one
roll for the stack or one each, `rules/stack_roll.py`): a `STACK_ROLL` decision.
Decisions the seed leaves open are in docs/rules.md, "Fire combat in play".
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass, replace
from fractions import Fraction

from gameapp.core.actions import Fire
from gameapp.core.breakdown import Breakdown, IllegalActionError, Term
from gameapp.core.decisions import LossesLeft
from gameapp.core.dice import D66, Dice
from gameapp.core.events import (
    AmmunitionSpent,
    CasualtiesTaken,
    DecisionPending,
    Event,
    FireResolved,
    OfficerIncapacitated,
    UnitEliminated,
)
from gameapp.core.facing import facing_name
from gameapp.core.hexgrid import Hex
from gameapp.core.mapdata import HexMap
from gameapp.core.options import RuleOptions
from gameapp.core.rules.exhaustion import FIRED, HIT, level_of, note
from gameapp.core.rules.fire.duels import (
    DUEL_RULE,
    DUEL_STEPS,
    duel_ground,
    duel_refusal,
    is_duel,
)
from gameapp.core.rules.fire.enfilade import enfilade
from gameapp.core.rules.fire.field import FieldCell, field_of_fire, fire_check
from gameapp.core.rules.fire.inputs import (
    FirerInput,
    Situation,
    Sun,
    TargetInput,
    TargetMovement,
)
from gameapp.core.rules.fire.lineoffire import avoids_hexes, slope_top_counts, steep_slope_counts
from gameapp.core.rules.fire.losses import loss_candidates, loss_decision
from gameapp.core.rules.fire.modifiers import dice_modifiers, target_modifiers
from gameapp.core.rules.fire.points import FirePoints, fire_points
from gameapp.core.rules.fire.tables import fcrt_result, officer_hit
from gameapp.core.rules.fire.target import majority
from gameapp.core.rules.fire.terrain import firing_limit
from gameapp.core.rules.morale import CheckKind, exhaustion_term, level_modifiers
from gameapp.core.rules.morale_play import ignored
from gameapp.core.rules.stack_roll import (
    apply_fire_check,
    due_check,
    roll_checks,
    stack_decision,
)
from gameapp.core.scenario import Light
from gameapp.core.state import GameState
from gameapp.core.terrain import HexFeature, HexsideFeature, Slope
from gameapp.core.units import Side, Status, Unit, UnitKind

ALL_ROLLS = [tens * 10 + units for tens in range(1, 7) for units in range(1, 7)]
SUN_BY_LIGHT = {
    Light.DAY: Sun.DAY,
    Light.DAWN: Sun.DAWN,
    Light.DUSK: Sun.DUSK,
    Light.TWILIGHT: Sun.TWILIGHT,
    Light.NIGHT: Sun.TWILIGHT,  # the seed has no night row: night fire reads as twilight
}


@dataclass(frozen=True)
class FirePlan:
    firers: tuple[FirerInput, ...]
    target: TargetInput
    situation: Situation
    points: FirePoints
    modifiers: Breakdown
    odds: dict[str, Fraction]  # result (NE, A, A1, C1 ... C6, "officer hit") -> chance


class FireRules:
    def __init__(self, game_map: HexMap, conventions: tuple[str, ...], state: GameState,
                 light: Light = Light.DAY, options: RuleOptions | None = None) -> None:
        self.map = game_map
        self.conventions = conventions
        self.state = state
        self.light = light
        self.options = options or RuleOptions()

    # --- what the window asks -----------------------------------------------------------------
    def field(self, unit_id: str) -> dict[Hex, FieldCell]:
        unit = self.state.units[unit_id]
        return field_of_fire(unit, self.state.units, self.map, self.conventions)

    def targets(self, unit_id: str) -> dict[Hex, FieldCell]:
        """The hexes in the unit's field of fire that hold enemy combat units."""
        unit = self.state.units[unit_id]
        enemy = {u.hex for u in self.state.side_units(unit.side.other)
                 if u.kind is not UnitKind.LEADER}
        return {h: c for h, c in self.field(unit_id).items() if h in enemy}

    def legal_fires(self, side: Side) -> Iterator[Fire]:
        """Each unit of `side` that has not fired, at each target hex it could hit."""
        for unit in self.state.side_units(side):
            if unit.id in self.state.fired:
                continue
            for h in self.targets(unit.id):
                guns = any(u.kind is UnitKind.ARTILLERY for u in self.state.units_at(h)
                           if u.side is not side)
                for action in (Fire((unit.id,), h), Fire((unit.id,), h, at_guns=True)):
                    if action.at_guns and not guns:
                        continue
                    try:
                        self.plan(action, side)
                    except IllegalActionError:
                        continue
                    yield action

    # --- checking -----------------------------------------------------------------------------
    def plan(self, action: Fire, side: Side | None) -> FirePlan:
        if not action.firers:
            raise IllegalActionError("a fire attack needs at least one firer", "1.23")
        firers = [self._firer(uid, action.target, side) for uid in action.firers]
        defenders = tuple(u for u in self.state.units_at(action.target) if u.side is not side)
        if not any(u.kind is not UnitKind.LEADER for u in defenders):
            raise IllegalActionError("there is no enemy combat unit to fire at there",
                                     "003 5.2c")
        at_officer = self._officer(action, defenders)
        target = self._target(action.target, defenders, firers)
        if action.at_guns:
            target = replace(target, at_guns=self._guns(action, defenders))
        duel = self.options.artillery_duels and is_duel(firers, defenders, action.target)
        notes: tuple[Term, ...] = ()
        if duel:  # 002 19-28, an option
            refused = duel_refusal(self.state, firers, self.light)
            if refused is not None:
                raise IllegalActionError(*refused)
            target, notes = duel_ground(self.map, firers, target, action.target)
        situation = Situation(target_movement=self._target_movement(target),
                              sun=SUN_BY_LIGHT[self.light],
                              facing_nw_or_w=any(self._faces_nw_or_w(f) for f in firers),
                              officer_bonus=self._officer_bonus(firers),
                              at_officer=at_officer is not None,
                              drm_cap=self.options.drm_cap, duel=duel, duel_notes=notes)
        inputs = [self._inputs(u, action.target, defenders) for u in firers]
        points = fire_points(inputs, target, situation)
        if points.column is None:
            reasons = "; ".join(f"{p.unit_id}: {p.reason}" for p in points.firers)
            raise IllegalActionError(f"no unit can fire: {reasons}", "6.0")
        if points.column.no_effect:
            raise IllegalActionError(
                f"{points.total} fire points: small arms and canister need at least ½",
                "6.0 step 7")
        modifiers = dice_modifiers(inputs, target, situation, points)
        return FirePlan(tuple(inputs), target, situation, points, modifiers,
                        self._odds(points, modifiers))

    def plan_at(self, firers: list[Unit], target: Unit, at: Hex) -> FirePlan | None:
        """The plan of these units' fire at `target` alone as it stands in `at` (a hex it
        leaves on a retreat: 000 15.4 disengagement fire); None when they have no fire."""
        here = replace(target, hex=at)
        target_input = self._target(at, (here,), firers)
        situation = Situation(target_movement=self._target_movement(target_input),
                              sun=SUN_BY_LIGHT[self.light],
                              facing_nw_or_w=any(self._faces_nw_or_w(f) for f in firers),
                              officer_bonus=self._officer_bonus(firers),
                              drm_cap=self.options.drm_cap)
        inputs = [self._inputs(u, at, (here,)) for u in firers]
        points = fire_points(inputs, target_input, situation)
        if points.column is None or points.column.no_effect:
            return None
        modifiers = dice_modifiers(inputs, target_input, situation, points)
        return FirePlan(tuple(inputs), target_input, situation, points, modifiers,
                        self._odds(points, modifiers))

    def _firer(self, unit_id: str, target: Hex, side: Side | None) -> Unit:
        unit = self.state.units.get(unit_id)
        if unit is None:
            raise IllegalActionError(f"there is no unit {unit_id!r}", "R&C actions")
        if unit.side is not side:
            raise IllegalActionError(f"{unit.defn.name} is not yours to fire now", "1.23")
        if unit.id in self.state.fired:
            raise IllegalActionError(f"{unit.defn.name} has already fired this phase", "1.23")
        if self.state.held.get(unit.id) is False:
            raise IllegalActionError(f"{unit.defn.name} is held until released", "000 22.2")
        check = fire_check(unit, target, self.state.units, self.map, self.conventions)
        if check.cell is None:
            raise IllegalActionError(f"{unit.defn.name} cannot fire there: {check.reason}",
                                     check.rule)
        return unit

    def _officer(self, action: Fire, defenders: tuple[Unit, ...]) -> Unit | None:
        if action.at_officer is None:
            return None
        officer = next((u for u in defenders if u.id == action.at_officer), None)
        if officer is None or officer.kind is not UnitKind.LEADER:
            raise IllegalActionError(f"no enemy officer {action.at_officer!r} in that hex", "6.75")
        if any(self.state.units[uid].kind is UnitKind.ARTILLERY for uid in action.firers):
            raise IllegalActionError("only small arms fire at an officer", "6.75")
        return officer

    def _guns(self, action: Fire, defenders: tuple[Unit, ...]) -> bool:
        """Fire at the guns needs guns in the hex and cannot also be aimed at an officer."""
        if action.at_officer is not None:
            raise IllegalActionError("fire at an officer is small arms at personnel, not at "
                                     "the guns", "6.75")
        if not any(u.kind is UnitKind.ARTILLERY for u in defenders):
            raise IllegalActionError("there are no guns to fire at in that hex", "6.63")
        return True

    def _inputs(self, unit: Unit, target: Hex, defenders: tuple[Unit, ...]) -> FirerInput:
        m = self.map
        line = unit.hex.line_to(target)
        out_of = m.hexside_at(unit.hex, unit.hex.direction_to(line[1]) or 0)
        cell = fire_check(unit, target, self.state.units, m, self.conventions).cell
        assert cell is not None
        friendly = {u.hex for u in self.state.side_units(unit.side) if u.hex != unit.hex}
        troops = [d for d in defenders if d.kind is not UnitKind.LEADER]
        return FirerInput(
            unit=unit,
            distance=unit.hex.distance(target),
            firing_limit=firing_limit(
                m.terrain_at(unit.hex), covered=Status.COVER in unit.status,
                guns=unit.kind is UnitKind.ARTILLERY, features=m.features_at(unit.hex),
                across=out_of),
            canister=cell.canister,
            enfilade=enfilade(unit.hex, max(troops, key=lambda u: u.strength)),
            clear_line_of_fire=avoids_hexes(unit.hex, target, friendly),
            exhaustion=level_of(self.state, unit),
            sps=unit.strength,
        )

    def _target(self, h: Hex, defenders: tuple[Unit, ...], firers: list[Unit]) -> TargetInput:
        m = self.map
        crossed = HexsideFeature.NONE
        for firer in firers:
            line = firer.hex.line_to(h)
            crossed |= m.hexside_at(h, h.direction_to(line[-2]) or 0)
        features = m.features_at(h)
        if not any(slope_top_counts(m, f.hex, h) for f in firers):
            features &= ~HexFeature.SLOPE_TOP
        slopes = (Slope.STEEP_UP,) if any(steep_slope_counts(m, f.hex, h) for f in firers) else ()
        return TargetInput(
            units=defenders, terrain=m.terrain_at(h), features=features, hexsides=crossed,
            parallel_to_hexside=self._parallel(h, defenders, firers, crossed), slopes=slopes,
            sps=tuple((u.id, u.strength) for u in defenders),
            horse_holders=frozenset(u.id for u in defenders if u.defn.horse_holders))  # 5.28

    def _target_movement(self, target: TargetInput) -> TargetMovement:
        """FCRT DRM target movement: +4 when most of the target's SPs (6.63, ties to the
        defender) have declared a regular charge not yet resolved. Immediate charges and
        automatic victories are resolved in the movement phase, before any fire, so their rows
        never meet a fire attack here (docs/rules.md)."""
        charging = {uid for uids in self.state.charges.values() for uid in uids}
        found = majority(target, lambda u: u.id in charging, int)
        return TargetMovement.REGULAR_CHARGE if found and found.value else TargetMovement.NONE

    def _parallel(self, h: Hex, defenders: tuple[Unit, ...], firers: list[Unit],
                  crossed: HexsideFeature) -> bool:
        """N8: the target is in line and the wall or fence it is fired across lies in its front."""
        if not crossed:
            return False
        lines = [d for d in defenders if d.kind is not UnitKind.LEADER]
        fronts = {(d.facing + k) % 6 for d in lines for k in (-1, 0, 1)}
        directions = {h.direction_to(f.hex.line_to(h)[-2]) for f in firers}
        return all(d.formation.value == "line" for d in lines) and directions <= fronts

    def _faces_nw_or_w(self, firer: Unit) -> bool:
        """Dusk: fire towards the setting sun, read from the firer's facing on a north-up map."""
        return facing_name(firer.facing, self.map.orientation) in ("NW", "W")

    def _officer_bonus(self, firers: list[Unit]) -> int:
        hexes = {f.hex for f in firers}
        side = firers[0].side
        return max((u.defn.leader_morale_bonus for u in self.state.side_units(side)
                    if u.kind is UnitKind.LEADER and u.hex in hexes), default=0)

    def _odds(self, points: FirePoints, modifiers: Breakdown) -> dict[str, Fraction]:
        assert points.column is not None
        counts: dict[str, int] = {}
        hits = 0
        for roll in ALL_ROLLS:
            result = fcrt_result(points.column, D66.of(roll) + int(modifiers.total))
            counts[result.result] = counts.get(result.result, 0) + 1
            hits += officer_hit(points.column, roll)
        odds = {name: Fraction(n, 36) for name, n in counts.items()}
        odds["officer hit"] = Fraction(hits, 36)
        return odds

    # --- carrying out -------------------------------------------------------------------------
    def execute(self, action: Fire, side: Side | None, dice: Dice) -> list[Event]:
        plan = self.plan(action, side)
        column = plan.points.column
        assert column is not None
        roll = dice.d66(f"fire at {self.map.hex_id(action.target)}")
        modified = D66.of(roll) + int(plan.modifiers.total)
        result = fcrt_result(column, modified)
        self.state.fired.update(action.firers)
        for uid in action.firers:
            note(self.state, self.state.units[uid], FIRED)
        lines = tuple(plan.points.lines())
        steps = result.steps
        morale_due = result.morale_check_required(plan.points.artillery_only)
        if plan.situation.duel:  # 002 24
            steps, morale_due = min(steps, DUEL_STEPS), False
            lines += (f"{DUEL_RULE} artillery duel: {DUEL_STEPS} step at most, no morale check",)
        events: list[Event] = [FireResolved(
            action.firers, action.target, lines, plan.modifiers, roll,
            str(modified), result.result, steps, column.rule)]
        if action.at_officer is not None:
            if steps:
                events += self._incapacitate(action.at_officer, "6.75")
                steps -= 1
            if not steps:
                morale_due = False  # 6.77: no excess casualties, A and C are ignored
        elif officer_hit(column, roll):
            officer = next((u for u in plan.target.units if u.kind is UnitKind.LEADER), None)
            if officer is not None:
                events += self._incapacitate(officer.id, column.rule)
        protections = tuple(
            Term(f"enemy fire would subtract: {t.label}", t.value, "7.2 fire")
            for t in target_modifiers(plan.target) if t.value < 0)
        left = LossesLeft(steps, plan.target.units, morale_due, protections,
                          plan.target.at_guns)
        events += self._ammunition(action.firers, roll)
        return events + self.allocate(left, action.firers, action.target, dice)

    def allocate(self, left: LossesLeft, firers: tuple[str, ...], target: Hex, dice: Dice,
                 picked: str | None = None) -> list[Event]:
        """The casualty steps `left` holds: `picked` (the owner's answer) takes the first;
        while the owner has a 6.76 choice the next step waits for it (a LOSSES decision);
        the rest come off by our convention. Then the casualties and the morale checks."""
        steps = left.steps
        if picked is not None and steps:
            unit = self.state.units[picked]
            self.state.units[picked] = replace(unit, losses=unit.losses + 1)
            steps -= 1
        if steps and loss_candidates(self.state, left):
            decision = loss_decision(self.state, self.map, replace(left, steps=steps), firers,
                                     target)
            self.state.decisions.append(decision)
            return [DecisionPending(decision)]
        self._take_steps(left.defenders, steps, left.at_guns)
        events: list[Event] = []
        hurt = self._report(left.defenders, events)
        return events + self._morale(left, hurt, dice, firers, target)

    def _incapacitate(self, unit_id: str, rule: str) -> list[Event]:
        self.state.units.pop(unit_id, None)
        return [OfficerIncapacitated(unit_id, rule)]

    def _take_steps(self, defenders: tuple[Unit, ...], steps: int, at_guns: bool) -> None:
        """Our convention: each step off the largest unit; infantry and cavalry stacked with
        guns take them before the gunners (6.76, where the owner is not asked); fire at the
        guns takes them from the batteries only."""
        for _ in range(steps):
            troops = [self.state.units[u.id] for u in defenders
                      if u.id in self.state.units and u.kind is not UnitKind.LEADER
                      and self.state.units[u.id].strength > 0]
            guns = [u for u in troops if u.kind is UnitKind.ARTILLERY]
            personnel = ([u for u in troops if u.kind is not UnitKind.ARTILLERY] or troops
                         ) if not at_guns else guns
            if not personnel:
                break
            victim = max(personnel, key=lambda u: u.strength)
            # fire at the guns destroys a gun; fire at the personnel downs a gun's crew and the
            # gun falls silent but stays with the battery (6.63, 6.76; "Crews and guns")
            self.state.units[victim.id] = replace(victim, losses=victim.losses + 1,
                                                  guns_lost=victim.guns_lost + at_guns)

    def _report(self, defenders: tuple[Unit, ...], events: list[Event]) -> set[str]:
        """The casualties of the fire against the units as they stood before it: events,
        exhaustion notes, eliminations. Returns the ids of units that lost strength."""
        hurt: set[str] = set()
        for before in sorted(defenders, key=lambda u: u.id):
            unit = self.state.units.get(before.id)
            if unit is None or unit.losses == before.losses:
                continue
            hurt.add(unit.id)
            lost = unit.losses - before.losses
            note(self.state, unit, HIT, lost)
            events.append(CasualtiesTaken(unit.id, lost, "FCRT results"))
            if unit.strength <= 0:
                del self.state.units[unit.id]
                events.append(UnitEliminated(unit.id, "FCRT results"))
        return hurt

    def _morale(self, left: LossesLeft, hurt: set[str], dice: Dice, firers: tuple[str, ...],
                target: Hex) -> list[Event]:
        """The morale checks the result calls for. Two or more in the hex: the owner first
        chooses one roll for the stack or one each (note 3), and the checks wait for it."""
        events: list[Event] = []
        due, protections = left.due, list(left.protections)
        checks = []
        for defender in left.defenders:
            unit = self.state.units.get(defender.id)
            if unit is None or unit.kind is UnitKind.LEADER:
                continue
            routed_and_hurt = Status.ROUTED in unit.status and unit.id in hurt
            if routed_and_hurt:
                kind = CheckKind.ROUTED_HIT
            elif unit.kind is UnitKind.CAVALRY:
                kind = CheckKind.CAVALRY  # after any fire at cavalry (7.32)
            elif due:
                kind = CheckKind.FCRT
            else:
                continue
            skip = ignored(self.state, unit.id, kind)
            if skip is not None:  # 7.65, 7.83: no further checks this phase
                events.append(skip)
                continue
            level = level_modifiers(
                unit, self._leader_bonus(unit), exhaustion_term(
                    level_of(self.state, unit)),
                cavalry_unhurt=unit.id not in hurt)
            checks.append(due_check(unit, kind, level, protections))
        hex_id = self.map.hex_id(target)
        if len(checks) >= 2:
            owner = self.state.units[checks[0].unit_id].side
            decision = stack_decision(self.state, owner, target, hex_id, checks,
                                      f"fire at {hex_id}", firers)
            self.state.decisions.append(decision)
            return [*events, DecisionPending(decision)]
        for check in roll_checks(self.state.units, checks, False, dice, hex_id):
            events += apply_fire_check(self.state, check)
        return events

    def _leader_bonus(self, unit: Unit) -> int:
        return max((u.defn.leader_morale_bonus for u in self.state.units_at(unit.hex)
                    if u.kind is UnitKind.LEADER and u.side is unit.side), default=0)

    def _ammunition(self, firers: tuple[str, ...], roll: int) -> list[Event]:
        """A battery that fires on doubles (11, 22 ... 66) drops one ammunition level: full, low,
        none. A battery with none cannot fire (docs/rules.md)."""
        if roll // 10 != roll % 10:
            return []
        events: list[Event] = []
        for uid in firers:
            unit = self.state.units.get(uid)
            if unit is None or unit.kind is not UnitKind.ARTILLERY:
                continue
            status = set(unit.status)
            if Status.LOW_AMMUNITION in status:
                status = (status - {Status.LOW_AMMUNITION}) | {Status.NO_AMMUNITION}
                level = "none"
            else:
                status.add(Status.LOW_AMMUNITION)
                level = "low"
            self.state.units[uid] = replace(unit, status=frozenset(status))
            events.append(AmmunitionSpent(uid, level, "R&C ammunition"))
        return events
