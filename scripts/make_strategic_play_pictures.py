"""The strategic scenarios' pictures in docs/strategic-scenarios.md (issue 26): the East '62
opening in the window, and a battle and the supply overlay from an East '62 game played by
seeded random players (the bench's player, bench/strategic_scenarios.py) up to its first
battle from week 3 on.

    QT_QPA_PLATFORM=offscreen .venv/bin/python scripts/make_strategic_play_pictures.py [SEED]

- strategic-east-1862-window.png: the opening, week 1's command phase (the seed's initiative
  dice), Johnston's stack at Manassas (C2409) listed with his HQ's roster
  (scripts/make_strategic_pictures.py's view).
- strategic-battle-dialog.png and strategic-battle-result.png: the strongest attack the rules
  list at that moment, before the die (odds, shifts, each outcome's exact chance) and after
  (the die, the outcome, the losses spread over the units with each reason).
- strategic-supply-overlay.png: the same moment with the supply overlay on: the side to play's
  stacks in supply (green) and out of it (red), and the path of its stack farthest from its
  source.

The game is the seed's own (seed 2 by default), so the pictures change only when the rules or
the scenario do; run the script again then.
"""

from __future__ import annotations

import random
import sys
from collections.abc import Iterable
from pathlib import Path

from PySide6.QtTest import QTest

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from gameapp.core.engine import Game  # noqa: E402
from gameapp.core.hexgrid import Hex  # noqa: E402
from gameapp.core.rulesets.strategic.actions import Attack, EndPhase  # noqa: E402
from gameapp.core.rulesets.strategic.previews import battle_preview  # noqa: E402
from gameapp.ui.app import build_window  # noqa: E402
from gameapp.ui.main_window import MainWindow  # noqa: E402
from gameapp.ui.render import ensure_application  # noqa: E402
from gameapp.ui.rulesets.strategic.ui import StrategicUI  # noqa: E402
from scripts.make_strategic_pictures import east_window  # noqa: E402

IMAGES = ROOT / "docs" / "images"
EAST_1862 = ROOT / "scenarios" / "east_1862.yaml"
FIRST_WEEK = 3  # the first weeks' battles are skirmishes at the lines' contact


def to_first_battle(seed: int) -> tuple[Game, list[Attack]]:
    """East '62 played by the bench's random player until it may attack (from week 3)."""
    game = Game.from_scenario(EAST_1862, seed=seed)
    rng = random.Random(seed)
    while not game.is_over:
        legal = list(game.legal_actions())
        attacks = [a for a in legal if isinstance(a, Attack)]
        if attacks and game.state.turn >= FIRST_WEEK:
            return game, attacks
        ends = EndPhase() in legal
        game.apply(EndPhase() if not legal or (ends and rng.random() < 0.3)
                   else rng.choice(legal))
    raise SystemExit(f"seed {seed}: no battle before the end")


def open_window(game: Game) -> tuple[MainWindow, StrategicUI]:
    window = build_window(str(EAST_1862))
    window.resize(1500, 950)
    window.show()
    window.start_game(game)
    ui = window.ruleset_ui
    assert isinstance(ui, StrategicUI)
    return window, ui


def centre_on(window: MainWindow, hexes: Iterable[Hex], zoom: float = 1.1) -> None:
    hexes = list(hexes)
    board = window.view.board()
    assert board is not None
    window.view.set_zoom(zoom)
    xs = [board.geometry.centre(h) for h in hexes]
    x = sum(p.x() for p in xs) / len(xs)
    y = sum(p.y() for p in xs) / len(xs)
    window.view.centerOn(x, y)
    QTest.qWait(300)


def supply_picture(game: Game) -> None:
    window, ui = open_window(game)
    ui.panel.supply_toggle.setChecked(True)
    picture = ui.supply
    assert picture is not None
    stacks = [*picture.supplied, *picture.unsupplied]
    middle = min(stacks, key=lambda h: (sum(h.distance(o) for o in stacks), h.q, h.r))
    traced = [h for h in picture.supplied if picture.net.reach[h][1] > 0]
    farthest = min(traced, key=lambda h: (-picture.net.reach[h][1], h.distance(middle), h.q))
    ui.select_hex(farthest)
    centre_on(window, [middle, farthest], zoom=0.75)
    out = IMAGES / "strategic-supply-overlay.png"
    window.grab().save(str(out))
    print(f"wrote {out}: {len(picture.supplied)} stacks in supply, "
          f"{len(picture.unsupplied)} out, path {len(picture.path(farthest)) - 1} hexes")
    window.close()


def battle_pictures(game: Game, attacks: list[Attack]) -> None:
    window, ui = open_window(game)
    attack = max(attacks, key=lambda a: (battle_preview(game, a).attacker_sp, a.attackers))
    ui.select_hex(attack.target)
    centre_on(window, [attack.target])
    dialog = ui.open_battle(attack)
    dialog.resize(760, 900)
    QTest.qWait(300)
    out = IMAGES / "strategic-battle-dialog.png"
    dialog.grab().save(str(out))
    print(f"wrote {out}")
    dialog.roll()
    QTest.qWait(300)
    out = IMAGES / "strategic-battle-result.png"
    dialog.grab().save(str(out))
    print(f"wrote {out}: {dialog.plain_text().splitlines()[-1]}")
    dialog.accept()
    window.close()


def main(argv: list[str]) -> int:
    ensure_application()
    seed = int(argv[0]) if argv else 2
    east_window(EAST_1862, seed)
    game, attacks = to_first_battle(seed)
    print(f"seed {seed}: week {game.state.turn}, {game.phase.value} phase, "
          f"{game.acting_side}: {len(attacks)} attack(s) listed")
    supply_picture(game)
    battle_pictures(game, attacks)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
