"""Command (docs/strategic-rules.md, "Command"): spans, orders and initiative.

- 10.1: in the command phase each leader's span is declared: the pieces he commands this
  phase. A leader standing on the HQ he was given commands it and its roster; no one else
  does. Beyond that he commands up to `span` pieces in his hex; an army commander may take
  in leaders next to him (with their own forces), a corps commander may not (10.15). The
  order of declaring does not matter: a leader taken in brings the span he declared, or
  declares it afterwards and it joins his army commander's force too.
- 5.2 / 5.28: in the movement phase a force is commanded by an order (a few a week, no die)
  or by a d6 at or under its leader's initiative, one force at a time: commanding or trying
  the next force ends the move of the one before. 19.44: a subordinate (Grant under Halleck)
  may not roll his own initiative. 10.14: a leader included in an army commander's span may
  try for himself only once the army commander has failed.
- 10.2 / 15.13: any general commands cavalry, and a cavalry general commands a corps or army
  with no bonus or penalty: nothing here asks which arm a leader is.
"""

from __future__ import annotations

from collections.abc import Iterator
from fractions import Fraction
from typing import Any

from gameapp.core.breakdown import IllegalActionError, Term
from gameapp.core.ruleset import RuleContext
from gameapp.core.rulesets.strategic.actions import DeclareSpan, GiveOrder, RollInitiative
from gameapp.core.rulesets.strategic.events import CommandGiven
from gameapp.core.rulesets.strategic.pieces import (
    HQ,
    Depot,
    Division,
    Echelon,
    Fort,
    Leader,
    Piece,
    Ship,
    Train,
)
from gameapp.core.rulesets.strategic.state import Force, StrategicState
from gameapp.core.rulesets.strategic.tables import tables
from gameapp.core.units import Side

SPAN = "004 10.1"
NO_EXTENDING = "004 10.15"
ORDERS = "R&C strategic command"
INITIATIVE = "R&C strategic command"
SUBORDINATE = "004 19.44"
ARMY_FIRST = "004 10.14"
ONE_FORCE_AT_A_TIME = "004 5.28"


def own_hq(state: StrategicState, leader: Leader) -> HQ | None:
    """The HQ `leader` commands: the one he was given, if he stands on it (10.1)."""
    return next((hq for hq in state.hqs(leader.side)
                 if hq.commander == leader.id and hq.hex == leader.hex), None)


def is_army_commander(state: StrategicState, leader: Leader) -> bool:
    hq = own_hq(state, leader)
    return hq is not None and hq.echelon is Echelon.ARMY


def base_force(state: StrategicState, leader: Leader) -> tuple[str, ...]:
    """A leader, his HQ if he stands on it, and its roster."""
    hq = own_hq(state, leader)
    return (leader.id,) if hq is None else (leader.id, hq.id, *hq.roster)


def force_of(state: StrategicState, leader: Leader) -> Force:
    """The leader's force this phase: as declared, or his base force."""
    force = state.forces.get(leader.id)
    if force is None:
        force = Force(leader.id, base_force(state, leader))
        state.forces[leader.id] = force
    return force


def superior_of(state: StrategicState, leader_id: str) -> Leader | None:
    """The army commander whose declared span takes in `leader_id` (10.14)."""
    for force in state.forces.values():
        if force.leader != leader_id and leader_id in force.members:
            boss = state.pieces[force.leader]
            return boss if isinstance(boss, Leader) else None
    return None


def span_candidates(state: StrategicState, leader: Leader) -> list[Piece]:
    """What a leader could take into his span, strongest first: not what another leader's
    declared span has taken."""
    mine = set(base_force(state, leader)) | taken_by_others(state, leader).keys()
    found: list[Piece] = []
    army = is_army_commander(state, leader)
    rostered = {u for hq in state.hqs(leader.side) for u in hq.roster}
    for piece in state.pieces.values():
        if piece.side is not leader.side or piece.id in mine:
            continue
        unit_here = (isinstance(piece, Division | Train) and piece.hex == leader.hex
                     and piece.id not in rostered)
        leader_near = (isinstance(piece, Leader) and army
                       and piece.hex.distance(leader.hex) <= 1)
        if unit_here or leader_near:
            found.append(piece)
    return sorted(found, key=lambda p: (-(p.sp if isinstance(p, Division) else 0), p.id))


def taken_by_others(state: StrategicState, leader: Leader) -> dict[str, str]:
    """The pieces other leaders' spans have taken, with who took them. A leader is not taken
    by his own force: an army commander may still take him in with it (10.1)."""
    return {m: f.leader for f in state.forces.values() if f.leader != leader.id
            for m in f.members if m != f.leader}


def span_closed(state: StrategicState, leader: Leader) -> str | None:
    """Why `leader` may not declare a span now, or None: one declaration a phase, and none once
    his command, or his army commander's, has been tried (10.1: spans come before initiative)."""
    own = state.forces.get(leader.id)
    if own is not None and own.declared:
        return f"{leader.name}'s span is already declared this phase"
    boss = superior_of(state, leader.id)
    for force in (own, state.forces.get(boss.id) if boss else None):
        if force is not None and (force.rolled or force.commanded):
            return f"{leader.name}'s command has been tried this phase: spans come first"
    return None


class SpanHandler:
    """`span LEADER PIECE...` (10.1, 10.15)."""

    def legal(self, ctx: RuleContext, side: Side | None) -> Iterator[DeclareSpan]:
        # One declaration a leader: his span filled strongest first (any valid one is accepted).
        state: StrategicState = ctx.state
        for leader in sorted(state.leaders(side), key=lambda p: p.id):
            if span_closed(state, leader) is not None:
                continue
            picked = [p.id for p in span_candidates(state, leader)][: leader.span]
            yield DeclareSpan(leader.id, tuple(picked))

    def check(self, ctx: RuleContext, action: DeclareSpan, side: Side | None) -> None:
        state: StrategicState = ctx.state
        leader = state.pieces.get(action.leader)
        if not isinstance(leader, Leader) or leader.side is not side:
            raise IllegalActionError(f"{action.leader} is not a leader of the side to play", SPAN)
        closed = span_closed(state, leader)
        if closed is not None:
            raise IllegalActionError(closed, SPAN)
        if len(action.pieces) > leader.span:
            raise IllegalActionError(f"{leader.name}'s command span is {leader.span}, not "
                                     f"{len(action.pieces)}", SPAN)
        if len(set(action.pieces)) != len(action.pieces):
            raise IllegalActionError("a piece is named twice", SPAN)
        taken = taken_by_others(state, leader)
        for piece_id in action.pieces:
            self._check_member(state, leader, piece_id, taken)

    def _check_member(self, state: StrategicState, leader: Leader, piece_id: str,
                      taken: dict[str, str]) -> None:
        piece = state.pieces.get(piece_id)
        if piece is None or piece.side is not leader.side:
            raise IllegalActionError(f"{piece_id} is not a piece of {leader.name}'s side", SPAN)
        if piece_id in taken:
            raise IllegalActionError(f"{piece_id} is already in {taken[piece_id]}'s span", SPAN)
        if isinstance(piece, HQ):
            raise IllegalActionError(f"only its own commander standing on it commands the "
                                     f"{piece.name}", SPAN)
        if isinstance(piece, Leader):
            if not is_army_commander(state, leader):
                raise IllegalActionError(f"{leader.name} commands no army here: only an army "
                                         "commander extends command to another leader",
                                         NO_EXTENDING)
            if piece.hex.distance(leader.hex) > 1:
                raise IllegalActionError(f"{piece.name} is not next to {leader.name}", SPAN)
            return
        if isinstance(piece, Ship | Depot | Fort):
            raise IllegalActionError(f"{piece_id} needs no command (naval) or cannot move",
                                     "004 5.27")
        if piece.hex != leader.hex:
            raise IllegalActionError(f"{piece_id} is not in {leader.name}'s hex", SPAN)
        if state.hq_of(piece_id) is not None:
            raise IllegalActionError(f"{piece_id} is on an HQ's roster: it moves with its HQ",
                                     "004 16.16")

    def execute(self, ctx: RuleContext, action: DeclareSpan, side: Side | None) -> list[Any]:
        state: StrategicState = ctx.state
        leader = state.pieces[action.leader]
        assert isinstance(leader, Leader)
        members = list(base_force(state, leader))
        for piece_id in action.pieces:
            piece = state.pieces[piece_id]
            if isinstance(piece, Leader):  # an army commander takes in the leader's force
                members += [m for m in force_of(state, piece).members if m not in members]
            elif piece_id not in members:
                members.append(piece_id)
        state.forces[leader.id] = Force(leader.id, tuple(members), declared=True)
        boss = superior_of(state, leader.id)  # he was taken in before he declared
        if boss is not None:
            above = state.forces[boss.id]
            above.members += tuple(m for m in members if m not in above.members)
        return []


def initiative_terms(leader: Leader, out_of_supply: bool = False
                     ) -> tuple[tuple[Term, ...], int]:
    """The highest roll that commands, term by term: less out of supply (supply.py)."""
    terms: tuple[Term, ...] = (Term(f"{leader.name}'s initiative", leader.initiative,
                                    INITIATIVE),)
    if out_of_supply:
        terms += (Term(f"{leader.name} is out of supply", tables().out_of_supply,
                       "R&C strategic supply"),)
    needed = int(sum(t.value for t in terms))
    return terms, needed


def chance_at_or_under(needed: int) -> Fraction:
    die = tables().initiative_die
    return Fraction(max(0, min(needed, die)), die)


class CommandHandler:
    """`order LEADER` and `initiative LEADER` in the movement phase (5.2, 5.28, 10.14, 19.44).
    An order may also go straight to an HQ whose commander is away (10.1)."""

    def legal(self, ctx: RuleContext, side: Side | None) -> Iterator[GiveOrder | RollInitiative]:
        state: StrategicState = ctx.state
        for leader in sorted(state.leaders(side), key=lambda p: p.id):
            for action in (GiveOrder(leader.id), RollInitiative(leader.id)):
                try:
                    self.check(ctx, action, side)
                except IllegalActionError:
                    continue
                yield action

    def check(self, ctx: RuleContext, action: GiveOrder | RollInitiative,
              side: Side | None) -> None:
        state: StrategicState = ctx.state
        piece = state.pieces.get(action.leader)
        if isinstance(action, GiveOrder) and isinstance(piece, HQ) and piece.side is side:
            self._check_orders(ctx, side)
            boss = state.pieces.get(piece.commander or "")
            if boss is not None and boss.hex == piece.hex:
                raise IllegalActionError(f"the {piece.name}'s commander is on it: order him",
                                         SPAN)
            return
        if not isinstance(piece, Leader) or piece.side is not side:
            raise IllegalActionError(f"{action.leader} is not a leader of the side to play",
                                     ORDERS)
        force = state.forces.get(piece.id)
        if piece.id in state.finished or (force is not None and force.commanded):
            raise IllegalActionError(f"{piece.name}'s force has had its command this phase",
                                     ONE_FORCE_AT_A_TIME)
        if force is not None and force.rolled and isinstance(action, RollInitiative):
            raise IllegalActionError(f"{piece.name} has tried once this phase", INITIATIVE)
        boss = superior_of(state, piece.id)
        if boss is not None:
            boss_force = state.forces[boss.id]
            if boss_force.commanded or not boss_force.rolled:
                raise IllegalActionError(
                    f"{piece.name} is in {boss.name}'s span: he may try for himself only "
                    f"once {boss.name} has failed", ARMY_FIRST)
        if isinstance(action, GiveOrder):
            self._check_orders(ctx, side)
        elif piece.subordinate_to is not None:
            boss_name = getattr(state.pieces.get(piece.subordinate_to), "name", "his superior")
            raise IllegalActionError(f"{piece.name}, subordinate to {boss_name}, may not roll "
                                     "for his own initiative", SUBORDINATE)

    def _check_orders(self, ctx: RuleContext, side: Side | None) -> None:
        assert side is not None
        state: StrategicState = ctx.state
        if state.orders_used[side] >= ctx.scenario.orders[side]:
            raise IllegalActionError(f"the {side.label} side has given its "
                                     f"{ctx.scenario.orders[side]} order(s) this week", ORDERS)

    def execute(self, ctx: RuleContext, action: GiveOrder | RollInitiative,
                side: Side | None) -> list[Any]:
        assert side is not None
        state: StrategicState = ctx.state
        if state.active is not None:  # 5.28: the force before has finished its move
            state.finished.add(state.active)
        piece = state.pieces[action.leader]
        if isinstance(piece, HQ):  # a direct order to an HQ without its commander
            force = Force(piece.id, (piece.id, *piece.roster), commanded=True)
            state.forces[piece.id] = force
        else:
            assert isinstance(piece, Leader)
            force = force_of(state, piece)
        state.active = force.leader
        if isinstance(action, GiveOrder):
            state.orders_used[side] += 1
            force.commanded = True
            self._command_included(state, force)
            return [CommandGiven(action.leader, side, True, None, None, Fraction(1), True,
                                 (Term("an order: no die", 0, ORDERS),), ORDERS)]
        assert isinstance(piece, Leader)
        from gameapp.core.rulesets.strategic.supply import supply_net

        cut_off = piece.hex not in supply_net(ctx, piece.side).reach
        terms, needed = initiative_terms(piece, cut_off)
        chance = chance_at_or_under(needed)
        roll = ctx.dice.d6(f"{piece.name}'s initiative")
        force.rolled = True
        force.commanded = roll <= needed
        if force.commanded:
            self._command_included(state, force)
        return [CommandGiven(piece.id, side, False, roll, needed, chance, force.commanded,
                             terms, INITIATIVE)]

    def _command_included(self, state: StrategicState, force: Force) -> None:
        """An army commander's command covers the leaders in his span (10.14)."""
        for member in force.members:
            if member != force.leader and isinstance(state.pieces.get(member), Leader):
                included = state.forces.get(member)
                if included is not None:
                    included.commanded = True


def commanded(state: StrategicState, piece_id: str) -> Force | None:
    """The commanded force a piece moves with now: the active force's, or an included
    leader's under it."""
    if state.active is None:
        return None
    active = state.forces.get(state.active)
    if active is None or not active.commanded:
        return None
    if piece_id in active.members:
        return active
    return None
