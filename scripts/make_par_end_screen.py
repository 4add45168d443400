"""Picture the end screen of a strategic result judged from par: East '62 with the rules'
worked example set up by hand (docs/strategic-rules.md, Victory), docs/images/
end-screen-strategic-par.png. Offscreen, no display needed:

    QT_QPA_PLATFORM=offscreen .venv/bin/python scripts/make_par_end_screen.py [OUT]
"""

from __future__ import annotations

import argparse
import os
import sys
from pathlib import Path

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from tests.rulesets.strategic.positions import east_62_worked_example  # noqa: E402


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("out", nargs="?",
                        default=str(ROOT / "docs" / "images" / "end-screen-strategic-par.png"))
    args = parser.parse_args()
    from gameapp.ui.app import application
    from gameapp.ui.end_screen import EndScreen

    app = application()
    screen = EndScreen(east_62_worked_example())
    screen.resize(940, 900)
    screen.show()
    app.processEvents()
    screen.grab().save(args.out)
    print(f"wrote {args.out}: {screen.title.text()}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
