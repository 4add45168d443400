"""A crowd of random but plausible counters for benchmarks and look-see renders."""

from __future__ import annotations

import random

from gameapp.core.mapdata import HexMap
from gameapp.core.units import (
    FORMATIONS_BY_KIND,
    GunType,
    Side,
    SmallArms,
    Status,
    Unit,
    UnitDef,
    UnitKind,
)


def random_units(hex_map: HexMap, count: int, seed: int = 2) -> list[Unit]:
    rng = random.Random(seed)
    hexes = hex_map.hexes()
    units: list[Unit] = []
    kinds = (UnitKind.INFANTRY,) * 6 + (
        UnitKind.CAVALRY,
        UnitKind.ARTILLERY,
        UnitKind.ARTILLERY,
        UnitKind.LEADER,
    )
    h = rng.choice(hexes)
    for n in range(count):
        if rng.random() < 0.6:
            h = rng.choice(hexes)
        side = Side.UNION if (hex_map.index(h)[1] < hex_map.width / 2) else Side.CONFEDERATE
        kind = rng.choice(kinds)
        defn = UnitDef(
            id=f"u{n}",
            side=side,
            name=_name(kind, n, rng),
            kind=kind,
            strength=rng.randint(2, 12) if kind is not UnitKind.LEADER else 0,
            morale=rng.choice((24, 31, 33, 35, 42, 44, 46)),
            brigade=f"{n % 7 + 1}th Brigade",
            weapon=rng.choice(list(SmallArms))
            if kind in (UnitKind.INFANTRY, UnitKind.CAVALRY)
            else None,
            fire_power=rng.choice((1.0, 1.5, 2.0)),
            gun=rng.choice(list(GunType)) if kind is UnitKind.ARTILLERY else None,
            gun_label="1 R 3" if kind is UnitKind.ARTILLERY else "",
            leader_morale_bonus=rng.randint(1, 3) if kind is UnitKind.LEADER else 0,
        )
        status = frozenset(s for s in Status if rng.random() < 0.08)
        units.append(Unit(defn, h, rng.randrange(6), rng.choice(FORMATIONS_BY_KIND[kind]), status))
    return units


_SURNAMES = (
    "Gibbon",
    "Hood",
    "Law",
    "Iron",
    "Ward",
    "Kemper",
    "Pickett",
    "Barksdale",
    "Meade",
    "Hays",
)


def _name(kind: UnitKind, n: int, rng: random.Random) -> str:
    if kind is UnitKind.LEADER:
        return rng.choice(_SURNAMES)
    if kind is UnitKind.ARTILLERY:
        return f"Btty {chr(65 + n % 26)}"
    state = rng.choice(("Va", "NC", "Ga", "Pa", "NY", "Mass", "Wis", "Ala"))
    return f"{n % 40 + 1}th {state}" + (" Cav" if kind is UnitKind.CAVALRY else "")
