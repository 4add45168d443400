"""Victory in a strategic game (docs/strategic-rules.md, "Victory").

- Places (our design, wbts.md 7.10): a scenario's `victory: places:` list each place with its
  points and the reason; each scores for the side that controls it (3.23) at the end. A
  scenario without the list scores the map's victory places: a town 1, a city 2, a major
  city 3.
- Forts (25.3): a side holding any fort the enemy held at the start scores 1 point (the
  scenario's `forts_points`), once, however many it took.
- Losses: 1 point for every 2 SP (`sp_per_point`) the enemy lost in battle, to attrition,
  hunger or surrender (withdrawals are not losses).
- Sudden death: a side that loses a place its scenario marks `sudden_death` (Washington,
  Richmond) loses at once, decisively. Without the list: the capitals, or the `sudden_death`
  option's places.
- The level comes from the ratio of the winner's points to the loser's, as in the tactical game.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from gameapp.core.breakdown import Breakdown, Term
from gameapp.core.hexgrid import Hex
from gameapp.core.rules.victory import LEVEL_RULE, LEVELS, result_lines, result_title
from gameapp.core.ruleset import LossRow
from gameapp.core.rulesets.strategic.pieces import Division, Fort
from gameapp.core.rulesets.strategic.state import StrategicState
from gameapp.core.theatre.chart import PlaceRole, PlaceSize
from gameapp.core.units import Side

PLACES = "R&C strategic victory"
FORTS_ONCE = "004 25.3"
SUDDEN = "R&C strategic sudden death"
PLACE_POINTS = {PlaceSize.TOWN: 1, PlaceSize.CITY: 2, PlaceSize.MAJOR_CITY: 3}
CAPITALS = {"union": "Washington, DC", "confederate": "Richmond, VA"}


@dataclass(frozen=True)
class VictoryPlace:
    name: str  # the map's place, "Richmond, VA"
    hex: Hex
    points: int
    why: str
    sudden_death: bool = False


@dataclass(frozen=True)
class VictoryTerms:
    """A scenario's `victory:` section."""

    places: tuple[VictoryPlace, ...]
    forts_points: int = 1
    sp_per_point: int = 2


def read_victory(reader: Any, data: dict[str, Any]) -> VictoryTerms:
    """The scenario's victory places: each names a map place; its `hex` must be the place's."""
    places = []
    for i, e in enumerate(data["places"]):
        key = ("victory", "places", i)
        h = reader.hex_of((*key, "place"), e["place"])
        if "hex" in e and "," in e["place"] and reader.hex_of((*key, "hex"), e["hex"]) != h:
            reader.problem((*key, "hex"), f"{e['place']} is not in {e['hex']} on this map")
        places.append(VictoryPlace(e["place"], h, e["points"], e["why"],
                                   e.get("sudden_death", False)))
    return VictoryTerms(tuple(places), data.get("forts_points", 1), data.get("sp_per_point", 2))


@dataclass(frozen=True)
class SuddenDeathLoss:
    name: str  # "Richmond, VA taken"
    winner: Side

    def describe(self, hex_id: Any) -> str:
        """What the end screen says after the name (as a tactical condition describes
        itself)."""
        return f"the {self.winner.label} side wins at once"


@dataclass(frozen=True)
class StrategicResult:
    points: dict[Side, Breakdown]
    winner: Side | None
    level: str = ""
    level_terms: Breakdown = field(default_factory=Breakdown)
    sudden_death: SuddenDeathLoss | None = None

    @property
    def title(self) -> str:
        return result_title(self.winner, self.level)

    def lines(self) -> list[str]:
        ended = self.sudden_death.name if self.sudden_death is not None else None
        return result_lines(self.points, self.winner, self.level, self.level_terms, ended)


def holder(scenario: Any, state: StrategicState, h: Hex) -> Side:
    home: Side = scenario.home[h]
    return state.control.get(h, home)


def capitals(scenario: Any) -> dict[Side, Hex]:
    """Each side's capital on this map: the scenario's sudden-death places, each the side's
    that held it at the start; without a victory list, Washington and Richmond (the
    `sudden_death` option may name others)."""
    terms: VictoryTerms | None = scenario.victory
    if terms is not None:
        return {scenario.home[p.hex]: p.hex for p in terms.places if p.sudden_death}
    named: Mapping[str, str] = {**CAPITALS, **dict(scenario.options.get("sudden_death", {}))}
    found: dict[Side, Hex] = {}
    for side in Side:
        try:
            found[side] = scenario.map.place(named[side.value]).hex
        except KeyError:
            continue
    return found


def sudden_death(scenario: Any, state: StrategicState) -> SuddenDeathLoss | None:
    for side, h in sorted(capitals(scenario).items(), key=lambda kv: kv[0].value):
        if holder(scenario, state, h) is not side:
            name = scenario.map.hex_id(h)
            places = scenario.map.places_at(h)
            if places:
                name = places[0].key
            return SuddenDeathLoss(f"{name} taken", side.other)
    return None


def scored_places(scenario: Any) -> tuple[VictoryPlace, ...]:
    """The places that score in this scenario: its `victory: places:` list, else the map's
    victory places by size (a town 1, a city 2, a major city 3)."""
    listed: VictoryTerms | None = scenario.victory
    if listed is not None:
        return listed.places
    return tuple(VictoryPlace(place.key, place.hex, PLACE_POINTS[place.size], place.size.label)
                 for place in scenario.map.places if place.roles & PlaceRole.VICTORY)


def points(scenario: Any, state: StrategicState) -> dict[Side, Breakdown]:
    terms: dict[Side, list[Term]] = {side: [] for side in Side}
    listed: VictoryTerms | None = scenario.victory
    for spot in scored_places(scenario):
        terms[holder(scenario, state, spot.hex)].append(
            Term(f"{spot.name} ({spot.why})" if len(spot.why) <= 60 else spot.name,
                 spot.points, PLACES))
    forts_points = listed.forts_points if listed is not None else 1
    per_point = listed.sp_per_point if listed is not None else 2
    first_owner = {p.id: p.side for p in scenario.pieces if isinstance(p, Fort)}
    for side in Side:
        taken = sorted(f.id for f in state.of_type(Fort, side)
                       if first_owner.get(f.id) is side.other)
        if taken:
            worth = "one point" if forts_points == 1 else f"{forts_points} points"
            terms[side].append(Term(f"enemy forts taken ({', '.join(taken)}): {worth}, once",
                                    forts_points, FORTS_ONCE))
        lost = state.lost[side.other]
        if lost:
            terms[side].append(Term(f"{side.other.label} SP lost: {lost}, 1 point per "
                                    f"{per_point}", lost // per_point, PLACES))
    return {side: Breakdown.of(terms[side]) for side in Side}


def loss_rows(state: StrategicState) -> list[LossRow]:
    """Each division and brigade in play (on the map, aboard, on a detour) with the SP it has
    lost, of what it had (lost + left), and each that left play with losses (destroyed,
    surrendered, or withdrawn by the schedule): Union first, most lost first. A brigade split
    off is its own row (the SP it took are not its division's losses)."""
    in_play = [*state.divisions(), *(a.unit for a in state.offmap.values())]
    rows: list[LossRow] = []
    for unit in in_play:
        lost = state.lost_by[unit.id].sp if unit.id in state.lost_by else 0
        rows.append(LossRow(unit.side, unit.name, lost, lost + unit.sp))
    here = {u.id for u in in_play}
    for unit_id, loss in state.lost_by.items():
        if unit_id not in here:
            left = state.withdrawn.get(unit_id)
            rows.append(LossRow(loss.side, loss.name, loss.sp,
                                loss.sp + (left.sp if isinstance(left, Division) else 0)))
    return sorted(rows, key=lambda r: (r.side is not Side.UNION, -r.lost, r.name))


def result(scenario: Any, state: StrategicState) -> StrategicResult:
    scored = points(scenario, state)
    death = sudden_death(scenario, state)
    if death is not None:
        return StrategicResult(scored, death.winner, "decisive",
                               Breakdown.of([Term(death.name, 0, SUDDEN)]), death)
    union, confed = (scored[s].total for s in (Side.UNION, Side.CONFEDERATE))
    if union == confed:
        return StrategicResult(scored, None)
    winner = Side.UNION if union > confed else Side.CONFEDERATE
    high, fewer = max(union, confed), min(union, confed)
    ratio = high / max(fewer, 1)
    level = next(name for least, name in LEVELS if ratio >= least)
    least = next(value for value, name in LEVELS if name == level)
    against = f"{fewer:g}" if fewer >= 1 else f"{fewer:g}, counted as 1"
    level_terms = Breakdown.of([Term(f"points ratio {high:g} : {against}", round(ratio, 2),
                                     LEVEL_RULE),
                                Term(f"{level}: {least:g} or more", least, LEVEL_RULE)])
    return StrategicResult(scored, winner, level, level_terms)
