"""AI strength (a script, not a test): win rates over many seeds, per pairing and per side.

    .venv/bin/python bench/ai_strength.py [--seeds 50] [--scenario demo ...] [--pairing ...]
                                          [--turns K] [--jobs J]

Scenarios: the tactical demo and slaughter, and the six strategic ones (east_1862 ... west_1864);
each is played by the AI its ruleset registered (gameapp/ai/registry.py).
Pairings (each played with the first named player on each side in turn, `--seeds` games a side):
  normal-random   the normal AI against the seeded random player (goal: the AI wins >= 95%)
  hard-easy       hard against easy (goal: hard wins >= 70% on each side)
  normal-normal   equal players: the balance of the scenario (issue 29: each side 35-65%)
A draw is not a win. Prints one line per pairing and side: wins, draws, losses, the win rate,
and the mean victory points of each side; `--show-lost` adds the seeds not won, `--losses` the
SPs each side lost a game and how many of them off the map (the Broken Box, guns taken).
"""

from __future__ import annotations

import argparse
import sys
import time
from concurrent.futures import ProcessPoolExecutor
from dataclasses import replace
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from gameapp.ai import settings  # noqa: E402
from gameapp.ai.registry import RANDOM_LEVEL, Player, make_player  # noqa: E402
from gameapp.ai.settings import Difficulty  # noqa: E402
from gameapp.ai.strategic.settings import STRATEGIC_WEIGHTS  # noqa: E402
from gameapp.core.engine import Game  # noqa: E402
from gameapp.core.rules.victory import losses_by_unit  # noqa: E402
from gameapp.core.units import Side  # noqa: E402
from gameapp.headless import play  # noqa: E402

STRATEGIC = ("east_1862", "west_1862", "east_1863", "west_1863", "east_1864", "west_1864")
SCENARIOS = {"demo": ROOT / "scenarios" / "demo.yaml",
             "slaughter": ROOT / "scenarios" / "slaughter_mountain.yaml",
             **{name: ROOT / "scenarios" / f"{name}.yaml" for name in STRATEGIC}}
TACTICAL = ["demo", "slaughter"]  # played when no scenario is named
PAIRINGS = {"normal-random": (Difficulty.NORMAL.value, RANDOM_LEVEL),
            "hard-easy": (Difficulty.HARD.value, Difficulty.EASY.value),
            "normal-normal": (Difficulty.NORMAL.value, Difficulty.NORMAL.value),
            # which of the two levels a hard-easy result comes from
            "normal-easy": (Difficulty.NORMAL.value, Difficulty.EASY.value),
            "hard-normal": (Difficulty.HARD.value, Difficulty.NORMAL.value)}


def one_game(args: tuple[str, str, str, int, int | None]
             ) -> tuple[str, float, float, tuple[int, int, int, int]]:
    """(winner: 'first', 'second' or 'draw', first's points, second's points, and the SPs each
    lost: first's in all and off the map, second's in all and off the map)."""
    scenario, pairing, side_name, seed, turns = args
    first_level, second_level = PAIRINGS[pairing]
    side = Side(side_name)
    game = Game.from_scenario(SCENARIOS[scenario], seed=seed)
    ruleset = game.scenario.ruleset
    players: dict[Side, Player] = {side: make_player(ruleset, side, first_level, seed),
                                   side.other: make_player(ruleset, side.other, second_level,
                                                           seed)}
    outcome = play(game, seed, turns, players=players)
    result = outcome.result
    mine, theirs = (float(result.points[s].total) for s in (side, side.other))
    winner = "draw" if result.winner is None else ("first" if result.winner is side
                                                   else "second")
    return winner, mine, theirs, losses(outcome.game, side)


def losses(game: Game, side: Side) -> tuple[int, int, int, int]:
    """SPs lost by `side` and by the other, each in all and by units no longer on the map
    (routed to the Broken Box, eliminated, guns taken): where a side's points went."""
    lost = {s: [0, 0] for s in Side}
    if game.scenario.ruleset == "strategic":  # SP lost in battle, attrition and surrender
        strategic_lost: dict[Side, int] = game.state.lost
        return strategic_lost[side], 0, strategic_lost[side.other], 0
    for unit_id, (defn, n) in losses_by_unit(game.state, game.scenario).items():
        lost[defn.side][0] += n
        lost[defn.side][1] += n if unit_id not in game.state.units else 0
    return lost[side][0], lost[side][1], lost[side.other][0], lost[side.other][1]


def override(item: str) -> None:
    """Change one difficulty's weight for this run: 'hard.caution=1.2', 'normal.spreads_fire=1'
    (a flag takes 1, 0, true or false); the strategic player's with a 'strategic.' before it,
    'strategic.hard.hunger_weeks=1'."""
    name, _, text = item.partition("=")
    table: dict[Difficulty, Any] = settings.WEIGHTS
    if name.startswith("strategic."):
        name, table = name.removeprefix("strategic."), STRATEGIC_WEIGHTS
    level, _, attr = name.partition(".")
    weights = table[Difficulty(level)]
    kind = type(getattr(weights, attr))
    flags = {"1": True, "true": True, "0": False, "false": False}
    if kind is bool and text.lower() not in flags:
        raise SystemExit(f"--set {item}: {attr} is a flag: 1, 0, true or false")
    value = flags[text.lower()] if kind is bool else kind(text)
    table[Difficulty(level)] = replace(weights, **{attr: value})
    print(f"set {level}.{attr} = {value!r}")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seeds", type=int, default=50)
    parser.add_argument("--scenario", nargs="+", choices=list(SCENARIOS), default=TACTICAL)
    parser.add_argument("--pairing", nargs="+", choices=list(PAIRINGS), default=list(PAIRINGS))
    parser.add_argument("--turns", type=int, default=None, help="stop games after K turns")
    parser.add_argument("--jobs", type=int, default=1)
    parser.add_argument("--side", nargs="+", choices=[s.value for s in Side],
                        default=[s.value for s in Side], help="the first player's sides")
    parser.add_argument("--first-seed", type=int, default=1)
    parser.add_argument("--show-lost", action="store_true",
                        help="list the seeds the first player did not win, with the score")
    parser.add_argument("--losses", action="store_true",
                        help="the SPs each side lost a game, in all and off the map")
    parser.add_argument("--set", action="append", default=[], metavar="LEVEL.FIELD=VALUE",
                        help="try a weight, e.g. hard.caution=1.2 (the pool's workers inherit it)")
    args = parser.parse_args(argv)
    for item in args.set:
        override(item)
    print(f"{args.seeds} seeds per pairing and side; turns: {args.turns or 'all'}")
    for scenario in args.scenario:
        for pairing in args.pairing:
            for side in (Side(name) for name in args.side):
                start = time.perf_counter()
                work = [(scenario, pairing, side.value, seed, args.turns)
                        for seed in range(args.first_seed, args.first_seed + args.seeds)]
                if args.jobs > 1:
                    with ProcessPoolExecutor(args.jobs) as pool:
                        results = list(pool.map(one_game, work))
                else:
                    results = [one_game(w) for w in work]
                wins = sum(r[0] == "first" for r in results)
                draws = sum(r[0] == "draw" for r in results)
                mine = sum(r[1] for r in results) / len(results)
                theirs = sum(r[2] for r in results) / len(results)
                print(f"{scenario:9} {pairing:13} first player as {side.label:11} "
                      f"won {wins:3} drew {draws:3} lost {len(results) - wins - draws:3}: "
                      f"{wins / len(results):6.1%}  mean VP {mine:6.1f} to {theirs:6.1f}  "
                      f"({time.perf_counter() - start:.0f} s)", flush=True)
                if args.losses:
                    n = len(results)
                    a, b, c, d = (sum(r[3][i] for r in results) / n for i in range(4))
                    print(f"    SPs lost a game: first player {a:.1f} ({b:.1f} off the map), "
                          f"second {c:.1f} ({d:.1f} off the map)", flush=True)
                if args.show_lost:
                    lost = [f"{w[3]} ({r[1]:g}-{r[2]:g})"
                            for w, r in zip(work, results, strict=True) if r[0] != "first"]
                    print(f"    not won: {', '.join(lost) or 'none'}", flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
