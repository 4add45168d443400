"""Command: rosters and spans in the command phase, and which leaders get the week's orders and
which are left to their initiative, in the movement and the combat phases.

- Rosters (16.16): a division standing with an HQ that has room joins its roster when it is no
  slower than the HQ (16.2), so the HQ's commander takes it along beyond his span; a unit that
  slows its HQ down is released when faster ones are on the roster.
- Spans (10.1): every leader declares the rules' own proposal (his span filled strongest first;
  an army commander takes in the leaders next to him).
- Orders or initiative (5.2): each force's need is what commanding it gains (movement: the best
  pull its march can close, or the danger it can leave; combat: its best battle's worth). The
  neediest force goes first. An order is certain and scarce, a roll free but only as good as
  the leader's initiative, so an order goes to the force whose need is most likely to be lost
  without one (need times the chance the roll fails), while orders last; the rest roll. Easy
  orders the first leaders it looks at.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from gameapp.ai.rca import Choice
from gameapp.ai.strategic.combat_cas import battle_text, best_attack_of, driven_off
from gameapp.ai.strategic.movement_cas import join_goal
from gameapp.ai.strategic.objectives import HUNGER, danger, pull
from gameapp.ai.strategic.position import Position
from gameapp.ai.strategic.siege_lines import siege_guards
from gameapp.ai.strategic.staff import MIN_GAIN, Staff
from gameapp.ai.strategic.water_cas import MoveByWater
from gameapp.core.breakdown import IllegalActionError
from gameapp.core.engine import Game
from gameapp.core.rulesets.strategic.actions import (
    Assign,
    DeclareSpan,
    GiveOrder,
    Release,
    RollInitiative,
)
from gameapp.core.rulesets.strategic.command import (
    base_force,
    chance_at_or_under,
    initiative_terms,
)
from gameapp.core.rulesets.strategic.movement import allowance
from gameapp.core.rulesets.strategic.pieces import HQ, Arm, Division, Leader
from gameapp.core.rulesets.strategic.ruleset import ROUTES
from gameapp.core.rulesets.strategic.sequence import StrategicPhase

ROSTER_SCORE = 40.0  # rosters first: the spans depend on them
SPAN_SCORE = 30.0
COMMAND_SCORE = 15.0  # after the force being moved has finished (MOVE_SCORE)
MARCH_HEXES = 3  # how much nearer a week's march brings a force, for its need
ROSTER_LIMIT = 6  # our design, 16.16
JOIN = "to join troops without a general"
JOIN_BASE = 0.3  # VP: a leader going to troops without a general
JOIN_PER_SP = 0.05  # VP more for each SP he will command (Buell's 27 SP idle in West '62 until
# he rolled his 2 in 6 to leave Louisville)
JOIN_ORDER = 0.8  # VP: from this need (10 SP) the leader is worth an order, not only a roll


@dataclass
class KeepRosters:
    staff: Staff
    name: str = "keep HQ rosters"
    _choice: Choice | None = None

    def evaluate(self, game: Game) -> float:
        self._choice = None
        if game.pending_decision is not None or game.phase is not StrategicPhase.COMMAND:
            return 0.0
        pos = self.staff.look(game)
        for action, why in self._changes(pos):
            key = action.to_text(game.map.numbering)
            if key in self.staff.settled:
                continue
            self.staff.settled.add(key)
            try:
                game.check(action)
            except IllegalActionError:
                continue
            self._choice = Choice(action, why)
            return ROSTER_SCORE
        return 0.0

    def execute(self, game: Game) -> Choice:
        assert self._choice is not None, "execute without a winning evaluate"
        return self._choice

    def _changes(self, pos: Position) -> Iterable[tuple[Assign | Release, str]]:
        state = pos.state
        ma = pos.terrain.tables.movement_allowance
        rostered = {u for hq in state.hqs(pos.side) for u in hq.roster}
        guards = siege_guards(pos, self.staff.targets)
        for unit_id, why in guards.items():
            if unit_id in rostered:
                yield Release(unit_id), why
        for hq in sorted(state.hqs(pos.side), key=lambda h: h.id):
            if hq.commander is None or state.pieces.get(hq.commander) is None:
                continue
            units = [p for u in hq.roster if isinstance(p := state.pieces.get(u), Division)]
            speeds = [allowance(state, u, ma) for u in units]
            fastest = max(speeds, default=0)
            for unit, speed in zip(units, speeds, strict=True):
                if speed < fastest and unit.arm in (Arm.MILITIA, Arm.GARRISON):
                    yield Release(unit.id), (f"releases {unit.id} from the {hq.name}: it "
                                             f"would hold the HQ to {speed} MP (16.2)")
            slowest = min(speeds, default=99)
            room = ROSTER_LIMIT - len(hq.roster)
            here = sorted((p for p in state.divisions(pos.side)
                           if p.hex == hq.hex and p.id not in rostered and p.aboard is None
                           and not p.entrained), key=lambda p: -p.sp)
            for unit in [p for p in here if p.id not in guards][:max(0, room)]:
                if allowance(state, unit, ma) >= slowest or not units:
                    yield Assign(unit.id, hq.id), (f"puts {unit.id} on the {hq.name}'s roster "
                                                   "so its commander takes it along (16.16)")


@dataclass
class DeclareSpans:
    staff: Staff
    name: str = "declare command spans"
    _choice: Choice | None = None

    def evaluate(self, game: Game) -> float:
        self._choice = None
        if game.pending_decision is not None or game.phase not in (StrategicPhase.COMMAND,
                                                                   StrategicPhase.COMBAT):
            return 0.0
        pos = self.staff.look(game)
        if game.phase is StrategicPhase.COMBAT and pos.state.battles:
            return 0.0
        handler = ROUTES[game.phase][DeclareSpan]
        for action in handler.legal(pos.ctx, pos.side):
            assert isinstance(action, DeclareSpan)
            if not action.pieces:
                continue
            leader = pos.state.pieces[action.leader]
            self._choice = Choice(action, f"{getattr(leader, 'name', action.leader)} takes "
                                          f"{', '.join(action.pieces)} under command (10.1)")
            return SPAN_SCORE
        return 0.0

    def execute(self, game: Game) -> Choice:
        assert self._choice is not None, "execute without a winning evaluate"
        return self._choice


@dataclass
class CommandForces:
    """Orders and initiative, in the movement phase (needs: marches) and the combat phase
    (needs: battles, all tried before the first is fought, 8.0)."""

    staff: Staff
    name: str = "command a force"
    _choice: Choice | None = None
    _kept: tuple[tuple[int, int], int] | None = None  # (turn, step): orders kept for battles

    def evaluate(self, game: Game) -> float:
        self._choice = None
        phase = game.phase
        if game.pending_decision is not None or phase not in (StrategicPhase.MOVEMENT,
                                                              StrategicPhase.COMBAT):
            return 0.0
        if self.staff.moving:  # the force being moved finishes first (5.28): no need to look
            return 0.0
        pos = self.staff.look(game)
        if phase is StrategicPhase.COMBAT and pos.state.battles:
            return 0.0
        handler = ROUTES[phase][GiveOrder]
        legal = [a for a in handler.legal(pos.ctx, pos.side)
                 if isinstance(a, GiveOrder | RollInitiative)
                 and a.leader not in self.staff.declined]
        if not legal:
            return 0.0
        needs: dict[str, tuple[float, str]] = {}
        roll_only: set[str] = set()
        for leader_id in dict.fromkeys(a.leader for a in legal):
            need = self._need(pos, leader_id)
            if need[1].startswith(JOIN) and need[0] < JOIN_ORDER:
                roll_only.add(leader_id)  # an order is for troops, or a general for many
            if need[0] > max(MIN_GAIN, self.staff.weights.attack_margin
                             if phase is StrategicPhase.COMBAT else MIN_GAIN):
                needs[leader_id] = need
            elif self._leads_leaders(pos, leader_id) and RollInitiative(leader_id) in legal:
                # 10.14: the leaders in his span may try for themselves only once he has failed
                needs[leader_id] = (MIN_GAIN, "so that the leaders under him may act (10.14)")
                roll_only.add(leader_id)
        if not needs:
            return 0.0
        self._choice = self._pick(pos, legal, needs, roll_only)
        if self._choice is None:
            return 0.0
        return COMMAND_SCORE

    def execute(self, game: Game) -> Choice:
        assert self._choice is not None, "execute without a winning evaluate"
        leader = getattr(self._choice.action, "leader", "")
        self.staff.declined.add(leader)
        return self._choice

    def _pick(self, pos: Position, legal: list[GiveOrder | RollInitiative],
              needs: dict[str, tuple[float, str]], roll_only: set[str]) -> Choice | None:
        chance = {lid: self._chance(pos, lid) for lid in needs}
        orders = {a.leader for a in legal if isinstance(a, GiveOrder)} - roll_only
        rolls = {a.leader for a in legal if isinstance(a, RollInitiative)}
        left = pos.game.scenario.orders[pos.side] - pos.state.orders_used[pos.side]
        if pos.game.phase is StrategicPhase.MOVEMENT:
            left = max(0, left - self._kept_for_battles(pos, legal))
        if self.staff.weights.ranks_orders:
            ranked = sorted(needs, key=lambda lid: (-needs[lid][0] * (1 - chance[lid]), lid))
            deserving = {lid for lid in ranked[:left] if lid in orders}
            leader_id = max(needs, key=lambda lid: (needs[lid][0], lid))
        else:
            leader_id = next(iter(needs))
            deserving = {leader_id} if left > 0 else set()
        name = getattr(pos.state.pieces[leader_id], "name", leader_id)
        what = needs[leader_id][1]
        p = chance[leader_id]
        if leader_id in orders and (leader_id in deserving or leader_id not in rolls):
            return Choice(GiveOrder(leader_id), f"orders {name} (no die; {p:.0%} by his "
                                                f"initiative): {what}")
        if leader_id in rolls:
            return Choice(RollInitiative(leader_id), f"tries {name}'s initiative ({p:.0%}): "
                                                     f"{what}")
        self.staff.declined.add(leader_id)
        return None

    def _kept_for_battles(self, pos: Position, legal: list[GiveOrder | RollInitiative]) -> int:
        """With `keeps_orders` (hard), the orders kept from the movement phase for the combat
        phase (a week's orders serve both, 5.2): one for each force that stands next to the
        enemy with a battle worth fighting and a general whose roll may fail, counted once, at
        the phase's first command. Without it Butler's attack on New Orleans (West '62) waited
        on his 2-in-6 roll week after week, the orders spent on marches."""
        if not self.staff.weights.keeps_orders:
            return 0
        key = (pos.state.turn, pos.state.step_index)
        if self._kept is None or self._kept[0] != key:
            ready = 0
            for leader_id in dict.fromkeys(a.leader for a in legal):
                members = self._members(pos, leader_id)
                worth, preview = best_attack_of(pos, leader_id, members,
                                                self.staff.weights.feeds_attacks,
                                                driven_off(self.staff))
                if preview is not None and worth > self.staff.weights.attack_margin and \
                        self._chance(pos, leader_id) < 1:
                    ready += 1
            self._kept = (key, ready)
        return self._kept[1]

    @staticmethod
    def _leads_leaders(pos: Position, leader_id: str) -> bool:
        force = pos.state.forces.get(leader_id)
        return force is not None and any(
            m != leader_id and isinstance(pos.state.pieces.get(m), Leader) for m in force.members)

    def _chance(self, pos: Position, leader_id: str) -> float:
        leader = pos.state.pieces[leader_id]
        if not isinstance(leader, Leader):
            return 0.0  # an HQ without its commander moves only by an order
        _, needed = initiative_terms(leader, leader.hex not in pos.supplied)
        return float(chance_at_or_under(needed))

    def _need(self, pos: Position, leader_id: str) -> tuple[float, str]:
        """What commanding this force gains, and the words for it."""
        members = self._members(pos, leader_id)
        if pos.game.phase is StrategicPhase.COMBAT:
            worth, preview = best_attack_of(pos, leader_id, members,
                                            self.staff.weights.feeds_attacks,
                                            driven_off(self.staff))
            if preview is None:
                return 0.0, ""
            return worth, "his force " + battle_text(pos, preview, worth)
        voyage = self._voyage_need(pos, leader_id, members)
        return voyage if voyage is not None else self._march_need(pos, members)

    def _voyage_need(self, pos: Position, leader_id: str, members: tuple[str, ...]
                     ) -> tuple[float, str] | None:
        """With `counts_afloat` (hard), a force whose troops are all aboard ship needs its
        command to sail and land: what its best voyage gains (water_cas). The week's march
        would only be weighed from the hexes round its ships: Butler, arriving aboard at the
        Head of Passes, was left to his 2-in-6 roll week after week (West '62 seed 20: he
        sailed in week 18)."""
        if not self.staff.weights.counts_afloat:
            return None
        units = [p for m in members if isinstance(p := pos.state.pieces.get(m), Division)]
        if not units or any(u.aboard is None for u in units):
            return None
        plan = MoveByWater(self.staff)._best_plan(pos, leader_id, members)
        if plan is None:
            return None
        return plan.gain, f"to land its {sum(u.sp for u in units)} SP {plan.why}"

    @staticmethod
    def _members(pos: Position, leader_id: str) -> tuple[str, ...]:
        """The pieces the leader (or the HQ) would command."""
        state = pos.state
        piece = state.pieces[leader_id]
        force = state.forces.get(leader_id)
        if force is not None:
            return force.members
        if isinstance(piece, Leader):
            return base_force(state, piece)
        assert isinstance(piece, HQ)
        return (piece.id, *piece.roster)

    def _march_need(self, pos: Position, members: tuple[str, ...]) -> tuple[float, str]:
        """The best the force could gain by a week's march: the pull of the hexes within
        `MARCH_HEXES` over its own, the hunger it may leave, the danger it may escape. With
        `marches_round_enemy` (hard) the hexes the enemy holds are left out: no march goes
        into them (a battle does), and an order spent on a force standing next to the place it
        is to take only walks its general away from it (Butler before New Orleans, West '62),
        where it was wanted for the attack."""
        state = pos.state
        sp = sum(p.sp for m in members if isinstance(p := state.pieces.get(m), Division))
        here = state.pieces[members[0]].hex
        if sp == 0:  # a leader alone: to the troops he will command
            leader = state.pieces[members[0]]
            joined = join_goal(pos, leader) if isinstance(leader, Leader) else None
            if joined is None:
                return 0.0, ""
            troops = pos.mine.get(joined, 0)
            return JOIN_BASE + JOIN_PER_SP * troops, (f"{JOIN} ({troops} SP at "
                                                      f"{pos.name(joined)})")
        weights = self.staff.weights
        now, _ = pull(self.staff.targets, here, weights.horizon, sp, here)
        best, goal = 0.0, None
        held = pos.theirs if weights.marches_round_enemy else {}
        for radius in range(1, MARCH_HEXES + 1):
            for h in here.ring(radius):
                if h in held:
                    continue
                value, target = pull(self.staff.targets, h, weights.horizon, sp, here)
                if value - now > best:
                    best, goal = value - now, target
        hungry = HUNGER * max(1.0, sp / 10) if here not in pos.supplied else 0.0
        threat = danger(pos, here, pos.mine.get(here, 0)) if weights.weighs_danger else 0.0
        need = best + hungry + threat
        if threat > best and threat >= hungry:
            return need, f"{sp} SP at {pos.name(here)} in danger ({threat:.1f} VP)"
        if hungry > best:
            return need, f"{sp} SP at {pos.name(here)} out of supply"
        toward = f" toward {goal.what}" if goal is not None else ""
        return need, f"{sp} SP{toward}"
