"""Which sides of a siege line need the troops standing on them (docs/ai.md, "Sieges").

A fortress is besieged when every land hex next to it is held by the besiegers or lies in
their zone of control (R&C strategic sieges). Troops before it whose sides the troops beside
them also close may march on: only those that alone keep a side closed are its siege line.
Without this, West '63's Union kept Sherman's XV Corps (15 SP) at Milliken's Bend and
McPherson's XVII (17 SP) at Delta, both on the Louisiana bank across from Vicksburg, as its
"siege line" for eighteen weeks (seed 1: commanded by initiative in weeks 2-8 and never
moved), each side closed twice over, while the three open sides on the Mississippi bank that
would have shut Pemberton in waited for them.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator, Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING

from gameapp.ai.strategic.position import Position
from gameapp.core.hexgrid import Hex

if TYPE_CHECKING:  # objectives.py imports this module
    from gameapp.ai.strategic.objectives import Target


def land_sides(pos: Position, fortress: Hex) -> list[Hex]:
    """The land hexes next to a fortress: the sides its siege must hold or control."""
    terrain = pos.terrain
    return [n for n in fortress.neighbors()
            if terrain.map.contains(n) and not terrain.terrain(n).is_water]


def needed_holders(pos: Position, fortress: Hex) -> list[Hex]:
    """The hexes whose troops alone keep a side of the siege of `fortress` closed: the side
    they stand on, or one their zone of control reaches, would open if they marched away.
    Troops whose sides the troops beside them also close may go. Without it, two corps side by
    side before Vicksburg each saw the other holding the line, and by turns left the hex that
    alone closed the swamp north of the city (West '63 seed 1, weeks 5-7, until Loring walked
    into it); and Sherman's and McPherson's corps, once both on the Louisiana bank, each kept
    their hex there."""
    sides = [s for s in land_sides(pos, fortress) if side_closed(pos, s)]
    return sorted(c for c in pos.board.combat[pos.side] if c != fortress
                  and c.distance(fortress) <= 2 and any(not side_closed(pos, s, c) for s in sides))


def side_closed(pos: Position, s: Hex, without: Hex | None = None) -> bool:
    """Whether our troops hold the side `s` of a siege or reach it with their zone of control
    (R&C strategic sieges), leaving out those standing on `without`."""
    if s != without and s in pos.board.occupied[pos.side]:
        return True
    ours = pos.board.combat[pos.side]
    reach = pos.terrain.zoc_reach
    return any(m != without and m in ours and s in reach(m) for m in (s, *s.neighbors()))


def siege_guards(pos: Position, lines: Iterable[Target]) -> dict[str, str]:
    """The units to keep on the sides of our siege lines, off their HQs' rosters, each with
    its reason: on a side that needs its own guard, the divisions not on a roster when they
    are enough; else the smallest division of a roster there that is (its HQ keeping the
    rest), released so that the corps may march on to the open sides while it holds this one
    (16.16: a unit leaves a roster at no cost). West '63 seed 1: Sherman's XV Corps (three
    divisions of 5 SP) held Milliken's Bend, which needs 4, for eighteen weeks."""
    state = pos.state
    rostered = {u: hq for hq in state.hqs(pos.side) for u in hq.roster}
    guards: dict[str, str] = {}
    for line in lines:
        if not (line.siege and line.guard and line.needed):
            continue
        here = [p for p in state.divisions(pos.side) if p.hex == line.hex and p.aboard is None]
        free = [p for p in here if p.id not in rostered]
        where = pos.name(line.hex)
        if sum(p.sp for p in free) >= line.needed:
            guards.update((p.id, f"holds the siege line at {where}") for p in free)
            continue
        short = line.needed - sum(p.sp for p in free)
        for hq in sorted({rostered[p.id] for p in here if p.id in rostered}, key=lambda h: h.id):
            units = sorted((p for p in here if rostered.get(p.id) is hq), key=lambda p: p.sp)
            unit = next((p for p in units if p.sp >= short), None)
            if unit is not None and len(units) > 1:
                guards[unit.id] = (f"releases {unit.id} from the {hq.name} to hold the siege "
                                   f"line at {where} ({line.needed:g} SP enough; the rest "
                                   "may march on, 16.16)")
                break
    return guards


def siege_ground(pos: Position, h: Hex) -> float:
    """What driving the enemy off `h` is worth to a siege: `h` lies beside a garrisoned enemy
    fortress we would invest (a victory place that is no capital, or a fort barring a river),
    every other side of which we already hold or control, so that its defenders keep the
    last side open. Worth the share of the fortress's swing a side of its siege line is
    (objectives.INVEST). Counted beside any fortress, it sent East '62's Union at the troops
    beside Centreville's and Yorktown's works at odds that cost it twice its usual losses
    (seeds 1-6: 0-6 against 3-3; docs/strategic-scenarios.md, "West, session 10").
    Without it a battle beside a fortress was worth only its losses and a little ground: in
    West '63 seed 1 Grant's 40 SP stood at Edwards beside Loring's 8 on Vicksburg's last open
    approach from week 4 to week 12 and never attacked (4:1 cost about as many SP as it took),
    and Vicksburg was never closed."""
    from gameapp.ai.strategic.objectives import INVEST
    from gameapp.ai.strategic.river_forts import RIVER_FORT, barring_forts

    places = {p.hex: p for p in pos.places}
    barring = barring_forts(pos)
    best = 0.0
    for n in h.neighbors():
        fort = pos.forts.get(n)
        if fort is None or fort.side is pos.side or not pos.theirs.get(n, 0):
            continue
        if not all(side_closed(pos, s) for s in land_sides(pos, n) if s != h):
            continue
        place = places.get(n)
        if place is not None and place.holder is not pos.side and place.capital_of is None:
            best = max(best, INVEST * 2 * place.points)
        elif n in barring:
            best = max(best, INVEST * RIVER_FORT)
    return best


@dataclass(frozen=True)
class NearestOf(Mapping[Hex, int]):
    """The MP from each hex to the nearest of several goals (each a march-cost map)."""

    ways: tuple[Mapping[Hex, int], ...]

    def __getitem__(self, h: Hex) -> int:
        found = [w[h] for w in self.ways if h in w]
        if not found:
            raise KeyError(h)
        return min(found)

    def __iter__(self) -> Iterator[Hex]:
        return iter({h for w in self.ways for h in w})

    def __len__(self) -> int:
        return len({h for w in self.ways for h in w})


def closing_way(pos: Position, fortress: Hex, side_hex: Hex,
                way: Callable[[Hex], Mapping[Hex, int] | None]) -> Mapping[Hex, int] | None:
    """How far each hex is from closing the open side `side_hex` of the siege of `fortress`:
    the march to the side itself or to any land hex beside it whose zone of control reaches
    it (the rule asks the side held or controlled, R&C strategic sieges). Measured to the side
    alone, West '63's Union stood at Edwards beside the open swamp of B2316 for fourteen weeks
    (seed 1), its corps marching between Edwards and the hex south of Vicksburg, when one of
    them standing on B2416 next door would have closed the ring."""
    terrain = pos.terrain
    closers = [side_hex] + [c for c in side_hex.neighbors()
                            if c != fortress and terrain.map.contains(c)
                            and not terrain.terrain(c).is_water
                            and side_hex in terrain.zoc_reach(c)]
    ways = [w for c in closers if (w := way(c)) is not None]
    if not ways:
        return None
    return NearestOf(tuple(ways))
