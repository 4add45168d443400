"""Moves by water (docs/ai.md, "Moves by water"): the force being moved embarks on the friendly
transports in its hex, sails and lands, all in one move, when that is worth more than marching.

The plan is weighed as the rail move is (movement_cas.py), with the same worth of a hex: for
each piece that fits aboard (an HQ with its roster on the transports of its hex, R&C strategic
convoy; a division whole; the leader, who weighs nothing, last so that he commands them next
week), what it gains by landing at a hex the transports reach this week, against the best
march it has. Embarking and landing each cost half the allowance (the whole week's move), and
troops aboard have no zone of control, so the plan is taken only when it beats the marches by
`WATER_MARGIN`, and only with `MIN_SP` field SP aboard (garrisons stay; a leader stays with
his HQ if it cannot go). Then it is played step by step (embark each piece, sail each
transport, land each piece), every step checked with the engine first, so nothing is refused;
a step that has become illegal is dropped. Like the rail move, easy does not move by water
(`uses_rail`).

Ships sail once a week and need no command (5.27), so a fleet must be where the troops are a
week before: `PositionTransports`, last in the movement phase, sends each empty transport to
the friendly stack on navigable water whose move by water would gain most.

Fog: the strategic rules hide nothing (player.py), so the plan reads the position the staff
sees, as every strategic candidate does.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace

from gameapp.ai.rca import Choice
from gameapp.ai.strategic.movement_cas import MOVE_SCORE, MoveForce, carries_supply, strength
from gameapp.ai.strategic.objectives import pull
from gameapp.ai.strategic.position import Position
from gameapp.ai.strategic.staff import Staff
from gameapp.core.breakdown import IllegalActionError
from gameapp.core.engine import Game
from gameapp.core.hexgrid import Hex
from gameapp.core.rulesets.strategic.actions import Embark, Land, March, Sail
from gameapp.core.rulesets.strategic.boarding import transports_at, weight_of
from gameapp.core.rulesets.strategic.command import commanded
from gameapp.core.rulesets.strategic.movement import map_units, overstack
from gameapp.core.rulesets.strategic.naval import SailHandler
from gameapp.core.rulesets.strategic.pieces import (
    HQ,
    Arm,
    Division,
    Leader,
    Piece,
    Ship,
    Train,
    Vessel,
    ship_of,
)
from gameapp.core.rulesets.strategic.sequence import StrategicPhase
from gameapp.core.rulesets.strategic.transit import voyage_odds

WATER_SCORE = MOVE_SCORE + 1  # a plan under way finishes before any march of the force
WATER_MARGIN = 0.5  # VP the plan must gain over the best marches of the pieces it carries
MIN_SP = 4  # field SP worth a voyage (a garrison stays to hold its place)


@dataclass
class WaterPlan:
    leader: str
    start: Hex
    to: Hex
    pieces: tuple[str, ...]  # in boarding order
    gain: float
    why: str
    done: set[str] = field(default_factory=set)  # pieces embarked, ships sailed, pieces landed


@dataclass
class MoveByWater:
    staff: Staff
    name: str = "move the commanded force by water"
    _plan: WaterPlan | None = None
    _key: tuple[int, int, str] | None = None
    _choice: Choice | None = None

    def evaluate(self, game: Game) -> float:
        self._choice = None
        if not _may_sail(game, self.staff):
            return 0.0
        pos = self.staff.look(game)
        state = pos.state
        force = commanded(state, state.active) if state.active else None
        if force is None:
            return 0.0
        key = (state.turn, state.step_index, force.leader)
        if key != self._key:
            self._key = key
            self._plan = self._best_plan(pos, force.leader, force.members)
        if self._plan is None:
            return 0.0
        self._choice = self._next_step(game, pos, self._plan)
        if self._choice is None:
            self._plan = None
            return 0.0
        self.staff.moving = True
        return WATER_SCORE

    def execute(self, game: Game) -> Choice:
        assert self._choice is not None and self._plan is not None, \
            "execute without a winning evaluate"
        action = self._choice.action
        self._plan.done.add(action.ship if isinstance(action, Sail) else
                            f"{'land' if isinstance(action, Land) else 'embark'} {action.unit}")
        if isinstance(action, Land):
            self.staff.settled.add(action.unit)  # its move is spent
        return self._choice

    # --- playing the plan ----------------------------------------------------------------
    def _next_step(self, game: Game, pos: Position, plan: WaterPlan) -> Choice | None:
        state = pos.state
        for piece_id in plan.pieces:  # 1. everyone aboard
            step = f"embark {piece_id}"
            piece = state.pieces.get(piece_id)
            if step in plan.done or piece is None or getattr(piece, "aboard", None):
                continue
            plan.done.add(step)  # tried once: if nothing takes it, it marches instead
            for ship in transports_at(state, pos.side, plan.start):
                action = Embark(piece_id, ship.id)
                if _legal(game, action):
                    plan.done.discard(step)
                    return Choice(action, f"by water: embarks {piece_id} on {ship.id} at "
                                          f"{pos.name(plan.start)} {plan.why}")
        carrying = [s for s in transports_at(state, pos.side, plan.start)
                    if any(c in plan.pieces for c in s.cargo) and s.id not in plan.done]
        handler = SailHandler()
        high = pos.game.scenario.clock.is_high_water(state.turn)
        for ship in carrying:  # 2. the transports sail (a convoy sails whole)
            route = handler.reachable(state, ship, pos.terrain, high).get(plan.to)
            sail = Sail(ship.id, route) if route else None
            if sail is not None and _legal(game, sail):
                return Choice(sail, f"by water: sails {ship.id} with "
                                      f"{', '.join(c for c in ship.cargo)} to "
                                      f"{pos.name(plan.to)} {plan.why}")
            plan.done.add(ship.id)
        for piece_id in plan.pieces:  # 3. everyone ashore
            piece = state.pieces.get(piece_id)
            if piece is None or piece.hex != plan.to or not getattr(piece, "aboard", None) \
                    or f"land {piece_id}" in plan.done:
                continue
            landing = Land(piece_id)
            if _legal(game, landing):
                return Choice(landing, f"by water: lands {piece_id} at {pos.name(plan.to)} "
                                      f"{plan.why}")
        return None

    # --- weighing the plan -----------------------------------------------------------------
    def _best_plan(self, pos: Position, leader: str, members: tuple[str, ...]
                   ) -> WaterPlan | None:
        """The best water move for the force, if it beats the marches by WATER_MARGIN."""
        state = pos.state
        if leader in self.staff.gather or any(m in state.moved for m in members):
            return None  # the force has begun to march: it keeps together
        rostered = {u for hq in state.hqs(pos.side) for u in hq.roster}
        by_hex: dict[Hex, list[Piece]] = {}
        for m in members:
            piece = state.pieces.get(m)
            if isinstance(piece, Division | Leader | HQ | Train) and m not in rostered \
                    and m not in state.halted:  # those aboard already only sail and land
                by_hex.setdefault(piece.hex, []).append(piece)
        best: WaterPlan | None = None
        for start, pieces in by_hex.items():
            fleet = [s for s in transports_at(state, pos.side, start) if s.id not in state.moved]
            fleet.sort(key=lambda s: not any(c in members for c in s.cargo))  # theirs first
            if not fleet:
                continue
            plan = self._plan_from(pos, leader, members, start, pieces, fleet)
            if plan is not None and (best is None or plan.gain > best.gain):
                best = plan
        return best

    def _plan_from(self, pos: Position, leader: str, members: tuple[str, ...], start: Hex,
                   pieces: list[Piece], fleet: list[Ship], marching: bool = True
                   ) -> WaterPlan | None:
        """The best landing for the pieces at `start` on `fleet`; `marching`: weighed against
        their best marches now (else against staying, for a fleet sent to fetch them)."""
        state = pos.state
        aboard = _fits(pos, [p for p in pieces if not _garrison(p)], fleet)
        own_hq = next((p for p in pieces if isinstance(p, HQ) and p.commander == leader), None)
        if own_hq is not None and own_hq not in aboard:  # he stays with his HQ (10.1)
            aboard = [p for p in aboard if p.id != leader]
        if sum(strength(pos, p) for p in aboard) < MIN_SP:
            return None
        weigh = MoveForce(self.staff)  # the marches' own worth of a hex, to compare alike
        weigh._fed = carries_supply(pos, members)
        marches = {p.id: _best_march(weigh, pos, p, leader) if marching and not ship_of(p)
                   else 0.0 for p in aboard}
        here = {p.id: weigh._worth(pos, p, start, None, staying=not ship_of(p))  # aboard:
                for p in aboard}  # not counted in the stacks
        afloat = all(ship_of(p) for p in aboard)  # a plan only to sail and land
        high = pos.game.scenario.clock.is_high_water(state.turn)
        routes = SailHandler().reachable(state, fleet[0], pos.terrain, high)
        enemy_ships = {s.hex for s in state.ships(pos.side.other)}
        stacks = map_units(state, pos.side)
        limits = (pos.terrain.tables.stack_units, pos.terrain.tables.stack_sp)
        landing = [p for p in aboard if isinstance(p, Division)]  # rosters do not stack
        best: tuple[float, Hex, str] | None = None
        hit_vp = _hit_vp(pos)
        for to in [*routes, *([start] if afloat else [])]:  # or land where they are
            if pos.terrain.terrain(to).is_water or to in enemy_ships or \
                    pos.board.enemy_in(pos.side, to) or \
                    overstack(stacks, to, len(landing), sum(u.sp for u in landing), limits):
                continue
            arrive, hurt, shots = voyage_odds(state, pos.terrain, fleet[:1], routes.get(to, ()),
                                              high)
            gain = sum(float(arrive) * (weigh._worth(pos, p, to, None) - here[p.id])
                       - max(marches[p.id], 0.0) for p in aboard) - float(hurt) * hit_vp
            risk = (f"; past {', '.join(s.fort for s in shots)}'s guns: arrives {arrive}, "
                    f"hit {hurt}") if shots else ""
            if best is None or gain > best[0]:
                best = (gain, to, risk)
        if best is None or (best[0] <= WATER_MARGIN and not afloat):
            return None  # troops already aboard land at the best place, whatever it gains
        gain, to, risk = best
        target = pull(self.staff.targets, to, self.staff.weights.horizon)[1]
        toward = f" toward {target.what}" if target is not None else ""
        sp = sum(strength(pos, p) for p in aboard)
        why = (f"(the force's {sp} SP to {pos.name(to)}{toward}: +{gain:.2f} VP over its best "
               f"marches{risk})")
        return WaterPlan(leader, start, to, tuple(p.id for p in aboard), gain, why)


def _may_sail(game: Game, staff: Staff) -> bool:
    """Ships move in the movement phase, with no decision owed; easy, which takes no rail,
    takes no ship either."""
    return (game.pending_decision is None and game.phase is StrategicPhase.MOVEMENT
            and staff.weights.uses_rail)


def _hit_vp(pos: Position) -> float:
    """What a hit on the way costs (R&C strategic transit): 1 SP of the troops aboard, in the
    enemy's victory points."""
    victory = pos.game.scenario.victory
    return 1.0 / (victory.sp_per_point if victory is not None else 2)


def _garrison(piece: Piece) -> bool:
    return isinstance(piece, Division) and piece.arm is Arm.GARRISON


def _legal(game: Game, action: object) -> bool:
    try:
        game.check(action)
    except IllegalActionError:
        return False
    return True


def _best_march(weigh: MoveForce, pos: Position, piece: Piece, leader: str) -> float:
    """What the piece's best march gains (0 if none), as MoveForce weighs it."""
    return max((m.gain for m in weigh._moves(pos, piece, leader)
                if isinstance(m.action, March)), default=0.0)


def _fits(pos: Position, pieces: list[Piece], fleet: list[Ship]) -> list[Piece]:
    """The pieces the transports can take, strongest first, the leaders last (they weigh
    nothing): each division whole on one ship, an HQ's roster unit by unit (a convoy)."""
    state = pos.state
    weights = pos.terrain.tables.rail_weight
    free = sorted((s.capacity - sum(weight_of(state, state.pieces[c], weights)
                                    for c in s.cargo if c in state.pieces) for s in fleet),
                  reverse=True)
    chosen = [p for p in pieces if ship_of(p) and any(p.id in s.cargo for s in fleet)]
    ashore = [p for p in pieces if not ship_of(p)]
    for piece in sorted(ashore, key=lambda p: (isinstance(p, Leader), -strength(pos, p), p.id)):
        loads = [weight_of(state, state.pieces[u], weights) for u in piece.roster] \
            if isinstance(piece, HQ) else [weight_of(state, piece, weights)]
        trial = list(free)
        placed = True
        for w in sorted(loads, reverse=True):
            i = next((j for j, room in enumerate(trial) if room >= w), None)
            if i is None:
                placed = False
                break
            trial[i] -= w
        if placed:
            free = sorted(trial, reverse=True)
            chosen.append(piece)
    return chosen


POSITION_SCORE = 0.5  # after every force has moved: what is left of the phase


@dataclass
class PositionTransports:
    """Empty transports sail to the friendly stack whose move by water next week would be worth
    most (weighed as MoveByWater weighs a plan, against staying): ships need no command (5.27)
    and sail once a week, so a fleet must be where the troops are a week before they embark.
    Played last in the movement phase, when the forces have moved."""

    staff: Staff
    name: str = "send the empty transports to the troops"
    _choice: Choice | None = None
    _key: tuple[int, int] | None = None
    _wanted: dict[Hex, float] = field(default_factory=dict)  # stack -> what a fleet there gains
    _sent: dict[Hex, int] = field(default_factory=dict)  # stack -> room sent to it this phase

    def evaluate(self, game: Game) -> float:
        self._choice = None
        if not _may_sail(game, self.staff):
            return 0.0
        pos = self.staff.look(game)
        state = pos.state
        empty = [s for s in state.ships(pos.side) if s.vessel is Vessel.TRANSPORT
                 and not s.cargo and s.id not in state.moved and s.id not in self.staff.settled]
        if not empty:
            return 0.0
        key = (state.turn, state.step_index)
        if key != self._key:
            self._key = key
            self._wanted = self._stacks_worth_fetching(pos, empty)
            self._sent = {h: sum(s.capacity for s in state.ships(pos.side) if s.hex == h
                                 and s.vessel is Vessel.TRANSPORT) for h in self._wanted}
        high = pos.game.scenario.clock.is_high_water(state.turn)
        for ship in empty:
            routes = SailHandler().reachable(state, ship, pos.terrain, high)
            here = self._wanted.get(ship.hex, 0.0)
            choices = sorted(((gain, to) for to, gain in self._wanted.items()
                              if to in routes and gain > here), key=lambda g: (-g[0], g[1]))
            for gain, to in choices:
                action = Sail(ship.id, routes[to])
                if _legal(game, action):
                    self._choice = Choice(action, f"sends {ship.id} to the troops at "
                                                  f"{pos.name(to)}, to carry them next week "
                                                  f"(+{gain:.2f} VP by water over staying)")
                    return POSITION_SCORE
            self.staff.settled.add(ship.id)  # it stays where it is this week
        return 0.0

    def execute(self, game: Game) -> Choice:
        assert self._choice is not None, "execute without a winning evaluate"
        action = self._choice.action
        self.staff.settled.add(action.ship)
        to = action.path[-1]
        ship = game.state.pieces[action.ship]
        self._sent[to] = self._sent.get(to, 0) + getattr(ship, "capacity", 0)
        if self._sent[to] >= self.staff.look(game).mobile[self.staff.side].get(to, 0):
            self._wanted.pop(to, None)  # room enough there for the whole stack
        return self._choice

    def _stacks_worth_fetching(self, pos: Position, empty: list[Ship]) -> dict[Hex, float]:
        """Each friendly stack on navigable water with MIN_SP field SP, and what its best move
        by water on all the empty transports would gain over staying."""
        state = pos.state
        rostered = {u for hq in state.hqs(pos.side) for u in hq.roster}
        stacks: dict[Hex, list[Piece]] = {}
        for piece in state.pieces.values():
            if isinstance(piece, Division | HQ | Leader) and piece.side is pos.side and \
                    piece.id not in rostered and piece.aboard is None:
                stacks.setdefault(piece.hex, []).append(piece)
        high = pos.game.scenario.clock.is_high_water(state.turn)
        reach = {s.hex for s in empty}  # only stacks an empty transport can reach this week
        for ship in empty:
            reach |= set(SailHandler().reachable(state, ship, pos.terrain, high))
        wanted: dict[Hex, float] = {}
        for h, pieces in stacks.items():
            if h not in reach or pos.mobile[pos.side].get(h, 0) < MIN_SP or \
                    pos.terrain.terrain(h).is_water:
                continue
            fleet = [replace(s, hex=h) for s in empty]  # as if they were there
            leader = next((p.id for p in pieces if isinstance(p, Leader)), "")
            plan = self._planner._plan_from(pos, leader, tuple(p.id for p in pieces), h, pieces,
                                            fleet, marching=False)
            if plan is not None:
                wanted[h] = plan.gain
        return wanted

    @property
    def _planner(self) -> MoveByWater:
        return MoveByWater(self.staff)
