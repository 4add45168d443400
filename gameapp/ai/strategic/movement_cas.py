"""The movement phase's marches and rail moves: each piece of the force being moved goes where
it is worth most (objectives.py), the force keeping together.

The force's first mover (its HQ or strongest division) chooses freely; it fixes the hex the
force gathers on, and the others (then the trains, then the leader last, so he stays with his
men and can command them next week) are pulled to it. A piece already on a train detrains. A
rail move (6.5) is weighed beside the marches: it costs the entraining and detraining (half the
allowance each) and leaves the unit without a zone of control until it detrains, so it is taken
only when it gains more than a march does by `RAIL_MARGIN`. Every choice is checked with the
engine before it is proposed, so it is never refused.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass

from gameapp.ai.rca import Choice
from gameapp.ai.strategic.objectives import danger, hunger, pull, taking
from gameapp.ai.strategic.position import Position
from gameapp.ai.strategic.staff import MIN_GAIN, Staff
from gameapp.core.breakdown import IllegalActionError
from gameapp.core.engine import Game
from gameapp.core.hexgrid import Hex
from gameapp.core.rulesets.strategic.actions import Detrain, March, Rail
from gameapp.core.rulesets.strategic.command import commanded, own_hq
from gameapp.core.rulesets.strategic.movement import (
    is_winter,
    map_units,
    reachable,
    stacking_problem,
)
from gameapp.core.rulesets.strategic.pieces import HQ, Division, Echelon, Leader, Piece, Train
from gameapp.core.rulesets.strategic.rail import is_entrained, rail_routes
from gameapp.core.rulesets.strategic.sequence import StrategicPhase

MOVE_SCORE = 20.0  # the force being moved finishes before the next is commanded
GATHER = 1.0  # VP for ending on the hex the force gathers on
STRAY = 0.15  # VP a hex away from it
RAIL_MARGIN = 0.5  # VP a rail move must gain over the best march
LONE = 1.0  # VP a leader or train risks alone next to the enemy
OPTIONS = 6  # moves of each kind (march, rail) tried with the engine, best first
MASS = 20  # SP: joining more than this in a hex is not counted (a big stack would pin its units)


@dataclass(frozen=True)
class Move:
    action: March | Rail | Detrain
    gain: float
    why: str
    gathers: bool = True  # the force gathers where it ends (not a side of a siege line)


@dataclass
class MoveForce:
    staff: Staff
    name: str = "move the commanded force"
    _choice: Choice | None = None
    _leader: str = ""
    _fed: bool = False  # the force carries its supply along (a train with points, an army HQ)

    def evaluate(self, game: Game) -> float:
        self._choice = None
        self.staff.moving = False
        if game.pending_decision is not None or game.phase is not StrategicPhase.MOVEMENT:
            return 0.0
        pos = self.staff.look(game)
        state = pos.state
        force = commanded(state, state.active) if state.active else None
        if force is None:
            return 0.0
        self._fed = carries_supply(pos, force.members)
        for piece in movers(pos, force.members):
            if piece.id in self.staff.settled:
                continue
            for move in self._moves(pos, piece, force.leader):
                try:
                    game.check(move.action)
                except IllegalActionError:
                    continue
                self._choice = Choice(move.action, move.why)
                self._leader = force.leader if move.gathers else ""
                self.staff.moving = True
                return MOVE_SCORE
            self.staff.settled.add(piece.id)
        return 0.0

    def execute(self, game: Game) -> Choice:
        assert self._choice is not None, "execute without a winning evaluate"
        action = self._choice.action
        if isinstance(action, March | Detrain):  # one march a phase; a rail move detrains next
            self.staff.settled.add(action.piece)
        if isinstance(action, March | Rail) and self._leader:  # the first mover sets where
            self.staff.gather.setdefault(self._leader, _end_of(action))  # the force gathers
        return self._choice

    def _moves(self, pos: Position, piece: Piece, leader: str) -> list[Move]:
        """The piece's moves worth making, best first."""
        if is_entrained(pos.state, piece):
            return [Move(Detrain(piece.id), 1.0,
                         f"detrains {piece.id} at {pos.name(piece.hex)}")]
        gather = self.staff.gather.get(leader)
        if isinstance(piece, Leader):
            gather = _leader_goal(pos, piece, gather)
        elif isinstance(piece, HQ) and gather is None and strength(pos, piece) == 0:
            # an HQ with nobody on its roster goes with its commander to the troops he will
            # take command of (Buell's army HQ at Louisville, his divisions at Bardstown)
            commander = pos.state.pieces.get(piece.commander or "")
            if isinstance(commander, Leader):
                gather = join_goal(pos, commander)
        here = self._worth(pos, piece, piece.hex, gather, staying=True)
        options: list[Move] = []
        found = reachable(pos.state, piece, False, pos.terrain, pos.board, is_winter(pos.ctx))
        stacks = map_units(pos.state, piece.side)
        limits = (pos.terrain.tables.stack_units, pos.terrain.tables.stack_sp)
        best_march = here
        for to, (_, path) in found.items():
            if stacking_problem(stacks, piece, to, limits) is not None:
                continue
            took, what = taking(pos, path, piece)
            worth = self._worth(pos, piece, to, gather) + took + self.staff.noise()
            best_march = max(best_march, worth)
            if worth - here > MIN_GAIN:
                target = pull(self.staff.targets, to, self.staff.weights.horizon)[1]
                options.append(Move(March(piece.id, path), worth - here,
                                    self._why(pos, piece, to, worth - here, what),
                                    target is None or not target.siege))
        if self.staff.weights.uses_rail and isinstance(piece, Division | HQ) and not gather:
            rail = pos.terrain.rail_net(pos.game.scenario.rail_year)
            if piece.hex in rail:
                for to in rail_routes(pos.state, piece, pos.terrain, pos.board,
                                      pos.game.scenario.rail_year, pos.game.scenario.home):
                    worth = self._worth(pos, piece, to, gather)
                    if worth - best_march > RAIL_MARGIN and worth - here > MIN_GAIN:
                        options.append(Move(Rail(piece.id, to), worth - here,
                                            "by rail: " + self._why(pos, piece, to,
                                                                    worth - here, "")))
        # the best few of each kind: a rail move the week's capacity cannot carry is refused,
        # and it must not crowd out the marches (D. H. Hill, ordered five weeks running in
        # East '63 with only rail moves listed, never left Kinston and starved)
        ranked = sorted(options, key=lambda m: -m.gain)
        marches = [m for m in ranked if isinstance(m.action, March)][:OPTIONS]
        rails = [m for m in ranked if isinstance(m.action, Rail)][:OPTIONS]
        return sorted(marches + rails, key=lambda m: -m.gain)

    def _worth(self, pos: Position, piece: Piece, h: Hex, gather: Hex | None,
               staying: bool = False) -> float:
        """What `piece` standing in `h` is worth to its side."""
        mine = pos.mine
        worth = 0.0
        if gather is not None:
            worth += GATHER if h == gather else -STRAY * h.distance(gather)
        sp = strength(pos, piece)
        if sp == 0:  # a leader, a train, an empty HQ: keep out of reach of the enemy alone
            if mine.get(h, 0) == 0 and any(n in pos.theirs for n in (h, *h.neighbors())):
                worth -= LONE
            return worth
        weights = self.staff.weights
        afloat = weights.counts_afloat and isinstance(piece, Division) and piece.aboard is not None
        worth += pull(self.staff.targets, h, weights.horizon, sp, piece.hex, afloat)[0]
        if not self._fed:
            worth -= hunger(pos, h, sp) * weights.hunger_weeks
        there = mine.get(h, 0) - (sp if staying else 0)
        worth += weights.concentration * min(there, MASS)
        if weights.weighs_danger:
            worth -= danger(pos, h, sp, there + sp)  # its share of the stack's loss
        return worth

    def _why(self, pos: Position, piece: Piece, to: Hex, gain: float, took: str) -> str:
        target = pull(self.staff.targets, to, self.staff.weights.horizon)[1]
        toward = f" toward {target.what}" if target is not None else ""
        return (f"marches {piece.id} to {pos.name(to)}{toward}{took} (+{gain:.2f} VP)")


def movers(pos: Position, members: tuple[str, ...]) -> Iterator[Piece]:
    """The force's pieces that march on their own, in the order they move: HQs and divisions
    strongest first, then trains, the leaders last (not those aboard ship: water_cas.py sails
    and lands them)."""
    state = pos.state
    rostered = {u for hq in state.hqs(pos.side) for u in hq.roster}
    pieces = [state.pieces[m] for m in members if m in state.pieces and m not in rostered]

    def order(p: Piece) -> tuple[int, int, str]:
        rank = 2 if isinstance(p, Leader) else (1 if isinstance(p, Train) else 0)
        return rank, -strength(pos, p), p.id
    for piece in sorted(pieces, key=order):
        if isinstance(piece, Division | Leader | HQ | Train) and piece.aboard is None \
                and piece.id not in state.halted \
                and piece.id not in state.new_brigades:
            yield piece


def carries_supply(pos: Position, members: tuple[str, ...]) -> bool:
    """A force that takes a source of supply along (a train with points, an army HQ): where it
    marches together it stays in supply."""
    for m in members:
        piece = pos.state.pieces.get(m)
        if (isinstance(piece, Train) and piece.supply > 0) or (
                isinstance(piece, HQ) and piece.echelon is Echelon.ARMY):
            return True
    return False


def strength(pos: Position, piece: Piece) -> int:
    """The SP a piece brings: a division's, an HQ's roster's; none for the others."""
    if isinstance(piece, Division):
        return piece.sp
    if isinstance(piece, HQ):
        return sum(p.sp for u in piece.roster
                   if isinstance(p := pos.state.pieces.get(u), Division))
    return 0


def _leader_goal(pos: Position, leader: Leader, gather: Hex | None) -> Hex | None:
    """A leader goes with his HQ, else with his force, else to the nearest friendly stack
    without a leader (to command it next week)."""
    hq = next((h for h in pos.state.hqs(pos.side) if h.commander == leader.id), None)
    if hq is not None and (own_hq(pos.state, leader) is not None or gather is None) and (
            strength(pos, hq) or hq.hex != leader.hex):
        return hq.hex
    if gather is not None:
        return gather
    return join_goal(pos, leader)


def join_goal(pos: Position, leader: Leader) -> Hex | None:
    """The nearest friendly stack of 3 SP or more without a general, for a leader without
    troops to take command of."""
    led = {p.hex for p in pos.state.leaders(pos.side) if p.id != leader.id}
    stacks = [h for h, sp in pos.mine.items() if h not in led and sp >= 3 and h != leader.hex]
    return min(stacks, key=lambda h: (h.distance(leader.hex), h), default=None)


def _end_of(action: March | Rail) -> Hex:
    return action.path[-1] if isinstance(action, March) else action.to
