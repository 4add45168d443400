"""Retreat-path benchmark (a script, not a test): one unit's retreat paths among many units.

    .venv/bin/python bench/bench_retreat.py [--repeats N] [--units N]

The 150x100 synthetic map (bench/synthetic_maps.py), a crowd of random counters over it
(bench/random_units.py), and a Union infantry unit in the middle of the map with a tight crowd
of friends and enemies around it (two enemies caused the retreat). The Union retreats west, to
`01xx`; the Confederates have no edge there, so their retreats run away from the enemy instead.
For each option and distance: the first call on the map (which prices the steps it meets; the
terrain chart is read beforehand), then the median and the fastest of the next calls, beside
the yardstick measured in the same run, and the median as a ratio to it. The goal is under
10 ms a call.
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from collections.abc import Callable
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from bench.random_units import random_units  # noqa: E402
from bench.synthetic_maps import synthetic_map_data  # noqa: E402
from bench.yardstick import yardstick_ms  # noqa: E402
from gameapp.core.hexgrid import Hex  # noqa: E402
from gameapp.core.mapdata import HexMap  # noqa: E402
from gameapp.core.mapfile import compile_map  # noqa: E402
from gameapp.core.rules.retreat import RetreatOptions, retreat_paths  # noqa: E402
from gameapp.core.rules.tables import terrain_effects  # noqa: E402
from gameapp.core.units import Formation, Side, SmallArms, Unit, UnitDef, UnitKind  # noqa: E402


def timings_ms(fn: Callable[[], object], repeats: int) -> tuple[float, float]:
    """(median, fastest) of `repeats` calls, in ms: the fastest is the least disturbed by other
    work on a shared machine."""
    times = []
    for _ in range(repeats):
        start = time.perf_counter()
        fn()
        times.append(time.perf_counter() - start)
    return statistics.median(times) * 1000, min(times) * 1000


def crowd(game_map: HexMap, centre: Hex, count: int, seed: int = 5) -> list[Unit]:
    """`count` infantry within 5 hexes of `centre`: enemies to the east, friends to the west,
    some mixed in, never on the centre."""
    rng = random.Random(seed)
    near = [h for h in centre.range(5) if h != centre and game_map.contains(h)]
    units = []
    for n in range(count):
        h = rng.choice(near)
        east = h.q > centre.q or (h.q == centre.q and rng.random() < 0.5)
        side = Side.CONFEDERATE if east ^ (rng.random() < 0.15) else Side.UNION
        defn = UnitDef(f"c{n}", side, f"crowd {n}", UnitKind.INFANTRY, rng.randint(2, 6), 35,
                       weapon=SmallArms.R)
        units.append(Unit(defn, h, rng.randrange(6), Formation.LINE))
    return units


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--repeats", type=int, default=31)
    parser.add_argument("--units", type=int, default=2000)
    args = parser.parse_args()
    game_map = compile_map(synthetic_map_data(150, 100, seed=3))
    game_map.friendly_edges = {"union": ["01xx"]}
    centre = game_map.numbering.offset_to_hex(game_map.width // 2, game_map.height // 2)
    background = [u for u in random_units(game_map, args.units) if u.hex.distance(centre) > 5]
    near = crowd(game_map, centre, 60)
    defn = UnitDef("mover", Side.UNION, "mover", UnitKind.INFANTRY, 5, 35, weapon=SmallArms.R)
    mover = Unit(defn, centre, 3, Formation.LINE)
    enemies = sorted((u for u in near if u.side is Side.CONFEDERATE),
                     key=lambda u: (u.hex.distance(centre), u.id))
    causers = enemies[:2]
    units = {u.id: u for u in [*background, *near, mover]}
    terrain_effects()  # the chart is read once per process, not per map: keep it out of "first"
    yardstick = yardstick_ms()
    print(f"yardstick (bench/yardstick.py): {yardstick:.1f} ms")
    print(f"map 150x100, {len(units)} units, {len(near)} of them within 5 hexes of the mover "
          f"at {game_map.hex_id(centre)}")
    print(f"{'option':8} {'distance':>8} {'paths':>6} {'outcome':>16} {'first ms':>9} "
          f"{'median ms':>10} {'best ms':>8} {'/ yardstick':>11}")
    for option in ("ss15_4", "g88"):
        for distance in (1, 2, 4, 6):

            def call(o: str = option, d: int = distance) -> RetreatOptions:
                return retreat_paths(mover, d, causers, units, game_map, o, "flat_8")

            start = time.perf_counter()
            result = call()
            first = (time.perf_counter() - start) * 1000
            median, fastest = timings_ms(call, args.repeats)
            print(f"{option:8} {distance:8d} {len(result.paths):6d} "
                  f"{result.outcome.label:>16} {first:9.2f} {median:10.2f} {fastest:8.2f} "
                  f"{median / yardstick:11.3f}")


if __name__ == "__main__":
    main()
