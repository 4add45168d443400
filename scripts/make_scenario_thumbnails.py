"""The start screen's thumbnails: each scenario's board with its set-up, drawn small by the
new-game dialog's `map_preview`, saved as scenarios/thumbnails/<scenario>.png (the start
screen shows it beside the scenario; a scenario without one gets the program's icon).

    QT_QPA_PLATFORM=offscreen .venv/bin/python scripts/make_scenario_thumbnails.py [NAME ...]

Drawing a theatre map takes seconds, so the start screen reads these files rather than
drawing the maps each time it opens. Run it again after changing a scenario's set-up.
"""

from __future__ import annotations

import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from gameapp.core.ruleset import load_scenario_file  # noqa: E402
from gameapp.ui.new_game_dialog import map_preview  # noqa: E402
from gameapp.ui.render import ensure_application  # noqa: E402
from gameapp.ui.start_screen import THUMBNAIL_SIZE, thumbnail_path  # noqa: E402

STRATEGIC = ["east_1862", "west_1862", "east_1863", "west_1863", "east_1864", "west_1864"]


def main(names: list[str]) -> int:
    ensure_application()
    for name in names or STRATEGIC:
        path = ROOT / "scenarios" / f"{name}.yaml"
        out = thumbnail_path(path)
        out.parent.mkdir(exist_ok=True)
        pixmap = map_preview(load_scenario_file(path), width=THUMBNAIL_SIZE * 2)
        pixmap.save(str(out))
        print(f"wrote {out} ({pixmap.width()}x{pixmap.height()})")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
