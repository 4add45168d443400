"""History harness (a script, not a test): equal computer players on a historical scenario,
with the figures printed beside the record.

    nice -n 10 .venv/bin/python bench/history.py scenarios/slaughter_mountain.yaml \
        --seeds 20 --players normal [--jobs 2] [--first-seed 1] [--turns K] [--causes] [--games]

For each game: the winner and the level, the men each side lost by arm (infantry, cavalry,
guns), the guns lost, and who holds each named victory place at the end. Printed: win rates
and levels, the medians (and quartiles) of each figure, the Union/Confederate loss ratio in
men, and how often each side holds each place, each beside the record where it is known.
`--causes` counts what took each side's guns (fire by kind, charges, captures, routs).
`--load FILE ... --rescore` judges saved games again by the scenario's victory rules as they
stand (tactical: `bench/tactical_rescore.py`), to see a change to the points apart from the
change it makes to the play.

A ruleset plugs in through a small adapter (`ADAPTERS`): it plays one game with two equal
computer players and returns its `GameFigures`. The tactical adapter is here; a strategic one
can add its own without touching the printing. The record of each scenario and the scale that
turns strength points into men live in `bench/history_records.py`.
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import time
from collections import Counter
from collections.abc import Callable, Sequence
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "bench"))

from history_records import RECORDS, Record, Scale  # noqa: E402
from tactical_causes import (  # noqa: E402
    ChargeSites,
    GunLossCauses,
    MenLossCauses,
    guns_lost,
    merged,
)

from gameapp.core.engine import Game  # noqa: E402
from gameapp.core.events import (  # noqa: E402
    Event,
)
from gameapp.core.rules.victory import losses_by_unit  # noqa: E402
from gameapp.core.units import Side, UnitKind  # noqa: E402

ARMS = (UnitKind.INFANTRY, UnitKind.CAVALRY, UnitKind.ARTILLERY)


@dataclass
class GameFigures:
    """What one game came to, in the record's terms."""

    seed: int
    winner: Side | None
    level: str
    points: dict[Side, float]
    men: dict[Side, dict[UnitKind, int]]  # men lost, by arm (artillery: gunners)
    guns: dict[Side, int]  # guns destroyed or taken (silent guns kept by a battery are not)
    holders: dict[str, Side | None]  # named victory place -> holder at the end
    causes: dict[Side, Counter[str]] = field(default_factory=dict)  # losses by cause
    seconds: float = 0.0
    players: str = ""  # the level both computer players played at
    # strategic games: each historical milestone's week in the game (None: it never happened)
    # and the record's week (bench/milestones.yaml)
    milestones: dict[str, int | None] = field(default_factory=dict)
    milestone_dates: dict[str, int] = field(default_factory=dict)
    scenario: str = ""  # the scenario file played (strategic games)

    def men_lost(self, side: Side) -> int:
        return sum(self.men[side].values())

    def to_json(self) -> dict[str, Any]:
        def side(s: Side | None) -> str | None:
            return s.value if s is not None else None
        return {"seed": self.seed, "winner": side(self.winner), "level": self.level,
                "points": {s.value: v for s, v in self.points.items()},
                "men": {s.value: {k.value: n for k, n in arms.items()}
                        for s, arms in self.men.items()},
                "guns": {s.value: n for s, n in self.guns.items()},
                "holders": {p: side(s) for p, s in self.holders.items()},
                "causes": {s.value: dict(c) for s, c in self.causes.items()},
                "seconds": self.seconds, "players": self.players,
                "milestones": self.milestones, "milestone_dates": self.milestone_dates,
                "scenario": self.scenario}

    @classmethod
    def from_json(cls, d: dict[str, Any]) -> GameFigures:
        def side(v: str | None) -> Side | None:
            return Side(v) if v is not None else None
        return cls(d["seed"], side(d["winner"]), d["level"],
                   {Side(k): v for k, v in d["points"].items()},
                   {Side(k): {UnitKind(a): n for a, n in arms.items()}
                    for k, arms in d["men"].items()},
                   {Side(k): n for k, n in d["guns"].items()},
                   {p: side(s) for p, s in d["holders"].items()},
                   {Side(k): Counter(c) for k, c in d["causes"].items()}, d["seconds"],
                   d["players"], d.get("milestones", {}), d.get("milestone_dates", {}),
                   d.get("scenario", ""))


class Adapter:
    """One ruleset's way of playing a game and reading its figures."""

    def play(self, path: Path, seed: int, level: str, turns: int | None,
             scale: Scale) -> GameFigures:
        raise NotImplementedError


class TacticalAdapter(Adapter):
    def play(self, path: Path, seed: int, level: str, turns: int | None,
             scale: Scale) -> GameFigures:
        from gameapp.ai.settings import Difficulty
        from gameapp.headless import make_players, play

        start = time.perf_counter()
        game = Game.from_scenario(path, seed=seed)
        causes = GunLossCauses(game)
        men_causes = MenLossCauses(game)
        sites = ChargeSites(game)

        def follow(g: Game, events: list[Event]) -> None:
            causes(g, events)
            men_causes(g, events)
            sites(g, events)

        players = make_players(seed, "both", Difficulty(level), ruleset=game.scenario.ruleset)
        outcome = play(game, seed, turns, on_action=follow, players=players)
        men = {s: dict.fromkeys(ARMS, 0) for s in Side}
        guns = dict.fromkeys(Side, 0)
        for unit_id, (defn, lost) in losses_by_unit(game.state, game.scenario).items():
            if defn.kind is UnitKind.LEADER:
                continue
            men[defn.side][defn.kind] += scale.men(defn.kind, lost)
            if defn.kind is UnitKind.ARTILLERY:
                guns[defn.side] += guns_lost(game, unit_id)
        result = outcome.result
        holders = {v.name or game.map.hex_id(v.hex): game.state.holders.get(v.hex)
                   for v in game.scenario.victory_hexes}
        return GameFigures(seed, result.winner, result.level,
                           {s: float(result.points[s].total) for s in Side}, men, guns,
                           holders, merged(causes.finish(), men_causes.finish(game), sites.counts),
                           time.perf_counter() - start, level)


class StrategicAdapter(Adapter):
    """A strategic game: SP lost (1 SP about 1,000 men, counted as infantry: the strategic
    divisions fold the guns in), who holds each scored place at the end, and the week each of
    the scenario's historical milestones happened (bench/milestones.yaml)."""

    MEN_PER_SP = 1000

    def play(self, path: Path, seed: int, level: str, turns: int | None,
             scale: Scale) -> GameFigures:
        from strategic_milestones import MilestoneWatch, load_milestones, week_of

        from gameapp.ai.settings import Difficulty
        from gameapp.core.rulesets.strategic.victory import holder, scored_places
        from gameapp.headless import make_players, play

        start = time.perf_counter()
        game = Game.from_scenario(path, seed=seed)
        milestones = load_milestones(game.scenario, path.stem)
        watch = MilestoneWatch(game, milestones)
        players = make_players(seed, "both", Difficulty(level), ruleset=game.scenario.ruleset)
        outcome = play(game, seed, turns, on_action=watch, players=players)
        men = {s: dict.fromkeys(ARMS, 0) for s in Side}
        for side in Side:
            men[side][UnitKind.INFANTRY] = game.state.lost[side] * self.MEN_PER_SP
        holders: dict[str, Side | None] = {
            p.name: holder(game.scenario, game.state, p.hex)
            for p in scored_places(game.scenario)}
        result = outcome.result
        return GameFigures(seed, result.winner, result.level,
                           {s: float(result.points[s].total) for s in Side}, men,
                           dict.fromkeys(Side, 0), holders, {},
                           time.perf_counter() - start, level, watch.finish(game),
                           {m.name: week_of(game, m.date) for m in milestones}, str(path))


ADAPTERS: dict[str, Adapter] = {"tactical": TacticalAdapter(), "strategic": StrategicAdapter()}


def _ruleset(path: Path) -> str:
    from gameapp.core.ruleset import ruleset_key

    found = ruleset_key(path)  # the scenario's `ruleset:` line, without parsing the file
    return found[0] if found is not None else "tactical"


def one_game(job: tuple[str, str, int, str, int | None]) -> GameFigures:
    path, ruleset, seed, level, turns = job
    record = RECORDS.get(Path(path).stem)
    scale = record.scale if record is not None else Scale()
    return ADAPTERS[ruleset].play(Path(path), seed, level, turns, scale)


def quartiles(values: Sequence[float]) -> str:
    """'median (lower quartile-upper quartile)'."""
    if len(values) < 2:
        return f"{values[0]:g}" if values else "-"
    q1, q2, q3 = statistics.quantiles(values, n=4, method="inclusive")
    return f"{q2:.4g} ({q1:.4g}-{q3:.4g})"


def ratio(a: int, b: int) -> float:
    return a / max(b, 1)


def report(games: list[GameFigures], record: Record | None, level: str) -> list[str]:
    """The table: each figure over the games (median and quartiles, or a share) and the
    record beside it."""
    n = len(games)
    rec = record
    out = [f"{n} games, {level} against {level}",
           f"{'figure':44} {'games':>24}  record"]

    def row(name: str, value: str, history: str = "") -> None:
        out.append(f"{name:44} {value:>24}  {history}")

    for side in Side:
        wins = sum(g.winner is side for g in games)
        levels = Counter(g.level for g in games if g.winner is side)
        detail = ", ".join(f"{k} {v}" for k, v in sorted(levels.items()))
        row(f"{side.label} wins", f"{wins} ({wins / n:.0%})",
            (rec.winner_text(side) if rec else "") + (f"  [{detail}]" if detail else ""))
    row("draws", str(sum(g.winner is None for g in games)))
    for side in Side:
        row(f"{side.label} victory points", quartiles([g.points[side] for g in games]))
    strategic = bool(games and games[0].milestone_dates)
    for side in Side if strategic else ():  # strategic: SP lost (1 SP about 1,000 men)
        row(f"{side.label} SP lost", quartiles([g.men_lost(side) / StrategicAdapter.MEN_PER_SP
                                                for g in games]))
    for side in () if strategic else Side:
        row(f"{side.label} men lost", quartiles([g.men_lost(side) for g in games]),
            f"{rec.men[side]:,}" if rec and side in rec.men else "")
        for arm in ARMS:
            row(f"  {arm.value}", quartiles([g.men[side][arm] for g in games]),
                rec.arm_text(side, arm) if rec else "")
        row(f"{side.label} guns lost", quartiles([g.guns[side] for g in games]),
            rec.guns.get(side, "") if rec else "")
    ratios = [ratio(g.men_lost(Side.UNION), g.men_lost(Side.CONFEDERATE)) for g in games]
    row(f"Union/Confederate loss ratio in {'SP' if strategic else 'men'}", quartiles(ratios),
        f"{rec.loss_ratio:.2f}" if rec else "")
    for place in games[0].holders if games else ():
        held = Counter(g.holders[place] for g in games)
        text = ", ".join(f"{s.label if s else 'nobody'} {c}" for s, c in held.most_common())
        row(f"holds {place} at the end", text, rec.holders.get(place, "") if rec else "")
    out += milestones_report(games)
    if games and games[0].milestone_dates:
        out += gains_report(games, start_points(games[0]))
    if rec:
        out.append(f"conversion: {rec.scale.describe()}")
    return out


def start_points(game: GameFigures) -> dict[Side, float]:
    """The points each side holds at the start of a strategic game (its places)."""
    from gameapp.core.rulesets.strategic.victory import points

    if not game.scenario:
        return {}
    played = Game.from_scenario(Path(game.scenario), seed=1)
    return {s: float(b.total) for s, b in points(played.scenario, played.state).items()}


def gains_report(games: list[GameFigures], start: dict[Side, float]) -> list[str]:
    """What each side gained over the points it held at the start, and who would win if the
    gains were compared instead of the totals (a balance yardstick: the places each side holds
    at the start decide much of the total)."""
    if not start:
        return []
    def by_gains(g: GameFigures) -> Side | None:
        gain = {side: g.points[side] - start[side] for side in Side}
        if gain[Side.UNION] == gain[Side.CONFEDERATE]:
            return None
        return max(Side, key=lambda side: gain[side])

    wins = Counter(by_gains(g) for g in games)
    out = [f"points at the start: Union {start[Side.UNION]:g}, Confederate "
           f"{start[Side.CONFEDERATE]:g}"]
    for side in Side:
        out.append(f"  {side.label} gain over the start: "
                   f"{quartiles([g.points[side] - start[side] for g in games])}")
    out.append("  winner by gains (a capital taken counts its points only): " + ", ".join(
        f"{(s.label if s else 'draw')} {n}" for s, n in wins.most_common()))
    return out


def milestones_report(games: list[GameFigures]) -> list[str]:
    """For each historical milestone: in how many games it happened, and its week against the
    record's (negative: earlier than history)."""
    if not games or not games[0].milestones:
        return []
    n = len(games)
    out = [f"historical milestones (bench/milestones.yaml), {n} games:"]
    met = 0
    for name, record_week in games[0].milestone_dates.items():
        weeks = [g.milestones.get(name) for g in games]
        seen = [w for w in weeks if w is not None]
        offsets = [w - record_week for w in seen]
        close = sum(abs(d) <= 2 for d in offsets)
        met += len(seen) * 3 >= n
        out.append(f"  {name} (record: week {record_week})")
        out.append(f"      happened in {len(seen)} of {n} ({len(seen) / n:.0%}); weeks from the "
                   f"date: {quartiles(offsets)}; within 2 weeks in {close}")
    out.append(f"  milestones happening in at least a third of the games: {met} of "
               f"{len(games[0].milestone_dates)}")
    return out


def causes_report(games: list[GameFigures]) -> list[str]:
    out = ["battery SPs lost (a gun's crew or the gun), guns lost and infantry SPs lost on the "
           "map (units gone to the Broken Track or eliminated count in the totals only), by "
           "cause, all games"]
    for side in Side:
        total: Counter[str] = Counter()
        for g in games:
            total.update(g.causes.get(side, Counter()))
        for what in ("SPs", "guns", "infantry", "men", "charges"):
            part = {k: v for k, v in total.items() if k.startswith(what + ": ")}
            label = {"SPs": "battery SPs", "guns": "guns", "infantry": "infantry SPs",
                     "men": "SPs of every arm, the units gone from the map included",
                     "charges": "charges made, by the place within 3 hexes and by turn"}[what]
            count = sum(part.values()) // (2 if what == "charges" else 1)
            out.append(f"  {side.label} {label}: {count} in {len(games)} games")
            order = sorted(part.items(), key=lambda kv: kv[0] if what == "charges" else -kv[1])
            out += [f"    {n:4}  {cause.partition(': ')[2]}" for cause, n in order]
    return out


def short(place: str) -> str:
    """'the Madison road exit' -> 'Madison', 'the gate' -> 'gate'."""
    words = [w for w in place.split() if w not in ("the", "of")]
    return words[0].split("'")[0] if words else place


def game_line(g: GameFigures) -> str:
    held = " ".join(f"{short(p)}={s.value[0].upper() if s else '-'}"
                    for p, s in g.holders.items())
    win = g.winner.label if g.winner else "draw"
    if g.milestones:
        held = "milestones " + " ".join(
            "-" if w is None else str(w) for w in g.milestones.values())
    return (f"seed {g.seed:3}: {win:11} {g.level:11} VP {g.points[Side.UNION]:g}-"
            f"{g.points[Side.CONFEDERATE]:g}  men U {g.men_lost(Side.UNION)} C "
            f"{g.men_lost(Side.CONFEDERATE)}  guns U {g.guns[Side.UNION]} C "
            f"{g.guns[Side.CONFEDERATE]}  {held}  ({g.seconds:.0f} s)")


def run(path: Path, seeds: range, level: str, turns: int | None, jobs: int,
        each: Callable[[GameFigures], None] | None = None) -> list[GameFigures]:
    ruleset = _ruleset(path)
    if ruleset not in ADAPTERS:
        raise SystemExit(f"{path}: no history adapter for the {ruleset!r} ruleset yet "
                         f"(have: {', '.join(ADAPTERS)})")
    work = [(str(path), ruleset, seed, level, turns) for seed in seeds]
    games: list[GameFigures] = []
    if jobs > 1:
        with ProcessPoolExecutor(jobs) as pool:
            for g in pool.map(one_game, work):
                games.append(g)
                if each:
                    each(g)
    else:
        for job in work:
            games.append(one_game(job))
            if each:
                each(games[-1])
    return games


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("scenario", type=Path)
    parser.add_argument("--seeds", type=int, default=20)
    parser.add_argument("--first-seed", type=int, default=1)
    parser.add_argument("--players", nargs="+", default=["normal"],
                        choices=["easy", "normal", "hard"],
                        help="the level of both players; one table per level")
    parser.add_argument("--turns", type=int, default=None, help="stop games after K turns")
    parser.add_argument("--jobs", type=int, default=1)
    parser.add_argument("--causes", action="store_true", help="what took the guns")
    parser.add_argument("--games", action="store_true", help="a line per game as it ends")
    parser.add_argument("--save", type=Path, help="append each game's figures to this file "
                        "(JSON lines), to add runs together with --load")
    parser.add_argument("--rescore", action="store_true", help="with --load: judge the saved "
                        "games again by the scenario's victory rules as they stand")
    parser.add_argument("--load", type=Path, nargs="+", default=[],
                        help="report on the games saved in these files instead of playing")
    args = parser.parse_args(argv)
    record = RECORDS.get(args.scenario.stem)
    if args.load:
        loaded = [GameFigures.from_json(json.loads(line)) for path in args.load
                  for line in path.read_text().splitlines() if line.strip()]
        for g in loaded:
            g.scenario = g.scenario or str(args.scenario)
            if args.rescore:
                _rescore(g, args.scenario, record)
        for level in args.players:
            # a seed saved twice (a replay to check a run reproduces) is counted once
            games = sorted({g.seed: g for g in loaded if g.players == level}.values(),
                           key=lambda g: g.seed)
            if not games:
                print(f"\n{args.scenario.name}: no saved games at {level} (--players)")
                continue
            print(f"\n{args.scenario.name}, {len(games)} saved games, seeds "
                  f"{', '.join(str(g.seed) for g in games)}")
            _print_tables(games, record, level, args.causes)
        return 0
    seeds = range(args.first_seed, args.first_seed + args.seeds)
    for level in args.players:
        start = time.perf_counter()

        def each(g: GameFigures) -> None:
            if args.games:
                print(game_line(g), flush=True)
            if args.save:
                with args.save.open("a") as out:
                    out.write(json.dumps(g.to_json()) + "\n")

        games = run(args.scenario, seeds, level, args.turns, args.jobs, each)
        print(f"\n{args.scenario.name}, seeds {seeds.start}-{seeds.stop - 1}, turns "
              f"{args.turns or 'all'}, {time.perf_counter() - start:.0f} s")
        _print_tables(games, record, level, args.causes)
    return 0


def _rescore(g: GameFigures, path: Path, record: Record | None) -> None:
    """Judge a saved game again by the scenario's victory rules as they stand."""
    if _ruleset(path) == "tactical":
        from tactical_rescore import judged as tactical_judged
        scale = record.scale if record else Scale()
        per_sp = {kind: scale.men(kind, 1) for kind in ARMS}
        g.winner, g.level, g.points = tactical_judged(path, g.men, g.guns, g.holders, per_sp)
        return
    from strategic_par import judged
    g.winner, g.level, _ = judged(path, g.points[Side.UNION], g.points[Side.CONFEDERATE],
                                  g.holders)


def _print_tables(games: list[GameFigures], record: Record | None, level: str,
                  causes: bool) -> None:
    print("\n".join(report(games, record, level)))
    if causes:
        print("\n".join(causes_report(games)))


if __name__ == "__main__":
    sys.exit(main())
