"""A strategic scenario's balance (R&C strategic balance, docs/strategic-rules.md "Victory") from
saved equal-player games (a script, not a test):

    python bench/strategic_balance.py scenarios/west_1862.yaml \
        --calibrate bench/results/s11-lead/west_1862-seeds21-40.jsonl \
        --check bench/results/s11-lead/west_1862-seeds1-20.jsonl

Each game's distance from history's par (the Union's margin less par's, the balance left out) is
read from its saved totals and holders (bench/history.py --save). The calibration games' median is
the balance they suggest: with it, equal players win about half each. The check games, played on
other seeds, are then judged three ways: by history's par alone, by the scenario's balance as it
stands, and by the suggested one. A game lost by sudden death counts as the furthest from par
the loser's way."""

from __future__ import annotations

import argparse
import json
import math
import statistics
import sys
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "bench"))

from strategic_par import sudden_death_winner  # noqa: E402

from gameapp.core.rulesets.strategic.scenario import load_strategic  # noqa: E402
from gameapp.core.rulesets.strategic.victory import par_terms  # noqa: E402
from gameapp.core.units import Side  # noqa: E402


def distances(scenario: Any, path: Path) -> dict[int, float]:
    """seed: the Union's distance from history's par, ±inf for a sudden death."""
    terms = scenario.victory
    history = par_terms(terms, terms.par).total
    out: dict[int, float] = {}
    for line in path.read_text(encoding="utf-8").splitlines():
        if not line.strip():
            continue
        game = json.loads(line)
        holders = {name: Side(side) if side else None for name, side in game["holders"].items()}
        out[game["seed"]] = distance(scenario, game["points"]["union"],
                                     game["points"]["confederate"], holders, history)
    return out


def distance(scenario: Any, union: float, confed: float, holders: dict[str, Side | None],
             history: float) -> float:
    fallen = sudden_death_winner(scenario, holders)
    if fallen is not None:
        return math.inf if fallen is Side.UNION else -math.inf
    return union - confed - history


def record(offs: list[float], balance: float) -> str:
    union = sum(1 for d in offs if d > balance)
    confed = sum(1 for d in offs if d < balance)
    drawn = len(offs) - union - confed
    return (f"Union {union}, Confederacy {confed}, draws {drawn}: "
            f"Union {100 * union / len(offs):.0f} %, Confederacy {100 * confed / len(offs):.0f} %")


def even_line(offs: list[float]) -> float:
    """The line, on an odd half point (n + 0.5) so that no whole-point game ends on it, that
    splits `offs` most evenly between the Union (above) and the Confederacy (below); between
    two as even, the one nearer the median, then the one nearer history's par (the smaller
    change to it)."""
    middle = statistics.median(offs)
    finite = [d for d in offs if math.isfinite(d)] or [0.0]
    lines = [n + 0.5 for n in range(math.floor(min(finite)) - 1, math.ceil(max(finite)) + 1)]

    def unevenness(line: float) -> tuple[int, float, float]:
        above = sum(1 for d in offs if d > line)
        below = sum(1 for d in offs if d < line)
        return abs(above - below), abs(line - middle), abs(line)
    return min(lines, key=unevenness)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("scenario", type=Path)
    parser.add_argument("--calibrate", type=Path, nargs="+", required=True)
    parser.add_argument("--check", type=Path, nargs="*", default=[])
    args = parser.parse_args(argv)
    scenario: Any = load_strategic(args.scenario)
    if scenario.victory is None or scenario.victory.par is None:
        raise SystemExit(f"{args.scenario}: no par to balance")
    par = scenario.victory.par
    calibration: dict[int, float] = {}
    for path in args.calibrate:
        calibration.update(distances(scenario, path))
    check: dict[int, float] = {}
    for path in args.check:
        check.update(distances(scenario, path))
    check = {seed: d for seed, d in check.items() if seed not in calibration}

    history = par_terms(scenario.victory, par).total
    print(f"{args.scenario.name}: history's par {history:+g}, balance as it stands "
          f"{par.balance.points if par.balance else 0:+g}")
    cal = [calibration[s] for s in sorted(calibration)]
    for name, found in (("calibration", calibration), ("check", check)):
        if found:
            print(f"{name}, {len(found)} games, seeds {min(found)}-{max(found)}: distances from "
                  f"history's par {', '.join(f'{found[s]:+g}' for s in sorted(found))}")
    suggested = even_line(cal)
    print(f"  median {statistics.median(cal):+g}; the odd half point that splits them most "
          f"evenly, the balance they suggest: {suggested:+g}")
    standing = par.balance.points if par.balance else 0.0
    for name, games in (("calibration", cal), ("check", [check[s] for s in sorted(check)])):
        if not games:
            continue
        seeds = sorted(calibration if name == "calibration" else check)
        print(f"{name} games ({len(games)}, seeds {seeds[0]}-{seeds[-1]}): median "
              f"{statistics.median(games):+g}; judged")
        print(f"  by history's par alone:          {record(games, 0.0)}")
        print(f"  by the balance as it stands {standing:+5g}: {record(games, standing)}")
        print(f"  by the suggested balance {suggested:+5g}:    {record(games, suggested)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
