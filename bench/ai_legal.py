"""Where listing the legal actions spends its time (a script, not a test).

    .venv/bin/python bench/ai_legal.py [--scenario demo] [--seed 3] [--turns 3]

Plays the scenario with the AI on both sides up to the movement phases of turns 2..K and, at
each, lists every legal action (`Game.legal_actions`, as the random player does at every
decision) while timing its parts separately: checking the facing, formation and cover
changes (`in_place.facings_open`, `formations_open`, `cover_open`), the reach searches
(`settle`, a charger's plain and charge-bonus reach coming from one search) and the charge moves
(`charges.charge_moves`, its own plans included: the shares overlap with `plan`'s). Prints the
mean listing and each part's share, with the yardstick (bench/yardstick.py) timed in the same
run.
"""

from __future__ import annotations

import argparse
import sys
import time
from collections import defaultdict
from collections.abc import Callable
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

import gameapp.core.rules.movement.listing as movement_listing  # noqa: E402
import gameapp.core.rules.movement.search_space as movement_search_space  # noqa: E402
from bench.yardstick import yardstick_ms  # noqa: E402
from gameapp.ai.player import AIPlayer  # noqa: E402
from gameapp.core.engine import Game  # noqa: E402
from gameapp.core.phases import Phase  # noqa: E402
from gameapp.core.rules.movement.phase import MovementRules  # noqa: E402
from gameapp.core.units import Side  # noqa: E402

SCENARIOS = {"demo": ROOT / "scenarios" / "demo.yaml",
             "slaughter": ROOT / "scenarios" / "slaughter_mountain.yaml"}


class Timers:
    """Wraps the parts of a listing with timers while `on` (the AI's own calls do not count)."""

    def __init__(self) -> None:
        self.spent: dict[str, float] = defaultdict(float)
        self.on = False

    def wrap(self, name: str, fn: Callable[..., Any], lazy: bool = False) -> Callable[..., Any]:
        def timed(*args: Any, **kwargs: Any) -> Any:
            if not self.on:
                return fn(*args, **kwargs)
            start = time.perf_counter()
            try:
                result = fn(*args, **kwargs)
                if lazy:
                    result = iter(list(result))
                return result
            finally:
                self.spent[name] += time.perf_counter() - start
        return timed


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--scenario", choices=list(SCENARIOS), default="demo")
    parser.add_argument("--seed", type=int, default=3)
    parser.add_argument("--turns", type=int, default=3)
    args = parser.parse_args(argv)
    timers = Timers()
    movement_listing.charge_moves = timers.wrap(
        "charge moves", movement_listing.charge_moves, lazy=True)
    movement_search_space.settle = timers.wrap("reach search", movement_search_space.settle)
    MovementRules.plan = timers.wrap(  # type: ignore[method-assign]
        "plan (the charges' checks)", MovementRules.plan)
    for name in ("facings_open", "formations_open", "cover_open"):
        setattr(movement_listing, name, timers.wrap(
            "facing, formation and cover checks", getattr(movement_listing, name)))
    yard = yardstick_ms()
    game = Game.from_scenario(SCENARIOS[args.scenario], seed=args.seed)
    players = {side: AIPlayer(side, args.seed) for side in Side}
    total = 0.0
    listings = actions = 0
    while not game.is_over and game.state.turn <= args.turns:
        if game.phase is Phase.MOVEMENT and game.pending_decision is None \
                and game.state.turn >= 2:
            timers.on = True
            start = time.perf_counter()
            legal = list(game.legal_actions())
            total += time.perf_counter() - start
            timers.on = False
            listings += 1
            actions += len(legal)
        side = game.acting_side
        assert side is not None
        game.apply(players[side].choose(game))
    if not listings:
        print("no movement phase to list")
        return 1
    mean = total / listings * 1000
    print(f"yardstick {yard:.1f} ms; {args.scenario}, seed {args.seed}, turns 2-{args.turns}: "
          f"{listings} listings, {actions / listings:.0f} actions each, mean {mean:.1f} ms "
          f"(x{mean / yard:.1f} yardstick)")
    for name, spent in sorted(timers.spent.items(), key=lambda kv: -kv[1]):
        print(f"  {name:42} {spent / total:6.1%}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
