"""Where the enemy's fields of fire reach, as a moving side meets them: walls and fences cost
double inside them (TEC N12), and so may formation changes (2.5).

A field of fire is the small-arms field of infantry and cavalry, the canister band of artillery
(`fire.field.small_arms_field`), line of sight included. `FireCoverage` says, for every hex,
which enemies' fields hold it, as one bit per enemy: asking whether a hex is under fire is then
one look-up, whichever enemies a question counts. It is kept with the game's move costs for as
long as the enemy units are the same (and, where units block sight, the state the same): a
whole movement phase, when no enemy moves.
"""

from __future__ import annotations

from gameapp.core.hexgrid import Hex
from gameapp.core.mapdata import HexMap
from gameapp.core.rules.fire.field import reach, small_arms_field
from gameapp.core.rules.movement.costs import MoveCosts
from gameapp.core.rules.sight.los import LosOptions
from gameapp.core.state import GameState
from gameapp.core.units import Side, Unit


class FireCoverage:
    """Which enemies' fields of fire hold each hex: bit i of `masks[h]` for `enemies[i]`."""

    __slots__ = ("_near", "_placed", "enemies", "hexes", "masks", "moved", "reaches")

    def __init__(self, enemies: list[Unit], reaches: list[int], masks: dict[Hex, int],
                 moved: int | None) -> None:
        self.enemies = enemies
        self.hexes = frozenset(enemy.hex for enemy in enemies)  # where the enemy stands
        self.reaches = reaches  # how far each enemy fires (`fire.field.reach`)
        self.masks = masks
        self.moved = moved  # the state's revision where units block sight, else None
        # (q, r, reach, bit) of each enemy, for `near`
        self._placed = [(e.hex.q, e.hex.r, far, 1 << i)
                        for i, (e, far) in enumerate(zip(enemies, reaches, strict=True))]
        # (hex, radius) -> what `near` answered: a listing asks of every unit's hex, and the
        # coverage serves the whole phase. Each entry is whole before it is stored (the
        # computer's thread may ask too) and a key always gets the same value.
        self._near: dict[tuple[Hex, int], FireNear] = {}

    def holds(self, h: Hex) -> bool:
        """Is `h` inside any enemy's field of fire?"""
        return h in self.masks

    def near(self, around: Hex, radius: int) -> FireNear:
        """Whether a hex is inside the field of an enemy that fires as far as `radius` hexes of
        `around`: the fields a search from `around` with `radius` hexes to go may meet."""
        key = (around, radius)
        found = self._near.get(key)
        if found is None:
            q, r = around
            counted = 0
            for eq, er, farthest, bit in self._placed:
                # how far the enemy's field is from `around` (`Hex.distance`, inline)
                if (abs(eq - q) + abs(er - r) + abs(eq - q + er - r)) // 2 - farthest <= radius:
                    counted |= bit
            found = self._near[key] = FireNear(self, counted)
        return found

    def serves(self, enemies: list[Unit], moved: int | None) -> bool:
        """Made for these very enemy units (and the same state, where units block sight)?"""
        mine = self.enemies
        return (moved == self.moved and len(enemies) == len(mine)
                and all(a is b for a, b in zip(enemies, mine, strict=True)))


class FireNear:
    """`FireCoverage.near`: is a hex inside the field of one of the enemies counted (bits)?"""

    __slots__ = ("_masks", "counted", "coverage")

    def __init__(self, coverage: FireCoverage, counted: int) -> None:
        self.coverage = coverage
        self.counted = counted
        self._masks = coverage.masks

    def __call__(self, h: Hex) -> bool:
        return bool(self._masks.get(h, 0) & self.counted)


def fire_coverage(side: Side, enemies: list[Unit], state: GameState, game_map: HexMap,
                  conventions: tuple[str, ...], costs: MoveCosts) -> FireCoverage:
    """The fields of fire of `side`'s enemies (`enemies`, of `state`), kept in `costs` while
    they serve."""
    moved = state.revision if LosOptions.of(conventions).units_block else None
    kept = costs.coverage.get(side)
    if kept is not None and kept.serves(enemies, moved):
        return kept
    everyone = list(state.units.values())
    reaches = [reach(enemy.defn) for enemy in enemies]
    masks: dict[Hex, int] = {}
    masks_get = masks.get
    for i, enemy in enumerate(enemies):
        bit = 1 << i
        for h in enemy_field(enemy, moved, game_map, conventions, costs, everyone):
            masks[h] = masks_get(h, 0) | bit
    found = costs.coverage[side] = FireCoverage(enemies, reaches, masks, moved)
    return found


def enemy_field(enemy: Unit, moved: int | None, game_map: HexMap, conventions: tuple[str, ...],
                costs: MoveCosts, everyone: list[Unit]) -> tuple[Hex, ...]:
    """The enemy's field of fire, as far as it fires (`fire.field.reach`); `moved` is the
    state's revision where units block sight, None where they do not (the field is then the
    map's and the enemy's alone, kept with the map)."""
    if moved is None:
        key = (enemy, conventions)
        found = costs.shared.open_fields.get(key)
        if found is None:
            found = costs.shared.open_fields[key] = _within_reach(
                enemy, small_arms_field(enemy, game_map, conventions, everyone))
        return found
    found = costs.fire_fields.get((enemy, moved))
    if found is None:
        found = costs.fire_fields[(enemy, moved)] = _within_reach(
            enemy, small_arms_field(enemy, game_map, conventions, everyone))
    return found


def _within_reach(enemy: Unit, field: frozenset[Hex]) -> tuple[Hex, ...]:
    """The hexes of the enemy's field as far as it fires, in the field's order."""
    farthest = reach(enemy.defn)
    return tuple(h for h in field if enemy.hex.distance(h) <= farthest)
