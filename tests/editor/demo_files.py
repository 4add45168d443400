"""The demo scenario with its map and counters, copied so a test may save over them."""

from __future__ import annotations

import shutil
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def copy_demo(folder: Path) -> Path:
    for subfolder in ("scenarios", "maps", "counters"):
        (folder / subfolder).mkdir(exist_ok=True)
        shutil.copy(ROOT / subfolder / "demo.yaml", folder / subfolder / "demo.yaml")
    return folder / "scenarios" / "demo.yaml"
