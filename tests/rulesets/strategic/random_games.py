"""Seeded random strategic games, with the invariants every position must keep (the property
test runs a few seeds; bench/strategic_soak.py runs many).

There are no theatre scenarios on this branch yet, so `synthetic_scenario` writes one: on the
East map the Union round Washington facing Confederates 3 hexes off toward Fredericksburg, on
the West map round Murfreesboro facing Confederates 3 hexes off toward Tullahoma. Each side has
an army HQ with supply, two corps of two divisions, a cavalry division, a supply train and a
depot (invented strengths, not history: a test deployment).
"""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any

import yaml

from gameapp.core.engine import Game
from gameapp.core.hexgrid import Hex
from gameapp.core.rulesets.strategic.actions import Attack, EndPhase
from gameapp.core.rulesets.strategic.movement import map_units
from gameapp.core.rulesets.strategic.pieces import Division
from gameapp.core.rulesets.strategic.state import StrategicState
from gameapp.core.rulesets.strategic.supply import supply_points
from gameapp.core.rulesets.strategic.tables import tables
from gameapp.core.rulesets.strategic.zoc import Board
from gameapp.core.theatre.theatremap import TheatreMap
from gameapp.core.units import Side

ROOT = Path(__file__).resolve().parents[3]
MAPS = {"east": ROOT / "maps" / "theatre_east.yaml", "west": ROOT / "maps" / "theatre_west.yaml"}
FRONTS = {"east": ("Washington, DC", "Fredericksburg, VA", "1862-11-15"),
          "west": ("Murfreesboro, TN", "Tullahoma, TN", "1863-04-01")}


def _spots(theatre: TheatreMap, centre: Hex, count: int) -> list[str]:
    found = sorted((h for h in theatre.hexes() if not theatre.terrain_at(h).is_water
                    and h.distance(centre) <= 3), key=lambda h: (h.distance(centre), h.q, h.r))
    return [theatre.hex_id(h) for h in found[:count]]


def _side(theatre: TheatreMap, side: str, centre: Hex) -> dict[str, list[dict[str, Any]]]:
    s = side[0]
    spots = _spots(theatre, centre, 4)
    out: dict[str, list[dict[str, Any]]] = {"leaders": [], "hqs": [], "divisions": [],
                                            "trains": [], "depots": []}
    out["leaders"].append({"id": f"{s}-army", "side": side, "name": f"{side} army commander",
                           "stars": 3, "initiative": 4, "tactical": 1, "span": 3,
                           "at": spots[0]})
    out["hqs"].append({"id": f"{s}-hq", "side": side, "name": f"{side} army", "echelon": "army",
                       "at": spots[0], "commander": f"{s}-army", "supply": 2})
    out["divisions"].append({"id": f"{s}-cav", "side": side, "name": f"{side} cavalry",
                             "arm": "cavalry", "sp": 3, "at": spots[0]})
    out["trains"].append({"id": f"{s}-train", "side": side, "haul": "supply train",
                          "at": spots[0], "supply": 6})
    out["depots"].append({"id": f"{s}-depot", "side": side, "at": spots[3], "supply": 8})
    for c in range(2):
        corps = f"{s}c{c}"
        roster = [f"{corps}d{d}" for d in range(2)]
        out["leaders"].append({"id": f"{corps}-gen", "side": side, "name": f"corps {c}",
                               "stars": 2, "initiative": 3, "tactical": 0, "span": 2,
                               "at": spots[c + 1]})
        out["hqs"].append({"id": corps, "side": side, "name": f"Corps {c}", "echelon": "corps",
                           "at": spots[c + 1], "commander": f"{corps}-gen", "roster": roster})
        for d, unit_id in enumerate(roster):
            out["divisions"].append({"id": unit_id, "side": side, "name": f"{corps} div {d}",
                                     "arm": "infantry", "sp": 6 + d, "at": spots[c + 1]})
    return out


def synthetic_scenario(key: str, folder: Path) -> Path:
    from gameapp.core.rulesets.strategic.scenario import theatre_at

    theatre = theatre_at(MAPS[key])
    union_place, confed_place, start = FRONTS[key]
    union_row = theatre.place(union_place).hex
    toward = theatre.place(confed_place).hex
    # the Confederates stand 3 hexes off, toward their own place: in reach of a battle
    front = min((h for h in theatre.hexes() if h.distance(union_row) == 3
                 and not theatre.terrain_at(h).is_water),
                key=lambda h: (h.distance(toward), h.q, h.r))
    union, confed = _side(theatre, "union", union_row), _side(theatre, "confederate", front)
    data: dict[str, Any] = {
        "ruleset": "strategic", "name": f"Synthetic {key} front (tests)", "map": str(MAPS[key]),
        "start": start, "turns": 8, "first_side": "union",
        "orders": {"union": 1, "confederate": 1},
        "rail_capacity": {"union": 10, "confederate": 6},
        # the Union holds every hex within 2 of its army's place; the rest is Confederate
        "territory": {"default": "confederate", "union": [
            theatre.hex_id(h) for h in theatre.hexes() if h.distance(union_row) <= 2]},
        **{k: union[k] + confed[k] for k in union},
    }
    path = folder / f"synthetic_{key}.yaml"
    path.write_text(yaml.safe_dump(data, sort_keys=False), encoding="utf-8")
    return path


# --- the invariants -----------------------------------------------------------------------
def invariant_problems(game: Game, known: set[str], supply_at_start: int) -> list[str]:
    """What is wrong with the position (an empty list when nothing is)."""
    state: StrategicState = game.state
    problems: list[str] = []
    t = tables()
    for side in Side:
        for h, (units, sp) in map_units(state, side).items():
            if units > t.stack_units or sp > t.stack_sp:
                problems.append(f"{side.value} overstacked at {game.map.hex_id(h)}: {units} "
                                f"units, {sp} SP")
    board = Board.of(state, game.rules.terrain)
    both = board.occupied[Side.UNION] & board.occupied[Side.CONFEDERATE]
    if both:
        problems.append(f"both sides in {sorted(game.map.hex_id(h) for h in both)}")
    for piece in state.pieces.values():
        if isinstance(piece, Division) and piece.sp < 0:
            problems.append(f"{piece.id} has {piece.sp} SP")
    held = supply_points(state)
    gone = sum(state.supply_gone.values())
    if held + gone != supply_at_start:
        problems.append(f"supply: {held} held + {gone} spent or destroyed != "
                        f"{supply_at_start} at the start")
    known |= set(state.new_brigades) | {p for p in state.pieces if p not in known
                                        and p.startswith(tuple(known))}
    lost_track = known - set(state.pieces) - set(state.gone)
    if lost_track:
        problems.append(f"unaccounted for: {sorted(lost_track)}")
    return problems


def pick(rng: random.Random, legal: list[Any]) -> Any:
    """A random legal action, attacks more often than the rest and the end of a phase less."""
    attacks = [a for a in legal if isinstance(a, Attack)]
    if attacks and rng.random() < 0.5:
        return rng.choice(attacks)
    others = [a for a in legal if not isinstance(a, EndPhase)]
    if others and rng.random() < 0.85:
        return rng.choice(others)
    return EndPhase()


def play(path: Path, seed: int, weeks: int, max_actions: int = 400) -> dict[str, int]:
    """Play one seeded random game for `weeks`, checking the invariants after every action;
    AssertionError names the first broken one. Returns counts of what happened."""
    game = Game.from_scenario(path, seed=seed)
    rng = random.Random(seed)
    state: StrategicState = game.state
    known = set(state.pieces)
    supply_at_start = supply_points(state)
    counts = {"actions": 0, "battles": 0, "gone": 0}
    while not game.is_over and state.turn <= weeks and counts["actions"] < max_actions:
        legal = list(game.legal_actions())
        action = pick(rng, legal)
        events = game.apply(action)
        counts["actions"] += 1
        counts["battles"] += sum(type(e).__name__ == "BattleFought" for e in events)
        problems = invariant_problems(game, known, supply_at_start)
        assert not problems, (f"seed {seed}, action {counts['actions']} "
                              f"({action.to_text(game.map.numbering)}): {problems}")
    counts["gone"] = len(state.gone)
    counts["weeks"] = state.turn - 1
    return counts
