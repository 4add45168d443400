"""How long a GeoJSON import takes, against the cost of plain reading and compiling.

    .venv/bin/python bench/geojson_import.py 60x40 150x100

For each size, the synthetic map source of bench/synthetic_maps.py is written as a GeoJSON
(every terrain area, contour, stream, fence and road) and imported onto an empty map of that
size. Printed, measured in the same run:
- the line-tracking JSON reader (`parse_json_with_lines`, the pure-Python scanner) against
  `json.loads` (the C scanner) on the same text: the price of reporting lines;
- the whole import (read, check, compile) against `compile_map` of the same shapes written
  directly in the map: the price of the import over the compile it needs anyway.
"""

from __future__ import annotations

import json
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bench.synthetic_maps import synthetic_map_data
from gameapp.core.mapfile import compile_map
from gameapp.editor.geojson_import import import_geojson, parse_json_with_lines
from gameapp.editor.yamltext import dump, load_round_trip

KINDS = {"terrain": "terrain", "contours": "height", "roads": "road", "hexsides": "hexside"}


def as_geojson(data: dict[str, Any]) -> dict[str, Any]:
    features = []
    for section, prop in KINDS.items():
        for entry in data.get(section, []):
            kind = entry.get(
                {"terrain": "terrain", "contours": "height", "roads": "grade",
                 "hexsides": "feature"}[section])  # fmt: skip
            if "polygon" in entry:
                geometry = {"type": "Polygon", "coordinates": [entry["polygon"]]}
            elif "line" in entry:
                geometry = {"type": "LineString", "coordinates": entry["line"]}
            elif "at" in entry:
                geometry = {"type": "MultiPoint", "coordinates": entry["at"]}
            else:
                continue
            props: dict[str, Any] = {prop: kind}
            if entry.get("bridge"):
                props["bridge"] = True
            features.append({"type": "Feature", "properties": props, "geometry": geometry})
    return {"type": "FeatureCollection", "features": features}


def best_of(runs: int, work: Callable[[], object]) -> float:
    times = []
    for _ in range(runs):
        start = time.perf_counter()
        work()
        times.append(time.perf_counter() - start)
    return min(times)


def measure(size: str) -> None:
    width, height = (int(n) for n in size.split("x"))
    data = synthetic_map_data(width, height)
    collection = as_geojson(data)
    text = json.dumps(collection, indent=1)
    empty = {k: v for k, v in data.items() if k not in KINDS}
    tree = load_round_trip(dump(empty))
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "shapes.geojson"
        path.write_text(text, encoding="utf-8")
        plain_read = best_of(3, lambda: json.loads(text))
        line_read = best_of(3, lambda: parse_json_with_lines(text, "x"))
        direct = best_of(3, lambda: compile_map(data))
        whole = best_of(3, lambda: import_geojson(path, tree))
    print(f"{size}: {len(collection['features'])} features, {len(text) / 1e6:.2f} MB; "
          f"reading with lines / json.loads = {line_read / plain_read:.1f}; "
          f"import / compile_map = {whole / direct:.2f} "
          f"({whole:.2f} s against {direct:.2f} s)")


if __name__ == "__main__":
    for size in sys.argv[1:] or ["60x40", "150x100"]:
        measure(size)
