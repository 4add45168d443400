"""The theatre-map pictures of docs/maps.md: each whole map, and close-ups of the places a reader
should recognise (the Virginia front; the Tennessee and Cumberland; the lower Mississippi).

    QT_QPA_PLATFORM=offscreen .venv/bin/python scripts/make_theatre_pictures.py
"""

from __future__ import annotations

import sys
from pathlib import Path

from PySide6.QtCore import QRectF

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from gameapp.core.theatre.file import load_theatre  # noqa: E402
from gameapp.ui.board.theatre_scene import TheatreScene  # noqa: E402
from gameapp.ui.render import ensure_application, render_theatre_png, write_scene_png  # noqa: E402

IMAGES = ROOT / "docs" / "images"
# Close-ups: (map, picture, first and last hex ids of the corners shown, width in pixels).
CLOSE_UPS = [
    ("east", "theatre-east-virginia.png", "C1803", "C3122", 1600),
    ("west", "theatre-west-tennessee.png", "A3415", "B5010", 1600),
    ("west", "theatre-west-mississippi.png", "A1619", "B3834", 1400),
]


def main() -> int:
    ensure_application()
    maps = {key: load_theatre(ROOT / "maps" / f"theatre_{key}.yaml") for key in ("east", "west")}
    for key, theatre in maps.items():
        out = IMAGES / f"theatre-{key}.png"
        render_theatre_png(theatre, out, width=1800)
        print(f"wrote {out}")
    for key, name, first, last, width in CLOSE_UPS:
        theatre = maps[key]
        scene = TheatreScene(theatre)
        a = scene.geometry.polygon(theatre.parse(first)).boundingRect()
        b = scene.geometry.polygon(theatre.parse(last)).boundingRect()
        write_scene_png(scene, QRectF(a.topLeft(), b.bottomRight()), IMAGES / name, width)
        print(f"wrote {IMAGES / name}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
