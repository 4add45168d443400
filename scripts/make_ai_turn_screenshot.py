"""Picture the computer's turn in the window: docs/images/ai-turn.png.

A human (Union) against the computer (Confederate, normal) on the demo, the computer's moves at
the slow pace: the human ends its phases, the computer fires and moves, and the window is grabbed
while one of its counters is half-way along its path, the Log in front with the computer's
reasons under its actions. Offscreen, no display needed:

    QT_QPA_PLATFORM=offscreen .venv/bin/python scripts/make_ai_turn_screenshot.py [--seed N] [OUT]
"""

from __future__ import annotations

import argparse
import os
import sys
import time
from collections.abc import Callable
from pathlib import Path

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from PySide6.QtCore import Qt  # noqa: E402
from PySide6.QtWidgets import QApplication  # noqa: E402

from gameapp.core.actions import EndPhase  # noqa: E402
from gameapp.core.engine import Game  # noqa: E402
from gameapp.core.newgame import PlayerChoice, PlayerKind  # noqa: E402
from gameapp.core.phases import Phase  # noqa: E402
from gameapp.core.units import Side  # noqa: E402
from gameapp.ui.main_window import MainWindow  # noqa: E402
from gameapp.ui.pace import Pace  # noqa: E402

MOVES_BEFORE = 3  # the computer's moves shown in full before the one caught half-way


def wait_for(app: QApplication, done: Callable[[], bool], limit_s: float = 300.0) -> None:
    start = time.monotonic()
    while not done():
        app.processEvents()
        time.sleep(0.002)
        if time.monotonic() - start > limit_s:
            raise TimeoutError("the computer's turn did not get there")


def longer_than(game: Game, count: int) -> Callable[[], bool]:
    return lambda: len(game.log) > count


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("out", nargs="?", type=Path, default=ROOT / "docs/images/ai-turn.png")
    parser.add_argument("--seed", type=int, default=5)
    args = parser.parse_args(argv)
    app = QApplication.instance() or QApplication([])
    assert isinstance(app, QApplication)
    window = MainWindow()
    window.resize(1500, 920)
    window.show()
    window.computer.set_pace(Pace.INSTANT)
    game = Game.from_scenario(ROOT / "scenarios" / "demo.yaml", seed=args.seed)
    window.start_game(game, {Side.UNION: PlayerChoice(),
                             Side.CONFEDERATE: PlayerChoice(PlayerKind.COMPUTER, "normal")})
    tactical = window.ruleset_ui
    for dock in (tactical.move_dock, tactical.fire_dock, tactical.broken_dock):
        dock.hide()
    window.log_dock.show()
    window.log_dock.raise_()
    window.resizeDocks([window.log_dock], [520], Qt.Orientation.Horizontal)
    computer, show = window.computer, window.computer.show
    assert show is not None
    # the human ends its phases; the computer shoots at once, then its movement is slow
    while not (game.current_side is Side.CONFEDERATE and game.phase is Phase.MOVEMENT):
        if game.acting_side is Side.UNION:
            decision = game.pending_decision
            window.controller.apply(decision.options[0].action if decision else EndPhase())
        else:
            wait_for(app, lambda: game.acting_side is not Side.CONFEDERATE
                     or game.phase is Phase.MOVEMENT)
    computer.set_pace(Pace.SLOW)
    moves = 0
    while True:
        wait_for(app, longer_than(game, len(game.log)))
        action = game.log[-1].notation
        if not action.startswith("move") or not show.running:
            continue
        path = action.split()[2].split(">")
        if moves >= MOVES_BEFORE and len(path) >= 3:
            break
        moves += 1
    computer.pause()  # the one being shown finishes; nothing after it
    window.view.fit()
    started = time.monotonic()
    wait_for(app, lambda: time.monotonic() - started > Pace.SLOW.timing.per_hex_ms * 1.5 / 1000)
    window.grab().save(str(args.out))
    print(f"{args.out}: {game.log[-1].notation}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
