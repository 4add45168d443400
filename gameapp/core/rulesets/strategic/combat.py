"""Battles (docs/strategic-rules.md, "Battles"): `attack HEX UNIT...` in the movement phase
(attack from march, or amphibious assault) and in the combat phase.

- 8.0: in the combat phase every leader's command to attack is tried (orders and initiative
  rolls) before the first battle is resolved; once a battle is fought no more are tried.
- 8.12: a unit attacks at most once in its movement phase and once in its combat phase.
- 8.21 / 8.23: the attackers stand in at most two hexes, each next to the target and to each
  other; a unit may be attacked again by other units, and retreat from one enemy-controlled hex
  to another.
- 9.31: attacking is voluntary: nothing obliges an attack.
- 10.14: the attackers all belong to one commanded force (units under different commanders do
  not combine); an HQ without its commander on it cannot attack (10.1).
- 13.38: a fort (and the garrison it shelters) is not attacked from march nor by amphibious
  assault: only stormed in the combat phase, or besieged.
- 7.24: an amphibious assault: infantry aboard ships in the target hex or next to it, in place
  since the movement phase began, with their leader present, who must have won his command by
  his own roll; half strength, no combat supply; they land only if the defenders leave the
  hex, otherwise their losses are tripled and the survivors stay aboard.
- 6.58: entrained defenders detrain at half strength (the other half is lost).
- 8.16 / 8.17: losses are shared evenly (losses.py); trains and depots are held out, die with
  the last defender, and on a retreat the train goes along while the depot is destroyed.
- 9.32 / 10.34: retreats (retreat.py).
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass, replace
from enum import Enum
from typing import Any

from gameapp.core.breakdown import IllegalActionError
from gameapp.core.hexgrid import Hex
from gameapp.core.ruleset import RuleContext
from gameapp.core.rulesets.strategic.actions import Attack, GiveOrder, RollInitiative
from gameapp.core.rulesets.strategic.command import CommandHandler
from gameapp.core.rulesets.strategic.losses import LossLine, share_losses
from gameapp.core.rulesets.strategic.movement import remove_piece, take_control
from gameapp.core.rulesets.strategic.odds import (
    AMPHIBIOUS,
    BattlePreview,
    attack_hexes,
    defending,
    fort_of,
    preview_battle,
)
from gameapp.core.rulesets.strategic.pieces import (
    HQ,
    Arm,
    Depot,
    Division,
    Leader,
    Ship,
    Train,
)
from gameapp.core.rulesets.strategic.retreat import LONE_LEADER, retreat_path
from gameapp.core.rulesets.strategic.sequence import StrategicPhase
from gameapp.core.rulesets.strategic.state import Force, StrategicState
from gameapp.core.rulesets.strategic.supply import apply_losses, spend
from gameapp.core.rulesets.strategic.terrain import TerrainCosts
from gameapp.core.rulesets.strategic.zoc import Board
from gameapp.core.units import Side

BEFORE_BATTLES = "004 8.0"
ONCE_A_PHASE = "004 8.12"
TWO_HEXES = "004 8.21"
ONE_FORCE = "004 10.14"
NO_MARCH_ON_FORTS = "004 13.38"
ENTRAINED = "004 6.58"
HELD_OUT = "004 8.17"
COMBAT = "R&C strategic combat"
SURRENDER = "R&C strategic retreat"


def attack_key(piece_id: str, phase: Enum) -> str:
    """How `state.attacked` records an attack: once a phase (8.12)."""
    return f"{phase.value}:{piece_id}"


@dataclass(frozen=True)
class Detrained:
    unit: str
    lost: int
    rule: str


@dataclass(frozen=True)
class Retreated:
    pieces: tuple[str, ...]
    path: tuple[Hex, ...]
    why: str
    rule: str


@dataclass(frozen=True)
class Surrendered:
    """Pieces with no retreat (or, for held-out trains and depots, no defenders left)."""

    pieces: tuple[str, ...]
    why: str
    rule: str


@dataclass(frozen=True)
class BattleFought:
    preview: BattlePreview  # odds, shifts, modifiers and every result's chance, before the die
    roll: int
    outcome: str
    attacker_loss: int
    defender_loss: int
    attacker_lines: tuple[LossLine, ...]
    defender_lines: tuple[LossLine, ...]
    tripled: bool  # 7.24: a failed amphibious assault
    landed: bool


def _attacking_force(ctx: RuleContext, action: Attack, side: Side) -> Force:
    """The one commanded force all the attackers belong to (10.14), or a refusal."""
    state: StrategicState = ctx.state
    phase = ctx.step.phase
    if phase is StrategicPhase.MOVEMENT:
        active = state.forces.get(state.active or "")
        if active is None or not active.commanded:
            raise IllegalActionError("no force is commanded to move now: an attack from march "
                                     "is made by the moving force", "004 5.28")
        candidates = [active]
    else:
        candidates = [f for f in state.forces.values() if f.commanded]
    for force in candidates:
        if all(a in force.members for a in action.attackers):
            return force
    if any(any(a in f.members for a in action.attackers) for f in candidates):
        raise IllegalActionError("the attackers are under different commanders: they cannot "
                                 "combine", ONE_FORCE)
    raise IllegalActionError("the attackers have no command to attack", ONE_FORCE)


def _check_units(ctx: RuleContext, action: Attack, side: Side) -> None:
    state: StrategicState = ctx.state
    if len(set(action.attackers)) != len(action.attackers):
        raise IllegalActionError("a unit is named twice", COMBAT)
    for unit_id in action.attackers:
        check_attacker(ctx, unit_id, action.target, action.amphibious, side)
    hexes = attack_hexes(state, action.attackers)
    if len(hexes) > 2 or (len(hexes) == 2 and hexes[0].distance(hexes[1]) != 1):
        raise IllegalActionError("the attackers must stand in at most two hexes next to each "
                                 "other", TWO_HEXES)


def check_attacker(ctx: RuleContext, unit_id: str, target: Hex, amphibious: bool,
                   side: Side) -> None:
    """Whether one unit may join an attack on `target` at all (what the others do aside)."""
    state: StrategicState = ctx.state
    phase = ctx.step.phase
    unit = state.pieces.get(unit_id)
    if not isinstance(unit, Division) or unit.side is not side:
        raise IllegalActionError(f"{unit_id} is not a ground unit of the side to play",
                                 COMBAT)
    if unit.entrained:
        raise IllegalActionError(f"{unit_id} is aboard a train and cannot attack", ENTRAINED)
    if not unit.can_attack:
        raise IllegalActionError(f"{unit_id} ({unit.arm.value}) cannot attack", COMBAT)
    if attack_key(unit_id, phase) in state.attacked:
        raise IllegalActionError(f"{unit_id} has attacked once this {phase.value} phase",
                                 ONCE_A_PHASE)
    if amphibious:
        _check_amphibious_unit(state, unit, target)
    elif unit.aboard is not None:
        raise IllegalActionError(f"{unit_id} is aboard ship: only an amphibious assault "
                                 "goes in from the water", AMPHIBIOUS)
    elif unit.hex.distance(target) != 1:
        raise IllegalActionError(f"{unit_id} is not next to the target", TWO_HEXES)


def _check_amphibious_unit(state: StrategicState, unit: Division, target: Hex) -> None:
    ship = state.pieces.get(unit.aboard or "")
    if not isinstance(ship, Ship):
        raise IllegalActionError(f"{unit.id} is not aboard ship", AMPHIBIOUS)
    if unit.arm is not Arm.INFANTRY:
        raise IllegalActionError(f"only infantry divisions and brigades assault from the "
                                 f"water, not {unit.arm.value}", AMPHIBIOUS)
    if ship.hex.distance(target) > 1:
        raise IllegalActionError(f"{unit.id}'s ship is not in or next to the target",
                                 AMPHIBIOUS)
    if unit.id in state.moved or ship.id in state.moved:
        raise IllegalActionError(f"{unit.id} was not in place when the movement phase began",
                                 AMPHIBIOUS)


class AttackHandler:
    """`attack HEX UNIT... [amphibious]`."""

    def legal(self, ctx: RuleContext, side: Side | None) -> Iterator[Attack]:
        assert side is not None
        state: StrategicState = ctx.state
        enemy = {p.hex for p in state.divisions(side.other) if p.sp > 0 and p.aboard is None}
        forces = [f for f in state.forces.values() if f.commanded]
        if ctx.step.phase is StrategicPhase.MOVEMENT:
            forces = [f for f in forces if f.leader == state.active]
        for force in sorted(forces, key=lambda f: f.leader):
            able = [state.pieces[m] for m in force.members if m in state.pieces]
            units = [u for u in able if isinstance(u, Division) and u.side is side
                     and u.can_attack and u.aboard is None
                     and attack_key(u.id, ctx.step.phase) not in state.attacked]
            targets = sorted({n for u in units for n in u.hex.neighbors()
                              if n in enemy})
            for target in targets:
                action = self._strongest(units, target)
                try:
                    self.check(ctx, action, side)
                except IllegalActionError:
                    continue
                yield action

    @staticmethod
    def _strongest(units: list[Division], target: Hex) -> Attack:
        """The attack on `target` from the strongest pair of hexes next to each other."""
        by_hex: dict[Hex, list[str]] = {}
        sp: dict[Hex, int] = {}
        for u in units:
            if u.hex.distance(target) == 1:
                by_hex.setdefault(u.hex, []).append(u.id)
                sp[u.hex] = sp.get(u.hex, 0) + u.sp
        best: tuple[int, tuple[Hex, ...]] = (-1, ())
        for a in by_hex:
            for b in by_hex:
                pair = (a,) if a == b else (a, b)
                if len(pair) == 2 and (a.distance(b) != 1 or b < a):
                    continue
                total = sum(sp[h] for h in pair)
                if total > best[0]:
                    best = (total, pair)
        return Attack(target, tuple(sorted(i for h in best[1] for i in by_hex[h])))

    def check(self, ctx: RuleContext, action: Attack, side: Side | None) -> None:
        assert side is not None
        state: StrategicState = ctx.state
        terrain: TerrainCosts = ctx.rules.terrain
        if not action.attackers:
            raise IllegalActionError("name the attacking units", COMBAT)
        if not terrain.map.contains(action.target):
            raise IllegalActionError("the target is off the map", COMBAT)
        units, _, _ = defending(state, side, action.target)
        if not units:
            raise IllegalActionError("no enemy ground unit stands there to attack", COMBAT)
        phase = ctx.step.phase
        if action.amphibious and phase is not StrategicPhase.MOVEMENT:
            raise IllegalActionError("an amphibious assault is made in the movement phase",
                                     "004 8.12")
        _check_units(ctx, action, side)
        force = _attacking_force(ctx, action, side)
        if (phase is StrategicPhase.MOVEMENT or action.amphibious) and fort_of(
                state, side.other, action.target) is not None:
            how = "by amphibious assault" if action.amphibious else "from march"
            raise IllegalActionError(f"a fort and its garrison are not attacked {how}: storm "
                                     "it in the combat phase or besiege it", NO_MARCH_ON_FORTS)
        if action.amphibious:
            leader = state.pieces.get(force.leader)
            hexes = attack_hexes(state, action.attackers)
            if not isinstance(leader, Leader) or leader.hex not in hexes:
                raise IllegalActionError("a leader must be present with an amphibious assault",
                                         AMPHIBIOUS)
            if not force.rolled:
                raise IllegalActionError(f"{leader.name} must win his command by his own roll, "
                                         "not by an order", AMPHIBIOUS)
        preview = self.preview(ctx, action, side)
        if preview.base_column is None:
            raise IllegalActionError(
                f"the odds, {float(preview.attack):g} to {float(preview.defence):g}, are below "
                f"the table's first column", "R&C strategic odds")

    def preview(self, ctx: RuleContext, action: Attack, side: Side) -> BattlePreview:
        state: StrategicState = ctx.state
        leader = None
        force = next((f for f in state.forces.values()
                      if f.commanded and action.attackers and action.attackers[0] in f.members),
                     None)
        hexes = attack_hexes(state, action.attackers)
        if force is not None:
            boss = state.pieces.get(force.leader)
            if isinstance(boss, Leader) and boss.hex in hexes and not boss.entrained:
                leader = boss  # aboard a train he leads no attack, as units do not (6.58)
        return preview_battle(state, ctx.rules.terrain, side, action.target, action.attackers,
                              leader, action.amphibious)

    def execute(self, ctx: RuleContext, action: Attack, side: Side | None) -> list[Any]:
        assert side is not None
        from gameapp.core.campaign.offer import offer_for  # the campaign builds on this ruleset

        preview = self.preview(ctx, action, side)
        offered = offer_for(ctx, preview)  # a catalogued field: fight it out? (campaign)
        return offered if offered is not None else fight(ctx, preview)


def fight(ctx: RuleContext, preview: BattlePreview) -> list[Any]:
    """Resolve a battle whose preview the handler has checked: one die, then losses and
    retreats."""
    state: StrategicState = ctx.state
    side, target = preview.side, preview.target
    events: list[Any] = []
    if preview.supply is not None and preview.supply.enough:
        spend(state, preview.supply.drawn)
    events += _detrain(state, (*preview.defenders, *preview.held_out,
                               *_riders_at(state, side.other, target)))
    roll = ctx.dice.d6(f"battle at {ctx.scenario.map.hex_id(target)}")
    result = preview.outcome_for(roll)
    outcome = result.outcome
    attackers = [u for u in (state.pieces[i] for i in preview.attackers)
                 if isinstance(u, Division)]
    defenders = [u for u in (state.pieces[i] for i in preview.defenders)
                 if isinstance(u, Division) and u.sp > 0]
    ships = [s for s in (state.pieces[i] for i in preview.ships) if isinstance(s, Ship)]
    defender_lines = share_losses(defenders, ships, result.defender_loss)
    apply_losses(state, defender_lines, "battle")
    survivors = [u for u in defenders if u.id in state.pieces]
    after: list[Any] = []
    vacated = not survivors
    if survivors and outcome.defender_retreats:
        after += _retreat(ctx, side.other, target, outcome.defender_retreats, survivors)
        vacated = True
    elif not survivors:
        after += _lone_pieces(ctx, side.other, target)
    tripled = preview.amphibious and not vacated
    attacker_loss = result.attacker_loss
    if tripled:
        attacker_loss = min(attacker_loss * 3, preview.attacker_sp)
    attacker_lines = share_losses(attackers, [], attacker_loss)
    apply_losses(state, attacker_lines, "battle")
    left = [u for u in attackers if u.id in state.pieces]
    landed = preview.amphibious and vacated and bool(left)
    after += _attackers_after(ctx, preview, left, landed, outcome.attacker_falls_back)
    for unit in attackers:
        state.attacked.add(attack_key(unit.id, ctx.step.phase))
        if ctx.step.phase is StrategicPhase.MOVEMENT:
            state.halted.add(unit.id)
    state.battles += 1
    events.append(BattleFought(preview, roll, outcome.text, attacker_loss, result.defender_loss,
                               tuple(attacker_lines), tuple(defender_lines), tripled, landed))
    return events + after


def _detrain(state: StrategicState, pieces: tuple[str, ...]) -> list[Any]:
    """6.58: units caught aboard a train detrain at half strength, rounded down; trains held
    out (8.17), leaders and HQs get off with them at no loss, so no HQ's roster is left half
    aboard (16.16) and no leader rides on alone."""
    events: list[Any] = []
    for piece_id in pieces:
        piece = state.pieces[piece_id]
        if isinstance(piece, Division) and piece.entrained:
            lost = piece.sp - piece.sp // 2
            state.note_loss(piece, lost)
            state.put(replace(piece, sp=piece.sp // 2, entrained=False))
            events.append(Detrained(piece_id, lost, ENTRAINED))
        elif isinstance(piece, Train | Leader | HQ) and piece.entrained:
            state.put(replace(piece, entrained=False))
            events.append(Detrained(piece_id, 0, ENTRAINED))
    return events


def _riders_at(state: StrategicState, side: Side, at: Hex) -> tuple[str, ...]:
    """The defender's leaders and HQs in the hex: aboard, they get off with the troops."""
    return tuple(p.id for p in state.at(at) if p.side is side and isinstance(p, Leader | HQ))


def _attackers_after(ctx: RuleContext, preview: BattlePreview, left: list[Division],
                     landed: bool, falls_back: bool) -> list[Any]:
    """7.24: a successful assault lands; otherwise an `a` result pulls the attackers back."""
    state: StrategicState = ctx.state
    if landed:
        for unit in left:
            now = state.pieces[unit.id]
            assert isinstance(now, Division)
            state.put(replace(now, aboard=None, hex=preview.target))
            state.leave_roster(unit.id)  # ashore, off its HQ's roster left aboard (16.16)
            ship = state.pieces.get(unit.aboard or "")
            if isinstance(ship, Ship):
                state.put(replace(ship, cargo=tuple(c for c in ship.cargo if c != unit.id)))
        return take_control(ctx, preview.side, (preview.target,))
    events: list[Any] = []
    if falls_back and left and not preview.amphibious:
        # the groups as they stood: a group that fell back into another attacking hex, or
        # surrendered, is not moved again with the next
        groups = [(h, [u for u in left if state.pieces[u.id].hex == h],
                   _company(state, preview.side, h))
                  for h in attack_hexes(state, tuple(u.id for u in left))]
        for h, group, company in groups:
            events += _retreat(ctx, preview.side, h, 1, group, avoid=(preview.target,),
                               company=company)
    return events


def _company(state: StrategicState, side: Side, at: Hex) -> list[Any]:
    """The leaders, HQs and trains of `side` in the hex: they retreat with its units."""
    return [p for p in state.at(at) if p.side is side and isinstance(p, Leader | HQ | Train)]


def _retreat(ctx: RuleContext, side: Side, start: Hex, hexes: int, units: list[Division],
             avoid: tuple[Hex, ...] = (), company: list[Any] | None = None) -> list[Any]:
    """The units of `side` in `start` retreat together, with their leaders, HQs and trains
    (`company`: those in the hex now, unless given); a depot there is destroyed (8.17). No
    retreat: they surrender."""
    state: StrategicState = ctx.state
    board = Board.of(state, ctx.rules.terrain)
    units = [state.pieces[u.id] for u in units if u.id in state.pieces]  # type: ignore[misc]
    if company is None:
        company = _company(state, side, start)
    path = retreat_path(ctx, side, start, hexes, units, board, avoid)
    events: list[Any] = []
    if path is None:
        gone = tuple(u.id for u in units)
        for unit in units:
            state.note_loss(unit, unit.sp)
            remove_piece(state, unit.id)
            state.gone[unit.id] = "surrendered"
        events.append(Surrendered(gone, "no retreat: every path is blocked (9.32)", SURRENDER))
        if not [p for p in state.at(start) if isinstance(p, Division) and p.side is side]:
            events += _lone_pieces(ctx, side, start)
        return events
    end = path.path[-1]
    moved = [p for p in (*units, *company)
             if p.id in state.pieces and state.pieces[p.id].hex == start]
    for piece in moved:
        state.move(piece.id, end)
    events.append(Retreated(tuple(p.id for p in moved), path.path, path.why, "004 9.32"))
    events += _destroy_depots(state, side, start)
    return events


def _destroy_depots(state: StrategicState, side: Side, at: Hex) -> list[Any]:
    depots = [p for p in state.at(at) if isinstance(p, Depot) and p.side is side]
    for depot in depots:
        state.supply_gone["destroyed"] = state.supply_gone.get("destroyed", 0) + depot.supply
        remove_piece(state, depot.id)
        state.gone[depot.id] = "destroyed"
    if not depots:
        return []
    return [Surrendered(tuple(d.id for d in depots), "a depot cannot retreat: destroyed",
                        HELD_OUT)]


def _lone_pieces(ctx: RuleContext, side: Side, at: Hex) -> list[Any]:
    """The defenders are gone: held-out trains and depots die with them (8.17); a leader and
    his HQ may retreat one hex (10.34), or are taken."""
    state: StrategicState = ctx.state
    events: list[Any] = []
    held = [p for p in state.at(at) if p.side is side and isinstance(p, Train | Depot)]
    for store in held:
        state.supply_gone["destroyed"] = state.supply_gone.get("destroyed", 0) + store.supply
        remove_piece(state, store.id)
        state.gone[store.id] = "destroyed"
    if held:
        events.append(Surrendered(tuple(p.id for p in held), "held out of the battle, it dies "
                                  "with the last defender", HELD_OUT))
    lone = [p for p in state.at(at) if p.side is side and isinstance(p, Leader | HQ)]
    if not lone:
        return events
    path = retreat_path(ctx, side, at, 1, [], Board.of(state, ctx.rules.terrain))
    if path is None:
        for piece in lone:  # 22.5: a leader lost goes to the leader pool, out of this game
            remove_piece(state, piece.id, "leader pool" if isinstance(piece, Leader) else "taken")
        events.append(Surrendered(tuple(p.id for p in lone), "alone with nowhere to go: taken "
                                  "(22.5: to the leader pool)", LONE_LEADER))
    else:
        for piece in lone:
            state.move(piece.id, path.path[-1])
        events.append(Retreated(tuple(p.id for p in lone), path.path, path.why, LONE_LEADER))
    return events


class CombatCommandHandler:
    """Orders and initiative in the combat phase: all tried before the first battle (8.0)."""

    def __init__(self) -> None:
        self.inner = CommandHandler()

    def legal(self, ctx: RuleContext, side: Side | None) -> Iterator[GiveOrder | RollInitiative]:
        state: StrategicState = ctx.state
        if state.battles == 0:
            yield from self.inner.legal(ctx, side)

    def check(self, ctx: RuleContext, action: GiveOrder | RollInitiative,
              side: Side | None) -> None:
        state: StrategicState = ctx.state
        if state.battles:
            raise IllegalActionError("every leader's command to attack is tried before the "
                                     "first battle is resolved", BEFORE_BATTLES)
        self.inner.check(ctx, action, side)

    def execute(self, ctx: RuleContext, action: GiveOrder | RollInitiative,
                side: Side | None) -> list[Any]:
        return self.inner.execute(ctx, action, side)
