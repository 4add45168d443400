"""The influence map: whose fire reaches each hex, worked out from the fields of fire.

Built once per phase for one side (`Influence.build`): every enemy combat unit's field of fire
(`tactical(game).fire.field`, the window's own highlight) is turned into a list, per hex, of the
enemies that could fire into it and at what range. From that:

- `threat(unit, h, facing)`: the VP the unit would expect to lose standing at `h`, all those
  enemies firing (small arms and guns apart, each on its own FCRT row), with the enfilade
  multiplier its facing would give each of them (6.44): casualty steps, plus the chance of a
  morale check (certain for cavalry, 7.32) at what a check costs that unit (its morale
  level: `estimates.check_cost`); with the fire spread (normal), the enemies' shares pooled,
  and where the pool is below the FCRT's first column, each enemy alone firing at us one time
  in n;
- `offense(unit, h)`: the steps its own fire from `h` would be expected to cause on the best
  enemy target it could reach (one it sees: within 3 hexes, or the target's field covers `h`,
  or the line of sight from `h` is clear: a gun outranges the muskets it fires at, so their
  fields never reach it);
- `support(h)`: friendly fire points covering `h` (a hex our guns cover is safer to hold);
- `approach(unit, h)`: what the enemies could do to `h` in their next turn, after their move
  (each moves up to `move_hexes` closer, then fires at the range that leaves), weighed
  by `APPROACH`; nothing when the enemy has no movement phase left in the game. Without it a
  unit stands safe just outside the enemy's reach, and the enemy walks up and fires (the
  demo's stacks on the bridge, shot at and routed together).
"""

from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass, field, replace

from gameapp.ai.estimates import check_cost, checks_from, fire_points_at, steps_from
from gameapp.core.engine import Game
from gameapp.core.hexgrid import Hex
from gameapp.core.rules.fire.enfilade import enfilade
from gameapp.core.rules.fire.field import FieldCell, reach
from gameapp.core.rules.fire.inputs import TargetInput
from gameapp.core.rules.fire.tables import fire_tables
from gameapp.core.rules.fire.target import posture, target_type, type_drm
from gameapp.core.rules.fire.terrain import firing_limit, terrain_total
from gameapp.core.rules.sight.los import los_many
from gameapp.core.rulesets.tactical import tactical
from gameapp.core.terrain import HexFeature
from gameapp.core.units import Formation, Side, Status, Unit, UnitKind

SEEN_WITHIN = 3  # an enemy this close is taken to be in sight whatever its facing
APPROACH = 0.5  # the enemy may not come, and we fire first in its turn
CLEAR_HEX_MP = 5  # MPs to enter a clear hex in line: an enemy's MPs / this = hexes it moves


@dataclass
class Influence:
    side: Side
    enemies: list[Unit]
    into: dict[Hex, list[tuple[Unit, FieldCell]]] = field(default_factory=dict)
    friendly: dict[Hex, float] = field(default_factory=dict)
    moves: dict[str, int] = field(default_factory=dict)  # enemy id -> hexes it may move first
    # enemy id -> the share of its fire one of our hexes can expect: 1 / the hexes of ours it
    # could pick from (each unit fires once a phase, at one hex); 1 for every enemy when the
    # builder does not spread the fire
    shares: dict[str, float] = field(default_factory=dict)
    _approach: dict[tuple[object, ...], tuple[float, float]] = field(default_factory=dict)
    _threats: dict[tuple[object, ...], tuple[float, float]] = field(default_factory=dict)
    _offense: dict[tuple[object, ...], float] = field(default_factory=dict)
    _protection: dict[tuple[object, ...], int] = field(default_factory=dict)
    _limits: dict[tuple[Hex, bool], int] = field(default_factory=dict)
    _chargers: dict[Hex, int] = field(default_factory=dict)
    game: Game | None = None  # for the lines of sight of long-range fire (`_sees`)
    _sight: dict[tuple[Hex, bool, int], dict[Hex, bool]] = field(default_factory=dict)

    @classmethod
    def build(cls, game: Game, side: Side, spread: bool = False) -> Influence:
        enemies = [u for u in game.state.side_units(side.other) if _fires(u)]
        into: dict[Hex, list[tuple[Unit, FieldCell]]] = defaultdict(list)
        ours = {u.hex for u in game.state.side_units(side) if u.kind is not UnitKind.LEADER}
        shares: dict[str, float] = {}
        for enemy in sorted(enemies, key=lambda u: u.id):
            field_ = tactical(game).fire.field(enemy.id)
            for h, cell in field_.items():
                into[h].append((enemy, cell))
            if spread:
                shares[enemy.id] = 1.0 / max(1, sum(h in field_ for h in ours))
        friendly: dict[Hex, float] = defaultdict(float)
        for unit in game.state.side_units(side):
            if _fires(unit):
                for h, cell in tactical(game).fire.field(unit.id).items():
                    friendly[h] += fire_points_at(unit, cell.distance, cell.canister)
        moves = move_hexes(game, side.other, enemies) if moves_again(game, side.other) else {}
        return cls(side, enemies, dict(into), dict(friendly), moves, shares, game=game)

    def approach(self, unit: Unit, h: Hex) -> float:
        """Expected VP lost at `h` to the enemies' fire in their next turn, each having moved
        up to its `move_hexes` closer first (`threat` is the fire of this turn), times
        APPROACH. Enemies that stay put (unlimbered guns, shaken units) count in `threat`."""
        if not self.moves:
            return 0.0
        key = (h, unit.formation, unit.kind, unit.status)
        found = self._approach.get(key)
        if found is None:
            found = self._approach[key] = self._approach_at(unit, h)
        steps, checks = found
        return APPROACH * (steps + self.check_cost_at(unit, h) * checks)

    def _approach_at(self, unit: Unit, h: Hex) -> tuple[float, float]:
        small = guns = 0.0
        for enemy in self.enemies:
            moves = self.moves.get(enemy.id, 0)
            if not moves:
                continue
            distance = max(1, enemy.hex.distance(h) - moves)
            if distance > reach(enemy.defn):
                continue
            canister = enemy.kind is UnitKind.ARTILLERY and distance <= 4
            fp = fire_points_at(enemy, distance, canister, self.shares.get(enemy.id, 1.0))
            if enemy.kind is UnitKind.ARTILLERY and not canister:
                guns += fp
            else:
                small += fp
        return _losses(unit, small, guns, self.protection(replace(unit, hex=h), h))

    def chargers(self, h: Hex) -> int:
        """The SPs of formed enemy infantry and cavalry that could charge `h` in their next
        movement phase: within their `move_hexes` of a hex next to it (held units and units
        that do not move again do not count)."""
        found = self._chargers.get(h)
        if found is None:
            held: dict[str, bool] = self.game.state.held if self.game is not None else {}
            found = self._chargers[h] = sum(
                e.strength for e in self.enemies
                if e.kind in (UnitKind.INFANTRY, UnitKind.CAVALRY) and e.id not in held
                and Status.SHAKEN not in e.status
                and 0 < e.hex.distance(h) <= self.moves.get(e.id, 0) + 1)
        return found

    def threat(self, unit: Unit, h: Hex, facing: int, enfilade_aware: bool = True) -> float:
        """Expected steps lost to one round of enemy fire at `h` facing `facing`."""
        key = (h, facing, unit.formation, unit.kind, unit.status, enfilade_aware)
        found = self._threats.get(key)
        if found is None:
            found = self._threats[key] = self._fire_at(unit, h, facing, enfilade_aware)
        steps, checks = found
        return steps + self.check_cost_at(unit, h) * checks

    def check_cost_at(self, unit: Unit, h: Hex) -> float:
        """What a morale check forced by fire costs the unit standing at `h`: the check's roll
        is lowered by what the unit's ground and type take off enemy fire (the roll terms of
        `morale_terms`: woods -3 standing, -7 under cover), which moves it up the d66
        sequence by as much as the unit's morale were raised."""
        return check_cost(unit, -self.protection(replace(unit, hex=h), h))

    def _fire_at(self, unit: Unit, h: Hex, facing: int, enfilade_aware: bool
                 ) -> tuple[float, float]:
        """Expected steps, and the chance of a morale check, for a unit of this formation and
        kind standing at `h` facing `facing`."""
        placed = replace(unit, hex=h, facing=facing)
        drm = self.protection(placed, h) + charging_drm(placed)
        small = guns = 0.0
        alone: list[tuple[float, float, bool]] = []  # (share, fire points, guns?) per enemy
        for enemy, cell in self.into.get(h, ()):
            mult = float(enfilade(enemy.hex, placed).multiplier) if enfilade_aware else 1.0
            share = self.shares.get(enemy.id, 1.0)
            fp = fire_points_at(enemy, cell.distance, cell.canister, mult)
            artillery = enemy.kind is UnitKind.ARTILLERY and not cell.canister
            alone.append((share, fp, artillery))
            if artillery:
                guns += fp * share
            else:
                small += fp * share
        return _at_least_alone(_losses(unit, small, guns, drm), unit, alone, drm)

    def offense(self, unit: Unit, h: Hex, facing: int, enfilade_aware: bool = True) -> float:
        """Expected steps the unit's fire from `h` would cause on its best target."""
        key = (unit.defn, unit.strength, unit.status, h, enfilade_aware)
        found = self._offense.get(key)
        if found is None:
            found = self._offense[key] = self._offense_at(unit, h, facing, enfilade_aware)
        return found

    def _offense_at(self, unit: Unit, h: Hex, facing: int, enfilade_aware: bool) -> float:
        if not _fires(unit) and unit.kind is not UnitKind.ARTILLERY:
            return 0.0
        far = reach(unit.defn)
        best = 0.0
        for enemy in self.enemies:
            distance = enemy.hex.distance(h)
            if distance > far or distance < 1:
                continue
            if distance > SEEN_WITHIN and not any(e.id == enemy.id
                                                 for e, _ in self.into.get(h, ())) \
                    and not self._sees(unit, h, enemy.hex):
                continue
            mult = float(enfilade(h, enemy).multiplier) if enfilade_aware else 1.0
            canister = unit.kind is UnitKind.ARTILLERY and distance <= 4
            firer = replace(unit, hex=h, facing=facing,
                            losses=unit.defn.strength - self.firing_sps(unit, h))
            fp = fire_points_at(firer, distance, canister, mult)
            guns = unit.kind is UnitKind.ARTILLERY and not canister
            drm = self.protection(enemy, enemy.hex)
            best = max(best, min(steps_from(fp, guns, drm), float(enemy.strength)))
        return best

    def firing_sps(self, unit: Unit, h: Hex) -> int:
        """The SPs of the unit's personnel that may fire from `h`: no more than the hex's
        firing limit (TEC N1: clear 9 standing, 2 under cover; woods 4 and 1). The trade a
        unit makes by taking cover: a regiment of 8 covered in the open fires with 2. Guns
        are left to the fire plan (their limit is the guns', N1)."""
        if self.game is None or unit.kind is UnitKind.ARTILLERY:
            return unit.strength
        covered = Status.COVER in unit.status
        key = (h, covered)
        limit = self._limits.get(key)
        if limit is None:
            m = self.game.map
            try:
                limit = int(firing_limit(m.terrain_at(h), covered=covered,
                                         features=m.features_at(h)).sps)
            except ValueError:  # a terrain with no figure: no limit read
                limit = 99
            self._limits[key] = limit
        return min(unit.strength, limit)

    def protection(self, unit: Unit, h: Hex) -> int:
        """The dice-roll modifier the unit's own ground and type bring to fire at it standing
        at `h` (TEC fire modifiers: woods -3 standing, -7 covered; limbered guns and mounted
        cavalry +): the hex's terrain and features, the slope top left out (it counts only
        against fire from below), hexsides and density too (they depend on the firer and the
        stack). Until issue 30 the AI read the FCRT unmodified, so a regiment in the open
        expected no more loss than one in the woods: it did not defend in cover, and it
        walked its attacks over open ground as if it were timber."""
        if self.game is None:
            return 0
        key = (h, unit.formation, unit.kind, unit.status, unit.side, unit.defn.weapon)
        found = self._protection.get(key)
        if found is None:
            m = self.game.map
            target = TargetInput(units=(unit,), terrain=m.terrain_at(h),
                                 features=m.features_at(h) & ~HexFeature.SLOPE_TOP)
            found = self._protection[key] = (
                terrain_total(target, posture(unit, target))
                + type_drm(target_type(unit, target)))
        return found

    def _sees(self, unit: Unit, h: Hex, target: Hex) -> bool:
        """Is the line of sight from `h` to `target` clear (the engine's, one pass for all the
        enemies in the unit's reach)?"""
        if self.game is None:
            return False
        artillery = unit.kind is UnitKind.ARTILLERY
        far = reach(unit.defn)
        key = (h, artillery, far)  # units of other reaches look at other enemies
        seen = self._sight.get(key)
        if seen is None:
            game = self.game
            targets = [e.hex for e in self.enemies if 1 <= e.hex.distance(h) <= far]
            seen = self._sight[key] = los_many(
                game.map, h, targets, game.scenario.los_conventions,
                units=game.state.units.values(), artillery=artillery)
        return seen.get(target, False)

    def support(self, h: Hex) -> float:
        return self.friendly.get(h, 0.0)


def charging_drm(unit: Unit) -> int:
    """FCRT DRM target movement: a unit that has declared a regular charge is fired at +4 in
    the fire phase before its charge is resolved (both sides fire in it, 1.23), so a charge
    is paid for first in the defenders' volley (issue 30: the AI priced its chargers' hex as
    if they stood there)."""
    if Status.CHARGE not in unit.status:
        return 0
    return fire_tables().modifiers.target_movement["regular_charge"]


def moves_again(game: Game, side: Side) -> bool:
    """Has `side` a movement phase still to come in the game (after the one going on)?"""
    last = game.scenario.clock.last_turn
    if game.state.turn < last:
        return True
    # the last turn: the second player still moves when the first is acting now
    return game.current_side is not side and side is not game.state.first_side


def move_hexes(game: Game, side: Side, units: list[Unit]) -> dict[str, int]:
    """Roughly how far each unit of `side` can go in its next movement phase, in clear hexes:
    its MPs over a clear hex's cost; unlimbered guns and shaken units stay where they are."""
    out: dict[str, int] = {}
    for unit in units:
        if Status.SHAKEN in unit.status or unit.formation is Formation.UNLIMBERED:
            continue
        if unit.kind is UnitKind.ARTILLERY:
            out[unit.id] = 2  # limber, move, unlimber: it fires from close to where it was
            continue
        out[unit.id] = int(tactical(game).movement.allowance(unit).total) // CLEAR_HEX_MP
    return out


def _fires(unit: Unit) -> bool:
    return unit.kind is not UnitKind.LEADER and Status.ROUTED not in unit.status


def _at_least_alone(pooled: tuple[float, float], unit: Unit,
                    alone: list[tuple[float, float, bool]], drm: int = 0
                    ) -> tuple[float, float]:
    """When the shares' fire points pooled fall below the FCRT's first column (no steps, no
    check), the enemies counted one at a time instead, each firing at us with the chance its
    share gives: an enemy with a third of its 0.5 fire points for us counts nothing pooled,
    but fires at us one time in three with all its 0.5, which hits on 3 rolls of 36."""
    if pooled != (0.0, 0.0):
        return pooled
    steps = 0.0
    unchecked = 1.0
    for share, fp, artillery in alone:
        one_steps, one_checks = _losses(unit, *((0.0, fp) if artillery else (fp, 0.0)), drm)
        steps += share * one_steps
        unchecked *= 1.0 - share * one_checks
    return steps, 1.0 - unchecked


def _losses(unit: Unit, small: float, guns: float, drm: int = 0) -> tuple[float, float]:
    """Expected steps lost to `small` small-arms and `guns` artillery fire points, the rolls
    moved by `drm` (the target's ground and type), and the chance of a morale check. A check
    may shake the unit, then rout it in the rally phase, and a rout spreads to its neighbours
    (7.37); cavalry checks after any fire at it (7.32)."""
    checks = 1 - (1 - checks_from(small, False, drm)) * (1 - checks_from(guns, True, drm))
    if unit.kind is UnitKind.CAVALRY and (small or guns):
        checks = 1.0
    return steps_from(small, False, drm) + steps_from(guns, True, drm), checks
