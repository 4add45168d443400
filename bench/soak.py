"""The soak bench (issue 23, docs/reliability.md): whole games across the shipped scenarios
with every invariant checked after every action (bench/invariants.py).

    .venv/bin/python bench/soak.py [--plan NAME:GAMES:TURNS,...] [--first-seed 1] [--out FILE]

The plan says how many games of each scenario to play and for how many turns (0: to the end);
the default plays 202, most of them on the small scenarios, because a random game of Slaughter
Mountain's 132 counters lists thousands of legal moves an action. Seeded random players play
both sides (gameapp/ai/random_player.py: every legal action is as likely as another, so they
reach corners of the rules a reasoning player avoids). It
prints a table per scenario (games, turns, actions, violations, over-stacks a rule permitted)
and each violation in full; the goal is 0 violations.
"""

from __future__ import annotations

import argparse
import sys
import time
from collections import defaultdict
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from bench.invariants import Watch  # noqa: E402
from bench.yardstick import yardstick_ms  # noqa: E402
from gameapp.ai.random_player import RandomPlayer  # noqa: E402
from gameapp.core.engine import Game  # noqa: E402
from gameapp.core.units import Side  # noqa: E402
from gameapp.headless import play  # noqa: E402

DEFAULT_PLAN = "tutorial_crossroads.yaml:130:0,demo.yaml:60:3,slaughter_mountain.yaml:12:2"


def soak(path: Path, seed: int, turns: int | None, per_phase: int) -> tuple[Watch, Game, float]:
    start = time.perf_counter()
    game = Game.from_scenario(path, seed=seed)
    watch = Watch(game)
    players = {side: RandomPlayer(side, seed, end_chance=0.25, max_per_phase=per_phase)
               for side in Side}
    play(game, seed, turns, on_action=lambda g, events: watch.after(events),
         players=dict(players))
    return watch, game, time.perf_counter() - start


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--plan", default=DEFAULT_PLAN)
    parser.add_argument("--first-seed", type=int, default=1)
    parser.add_argument("--per-phase", type=int, default=2,
                        help="the random players' most actions a phase")
    parser.add_argument("--out", type=Path)
    args = parser.parse_args()
    ruler = yardstick_ms()
    rows: dict[str, list[tuple[Watch, Game, float]]] = defaultdict(list)
    started = time.perf_counter()
    plan = [(name, int(games), int(turns)) for name, games, turns in
            (item.split(":") for item in args.plan.split(","))]
    # round robin over the scenarios, so a run cut short still covers each
    order = [(name, i, turns) for name, games, turns in plan for i in range(games)]
    order.sort(key=lambda item: item[1])
    for name, i, turns in order:
        seed = args.first_seed + i
        watch, game, seconds = soak(ROOT / "scenarios" / name, seed, turns or None,
                                    args.per_phase)
        rows[name].append((watch, game, seconds))
        print(f"{name} seed {seed}: {watch.actions} actions, turn {game.state.turn}, "
              f"{len(watch.problems)} violations, {seconds:.0f} s", file=sys.stderr, flush=True)
        if args.out:  # after each game: a run cut short still reports what it played
            args.out.write_text(_report(rows, args, ruler, started) + "\n", encoding="utf-8")
    report = _report(rows, args, ruler, started)
    print(report)
    if args.out:
        args.out.write_text(report + "\n", encoding="utf-8")
    return 1 if any(w.problems for games in rows.values() for w, _, _ in games) else 0


def _report(rows: dict[str, list[tuple[Watch, Game, float]]], args: argparse.Namespace,
            ruler: float, started: float) -> str:
    played = sum(len(games) for games in rows.values())
    lines = [f"# Soak: {played} games, invariants after every action", "",
             f"- yardstick {ruler:.1f} ms (bench/yardstick.py, this run); wall time "
             f"{time.perf_counter() - started:.0f} s; random players, at most {args.per_phase} "
             f"actions a phase; plan (scenario:games:turns, 0 the whole game) {args.plan}",
             "", "| scenario | games | ended | turns played | actions | violations | "
             "permitted over-stacks | s per game |", "|---|---:|---:|---:|---:|---:|---:|---:|"]
    total = {"games": 0, "actions": 0, "violations": 0, "permitted": 0}
    for name, games in sorted(rows.items()):
        actions = sum(w.actions for w, _, _ in games)
        violations = sum(len(w.problems) for w, _, _ in games)
        permitted = sum(len(w.permitted) for w, _, _ in games)
        turns = sum(g.state.turn - g.scenario.clock.first_turn + 1 for _, g, _ in games)
        ended = sum(g.is_over for _, g, _ in games)
        seconds = sum(s for _, _, s in games) / len(games)
        lines.append(f"| {name} | {len(games)} | {ended} | {turns} | {actions:,} | {violations} |"
                     f" {permitted} | {seconds:.1f} ({seconds * 1000 / ruler:.0f} yardsticks) |")
        total["games"] += len(games)
        total["actions"] += actions
        total["violations"] += violations
        total["permitted"] += permitted
    lines.append(f"| **all** | {total['games']} | | | {total['actions']:,} | "
                 f"{total['violations']} | {total['permitted']} | |")
    for name, games in sorted(rows.items()):
        for watch, game, _ in games:
            lines += [f"VIOLATION {name} seed {game.dice.seed}: {p}" for p in watch.problems]
            lines += [f"PERMITTED {name} seed {game.dice.seed}: {p}" for p in watch.permitted]
    return "\n".join(lines)


if __name__ == "__main__":
    sys.exit(main())
