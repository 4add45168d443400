"""The ordered legal-action listings of many positions, as digests (a script, not a test).

    .venv/bin/python bench/listing_order.py [--games 4] [--decisions 60] [--out FILE]

Plays seeded random games (`RandomPlayer`, seeds 1..N) of the tactical scenarios and, at every
decision of each game's first `--decisions`, takes the listing (`Game.legal_actions`) in its
order, every action written out in full (`repr`). Prints one digest per game and one over all,
and with `--out` writes every position's digest to a file: run it on two trees and compare the
files to show that a change to the listing lists the same actions in the same order. (The
random player sorts what it is offered, so both trees play the same games whatever the order.)
"""

from __future__ import annotations

import argparse
import hashlib
import json
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from gameapp.ai.random_player import RandomPlayer  # noqa: E402
from gameapp.core.engine import Game  # noqa: E402
from gameapp.core.scenario import load_scenario  # noqa: E402
from gameapp.core.units import Side  # noqa: E402

SCENARIOS = ("demo", "slaughter_mountain", "tutorial_crossroads")


def game_digests(name: str, seed: int, decisions: int) -> list[str]:
    """The digest of the ordered listing at each of the game's first `decisions` decisions."""
    game = Game.from_scenario(load_scenario(ROOT / "scenarios" / f"{name}.yaml"), seed=seed)
    players = {side: RandomPlayer(side, seed, end_chance=0.15) for side in Side}
    digests = []
    while len(digests) < decisions and not game.is_over:
        listed = list(game.legal_actions())
        digests.append(hashlib.sha256(
            "\n".join(map(repr, listed)).encode()).hexdigest()[:16] + f":{len(listed)}")
        side = game.acting_side
        assert side is not None
        game.apply(players[side].choose(game))
    return digests


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=4, help="seeds 1..N per scenario")
    parser.add_argument("--decisions", type=int, default=60)
    parser.add_argument("--out", type=Path)
    args = parser.parse_args(argv)
    every: dict[str, list[str]] = {}
    for name in SCENARIOS:
        for seed in range(1, args.games + 1):
            digests = every[f"{name}:{seed}"] = game_digests(name, seed, args.decisions)
            actions = sum(int(d.split(":")[1]) for d in digests)
            print(f"{name:22} seed {seed}: {len(digests):3d} positions, {actions:6d} actions, "
                  f"{hashlib.sha256(''.join(digests).encode()).hexdigest()[:16]}")
    total = sum(len(d) for d in every.values())
    print(f"all {total} positions: "
          f"{hashlib.sha256(json.dumps(every).encode()).hexdigest()[:16]}")
    if args.out is not None:
        args.out.write_text(json.dumps(every, indent=0))
    return 0


if __name__ == "__main__":
    sys.exit(main())
