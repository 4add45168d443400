"""The historical milestones of a strategic scenario (bench/milestones.yaml) and the watch that
finds in which week of a game each happened (bench/history.py's strategic adapter).

A milestone is a named event of the record with its date and a test on the game (see the data
file's head): `held`, `near`, `battle` or `besieged`. The state tests are looked at when each
week ends (and when the game ends), and the first week one holds counts; a battle is looked at
when it is fought, and the battle nearest the record's week counts (battles recur).
"""

from __future__ import annotations

import datetime
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import yaml

from gameapp.core.engine import Game
from gameapp.core.hexgrid import Hex
from gameapp.core.rulesets.strategic.combat import BattleFought
from gameapp.core.rulesets.strategic.pieces import Arm, Division, Fort
from gameapp.core.rulesets.strategic.sieges import besieged
from gameapp.core.rulesets.strategic.victory import holder
from gameapp.core.units import Side

DATA = Path(__file__).resolve().parent / "milestones.yaml"
KINDS = ("held", "near", "battle", "besieged")


@dataclass(frozen=True)
class Milestone:
    name: str
    date: datetime.date
    source: str
    kind: str  # one of KINDS
    side: Side | None
    places: tuple[Hex, ...]
    within: int = 0
    sp: int = 0


def load_milestones(scenario: Any, name: str, path: Path = DATA) -> tuple[Milestone, ...]:
    """The scenario's milestones, each place found on its map; a bad entry raises ValueError
    naming the file, the scenario and the milestone."""
    data = yaml.safe_load(path.read_text(encoding="utf-8")) or {}
    found = []
    for i, entry in enumerate(data.get(name, [])):
        where = f"{path.name}: {name}[{i}] ({entry.get('name', '?')})"
        kinds = [k for k in KINDS if k in entry]
        if len(kinds) != 1:
            raise ValueError(f"{where}: needs exactly one of {', '.join(KINDS)}")
        kind = kinds[0]
        test = entry[kind]
        names = test.get("places") or [test.get("place")]
        try:
            places = tuple(scenario.map.place(p).hex for p in names)
        except (KeyError, TypeError) as e:
            raise ValueError(f"{where}: no such place on the map: {e}") from e
        date = entry["date"]
        if not isinstance(date, datetime.date):
            raise ValueError(f"{where}: date {date!r} is not a YYYY-MM-DD date")
        found.append(Milestone(entry["name"], date, entry.get("source", ""), kind,
                               Side(test["side"]) if "side" in test else None, places,
                               int(test.get("within", 0)), int(test.get("sp", 0))))
    return tuple(found)


def week_of(game: Game, date: datetime.date) -> int:
    """The week of the game a date falls in (week 1 starts on the scenario's date)."""
    start: datetime.date = game.scenario.clock.start
    return 1 + (date - start).days // 7


class MilestoneWatch:
    """An `on_action` callback for headless play: the first week each milestone happened."""

    def __init__(self, game: Game, milestones: tuple[Milestone, ...]) -> None:
        self.milestones = milestones
        self.week: dict[str, int | None] = {m.name: None for m in milestones}
        self.record = {m.name: week_of(game, m.date) for m in milestones}
        self.turn = game.state.turn

    def __call__(self, game: Game, events: list[Any]) -> None:
        for event in events:
            if isinstance(event, BattleFought):
                self._battle(game, event.preview.target)
        if game.state.turn != self.turn:  # the week that ended is looked at
            self._look(game, self.turn)
            self.turn = game.state.turn

    def finish(self, game: Game) -> dict[str, int | None]:
        self._look(game, game.state.turn)
        return dict(self.week)

    def _battle(self, game: Game, at: Hex) -> None:
        """Battles recur: the one nearest the record's week counts (a place's fall or an army's
        coming counts the first time)."""
        turn = game.state.turn
        for m in self.milestones:
            if m.kind == "battle" and any(at.distance(p) <= m.within for p in m.places):
                seen = self.week[m.name]
                if seen is None or abs(turn - self.record[m.name]) < abs(
                        seen - self.record[m.name]):
                    self.week[m.name] = turn

    def _look(self, game: Game, turn: int) -> None:
        for m in self.milestones:
            if self.week[m.name] is None and m.kind != "battle" and happened(game, m):
                self.week[m.name] = turn


def happened(game: Game, m: Milestone) -> bool:
    state = game.state
    if m.kind == "held":
        assert m.side is not None
        return all(holder(game.scenario, state, h) is m.side for h in m.places)
    if m.kind == "near":
        return sum(p.sp for p in state.pieces.values()
                   if isinstance(p, Division) and p.side is m.side and p.aboard is None
                   and p.arm is not Arm.GARRISON
                   and any(p.hex.distance(h) <= m.within for h in m.places)) >= m.sp
    if m.kind == "besieged":
        return any(isinstance(f, Fort) and f.hex in m.places
                   and besieged(state, game.rules.terrain, f)
                   for f in state.pieces.values())
    return False
