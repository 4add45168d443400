"""The ground of one retreat: who stands where, what the unit may cross, and where it may stop.

Shared by both retreat options. Everything is read lazily and cached for the one call, so a
retreat looks only at the hexes around its path however many units the game holds.

- *Enemy-occupied*: a hex with any enemy unit, a lone leader included. Never entered.
- *Next to the enemy* (000 15.4's priorities, disengagement fire): adjacent to an enemy combat
  unit (leaders do not count), whatever its facing. The units that caused the retreat count
  as given, whatever they are.
- *Enemy front* (g88's "ZOC"): the hexes an enemy combat unit's front covers (`front_hexes`,
  docs/rules.md "The front"): the hexes the movement rules already make a unit stop in.
- *Impassable*: a step the movement chart prohibits for the unit's mover class (a creek
  without a bridge, a deep cut for cavalry, rocky woods for cavalry in line, ...), taken by road
  when the step follows a road link and the road allows it (a bridge). A unit with no mover class
  (square, unlimbered guns) retreats as infantry in line or limbered artillery. Terrain costs
  themselves are ignored (000 15.4).
- *Woods* for the artillery rules: woods, rocky woods, oak, oak and brush, pine, pine and brush.
"""

from __future__ import annotations

import threading
from collections.abc import Collection, Iterable, Mapping

from gameapp.core.hexgrid import Hex
from gameapp.core.mapdata import HexMap
from gameapp.core.rules.front import front_hexes
from gameapp.core.rules.movement.costs import MoveCosts, mover_class
from gameapp.core.rules.movement.stacking import stacking_problem
from gameapp.core.rules.retreat.edges import HomeMeasure
from gameapp.core.rules.tables import MoverClass
from gameapp.core.terrain import Terrain
from gameapp.core.units import Unit, UnitKind

WOODED = frozenset(
    {
        Terrain.WOODS,
        Terrain.ROCKY_WOODS,
        Terrain.OAK,
        Terrain.OAK_AND_BRUSH,
        Terrain.PINE,
        Terrain.PINE_AND_BRUSH,
    }
)
ARTILLERY_WOODS_15_4 = "artillery retreats into woods only along a connected road (000 15.4)"

_COSTS: dict[int, tuple[HexMap, MoveCosts]] = {}
_COSTS_KEPT = 4
_COSTS_LOCK = threading.Lock()


def costs_for(game_map: HexMap) -> MoveCosts:
    """Step costs for a map, kept for the last few maps (the engine may pass its own)."""
    found = _COSTS.get(id(game_map))
    if found is not None and found[0] is game_map:
        return found[1]
    with _COSTS_LOCK:  # the computer may ask from its worker thread while the window asks too
        if len(_COSTS) >= _COSTS_KEPT:
            _COSTS.pop(next(iter(_COSTS)))
        costs = MoveCosts(game_map)
        _COSTS[id(game_map)] = (game_map, costs)
    return costs


def retreat_mover(unit: Unit) -> MoverClass:
    found = mover_class(unit)
    if found is not None:
        return found
    return MoverClass.ARTILLERY if unit.kind is UnitKind.ARTILLERY else MoverClass.INFANTRY_LINE


def unit_label(unit: Unit) -> str:
    return unit.defn.name or unit.id


class RetreatGround:
    def __init__(
        self,
        unit: Unit,
        causers: Collection[Unit],
        units: Mapping[str, Unit] | Iterable[Unit],
        game_map: HexMap,
        stacking: str,
        costs: MoveCosts | None = None,
    ) -> None:
        self.unit = unit
        self.map = game_map
        self.start = unit.hex
        self.stacking = stacking
        self.costs = costs or costs_for(game_map)
        self.chart = self.costs.chart
        self.mover = retreat_mover(unit)
        self.is_artillery = unit.kind is UnitKind.ARTILLERY
        everyone = units.values() if isinstance(units, Mapping) else units
        self.causer_ids = frozenset(c.id for c in causers)
        self.friends: dict[Hex, list[Unit]] = {}
        self.enemies: dict[Hex, list[Unit]] = {}
        side, own_id, seen = unit.side, unit.id, set()
        for u in everyone:
            defn = u.defn
            if defn.id == own_id:
                continue
            if defn.id in self.causer_ids:
                seen.add(defn.id)
            (self.friends if defn.side is side else self.enemies).setdefault(u.hex, []).append(u)
        for c in causers:  # causers the caller knows of but the units given do not hold
            if c.id not in seen:
                self.enemies.setdefault(c.hex, []).append(c)
        self.home = HomeMeasure(game_map, side.value, self._away_from)
        self._adjacent: dict[Hex, tuple[tuple[Unit, ...], tuple[Unit, ...]]] = {}
        self._blocks: dict[tuple[Hex, int, bool], str | None] = {}
        self._overstack: dict[Hex, tuple[str, str] | None] = {}
        self._front: dict[Hex, bool] = {}
        self._ids: dict[Hex, str] = {}

    def _away_from(self) -> list[Hex]:
        """Where a side with no map edge retreats away from: the causers, else every enemy combat
        unit, else the start (asked only when needed)."""
        causers = [h for h, us in self.enemies.items() if any(self.is_causer(u) for u in us)]
        combat = causers or [h for h, us in self.enemies.items() if any(_combat(u) for u in us)]
        return combat or [self.start]

    # --- who stands where ---------------------------------------------------------------------
    def is_causer(self, u: Unit) -> bool:
        return u.id in self.causer_ids

    def hex_id(self, h: Hex) -> str:
        found = self._ids.get(h)
        if found is None:
            found = self._ids[h] = self.map.hex_id(h)
        return found

    def enemy_occupied(self, h: Hex) -> bool:
        return h in self.enemies

    def friendly_combat(self, h: Hex) -> bool:
        """Friendly combat units (not leaders, not the retreating unit) stand in the hex."""
        return any(_combat(u) for u in self.friends.get(h, ()))

    def adjacent_enemies(self, h: Hex) -> tuple[tuple[Unit, ...], tuple[Unit, ...]]:
        """(causers, other enemy combat units) adjacent to `h`."""
        found = self._adjacent.get(h)
        if found is None:
            causers: list[Unit] = []
            others: list[Unit] = []
            for n in h.neighbors():
                for u in self.enemies.get(n, ()):
                    if self.is_causer(u):
                        causers.append(u)
                    elif _combat(u):
                        others.append(u)
            found = self._adjacent[h] = (tuple(causers), tuple(others))
        return found

    def in_enemy_front(self, h: Hex) -> bool:
        """g88's enemy zone of control: inside the front of an adjacent enemy combat unit."""
        found = self._front.get(h)
        if found is None:
            found = any(
                h in front_hexes(u, self.map)
                for n in h.neighbors()
                for u in self.enemies.get(n, ())
                if _combat(u)
            )
            self._front[h] = found
        return found

    # --- moving and stopping ------------------------------------------------------------------
    def step_block(self, h: Hex, direction: int, woods_by_road_only: bool) -> str | None:
        """Why the unit may not step from `h` toward `direction`, or None when it may.

        `woods_by_road_only` applies 000 15.4: artillery enters woods only along a road link."""
        key = (h, direction, woods_by_road_only)
        if key in self._blocks:
            return self._blocks[key]
        found = self._block(h, direction, woods_by_road_only)
        self._blocks[key] = found
        return found

    def _block(self, h: Hex, direction: int, woods_by_road_only: bool) -> str | None:
        prohibited = self.costs.step(h, direction, self.mover, False).prohibited
        if prohibited == "off the map":
            return prohibited
        woods = woods_by_road_only and self.is_artillery and self.wooded(h.neighbor(direction))
        if not prohibited and not woods:
            return None
        if not self.map.road_at(h, direction):
            return prohibited or ARTILLERY_WOODS_15_4
        return self.costs.step(h, direction, self.mover, True).prohibited

    def wooded(self, h: Hex) -> bool:
        return self.map.terrain_at(h) in WOODED

    def overstack(self, h: Hex) -> tuple[str, str] | None:
        """(reason, rule) when the unit ending its retreat in `h` would overstack it."""
        if h in self._overstack:
            return self._overstack[h]
        here = [*self.friends.get(h, ()), self.unit.moved_to(h)]
        found = stacking_problem(h, here, self.map, self.chart, self.stacking)
        self._overstack[h] = found
        return found


def _combat(u: Unit) -> bool:
    return u.kind is not UnitKind.LEADER
