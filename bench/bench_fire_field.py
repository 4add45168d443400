"""Field-of-fire benchmark (a script, not a test): how long the fields of fire take.

    .venv/bin/python bench/bench_fire_field.py [--repeats N]

- one unlimbered battery of rifled guns (range 24) at the centre of a 150x100 synthetic map,
  facing each of the six directions in turn, with no conventions and with all seven of LoB's:
  cold (the first call, which builds the sight map and the lines for that range and arc) and
  warm (the median of the rest);
- the same battery's whole 360-degree view to 24 hexes (`los.visible_from`);
- every unit of scenarios/demo.yaml at once, with the scenario's conventions, and each side's
  enemy small-arms and canister field (what the movement rules ask for).

The goal is under 10 ms per unit. The yardstick (bench/yardstick.py) is measured in the same run:
compare ratios to it rather than times between machines.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from collections.abc import Callable
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from bench.synthetic_maps import synthetic_map_data  # noqa: E402
from bench.yardstick import yardstick_ms  # noqa: E402
from gameapp.core.mapfile import compile_map  # noqa: E402
from gameapp.core.rules.fire.field import enemy_fire_field, field_of_fire  # noqa: E402
from gameapp.core.rules.fire.weapons import max_range  # noqa: E402
from gameapp.core.rules.sight.los import visible_from  # noqa: E402
from gameapp.core.scenario import load_scenario  # noqa: E402
from gameapp.core.units import Formation, GunType, Side, Unit, UnitDef, UnitKind  # noqa: E402

ALL_CONVENTIONS = ("highest_point", "short_range_obstacles", "woods_add_to_crests", "same_hill",
                   "orchard_endpoints", "short_range_units_block", "long_artillery_over_units")


def timed(fn: Callable[[], object], repeats: int) -> tuple[float, float]:
    """(first call ms, median ms of the next `repeats`)."""
    start = time.perf_counter()
    fn()
    cold = (time.perf_counter() - start) * 1000
    times = []
    for _ in range(repeats):
        start = time.perf_counter()
        fn()
        times.append(time.perf_counter() - start)
    return cold, statistics.median(times) * 1000


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--repeats", type=int, default=41)
    args = parser.parse_args()
    yard = yardstick_ms()
    print(f"yardstick (bench/yardstick.py): {yard:.1f} ms")

    big = compile_map(synthetic_map_data(150, 100))
    centre = big.numbering.offset_to_hex(big.width // 2, big.height // 2)
    defn = UnitDef("bty", Side.UNION, "battery", UnitKind.ARTILLERY, 6, 40, gun=GunType.R,
                   gun_label="1 R 3")
    assert max_range(defn) == 24
    print(f"\n150x100 synthetic map, rifled battery (range 24) at {big.hex_id(centre)}")
    print(f"{'conventions':12} {'facing':>6} {'hexes':>6} {'cold ms':>8} {'warm ms':>8} "
          f"{'/yard':>6}")
    warm_all = []
    for label, conventions in (("none", ()), ("all seven", ALL_CONVENTIONS)):
        for facing in range(6):
            battery = Unit(defn, centre, facing, Formation.UNLIMBERED)
            cold, warm = timed(lambda b=battery, c=conventions: field_of_fire(b, [b], big, c),
                               args.repeats)
            hexes = len(field_of_fire(battery, [battery], big, conventions))
            warm_all.append(warm)
            print(f"{label:12} {facing:6d} {hexes:6d} {cold:8.2f} {warm:8.2f} {warm / yard:6.3f}")
    print(f"median over facings and conventions: {statistics.median(warm_all):.2f} ms "
          f"(goal: under 10 ms)")
    cold, warm = timed(lambda: visible_from(big, centre, 24, ALL_CONVENTIONS), args.repeats)
    seen = int(visible_from(big, centre, 24, ALL_CONVENTIONS).sum())
    print(f"360-degree view to 24 hexes: {seen} hexes seen, cold {cold:.2f} ms, warm {warm:.2f} ms")

    scenario = load_scenario(ROOT / "scenarios" / "demo.yaml")
    units, game_map, conventions = scenario.units, scenario.map, scenario.los_conventions
    print(f"\nscenarios/demo.yaml: {len(units)} units on {game_map.width}x{game_map.height}, "
          f"conventions {list(conventions)}")

    def every_field() -> int:
        return sum(len(field_of_fire(u, units, game_map, conventions)) for u in units)

    cold, warm = timed(every_field, args.repeats)
    firing = sum(1 for u in units if field_of_fire(u, units, game_map, conventions))
    print(f"every unit's field at once: {every_field()} cells from {firing} units that may fire; "
          f"cold {cold:.2f} ms, warm {warm:.2f} ms ({warm / len(units):.3f} ms per unit)")
    for side in Side:
        enemies = [u for u in units if u.side is side.other]
        cold, warm = timed(lambda e=enemies: enemy_fire_field(e, game_map, conventions, units),
                           args.repeats)
        field = enemy_fire_field(enemies, game_map, conventions, units)
        print(f"enemy fire field facing the {side.label}s: {len(field)} hexes, "
              f"cold {cold:.2f} ms, warm {warm:.2f} ms")
    print(f"\nyardstick again: {yardstick_ms():.1f} ms")


if __name__ == "__main__":
    main()
