"""How long listing the strategic legal actions takes on the West map (a script, not a test).

    .venv/bin/python bench/strategic_legal.py [--repeats 20]

It measures the shipped West '63 scenario (scenarios/west_1863.yaml) and a synthetic full
West '63 deployment the script writes (written before that scenario existed, kept so figures
compare across sessions): each
side's armies, corps and divisions at the places the research sheet (wbts.md section 8) gives
for 1 April 1863 (Rosecrans at Murfreesboro, Grant at Memphis, Banks at Baton Rouge, Burnside in
Kentucky; Bragg at Tullahoma, Pemberton at Vicksburg, Buckner at Knoxville), about 1,000 men an
SP, in divisions of 3-7 SP spread round each place, with garrisons and the Union's river
flotillas. It times `Game.legal_actions()` for each
side, as the side to play (a seed whose initiative dice make it first), at three points:

- the command phase (span declarations, brigades, rosters);
- the movement phase before any command (orders and initiative rolls);
- the movement phase with the largest army commanded (every march, forced or not, and rail
  move of its pieces, corps included).

Each figure is printed with the yardstick (bench/yardstick.py) timed just before and after it,
and as a ratio to it.
"""

from __future__ import annotations

import argparse
import shutil
import statistics
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

import yaml

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from bench.yardstick import yardstick_ms  # noqa: E402
from gameapp.core.engine import Game  # noqa: E402
from gameapp.core.rulesets.strategic.actions import DeclareSpan, EndPhase, GiveOrder  # noqa: E402
from gameapp.core.rulesets.strategic.command import span_candidates  # noqa: E402
from gameapp.core.rulesets.strategic.pieces import Echelon  # noqa: E402
from gameapp.core.rulesets.strategic.scenario import theatre_at  # noqa: E402
from gameapp.core.rulesets.strategic.sequence import StrategicPhase  # noqa: E402
from gameapp.core.theatre.theatremap import TheatreMap  # noqa: E402

WEST = ROOT / "maps" / "theatre_west.yaml"
WEST63 = ROOT / "scenarios" / "west_1863.yaml"

# (side, army, place, [(corps, SP of each division, cavalry?)]), after wbts.md section 8
ARMIES: list[tuple[str, str, str, list[tuple[str, list[int], bool]]]] = [
    ("union", "Cumberland", "Murfreesboro, TN", [
        ("XIV", [7, 7, 7, 7], False), ("XX", [7, 6], False), ("XXI", [7, 6], False),
        ("Reserve", [5, 4], False), ("Cavalry", [3, 3], True)]),
    ("union", "Tennessee", "Memphis, TN", [
        ("XIII", [7, 7, 6, 6], False), ("XV", [7, 6, 6], False), ("XVI", [7, 7, 6, 6], False),
        ("XVII", [7, 6, 6], False), ("Cavalry", [3, 3], True)]),
    ("union", "Gulf", "Baton Rouge, LA", [
        ("XIX", [7, 7, 6, 6], False), ("New Orleans", [5, 4], False)]),
    ("union", "Ohio", "Lexington, KY", [
        ("IX", [7, 6], False), ("XXIII", [7, 6, 5], False), ("Cavalry", [3], True)]),
    ("confederate", "Tennessee", "Tullahoma, TN", [
        ("Polk", [6, 6, 6], False), ("Hardee", [7, 6], False), ("Wheeler", [3, 3, 3], True),
        ("Van Dorn", [3, 2], True)]),
    ("confederate", "Mississippi", "Vicksburg, MS", [
        ("Stevenson", [7, 7], False), ("Smith", [6], False), ("Maury", [5], False),
        ("Loring", [6], False), ("Gardner", [6, 6], False)]),
    ("confederate", "East Tennessee", "Knoxville, TN", [("Buckner", [4, 3], False)]),
]


# garrisons (side, place, SP) and ships (side, vessel, place), after wbts.md section 8
GARRISONS = [("union", "Nashville, TN", 2), ("union", "Franklin, TN", 2),
             ("union", "Corinth, MS", 3), ("union", "Louisville, KY", 2),
             ("union", "New Orleans, LA", 3), ("union", "Helena, AR", 2),
             ("confederate", "Port Hudson, LA", 3), ("confederate", "Mobile, AL", 4),
             ("confederate", "Jackson, MS", 2), ("confederate", "Grenada, MS", 2),
             ("confederate", "Chattanooga, TN", 2)]
SHIPS = [("union", "gunboat", "Memphis, TN"), ("union", "gunboat", "Helena, AR"),
         ("union", "ironclad", "Helena, AR"), ("union", "gunboat", "Cairo, IL"),
         ("union", "gunboat", "Nashville, TN"), ("union", "gunboat", "New Orleans, LA"),
         ("union", "transport", "Memphis, TN"), ("union", "transport", "Helena, AR"),
         ("union", "transport", "Cairo, IL"), ("union", "ironclad", "Baton Rouge, LA")]


def land_hexes_round(theatre: TheatreMap, place: str, count: int) -> list[str]:
    """`count` land hexes nearest the place, the place's own first."""
    centre = theatre.place(place).hex
    found = sorted((h for h in theatre.hexes() if not theatre.terrain_at(h).is_water
                    and h.distance(centre) <= 6), key=lambda h: (h.distance(centre), h.q, h.r))
    return [theatre.hex_id(h) for h in found[:count]]


def deployment(theatre: TheatreMap) -> dict[str, Any]:
    leaders: list[dict[str, Any]] = []
    hqs: list[dict[str, Any]] = []
    divisions: list[dict[str, Any]] = []
    trains: list[dict[str, Any]] = []
    for a, (side, army, place, corps_list) in enumerate(ARMIES):
        spots = land_hexes_round(theatre, place, len(corps_list) + 1)
        army_id = f"{side[0]}a{a}"
        leaders.append({"id": f"{army_id}-gen", "side": side, "name": f"{army} commander",
                        "stars": 3, "initiative": 4, "tactical": 1, "span": 4,
                        "at": spots[0]})
        hqs.append({"id": army_id, "side": side, "name": f"Army of the {army}",
                    "echelon": "army", "at": spots[0], "commander": f"{army_id}-gen",
                    "supply": 2})
        trains.append({"id": f"{army_id}-train", "side": side, "haul": "supply train",
                       "at": spots[0], "supply": 5})
        for c, (corps, sizes, cavalry) in enumerate(corps_list):
            at = spots[(c + 1) % len(spots)]
            corps_id = f"{army_id}c{c}"
            roster = []
            for d, sp in enumerate(sizes):
                unit_id = f"{corps_id}d{d}"
                roster.append(unit_id)
                divisions.append({"id": unit_id, "side": side, "name": f"{corps} {d + 1}",
                                  "arm": "cavalry" if cavalry else "infantry", "sp": sp,
                                  "corps": corps, "at": at})
            leaders.append({"id": f"{corps_id}-gen", "side": side, "name": f"{corps} commander",
                            "stars": 2, "initiative": 3, "tactical": 0, "span": 2,
                            "cavalry": cavalry, "at": at})
            hqs.append({"id": corps_id, "side": side, "name": f"{corps} Corps",
                        "echelon": "corps", "at": at, "commander": f"{corps_id}-gen",
                        "roster": roster})
    for g, (side, place, sp) in enumerate(GARRISONS):
        divisions.append({"id": f"{side[0]}g{g}", "side": side, "name": f"{place} garrison",
                          "arm": "garrison", "sp": sp, "at": place})
    ships = [{"id": f"{side[0]}s{s}", "side": side, "vessel": vessel, "at": place}
             for s, (side, vessel, place) in enumerate(SHIPS)]
    return {"leaders": leaders, "hqs": hqs, "divisions": divisions, "trains": trains,
            "ships": ships}


def scenario_file(folder: Path) -> Path:
    theatre = theatre_at(WEST)
    # a scenario may name only files in its own folder tree or the program's (docs/reliability.md)
    shutil.copyfile(WEST, folder / WEST.name)
    data = {"ruleset": "strategic", "name": "Synthetic West '63 (bench)", "map": WEST.name,
            "start": "1863-04-01", "turns": 18, "first_side": "union",
            "orders": {"union": 2, "confederate": 2},
            "rail_capacity": {"union": 20, "confederate": 8},
            "territory": {"default": "confederate", "union": ["A0101:A6820"]},
            **deployment(theatre)}
    path = folder / "west63_bench.yaml"
    path.write_text(yaml.safe_dump(data, sort_keys=False), encoding="utf-8")
    return path


def timed_listing(game: Game, repeats: int) -> tuple[float, int, float]:
    """The median time of a listing, its length, and the yardstick timed just before and after
    it (the load on a shared machine changes within a run)."""
    yard = yardstick_ms(7)
    times, count = [], 0
    for _ in range(repeats):
        start = time.perf_counter()
        count = sum(1 for _ in game.legal_actions())
        times.append(time.perf_counter() - start)
    return statistics.median(times) * 1000, count, (yard + yardstick_ms(7)) / 2


def measure(path: Path, side: str, repeats: int) -> list[tuple[str, float, int, float]]:
    game = next(g for g in (Game.from_scenario(path, seed=s) for s in range(1, 50))
                if g.current_side is not None and g.current_side.value == side)
    player = game.current_side
    rows = [("command phase", *timed_listing(game, repeats))]
    # the largest army's commander takes in the corps commanders next to him (10.1)
    boss = max((h for h in game.state.hqs(player) if h.echelon is Echelon.ARMY),
               key=lambda h: sum(1 for c in game.state.hqs(player) if c.hex.distance(h.hex) <= 1)
               ).commander
    leader = game.state.pieces[boss]
    near = [p.id for p in span_candidates(game.state, leader)][: leader.span]
    game.apply(DeclareSpan(boss, tuple(near)))
    while game.phase is not StrategicPhase.MOVEMENT:
        game.apply(EndPhase())
    rows.append(("movement, nothing commanded", *timed_listing(game, repeats)))
    game.apply(GiveOrder(boss))
    moving = len(game.state.forces[boss].members)
    rows.append((f"movement, {boss}'s force of {moving} pieces commanded",
                 *timed_listing(game, repeats)))
    return rows


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeats", type=int, default=20)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as folder:
        scenarios = (("West '63", WEST63), ("synthetic", scenario_file(Path(folder))))
        for name, path in scenarios:
            pieces = Game.from_scenario(path).state.pieces
            divisions = sum(1 for p in pieces.values() if type(p).__name__ == "Division")
            print(f"{name}: {len(pieces)} pieces ({divisions} divisions) on the West map")
        print("each figure: the median of the listings, in ms and in yardsticks timed beside it")
        for name, path in scenarios:
            for side in ("union", "confederate"):
                for label, ms, count, yard in measure(path, side, args.repeats):
                    print(f"{name:<9} {side:<12} {label:<46} {count:>6} actions {ms:7.2f} ms "
                          f"({ms / yard:.2f} yardsticks of {yard:.1f} ms)", flush=True)


if __name__ == "__main__":
    main()
