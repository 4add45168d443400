"""What a side can see of the enemy: the hot-seat option "hide what your side cannot see".

An enemy unit on the map is seen by a side when it is next to one of that side's units, or when
any of that side's units on the map (leaders included) has a line of sight to its hex, under the
scenario's line of sight conventions and with the units on the map blocking as they block fire.
Every other enemy unit is hidden. A side always sees its own units. There is no range limit:
the seeds' lines of sight have none, and the light changes fire, not sight (docs/playing.md,
"Hiding what your side cannot see"; rule R&C hidden units).
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from gameapp.core.hexgrid import Hex
from gameapp.core.mapdata import HexMap
from gameapp.core.rules.sight.block import Conventions, LosOptions
from gameapp.core.rules.sight.los import los_many
from gameapp.core.units import Side, Unit

RULE = "R&C hidden units"


@dataclass(frozen=True)
class Sighting:
    """Whether `side` sees an enemy unit, and why."""

    unit_id: str
    seen: bool
    reason: str  # "next to US-35MA", "in the line of sight of US-21MA (0910)", "out of sight…"
    rule: str = RULE


def sightings(game_map: HexMap, units: Iterable[Unit], side: Side,
              conventions: Conventions = ()) -> dict[str, Sighting]:
    """For every enemy unit of `side` among `units` (the units on the map): seen or hidden."""
    everyone = list(units)
    friends = [u for u in everyone if u.side is side]
    enemies = [u for u in everyone if u.side is not side]
    watchers: dict[Hex, Unit] = {}  # one line of sight pass per friendly hex, not per unit
    for friend in friends:
        watchers.setdefault(friend.hex, friend)
    why: dict[Hex, str] = {}
    for enemy_hex in {u.hex for u in enemies}:
        spotter = next((watchers[h] for h in (enemy_hex, *enemy_hex.neighbors())
                        if h in watchers), None)
        if spotter is not None:
            why[enemy_hex] = f"next to {spotter.id}"
    # units on the map block sight only under a convention that says so (sight/block.py)
    blockers = everyone if LosOptions.of(conventions).units_block else ()
    for watch_hex, friend in watchers.items():
        unseen = {u.hex for u in enemies} - set(why)
        if not unseen:
            break
        clear = los_many(game_map, watch_hex, unseen, conventions, units=blockers)
        for h, seen in clear.items():
            if seen:
                why[h] = f"in the line of sight of {friend.id} ({game_map.hex_id(watch_hex)})"
    hidden = f"out of the line of sight of every {side.label} unit"
    return {u.id: Sighting(u.id, u.hex in why, why.get(u.hex, hidden)) for u in enemies}


def hidden_units(game_map: HexMap, units: Iterable[Unit], side: Side,
                 conventions: Conventions = ()) -> set[str]:
    """The ids of the enemy units `side` cannot see."""
    return {uid for uid, s in sightings(game_map, units, side, conventions).items() if not s.seen}
