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
- The level: a scenario with a `par` (history's end) measures the Union's margin (its points
  less the Confederacy's) from the margin the record gives at the scenario's last date; the
  distance from par gives the level (R&C strategic par). A par may carry a balance: the points
  by which equal computer players' games fell from history's margin, measured with
  bench/strategic_balance.py, so that equal sides have even chances (R&C strategic balance).
  Without a par: the ratio of the winner's points to the loser's, as in the tactical game.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
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
PAR_RULE = "R&C strategic par"
BALANCE_RULE = "R&C strategic balance"
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
class Balance:
    """Where equal players end against history (R&C strategic balance): the line that splits
    equal computer games most evenly by the Union's distance from history's par (about their
    median), added to par so that each side wins about half of them. `why` names the games it
    was measured from."""

    points: float  # a multiple of 0.5; below zero, equal players fall short of history's margin
    why: str
    source: str = ""


@dataclass(frozen=True)
class Par:
    """History's end (R&C strategic par): the victory places the Union held on the scenario's
    last date and the enemy forts each side had taken by then, from the record; and how far
    from par a result must fall to be substantive or decisive."""

    date: str  # the record's date the par is read at, "1862-09-05"
    union_holds: tuple[str, ...]  # victory places' names; the rest were the Confederacy's
    forts_taken: dict[Side, tuple[str, ...]]  # fort ids each side had taken from the other
    substantive: int
    decisive: int
    source: str = ""
    balance: Balance | None = None


@dataclass(frozen=True)
class VictoryTerms:
    """A scenario's `victory:` section."""

    places: tuple[VictoryPlace, ...]
    forts_points: int = 1
    sp_per_point: int = 2
    par: Par | None = None


def read_victory(reader: Any, data: dict[str, Any], pieces: Sequence[Any] = ()) -> VictoryTerms:
    """The scenario's victory places: each names a map place; its `hex` must be the place's.
    A par names only the scenario's victory places and forts the other side held at the
    start."""
    places = []
    for i, e in enumerate(data["places"]):
        key = ("victory", "places", i)
        h = reader.hex_of((*key, "place"), e["place"])
        if "hex" in e and "," in e["place"] and reader.hex_of((*key, "hex"), e["hex"]) != h:
            reader.problem((*key, "hex"), f"{e['place']} is not in {e['hex']} on this map")
        places.append(VictoryPlace(e["place"], h, e["points"], e["why"],
                                   e.get("sudden_death", False)))
    par = _read_par(reader, data["par"], places, pieces) if "par" in data else None
    return VictoryTerms(tuple(places), data.get("forts_points", 1), data.get("sp_per_point", 2),
                        par)


def _read_par(reader: Any, data: dict[str, Any], places: Sequence[VictoryPlace],
              pieces: Sequence[Any]) -> Par:
    names = {p.name for p in places}
    for i, name in enumerate(data["union_holds"]):
        if name not in names:
            reader.problem(("victory", "par", "union_holds", i),
                           f"{name} is not one of this scenario's victory places")
    forts = {p.id: p.side for p in pieces if isinstance(p, Fort)}
    taken: dict[Side, tuple[str, ...]] = {}
    for side in Side:
        ids = data.get("forts_taken", {}).get(side.value, [])
        for i, fort in enumerate(ids):
            if forts.get(fort) is not side.other:
                reader.problem(("victory", "par", "forts_taken", side.value, i),
                               f"{fort} is not a {side.other.label} fort of this scenario")
        taken[side] = tuple(ids)
    if data["decisive"] <= data["substantive"]:
        reader.problem(("victory", "par", "decisive"),
                       "a decisive result must lie further from par than a substantive one")
    balance = None
    if "balance" in data:
        given = data["balance"]
        balance = Balance(float(given["points"]), given["why"], given.get("source", ""))
    return Par(str(data["date"]), tuple(data["union_holds"]), taken, data["substantive"],
               data["decisive"], data.get("source", ""), balance)


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
        out = result_lines(self.points, self.winner, self.level, self.level_terms, ended)
        if self.winner is None and self.level_terms:  # a draw at par still shows the par
            out[-1:-1] = ["level: none, at par", *(f"  {term}" for term in self.level_terms)]
        return out


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
    listed: VictoryTerms | None = scenario.victory
    if listed is not None and listed.par is not None:
        return from_par(scored, listed, listed.par)
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


def par_terms(terms: VictoryTerms, par: Par) -> Breakdown:
    """The Union's margin at history's end (R&C strategic par): the points of the places it
    held on the par's date less those of the places the Confederacy held, and 25.3's point for
    each side that had taken an enemy fort. Losses are left out: the record counts them in men
    by battle, with sources far apart, not in the SP the game eliminates."""
    held = set(par.union_holds)

    def listing(places: Sequence[VictoryPlace]) -> str:
        return ", ".join(f"{p.name.split(',')[0]} {p.points}" for p in places) or "none"

    union = [p for p in terms.places if p.name in held]
    confed = [p for p in terms.places if p.name not in held]
    out = [Term(f"the Union's places on {par.date} ({listing(union)})",
                sum(p.points for p in union), PAR_RULE),
           Term(f"the Confederacy's places on {par.date} ({listing(confed)})",
                -sum(p.points for p in confed), PAR_RULE)]
    for side in Side:
        if par.forts_taken.get(side):
            sign = 1 if side is Side.UNION else -1
            out.append(Term(f"the {side.label} side had taken enemy forts "
                            f"({', '.join(par.forts_taken[side])})",
                            sign * terms.forts_points, FORTS_ONCE))
    return Breakdown.of(out)


def par_level(distance: float, par: Par) -> tuple[str, int]:
    """The level of a result `distance` points from par (> 0), with the least distance of that
    level: decisive, substantive, else marginal (from 1)."""
    if distance >= par.decisive:
        return "decisive", par.decisive
    if distance >= par.substantive:
        return "substantive", par.substantive
    return "marginal", 1


def from_par(scored: dict[Side, Breakdown], terms: VictoryTerms, par: Par) -> StrategicResult:
    """The result measured from par: the Union's margin less history's, and less the par's
    balance; the side it favours wins, at the level its distance reaches; exactly at par, a
    draw. The level terms add up to the signed distance (above par: the Union's side)."""
    union, confed = scored[Side.UNION].total, scored[Side.CONFEDERATE].total
    history = par_terms(terms, par)
    level_terms = [Term(f"Union points less Confederate points ({union:g} - {confed:g})",
                        union - confed, PAR_RULE),
                   *(Term(f"less par: {t.label}", -t.value, t.rule) for t in history)]
    off = union - confed - history.total
    if par.balance is not None:
        level_terms.append(Term(f"less balance: {par.balance.points:+g}, equal players' distance "
                                f"from history", -par.balance.points, BALANCE_RULE))
        off -= par.balance.points
    if off == 0:
        at_par = "a draw" if par.balance else "history's result, a draw"
        level_terms.append(Term(f"at par: {at_par}", 0, PAR_RULE))
        return StrategicResult(scored, None, "", Breakdown.of(level_terms))
    winner = Side.UNION if off > 0 else Side.CONFEDERATE
    level, least = par_level(abs(off), par)
    reach = f"under {par.substantive}" if level == "marginal" else f"from {least}"
    level_terms.append(Term(f"{abs(off):g} from par, the {winner.label} side's way: {level}, "
                            f"{reach}", 0, PAR_RULE))
    return StrategicResult(scored, winner, level, Breakdown.of(level_terms))
