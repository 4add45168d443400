"""Movement candidates for one unit: where to go, which way to face, what formation, charges.

Each hex the engine says the unit can reach (`tactical(game).movement.reachable`) is scored as a
place to stand, in VP, against standing still:

    value(h) = own fire from h (influence.offense)
             - caution x enemy fire into h, with the enfilade our facing there would give
               (influence.threat)
             + objectives (victory hexes, hints, the pull of the attack)
             + a little for friendly fire covering h (influence.support)
             - cohesion (away from the brigade's leader or the brigade's other units)
             - a little for moving at all (exhaustion, the moved marker)

A charge is a move whose last hex holds the enemy; it is scored by expected value from the
charge's exact outcome chances (`tactical(game).charge_preview`, the charge dialog's own figures)
with the charging unit standing in the hex it charges from. Leaders go where a routed or shaken
unit of their side needs their morale bonus for the rally phase, else stay with their brigade.
Routed, shaken and held units have no candidates (the engine refuses them).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field, replace
from fractions import Fraction
from functools import partial

from gameapp.ai.candidates import Candidate
from gameapp.ai.estimates import (
    ROUT_VALUE,
    captured_worth,
    check_cost,
    passes,
)
from gameapp.ai.influence import APPROACH, Influence
from gameapp.ai.objectives import Objectives
from gameapp.ai.settings import Weights
from gameapp.core.actions import ChangeFormation, Cover, Face, Move
from gameapp.core.breakdown import IllegalActionError
from gameapp.core.engine import Game
from gameapp.core.hexgrid import Hex
from gameapp.core.rules.charge import ChargeChances, ChargeOutcome
from gameapp.core.rules.charge.tables import Loser, charge_tables
from gameapp.core.rules.exhaustion import level_of
from gameapp.core.rules.morale import CheckKind, exhaustion_term, level_modifiers, may_take_cover
from gameapp.core.rules.morale_terms import officer_bonus
from gameapp.core.rules.movement.carry_out import IMMEDIATE_CHARGE_LIMITS
from gameapp.core.rules.movement.reach import Reach
from gameapp.core.rulesets.tactical import tactical
from gameapp.core.units import Formation, Side, Status, Unit, UnitKind

MOVE_COST = 0.05  # VP for moving at all
PER_HEX = 0.01
COMMAND_HEXES = 4  # within this many hexes of the brigade's leader
COHESION = 0.08  # VP per hex beyond it
STACKED = 0.15  # VP per friendly unit already in the hex (one shot hits them all)
SUPPORT = 0.02  # VP per friendly fire point covering the hex (mutual support)
SUPPORT_CAP = 0.2
CASCADE = 0.25  # share of a check's cost, per friend next door when either is under fire
CASCADE_SHAKEN = 0.6  # share of a check's cost, per shaken or routed friend next door
RALLY_HELP = {Status.ROUTED: 1.0, Status.SHAKEN: 0.6}
ROUTED_LOSS = 0.8  # VP lost beyond ROUT_VALUE x SPs when a unit routs (rout casualties)
CHARGE_FROM = 2  # hexes a unit may charge from, the best few by value
FOLLOWUP_HEXES = 2  # a router's friends this close may be on or next to its rout path (7.37)
FOLLOWUP_SHARE = 0.5
ROUT_HEXES = 4  # how far a rout's first move goes, for the lanes reserves keep out of
COVER_FORMATIONS = (Formation.LINE, Formation.SKIRMISH)  # the orders that take cover to fire


@dataclass
class MoveContext:
    game: Game
    side: Side
    influence: Influence
    objectives: Objectives
    weights: Weights
    enemy_hexes: frozenset[Hex]
    enemy_troops: dict[Hex, list[Unit]]
    previews: dict[tuple[object, ...], ChargeChances | None] = field(default_factory=dict)
    immediate: set[tuple[object, ...]] = field(default_factory=set)  # charges resolved at once
    at: dict[Hex, list[Unit]] = field(default_factory=dict)  # where everyone stands now
    # each unit's reachable hexes, kept for the phase while the unit is unchanged: a move
    # that stacking has since made illegal is caught by `Game.check` and the entry dropped
    reaches: dict[Unit, dict[Hex, Reach]] = field(default_factory=dict)
    leaders: dict[str, list[Hex]] = field(default_factory=dict)  # by brigade name
    # hex -> the chance a shaken or routed friend routs through or next to it (7.37)
    rout_lanes: dict[Hex, float] = field(default_factory=dict)
    # in a scenario's opening (hints.Opening): the hexes within which enemy infantry or cavalry
    # free a unit, and the goals of a freed unit (the posture the side plays after it)
    freed: tuple[int, Objectives] | None = None
    _closed: dict[Hex, bool] = field(default_factory=dict)  # has the enemy closed on a hex?

    def goals(self, unit: Unit) -> Objectives:
        """The objectives and posture this unit plays by: the side's, or in an opening, the
        later ones once enemy infantry or cavalry stand within the opening's distance of it."""
        if self.freed is None:
            return self.objectives
        within, later = self.freed
        near = self._closed.get(unit.hex)
        if near is None:
            near = self._closed[unit.hex] = any(
                unit.hex.distance(h) <= within and any(
                    u.kind in (UnitKind.INFANTRY, UnitKind.CAVALRY)
                    and Status.ROUTED not in u.status for u in self.enemy_troops[h])
                for h in self.enemy_hexes)
        return later if near else self.objectives

    def refresh(self) -> None:
        """Re-read where the units stand (after each action)."""
        self.at = {}
        self.leaders = {}
        for u in sorted(self.game.state.units.values(), key=lambda u: u.id):
            self.at.setdefault(u.hex, []).append(u)
            if u.side is self.side and u.kind is UnitKind.LEADER and u.defn.brigade:
                self.leaders.setdefault(u.defn.brigade, []).append(u.hex)

    @classmethod
    def build(cls, game: Game, side: Side, influence: Influence, objectives: Objectives,
              weights: Weights, freed: tuple[int, Objectives] | None = None) -> MoveContext:
        troops: dict[Hex, list[Unit]] = {}
        for u in sorted(game.state.side_units(side.other), key=lambda u: u.id):
            if u.kind is not UnitKind.LEADER:
                troops.setdefault(u.hex, []).append(u)
        lanes = rout_lanes(game, side) if weights.avoids_rout_lanes else {}
        return cls(game, side, influence, objectives, weights, frozenset(troops), troops,
                   rout_lanes=lanes, freed=freed)

    def reach(self, unit: Unit) -> dict[Hex, Reach]:
        found = self.reaches.get(unit)
        if found is None:
            found = self.reaches[unit] = tactical(self.game).movement.reachable(unit.id)
        return found

    def name(self, h: Hex) -> str:
        return self.game.map.hex_id(h)


def facing_toward(h: Hex, target: Hex) -> int:
    """The direction from `h` whose neighbour points most nearly at `target`."""
    dq, dr = target.q - h.q, target.r - h.r
    ds = -dq - dr

    def along(direction: int) -> float:
        n = h.neighbor(direction)
        vq, vr = n.q - h.q, n.r - h.r
        return vq * dq + vr * dr + (-vq - vr) * ds

    return max(range(6), key=lambda d: (along(d), -d))


def unit_candidates(ctx: MoveContext, unit: Unit) -> list[Candidate]:
    if unit.kind is UnitKind.LEADER:
        return _leader(ctx, unit)
    if unit.status & {Status.ROUTED, Status.SHAKEN} or unit.id in ctx.game.state.held:
        return []
    if Status.CHARGE in unit.status:
        return []
    here = _value(ctx, unit, unit.hex, unit.facing, unit.formation)
    out: list[Candidate] = []
    focus = _focus(ctx, unit.hex)
    near = sorted(ctx.enemy_hexes, key=lambda e: (e.distance(unit.hex), e.q, e.r))[:6]
    best_face = facing_toward(unit.hex, focus) if focus is not None else unit.facing
    if best_face != unit.facing:
        turned = _value(ctx, unit, unit.hex, best_face, unit.formation)
        out.append(Candidate(Face(unit.id, best_face), turned - here - MOVE_COST / 2,
                             f"turns {unit.defn.name} to face the enemy"))
    out += _formation(ctx, unit, here)
    out += _cover(ctx, unit, here)
    reach = ctx.reach(unit)
    charge_from: list[tuple[float, Hex, tuple[Hex, ...]]] = []
    for h, reached in sorted(reach.items(), key=lambda kv: (kv[0].q, kv[0].r)):
        if h == unit.hex:
            continue
        f = facing_toward(h, min(near, key=lambda e: (e.distance(h), e.q, e.r))
                          if near else (focus or h.neighbor(unit.facing)))
        value = _value(ctx, unit, h, f, unit.formation)
        cost = MOVE_COST + PER_HEX * len(reached.path)
        out.append(Candidate(Move(unit.id, reached.path, facing=f), value - here - cost,
                             partial(_move_text, ctx, unit, h, value - here)))
        if unit.kind in (UnitKind.INFANTRY, UnitKind.CAVALRY) and any(
                n in ctx.enemy_hexes for n in h.neighbors()):
            charge_from.append((value, h, reached.path))
    if unit.kind in (UnitKind.INFANTRY, UnitKind.CAVALRY):
        if any(n in ctx.enemy_hexes for n in unit.hex.neighbors()):
            charge_from.append((here, unit.hex, ()))
        charge_from.sort(key=lambda c: (-c[0], c[1].q, c[1].r))
        for _, h, path in charge_from[:CHARGE_FROM]:
            out += _charges(ctx, unit, h, path, here)
    return out


def follow_up_candidates(ctx: MoveContext, unit: Unit) -> list[Candidate]:
    """What a unit that has moved may still do with the MPs it has left: change formation
    (into line where the enemy is near, unlimbered where there is fire to give)."""
    if unit.kind is UnitKind.LEADER or unit.id in ctx.game.state.held \
            or unit.status & {Status.ROUTED, Status.SHAKEN, Status.CHARGE}:
        return []
    here = _value(ctx, unit, unit.hex, unit.facing, unit.formation)
    return _formation(ctx, unit, here) + _cover(ctx, unit, here)


def _focus(ctx: MoveContext, h: Hex) -> Hex | None:
    """What a unit at `h` should face: the nearest enemy troops."""
    if not ctx.enemy_hexes:
        return ctx.objectives.targets[0] if ctx.objectives.targets else None
    return min(ctx.enemy_hexes, key=lambda e: (e.distance(h), e.q, e.r))


def _value(ctx: MoveContext, unit: Unit, h: Hex, facing: int, formation: Formation) -> float:
    placed = replace(unit, hex=h, facing=facing, formation=formation)
    w = ctx.weights
    offense = ctx.influence.offense(placed, h, facing, w.enfilade_aware) * _fire_share(ctx, placed)
    threat = ctx.influence.threat(placed, h, facing, w.enfilade_aware)
    approach = ctx.influence.approach(placed, h) if w.sees_approach else 0.0
    threat += approach
    friends = [u for u in ctx.at.get(h, ())
               if u.side is unit.side and u.id != unit.id and u.kind is not UnitKind.LEADER]
    goals = ctx.goals(unit)
    threat += _capture_risk(ctx, placed, friends)
    value = offense - goals.stance.caution * w.caution * threat
    value += goals.value(h, ctx.enemy_hexes, occupied=bool(friends))
    value -= COHESION * max(0, _from_leader(ctx, unit, h) - COMMAND_HEXES)
    value += min(SUPPORT_CAP, SUPPORT * ctx.influence.support(h))
    exposed = h in ctx.influence.into or approach > 0
    stacked = len(friends) * (STACKED + (CASCADE * check_cost(placed) if exposed else 0.0))
    lane = ctx.rout_lanes.get(h, 0.0) * check_cost(placed)
    return value - stacked - lane - _cascade(ctx, placed, h)


def _capture_risk(ctx: MoveContext, battery: Unit, friends: list[Unit]) -> float:
    """VP a battery standing at its hex may lose to a charge in the enemy's next movement
    phase. Where formed enemy infantry or cavalry can reach the hex, it is charged (the chance
    APPROACH: the enemy may not come) by all of them, from its front, or on the flank (x2)
    when it stands limbered: limbered guns are charged as a column. The defenders throw one
    d66 for the stack (8.41), each unit against its own level (`charge_level_shift`: its
    officer, losses and exhaustion) less the odds column's D points (their SPs to the stack's:
    at 2-1, 6), each point a step along the d66 sequence as the engine counts them, and the
    guns are taken only when every defender routs (7.33: the attackers win), so when the roll
    beats the steadiest level in the hex. Every gun goes to the victors, each worth what the
    scenario scores a gun taken (`captured_worth`; docs/rules.md, "Routed gunners"). Issue
    30: the hard Union batteries on Slaughter Mountain stood in reach of the Confederate
    brigades and lost 176 guns in 34 games, 170 of them this way; in session 10's replays the
    batteries taken had fired all day, at exhaustion 5-7 (6 off their level)."""
    if battery.kind is not UnitKind.ARTILLERY or battery.strength <= 0:
        return 0.0
    chargers = ctx.influence.chargers(battery.hex)
    if not chargers:
        return 0.0
    stack = [battery, *(f for f in friends if f.kind is not UnitKind.LEADER)]
    tables = charge_tables()
    # limbered guns are charged as a column (charge.geometry: no front but straight ahead),
    # so on the flank; guns in battery from the front
    side = "flank" if battery.formation is Formation.LIMBERED else "front"
    attack = Fraction(chargers) * tables.orientation[side].factor
    _, column = tables.column(attack, Fraction(sum(u.strength for u in stack)))
    if column.attacker_routs:
        return 0.0
    subtract = column.points if column.loser is Loser.DEFENDER else 0
    fail = 1.0 - max(passes(u.defn.morale, charge_level_shift(ctx.game, u) - subtract)
                     for u in stack)
    return APPROACH * fail * battery.strength * captured_worth(ctx.game.scenario, battery.side)


def charge_level_shift(game: Game, unit: Unit) -> int:
    """The steps a charge's morale check moves the unit's level along the d66 sequence before
    the odds (8.0, 7.2: the charge plan's `level_modifiers`): its officer's bonus, its losses
    and its brigade's exhaustion (5-8: -6)."""
    state = game.state
    terms = level_modifiers(unit, officer_bonus(state, unit),
                            exhaustion_term(level_of(state, unit)))
    return int(sum(t.value for t in terms))


def rout_lanes(game: Game, side: Side) -> dict[Hex, float]:
    """Where the side's shaken and routed units would rout to, weighed by the chance they do:
    a unit that routs makes its friends in or next to each hex it enters check morale (7.37),
    so a reserve standing in its path may be swept away with it. The path is the engine's own
    (`tactical(game).retreat_options`, the rout previews' 4 hexes away from the nearest enemy); the
    chance is that of failing an unmodified check (the rally phase's)."""
    lanes: dict[Hex, float] = {}
    for unit in sorted(game.state.side_units(side), key=lambda u: u.id):
        if unit.kind is UnitKind.LEADER or not unit.status & {Status.SHAKEN, Status.ROUTED}:
            continue
        try:
            path = tactical(game).retreat_options(unit.id, ROUT_HEXES).chosen
        except IllegalActionError:
            continue
        if path is None:
            continue
        fail = 1.0 - passes(unit.defn.morale)
        swept = {n for h in path.hexes[1:] for n in (h, *h.neighbors())} - {unit.hex}
        for h in swept:
            lanes[h] = min(1.0, lanes.get(h, 0.0) + fail)
    return lanes


def _cascade(ctx: MoveContext, unit: Unit, h: Hex) -> float:
    """A routing unit makes its friends next to its path check morale (7.37), and a unit that
    fails routs in turn: standing next to friends pays only where neither is under fire."""
    exposed = h in ctx.influence.into
    total = 0.0
    for n in h.neighbors():
        for friend in ctx.at.get(n, ()):
            if friend.side is not unit.side or friend.kind is UnitKind.LEADER \
                    or friend.id == unit.id:
                continue
            if friend.status & {Status.SHAKEN, Status.ROUTED}:
                total += CASCADE_SHAKEN * check_cost(unit)
            elif exposed or n in ctx.influence.into:
                total += CASCADE * (check_cost(unit) + check_cost(friend))
    return total


def _fire_share(ctx: MoveContext, unit: Unit) -> float:
    """How much of its fire a unit in this formation can bring to bear next phase: a limbered
    gun half, and nothing where it may not unlimber."""
    if unit.kind is UnitKind.ARTILLERY:
        if unit.formation is Formation.UNLIMBERED:
            return 1.0
        return 0.5 if tactical(ctx.game).movement.may_unlimber_at(unit.hex) else 0.0
    return {Formation.LINE: 1.0, Formation.DISMOUNTED: 1.0, Formation.MOUNTED: 0.8,
            Formation.SKIRMISH: 0.7, Formation.COLUMN: 0.3}.get(unit.formation, 0.0)


def _from_leader(ctx: MoveContext, unit: Unit, h: Hex) -> int:
    return min((h.distance(ldr) for ldr in ctx.leaders.get(unit.defn.brigade, ())), default=0)


def _formation(ctx: MoveContext, unit: Unit, here: float) -> list[Candidate]:
    """Into line (or unlimbered) where there is fire to give; limbered when there is none."""
    wanted: Formation | None = None
    near = min((unit.hex.distance(e) for e in ctx.enemy_hexes), default=99)
    if unit.kind is UnitKind.INFANTRY and unit.formation in (Formation.COLUMN,
                                                             Formation.ROAD_COLUMN) and near <= 5:
        wanted = Formation.LINE
    elif unit.kind is UnitKind.ARTILLERY and unit.formation is Formation.LIMBERED:
        if not tactical(ctx.game).movement.may_unlimber_at(unit.hex):
            return []
        wanted = Formation.UNLIMBERED
    elif unit.kind is UnitKind.ARTILLERY and unit.formation is Formation.UNLIMBERED:
        offense = ctx.influence.offense(unit, unit.hex, unit.facing)
        if offense == 0:  # nothing in range and in sight: it goes where it can fire
            return [Candidate(ChangeFormation(unit.id, Formation.LIMBERED), 0.1,
                              f"limbers {unit.defn.name}: nothing in range and in sight")]
        friends = [u for u in ctx.at.get(unit.hex, ())
                   if u.side is unit.side and u.id != unit.id and u.kind is not UnitKind.LEADER]
        # the fire it stands under, and the charge that may take its guns
        threat = ctx.influence.threat(unit, unit.hex, unit.facing) \
            + _capture_risk(ctx, unit, friends)
        loss = ctx.goals(unit).stance.caution * threat - offense
        if loss > 0.1:
            return [Candidate(ChangeFormation(unit.id, Formation.LIMBERED), loss - 0.1,
                              f"limbers {unit.defn.name} to pull out: {threat:.2f} VP of "
                              f"enemy fire and charges against {offense:.2f} of its own")]
        return []
    elif unit.kind is UnitKind.INFANTRY and unit.formation is Formation.ROAD_COLUMN and near > 5:
        return []
    if wanted is None:
        return []
    value = _value(ctx, unit, unit.hex, unit.facing, wanted)
    verb = "unlimbers" if wanted is Formation.UNLIMBERED else f"forms {wanted.value}:"
    return [Candidate(ChangeFormation(unit.id, wanted), value - here - MOVE_COST,
                      f"{verb} {unit.defn.name} at {ctx.name(unit.hex)}, the enemy {near} "
                      "hexes off")]


def _cover(ctx: MoveContext, unit: Unit, here: float) -> list[Candidate]:
    """Take cover where it stands, or leave it (1.22, the TEC's covered figures): a covered
    line is fired at with the ground's covered modifier (woods -7 instead of -3, the open -3
    instead of 0), and the same is taken off its morale rolls, but it fires with the covered
    firing limit (woods 1 SP instead of 4, the open 2 instead of 9). `_value` prices both
    sides of the trade (`Influence.threat`, `Influence.offense`): the unit takes cover where
    the fire it expects (now, and after the enemy's next move at normal) costs more than the
    fire it gives up. Leaving cover inside an enemy front costs a morale check (3.312).
    Only formed infantry of printed morale above 36 takes cover (note 6); in line or
    skirmish order, the orders that fire."""
    covered = Status.COVER in unit.status
    if unit.kind is not UnitKind.INFANTRY or unit.formation not in COVER_FORMATIONS \
            or not may_take_cover(unit, CheckKind.FCRT):
        return []
    status = unit.status - {Status.COVER} if covered else unit.status | {Status.COVER}
    changed = replace(unit, status=frozenset(status))
    value = _value(ctx, changed, unit.hex, unit.facing, unit.formation)
    cost = MOVE_COST
    if covered and _front_checks(ctx, unit):
        cost += check_cost(unit)  # 3.312: leaving cover in an enemy front
    before, after = (changed, unit) if covered else (unit, changed)
    threat = [_danger(ctx, u) for u in (before, after)]
    fire = [ctx.influence.offense(u, unit.hex, unit.facing, ctx.weights.enfilade_aware)
            for u in (before, after)]
    what = "leaves cover" if covered else "takes cover"
    return [Candidate(Cover(unit.id, not covered), value - here - cost,
                      f"{what} with {unit.defn.name} at {ctx.name(unit.hex)}: enemy fire "
                      f"expected {threat[0]:.2f} VP standing, {threat[1]:.2f} covered; its fire "
                      f"{fire[0]:.2f} steps standing, {fire[1]:.2f} covered "
                      f"({value - here - cost:+.2f} VP)")]


def _danger(ctx: MoveContext, unit: Unit) -> float:
    """VP of enemy fire the unit expects where it stands: this turn's, and (normal) the
    fire after the enemy's next move, as `_value` counts them."""
    w = ctx.weights
    approach = ctx.influence.approach(unit, unit.hex) if w.sees_approach else 0.0
    return ctx.influence.threat(unit, unit.hex, unit.facing, w.enfilade_aware) + approach


def _front_checks(ctx: MoveContext, unit: Unit) -> tuple[object, ...]:
    """The morale checks the engine would call for if the unit left cover now (3.312)."""
    try:
        return tuple(tactical(ctx.game).movement.plan(Cover(unit.id, False), unit.side).checks)
    except IllegalActionError:
        return ()


def _move_text(ctx: MoveContext, unit: Unit, h: Hex, gain: float) -> str:
    placed = replace(unit, hex=h)
    threat = ctx.influence.threat(placed, h, unit.facing)
    to = ctx.objectives.distance_to_target(h)
    return (f"moves {unit.defn.name} to {ctx.name(h)}: {gain:+.2f} VP, "
            f"{threat:.2f} steps of enemy fire expected there, {to} hexes from the objective")


def _charges(ctx: MoveContext, unit: Unit, h: Hex, path: tuple[Hex, ...], here: float
             ) -> list[Candidate]:
    out = []
    game = ctx.game
    for target in h.neighbors():
        defenders = [u for u in game.state.units_at(target) if u.side is not ctx.side]
        if not any(d.kind is not UnitKind.LEADER for d in defenders):
            continue
        direction = h.direction_to(target)
        placed = replace(unit, hex=h, facing=direction if direction is not None else unit.facing)
        move = Move(unit.id, (*path, target))
        key = (unit, h, target, tuple(game.state.units_at(target)),
               game.state.charges.get(target, ()))
        if key not in ctx.previews:
            ctx.previews[key] = preview_chances(game, move, unit, h)
            if ctx.previews[key] is not None and is_immediate(game, move, unit):
                ctx.immediate.add(key)
        chances = ctx.previews[key]
        if chances is None:
            continue
        immediate = key in ctx.immediate
        others = [game.state.units[i] for i in game.state.charges.get(target, ())
                  if i in game.state.units and i != unit.id]
        value = charge_value(ctx, chances.outcomes, chances.defender_routs,
                             chances.attacker_routs, defenders, [*others, placed], target,
                             ctx.goals(unit))
        # a regular charge waits for the charge phase next to the defenders, under their
        # fire at +4 (a moving target, FCRT DRM); an immediate one (3.411) is resolved first
        charging = unit if immediate else replace(unit, status=unit.status | {Status.CHARGE})
        stand = _value(ctx, charging, h, placed.facing, unit.formation) - here \
            if path or not immediate else 0.0
        win = float(chances.outcomes[ChargeOutcome.DEFENDER_ROUTS])
        lose = float(chances.outcomes[ChargeOutcome.ATTACKER_ROUTS])
        out.append(Candidate(
            move, value + stand - MOVE_COST,
            f"charges {ctx.name(target)} with {unit.defn.name} from {ctx.name(h)}: "
            f"{win:.0%} the defenders rout, {lose:.0%} the attackers rout ({value:+.2f} VP)"))
    return out


def preview_chances(game: Game, move: Move, unit: Unit, h: Hex) -> ChargeChances | None:
    """The exact chances of the charge `move` would declare, with `unit` stopping in `h` (the
    engine's `charge_preview`, the charge dialog's figures); None when the move is not legal
    (the last step crosses a creek away from its bridge, say: TEC N13) or there would be no
    such charge."""
    try:
        game.check(move)
        preview = tactical(game).charge_preview(move.path[-1], [unit.id], positions={unit.id: h})
        return preview.chances
    except IllegalActionError:
        return None


def is_immediate(game: Game, move: Move, unit: Unit) -> bool:
    """Would the charge `move` declares be resolved at once in the movement phase (3.411: the
    MPs spent this phase, the entry into the charged hex included, under 9 for infantry and
    21 for cavalry), before any fire?"""
    plan = tactical(game).movement.plan(move, unit.side)
    spent: int = game.state.mp_spent.get(unit.id, 0) + int(plan.cost.total) + plan.charge_mp
    return spent < IMMEDIATE_CHARGE_LIMITS.get(unit.kind, 0)


def charge_value(ctx: MoveContext, outcomes: Mapping[ChargeOutcome, Fraction],
                 defender_routs: Mapping[str, Fraction], attacker_routs: Mapping[str, Fraction],
                 defenders: list[Unit], attackers: list[Unit], target: Hex,
                 goals: Objectives | None = None) -> float:
    """Expected VP of a charge: routs inflicted less routs suffered, the hex if it is a victory
    hex (and, hard, what the advance takes), the routs it spreads (normal and hard), plus the
    posture's bias (of `goals`, the charging unit's; else the side's)."""
    goals = goals or ctx.objectives
    strength = {u.id: u.strength for u in (*defenders, *attackers)}
    value = sum(float(p) * (ROUT_VALUE * strength.get(uid, 0) + ROUTED_LOSS)
                for uid, p in defender_routs.items())
    value -= sum(float(p) * (ROUT_VALUE * strength.get(uid, 0) + ROUTED_LOSS)
                 for uid, p in attacker_routs.items())
    win = float(outcomes.get(ChargeOutcome.DEFENDER_ROUTS, 0))
    if target in goals.points and goals.holders.get(target) is not ctx.side:
        value += win * goals.swing(target) * goals.kept(
            target, ctx.enemy_hexes - {target})  # the victors advance into the hex
    if ctx.weights.charge_followup:
        value += win * 0.3 * len([d for d in defenders if d.kind is not UnitKind.LEADER])
    if ctx.weights.counts_spread_routs:
        value += followup_routs(ctx, defender_routs, attacker_routs, [*defenders, *attackers])
    return value + goals.stance.charge_bias


def followup_routs(ctx: MoveContext, defender_routs: Mapping[str, Fraction],
                   attacker_routs: Mapping[str, Fraction], units: list[Unit]) -> float:
    """The look-ahead past the charge (normal and hard): a unit that routs makes its friends in
    or next to the hexes it flees through check morale (7.37). Its path is not known before the
    dice, so each friend within FOLLOWUP_HEXES of the router counts FOLLOWUP_SHARE of what a
    check costs it, times the chance of the rout: the enemy's cascade is gained, ours is
    lost."""
    by_id = {u.id: u for u in units}
    value = 0.0
    for routs, sign in ((defender_routs, 1.0), (attacker_routs, -1.0)):
        for uid, p in routs.items():
            router = by_id.get(uid)
            if router is None or not p:
                continue
            exposed = [u for u in ctx.game.state.side_units(router.side)
                       if u.id not in routs and u.kind is not UnitKind.LEADER
                       and Status.ROUTED not in u.status
                       and 0 < u.hex.distance(router.hex) <= FOLLOWUP_HEXES]
            value += sign * float(p) * FOLLOWUP_SHARE * sum(check_cost(u) for u in exposed)
    return value


def _leader(ctx: MoveContext, unit: Unit) -> list[Candidate]:
    if unit.id in ctx.game.state.held:
        return []
    reach = ctx.reach(unit)
    brigade = _brigade(ctx, unit)
    here = _leader_value(ctx, unit, unit.hex, brigade)
    best: Candidate | None = None
    for h, reached in sorted(reach.items(), key=lambda kv: (kv[0].q, kv[0].r)):
        gain = _leader_value(ctx, unit, h, brigade) - here - MOVE_COST
        if best is None or gain > best.score:
            needy = _needy(ctx, h)
            why = (f"sends {unit.defn.name} to {ctx.name(h)} to rally "
                   f"{needy.defn.name}" if needy else
                   f"moves {unit.defn.name} to {ctx.name(h)} to keep the brigade in hand")
            best = Candidate(Move(unit.id, reached.path), gain, why)
    return [best] if best is not None else []


def _needy(ctx: MoveContext, h: Hex) -> Unit | None:
    return next((u for u in ctx.at.get(h, ()) if u.side is ctx.side
                 and u.status & set(RALLY_HELP)), None)


def _leader_value(ctx: MoveContext, leader: Unit, h: Hex,
                  brigade: list[Unit] | None = None) -> float:
    value = 0.0
    there = ctx.at.get(h, ())
    # only the best officer in the hex counts in a check (7.2): one as good is already there
    already = max((u.defn.leader_morale_bonus for u in there if u.side is ctx.side
                   and u.kind is UnitKind.LEADER and u.id != leader.id), default=0)
    adds = leader.defn.leader_morale_bonus > already
    for u in there:
        if adds and u.side is ctx.side and u.kind is not UnitKind.LEADER:
            help_ = max((RALLY_HELP[s] for s in u.status if s in RALLY_HELP), default=0.0)
            own = u.defn.brigade == leader.defn.brigade
            value = max(value, help_ * (1.0 if own else 0.7))
    if brigade is None:
        brigade = _brigade(ctx, leader)
    if brigade:
        value -= COHESION * min(h.distance(u.hex) for u in brigade)
    return value - 0.05 * len(ctx.influence.into.get(h, ()))


def _brigade(ctx: MoveContext, leader: Unit) -> list[Unit]:
    if not leader.defn.brigade:
        return []
    return [u for u in ctx.game.state.side_units(ctx.side) if u.kind is not UnitKind.LEADER
            and u.defn.brigade == leader.defn.brigade]
