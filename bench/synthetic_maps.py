"""Synthetic vector map sources of any size, for benchmarking the map compiler.

    .venv/bin/python bench/synthetic_maps.py 60x40 150x100

prints how long `compile_map` takes for each size. `synthetic_map_data` gives the source as the
plain dict a map file parses to: dozens of wood, orchard and field polygons, a few meandering
streams and a creek, fences and walls, roads that cross the water on bridges, and contour hills.
Coordinates are map hex units (see docs/maps.md).
"""

from __future__ import annotations

import math
import sys
import time
from typing import Any

import numpy as np

SQRT3 = math.sqrt(3.0)
_AREAS = (
    "woods", "woods", "oak", "pine", "oak and brush", "pine and brush", "brush",
    "orchard", "cornfield", "cornfield", "rocky woods",
)  # fmt: skip
_FENCES = ("fence", "fence", "stone wall", "post and rail fence")


def synthetic_map_data(width: int, height: int, seed: int = 0) -> dict[str, Any]:
    """A plausible flat-top map source of `width` x `height` hexes, the same for the same seed."""
    rng = np.random.default_rng(seed)
    span_x, span_y = 1.5 * (width - 1), SQRT3 * (height - 0.5)
    hexes = width * height

    def spot() -> tuple[float, float]:
        return float(rng.uniform(0, span_x)), float(rng.uniform(0, span_y))

    terrain: list[dict[str, Any]] = []
    for _ in range(max(6, hexes // 80)):
        kind = str(rng.choice(_AREAS))
        radius = float(rng.uniform(1.5, 5.0 if kind != "orchard" else 2.0))
        terrain.append({"terrain": kind, "polygon": _blob(rng, *spot(), radius)})
    for _ in range(max(1, hexes // 1500)):
        terrain.append({"terrain": "town", "polygon": _blob(rng, *spot(), 2.0, wobble=0.15)})

    contours: list[dict[str, Any]] = []
    for _ in range(max(2, hexes // 400)):
        x, y = spot()
        radius = float(rng.uniform(4.0, 9.0))
        for step in range(1, int(rng.integers(2, 5)) + 1):
            shrink = 1.0 - 0.22 * (step - 1)
            contours.append(
                {"height": 300 + 20 * step, "polygon": _blob(rng, x, y, radius * shrink)}
            )

    hexsides: list[dict[str, Any]] = []
    for i in range(max(1, width // 20) + 1):
        feature = "creek" if i == 0 else "stream"
        hexsides.append({"feature": feature, "line": _meander(rng, span_x, span_y, down=True)})
    for _ in range(max(3, hexes // 150)):
        x, y = spot()
        angle = float(rng.uniform(0, math.pi))
        length = float(rng.uniform(3.0, 9.0))
        end = (x + length * math.cos(angle), y + length * math.sin(angle))
        hexsides.append({"feature": str(rng.choice(_FENCES)), "line": [[x, y], list(end)]})
    for _ in range(max(1, width // 30)):
        hexsides.append({"feature": "crest", "line": _meander(rng, span_x, span_y, down=False)})

    roads: list[dict[str, Any]] = []
    for i in range(max(2, height // 12)):
        grade = "pike" if i == 0 else "road"
        roads.append({"grade": grade, "line": _meander(rng, span_x, span_y, down=False),
                      "bridge": True})  # fmt: skip
    for i in range(max(2, width // 12)):
        grade = "lane" if i % 2 == 0 else "path"
        roads.append({"grade": grade, "line": _meander(rng, span_x, span_y, down=True)})

    return {
        "name": f"Synthetic {width}x{height} (seed {seed})",
        "numbering": {"orientation": "flat", "width": width, "height": height, "first": "0101"},
        "base_elevation": 300,
        "terrain": terrain,
        "contours": contours,
        "hexsides": hexsides,
        "roads": roads,
        "features": [{"feature": "buildings", "at": [list(spot()) for _ in range(hexes // 200)]}]
        if hexes >= 200
        else [],
    }


def _blob(
    rng: np.random.Generator, x: float, y: float, radius: float, wobble: float = 0.3
) -> list[list[float]]:
    """A star-shaped (so always valid) irregular polygon around (x, y)."""
    angles = np.linspace(0, 2 * math.pi, 28, endpoint=False)
    phases = rng.uniform(0, 2 * math.pi, 3)
    r = radius * (
        1
        + wobble * np.sin(2 * angles + phases[0])
        + wobble / 2 * np.sin(3 * angles + phases[1])
        + wobble / 3 * np.sin(5 * angles + phases[2])
    )
    r = np.maximum(r, radius * 0.2)
    return [
        [float(x + a), float(y + b)]
        for a, b in zip(r * np.cos(angles), r * np.sin(angles), strict=True)
    ]


def _meander(
    rng: np.random.Generator, span_x: float, span_y: float, *, down: bool
) -> list[list[float]]:
    """A wandering line from one map edge to the opposite one (top to bottom when `down`)."""
    length, across = (span_y, span_x) if down else (span_x, span_y)
    steps = max(4, int(length / 2.5))
    along = np.linspace(-1.5, length + 1.5, steps + 1)
    drift = np.cumsum(rng.normal(0, 0.9, steps + 1)) + rng.uniform(0.15, 0.85) * across
    drift = np.clip(drift, 0, across)
    pairs = zip(drift, along, strict=True) if down else zip(along, drift, strict=True)
    return [[float(a), float(b)] for a, b in pairs]


def main(argv: list[str]) -> None:
    from bench.yardstick import yardstick_ms
    from gameapp.core.mapcompile import compile_spec
    from gameapp.core.mapfile import read_map_spec

    yardstick = yardstick_ms()
    print(f"yardstick (bench/yardstick.py): {yardstick:.1f} ms")
    for size in argv or ["60x40", "150x100"]:
        width, height = (int(v) for v in size.split("x"))
        data = synthetic_map_data(width, height)
        read, build = math.inf, math.inf
        for _ in range(3):
            start = time.perf_counter()
            spec = read_map_spec(data)  # the schema check and the reading
            middle = time.perf_counter()
            hexmap = compile_spec(spec)  # the geometry
            read = min(read, middle - start)
            build = min(build, time.perf_counter() - middle)
        marked = int(np.count_nonzero(hexmap.hexsides)) // 2
        print(
            f"{size}: {(read + build) * 1000:.0f} ms = check {read * 1000:.0f} ms + compile "
            f"{build * 1000:.0f} ms (best of 3); {len(data['terrain'])} areas, "
            f"{len(data['contours'])} contours, {len(data['hexsides'])} hexside lines, "
            f"{len(data['roads'])} roads; about {marked} marked hexsides; "
            f"{(read + build) * 1000 / yardstick:.1f} x yardstick"
        )


if __name__ == "__main__":
    sys.path.insert(0, str(__import__("pathlib").Path(__file__).resolve().parent.parent))
    main(sys.argv[1:])
