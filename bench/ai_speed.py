"""AI speed (a script, not a test): a scenario (Slaughter Mountain unless named), the AI its
ruleset registered on both sides at one difficulty.

    .venv/bin/python bench/ai_speed.py [--seeds 1 2 3] [--difficulty normal] [--turns K]
                                       [--scenario scenarios/west_1863.yaml]

Per game: the median and the worst time the AI spends deciding in one player turn (every AI
decision made during that player's phases, both sides' shots included in the tactical game),
the slowest single decision, the whole game's wall time and CPU time (engine included; on a
loaded machine the CPU time is the steadier figure), and a digest of the game's log (two
versions of the code that decide the same print the same digest).
Goals: tactical, a player turn under 2 s at normal, no decision over 5 s, a game under 2
minutes; strategic (issue 29), a player turn under 2 s median on the West '63 map and a game
under 3 minutes. The yardstick (bench/yardstick.py) is timed in the same run: the ratios move
less between machines.
"""

from __future__ import annotations

import argparse
import hashlib
import statistics
import sys
import time
from collections import defaultdict
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from bench.yardstick import yardstick_ms  # noqa: E402
from gameapp.ai.registry import make_player  # noqa: E402
from gameapp.ai.settings import Difficulty  # noqa: E402
from gameapp.core.engine import Game  # noqa: E402
from gameapp.core.units import Side  # noqa: E402

SCENARIO = ROOT / "scenarios" / "slaughter_mountain.yaml"


def one_game(seed: int, difficulty: Difficulty, turns: int | None,
             scenario: Path = SCENARIO) -> dict[str, Any]:
    start, cpu = time.perf_counter(), time.process_time()
    game = Game.from_scenario(scenario, seed=seed)
    players = {side: make_player(game.scenario.ruleset, side, difficulty.value, seed)
               for side in Side}
    per_turn: dict[tuple[int, str], float] = defaultdict(float)
    worst = 0.0
    clock = game.scenario.clock
    last = clock.last_turn if turns is None else clock.first_turn + turns - 1
    while not game.is_over and game.state.turn <= last:
        side = game.acting_side
        assert side is not None
        phasing = game.current_side
        key = (game.state.turn, phasing.value if phasing else "-")
        tick = time.perf_counter()
        action = players[side].choose(game)
        spent = time.perf_counter() - tick
        per_turn[key] += spent
        worst = max(worst, spent)
        game.apply(action)
    times = list(per_turn.values())
    return {"median_turn": statistics.median(times), "worst_turn": max(times),
            "worst_decision": worst, "game": time.perf_counter() - start,
            "cpu": time.process_time() - cpu, "player_turns": len(times),
            "log": hashlib.md5("\n".join(e.notation for e in game.log).encode()).hexdigest()}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seeds", type=int, nargs="+", default=[1, 2, 3])
    parser.add_argument("--difficulty", choices=[d.value for d in Difficulty], default="normal")
    parser.add_argument("--turns", type=int, default=None)
    parser.add_argument("--scenario", type=Path, default=SCENARIO)
    args = parser.parse_args(argv)
    yard = yardstick_ms()
    print(f"yardstick {yard:.1f} ms; {args.scenario.stem}, {args.difficulty} on both sides")
    for seed in args.seeds:
        r = one_game(seed, Difficulty(args.difficulty), args.turns, args.scenario)
        print(f"seed {seed}: {r['player_turns']:.0f} player turns, median {r['median_turn']:.2f} s"
              f" (x{r['median_turn'] * 1000 / yard:.0f} yardstick), worst turn "
              f"{r['worst_turn']:.2f} s, slowest decision {r['worst_decision']:.2f} s, whole "
              f"game {r['game']:.1f} s ({r['cpu']:.1f} s CPU), log md5 {r['log'][:10]}",
              flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
