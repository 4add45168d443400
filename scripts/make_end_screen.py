"""Play the demo scenario to its end and picture the end screen: docs/images/end-screen.png.
With `--par-example`, East '62 with the strategic rules' worked example set up by hand instead
(docs/strategic-rules.md, Victory): docs/images/end-screen-strategic-par.png.

The game is a real one, played through the public engine API by the seeded random player on
both sides, made bolder so that the chart has a fight to show: in the movement phase a side
usually makes the legal move that ends nearest the enemy, and in the fire phase it fires
whenever it has a legal shot. Offscreen, no display needed:

    QT_QPA_PLATFORM=offscreen .venv/bin/python scripts/make_end_screen.py [--seed N] [OUT]
    QT_QPA_PLATFORM=offscreen .venv/bin/python scripts/make_end_screen.py --par-example [OUT]
"""

from __future__ import annotations

import argparse
import os
import random
import sys
from pathlib import Path

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from gameapp.ai.random_player import RandomPlayer  # noqa: E402
from gameapp.core.actions import Action, Fire, Move  # noqa: E402
from gameapp.core.engine import Game  # noqa: E402
from gameapp.core.phases import Phase  # noqa: E402
from gameapp.core.rulesets.tactical import tactical  # noqa: E402
from gameapp.core.units import Side  # noqa: E402


def fire_happy_game(seed: int) -> Game:
    game = Game.from_scenario(ROOT / "scenarios" / "demo.yaml", seed=seed)
    players = {side: RandomPlayer(side, seed, end_chance=0.15) for side in Side}
    rng = random.Random(seed)
    while not game.is_over:
        side = game.acting_side
        assert side is not None
        action: Action = players[side].choose(game)
        if game.phase is Phase.MOVEMENT and rng.random() < 0.7:
            action = _boldest_move(game, side) or action
        if game.phase is Phase.FIRE:
            numbering = game.map.numbering
            fires = tactical(game).fire.legal_fires(side)
            shots = sorted(fires, key=lambda a: a.to_text(numbering))
            if shots:
                action = rng.choice(shots)
        assert isinstance(action, Fire) or action in game.legal_actions()
        game.apply(action)
    return game


def _boldest_move(game: Game, side: Side) -> Move | None:
    """The legal move (of a unit not yet moved this phase) that ends nearest an enemy unit."""
    enemies = [u.hex for u in game.state.side_units(side.other)]
    moved = set(game.state.mp_spent)
    moves = [a for a in game.legal_actions() if isinstance(a, Move) and a.path
             and a.unit_id not in moved]
    if not moves or not enemies:
        return None
    numbering = game.map.numbering
    return min(moves, key=lambda m: (min(m.path[-1].distance(e) for e in enemies),
                                     m.to_text(numbering)))


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("out", nargs="?", default=None)
    parser.add_argument("--seed", type=int, default=7)
    parser.add_argument("--par-example", action="store_true",
                        help="East '62's worked example of a result judged from par")
    args = parser.parse_args()
    from gameapp.ui.app import application
    from gameapp.ui.end_screen import EndScreen

    app = application()
    if args.par_example:
        from tests.rulesets.strategic.positions import east_62_worked_example
        game, name = east_62_worked_example(), "end-screen-strategic-par.png"
    else:
        game, name = fire_happy_game(args.seed), "end-screen.png"
    out = args.out or str(ROOT / "docs" / "images" / name)
    screen = EndScreen(game)
    screen.resize(940, 900)
    screen.show()
    app.processEvents()
    screen.grab().save(out)
    print(f"wrote {out}: {screen.title.text()}; {len(game.log)} actions")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
