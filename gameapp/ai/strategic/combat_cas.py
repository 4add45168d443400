"""Battles: which to fight, at what odds and with what supply, read from the engine's own
preview (`odds.preview_battle`: the odds column, every shift and modifier, each result's chance
and losses, and whether combat supply is there or the attack goes in at half).

A battle's worth is its expectation over the die: half a point for each SP the enemy loses,
less half a point for each of ours; when the defenders must retreat, the ground won (more when
they are driven off a victory place: part of its swing, as we may march in next week), or, when
the rules find them no retreat (`retreat.retreat_path`), every SP they have left: they
surrender. It is fought when that beats the difficulty's
margin. The same worth decides, before any battle (8.0), which leaders' commands to try.
A player that advances after its battles (`advances`, hard: advance_cas.py) counts the whole
swing of a place its battle drives the defenders off, as it goes in at once.
Naval battles the rules owe (11.11) are fought when listed.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass

from gameapp.ai.rca import Choice
from gameapp.ai.strategic.objectives import CAPITAL, OUTNUMBER, SP_VALUE
from gameapp.ai.strategic.position import Position
from gameapp.ai.strategic.river_forts import RIVER_FORT, barring_forts
from gameapp.ai.strategic.siege_lines import siege_ground
from gameapp.ai.strategic.staff import Staff
from gameapp.core.breakdown import IllegalActionError
from gameapp.core.engine import Game
from gameapp.core.hexgrid import Hex
from gameapp.core.rulesets.strategic.actions import Attack, NavalAttack
from gameapp.core.rulesets.strategic.combat import AttackHandler, attack_key
from gameapp.core.rulesets.strategic.crt import combat_tables
from gameapp.core.rulesets.strategic.odds import BattlePreview, preview_battle
from gameapp.core.rulesets.strategic.pieces import Division, Leader
from gameapp.core.rulesets.strategic.retreat import retreat_path
from gameapp.core.rulesets.strategic.ruleset import ROUTES
from gameapp.core.rulesets.strategic.sequence import StrategicPhase

BATTLE_SCORE = 12.0  # after every command has been tried (8.0)
NAVAL_SCORE = 11.0
DRIVEN_OFF = 0.5  # share of a place's swing counted for driving its defenders off
TAKEN = 1.0  # the share for a player that advances into the emptied place (advance_cas.py)
DRIVEN_BACK = 0.3  # VP for the ground won when the defenders retreat
STAKE = 2.0  # a loss of a share s of all our SP counts (1 + STAKE * s) times


def battle_worth(pos: Position, preview: BattlePreview, driven_off: float = DRIVEN_OFF) -> float:
    """`driven_off`: the share of a place's swing counted when its defenders retreat, if the
    attackers outnumber them (OUTNUMBER) and so can hold it once in; else DRIVEN_OFF: an army
    driven a hex back beside the place takes it again (a 1:1 battle, 33 SP against 33 at Aquia
    Creek, was read in East '62 seed 2)."""
    places = {p.hex: p for p in pos.places}
    place = places.get(preview.target)
    ground = DRIVEN_BACK
    if preview.attacker_sp < OUTNUMBER * preview.defender_sp:
        driven_off = min(driven_off, DRIVEN_OFF)
    if place is not None and place.holder is not pos.side:
        ground += driven_off * (2 * place.points + (CAPITAL if place.capital_of else 0))
    elif preview.target in barring_forts(pos):  # the river beyond it opened (river_forts.py)
        ground += DRIVEN_OFF * RIVER_FORT
    ground += DRIVEN_OFF * siege_ground(pos, preview.target)  # a fortress's side opened
    defenders = [u for d in preview.defenders if isinstance(u := pos.state.pieces[d], Division)]
    trapped = trapped_attackers(pos, preview)
    army = max(1, sum(pos.mine.values()))
    worth = 0.0
    for r in preview.results:
        lost = float(r.attacker_loss)
        if r.outcome.attacker_falls_back and trapped:  # no way back: they surrender
            lost += trapped * max(0.0, 1 - r.attacker_loss / max(1, preview.attacker_sp))
        # a commander does not stake his army on one die: a loss counts more the larger a
        # share of all our SP it is
        swing = SP_VALUE * (r.defender_loss - lost * (1 + STAKE * lost / army))
        hexes = r.outcome.defender_retreats
        if hexes and retreat_path(pos.ctx, pos.side.other, preview.target, hexes, defenders,
                                  pos.board) is None:
            swing += SP_VALUE * max(0, preview.defender_sp - r.defender_loss)  # surrender
        elif hexes:
            swing += ground
        worth += float(r.chance) * swing
    return worth


def driven_off(staff: Staff) -> float:
    """The share of a place's swing a battle that drives its defenders off is worth to this
    player: all of it if it advances into the place at once (`advances`)."""
    return TAKEN if staff.weights.advances else DRIVEN_OFF


def trapped_attackers(pos: Position, preview: BattlePreview) -> int:
    """The attacking SP that would find no retreat if the result made them fall back (combat.py:
    they surrender). Lee's 49 SP, attacking 39 across the Rappahannock at 1:2 in East '63 for
    the chance that the defenders surrender, surrendered themselves on an `a` result."""
    state = pos.state
    by_hex: dict[Hex, list[Division]] = {}
    for a in preview.attackers:
        unit = state.pieces.get(a)
        if isinstance(unit, Division):
            by_hex.setdefault(unit.hex, []).append(unit)
    return sum(sum(u.sp for u in group) for h, group in by_hex.items()
               if retreat_path(pos.ctx, pos.side, h, 1, group, pos.board,
                               avoid=(preview.target,)) is None)


def fed_part(pos: Position, preview: BattlePreview) -> tuple[str, ...] | None:
    """The attackers the supply within reach can feed at full strength, strongest first, when
    it cannot feed them all (None: it can, or it feeds none): 30 SP at full strength strike
    harder than 44 at half, and lose less (losses are a share of the SP engaged)."""
    supply = preview.supply
    if supply is None or supply.enough or not supply.drawn:
        return None
    room = sum(n for _, n in supply.drawn) * combat_tables().supply_per_sp
    units = sorted((u for a in preview.attackers
                    if isinstance(u := pos.state.pieces.get(a), Division)),
                   key=lambda u: (-u.sp, u.id))
    chosen: list[str] = []
    for u in units:
        if u.sp <= room:
            chosen.append(u.id)
            room -= u.sp
    return tuple(sorted(chosen)) if chosen else None


def battle_text(pos: Position, preview: BattlePreview, worth: float) -> str:
    supply = "" if preview.supply is None else (
        f", {preview.supply.needed} supply point(s)" if preview.supply.enough
        else ", without combat supply: half strength")
    return (f"attacks {preview.defender_sp} SP at {pos.name(preview.target)} "
            f"with {preview.attacker_sp} SP at {preview.odds_label}{supply}: "
            f"{worth:+.2f} VP expected")


def strongest(units: list[Division], target: Hex) -> tuple[str, ...]:
    """The attackers on `target`: the units in the strongest pair of neighbouring hexes next to
    it (8.21)."""
    by_hex: dict[Hex, list[Division]] = {}
    for u in units:
        if u.hex.distance(target) == 1:
            by_hex.setdefault(u.hex, []).append(u)
    best: tuple[int, tuple[str, ...]] = (0, ())
    for a in by_hex:
        for b in by_hex:
            if a != b and (a.distance(b) != 1 or b < a):
                continue
            group = by_hex[a] + (by_hex[b] if b != a else [])
            sp = sum(u.sp for u in group)
            if sp > best[0]:
                best = (sp, tuple(sorted(u.id for u in group)))
    return best[1]


def best_attack_of(pos: Position, leader_id: str, members: tuple[str, ...],
                   feeds_attacks: bool = False, driven_off: float = DRIVEN_OFF
                   ) -> tuple[float, BattlePreview | None]:
    """The best battle a force could fight now, were it commanded: its worth and preview;
    with `feeds_attacks`, also with only the part of it its supply can feed (`fed_part`)."""
    state = pos.state
    phase = pos.game.phase
    units = [p for m in members if isinstance(p := state.pieces.get(m), Division)
             and p.side is pos.side and p.can_attack and p.aboard is None
             and attack_key(p.id, phase) not in state.attacked]
    enemy = pos.theirs
    leader = state.pieces.get(leader_id)
    best: tuple[float, BattlePreview | None] = (0.0, None)
    for target in sorted({n for u in units for n in u.hex.neighbors() if n in enemy}):
        attackers = strongest(units, target)
        if not attackers:
            continue
        hexes = {state.pieces[a].hex for a in attackers}
        boss = leader if isinstance(leader, Leader) and leader.hex in hexes else None
        previews = [preview_battle(state, pos.terrain, pos.side, target, attackers, boss)]
        part = fed_part(pos, previews[0]) if feeds_attacks else None
        if part is not None:
            boss = boss if boss is not None and boss.hex in {
                state.pieces[a].hex for a in part} else None
            previews.append(preview_battle(state, pos.terrain, pos.side, target, part, boss))
        for preview in previews:
            if preview.base_column is None:
                continue
            worth = battle_worth(pos, preview, driven_off)
            if best[1] is None or worth > best[0]:
                best = (worth, preview)
    return best


@dataclass
class FightBattles:
    staff: Staff
    name: str = "fight a battle"
    _choice: Choice | None = None

    def evaluate(self, game: Game) -> float:
        self._choice = None
        if game.pending_decision is not None or game.phase is not StrategicPhase.COMBAT:
            return 0.0
        pos = self.staff.look(game)
        handler = ROUTES[StrategicPhase.COMBAT][Attack]
        assert isinstance(handler, AttackHandler)
        best: tuple[float, Attack | None, str] = (self.staff.weights.attack_margin, None, "")
        for action in self._attacks(pos, handler):
            preview = handler.preview(pos.ctx, action, pos.side)
            worth = battle_worth(pos, preview, driven_off(self.staff)) + self.staff.noise()
            if worth > best[0]:
                best = (worth, action, battle_text(pos, preview, worth))
        if best[1] is None:
            return 0.0
        self._choice = Choice(best[1], best[2])
        return BATTLE_SCORE

    def execute(self, game: Game) -> Choice:
        assert self._choice is not None, "execute without a winning evaluate"
        return self._choice

    def _attacks(self, pos: Position, handler: AttackHandler) -> Iterator[Attack]:
        """The legal attacks; with `feeds_attacks`, each also with the part of its attackers
        the supply within reach can feed, when that is legal."""
        for action in handler.legal(pos.ctx, pos.side):
            yield action
            if not self.staff.weights.feeds_attacks:
                continue
            part = fed_part(pos, handler.preview(pos.ctx, action, pos.side))
            if part is None or part == action.attackers:
                continue
            smaller = Attack(action.target, part)
            try:
                handler.check(pos.ctx, smaller, pos.side)
            except IllegalActionError:
                continue
            yield smaller


@dataclass
class NavalBattles:
    """11.11: where our warships share water with the enemy's, the battle is owed."""

    staff: Staff
    name: str = "fight a naval battle"
    _choice: Choice | None = None

    def evaluate(self, game: Game) -> float:
        self._choice = None
        if game.pending_decision is not None or game.phase is not StrategicPhase.COMBAT:
            return 0.0
        pos = self.staff.look(game)
        handler = ROUTES[StrategicPhase.COMBAT][NavalAttack]
        action = next(iter(handler.legal(pos.ctx, pos.side)), None)
        if action is None:
            return 0.0
        self._choice = Choice(action, f"fights the naval battle owed at {pos.name(action.at)} "
                                      "(11.11)")
        return NAVAL_SCORE

    def execute(self, game: Game) -> Choice:
        assert self._choice is not None, "execute without a winning evaluate"
        return self._choice
