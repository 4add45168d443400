"""Ships passing an enemy fort's guns (docs/strategic-rules.md, "Ships passing forts"; our
design `R&C strategic transit`, after wbts.md 7.4 and the errata's 11.0 and 13.38, which name
the transit attack and give no numbers; the table is `data/transit.yaml`).

- Which forts fire: every enemy fort with a garrison (13.15: an empty one does nothing), with
  its own `guns` from the scenario or the data's for a fort or a fortress. Any scenario declares
  a battery as a fort on the bank's hex (Drewry's Bluff, Vicksburg's river front).
- Where: the guns cover the water of the fort's hex: a voyage that starts there, enters it, or
  sails along the river by one of its sides (the hex a step passes) is fired on, once a fort a
  voyage, at the first step into its water.
- The shot: the guns against the ships sailing together (the ship, or its convoy): their
  warships' strength, each transport counting as the data's `transport_target`; rounded down in
  the ships' favour to a column; one die: the ships pass, are turned back (the voyage ends in
  the hex before the guns' water) or are hit (one ship sunk: the weakest warship loses a point
  of strength, sinking at 0; transports alone lose a boat with 1 SP of the troops aboard).
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from fractions import Fraction
from functools import cache
from pathlib import Path
from typing import Any

from gameapp.core.breakdown import Term
from gameapp.core.hexgrid import Hex
from gameapp.core.rules.datafile import obj
from gameapp.core.rulesets.strategic.losses import LossLine
from gameapp.core.rulesets.strategic.pieces import Division, Fort, Ship
from gameapp.core.rulesets.strategic.sieges import garrison
from gameapp.core.rulesets.strategic.state import StrategicState
from gameapp.core.rulesets.strategic.tables import table_document
from gameapp.core.rulesets.strategic.terrain import TerrainCosts
from gameapp.core.units import Side
from gameapp.core.yamlsource import DataError

TRANSIT = "R&C strategic transit"

PASS, TURNED_BACK, HIT = "-", "T", "H"
_WORDS = {PASS: "the ships pass", TURNED_BACK: "turned back", HIT: "a ship hit"}
_SMALL = {"type": "integer", "minimum": 0, "maximum": 99}
_SCHEMA = obj({
    "columns": {"type": "array", "items": {"type": "string", "pattern": r"^\d+:\d+$"},
                "minItems": 1},
    "results": {"type": "object", "additionalProperties": {
        "type": "array", "items": {"enum": [PASS, TURNED_BACK, HIT]}, "minItems": 1}},
    "guns": obj({"fort": _SMALL, "fortress": _SMALL}),
    "transport_target": _SMALL,
})


@dataclass(frozen=True)
class TransitTables:
    columns: tuple[Fraction, ...]  # each column's lowest ratio, lowest first
    labels: tuple[str, ...]
    results: dict[int, tuple[str, ...]]  # die 1-6 -> one result per column
    fort_guns: int
    fortress_guns: int
    transport_target: int
    source: str

    def column_of(self, ratio: Fraction) -> int | None:
        """The column a ratio falls in (rounded down, the ships' way); None below the first."""
        found = None
        for i, least in enumerate(self.columns):
            if ratio >= least:
                found = i
        return found


@cache
def transit_tables() -> TransitTables:
    return load_transit_tables()


def load_transit_tables(source: str | Path | None = None) -> TransitTables:
    doc, name = table_document("transit.yaml", _SCHEMA, source)
    data: dict[str, Any] = doc.data
    labels = tuple(data["columns"])
    columns = tuple(Fraction(int(a), int(d)) for a, d in (c.split(":") for c in labels))
    if list(columns) != sorted(columns) or 0 in columns:
        raise DataError([doc.problem(("columns",), "the columns must run from the fewest guns "
                                     "to the most, each above 0")])
    results: dict[int, tuple[str, ...]] = {}
    for die, row in data["results"].items():
        if str(die) not in {str(n) for n in range(1, 7)} or len(row) != len(columns):
            raise DataError([doc.problem(("results", die), f"a row per die 1-6, with "
                                         f"{len(columns)} results each")])
        results[int(die)] = tuple(row)
    if set(results) != set(range(1, 7)):
        raise DataError([doc.problem(("results",), "the table needs rows 1 to 6")])
    return TransitTables(columns, labels, results, data["guns"]["fort"],
                         data["guns"]["fortress"], data["transport_target"], name)


def guns_of(state: StrategicState, fort: Fort, tables: TransitTables) -> int:
    """The fort's guns against passing ships: none without a garrison (13.15)."""
    if not garrison(state, fort):
        return 0
    if fort.guns is not None:
        return fort.guns
    return tables.fortress_guns if fort.fortress else tables.fort_guns


def firing_forts(state: StrategicState, side: Side, tables: TransitTables) -> dict[Hex, Fort]:
    """The enemy forts whose guns cover water against `side`'s ships, by hex."""
    return {f.hex: f for f in state.of_type(Fort, side.other) if guns_of(state, f, tables) > 0}


def water_of_step(terrain: TerrainCosts, a: Hex, b: Hex, high_water: bool) -> tuple[Hex, ...]:
    """The land hexes whose water a step from a to b uses: b, and the hex it passes along the
    river (the one both touch), if any."""
    out, _ = terrain.sides_used(a, b, high_water)
    passed = a.neighbor(out) if out >= 0 else b
    return (b,) if passed in (a, b) else (passed, b)


def forts_on_path(terrain: TerrainCosts, forts: dict[Hex, Fort], start: Hex,
                  path: tuple[Hex, ...], high_water: bool) -> list[tuple[int, Fort]]:
    """Each fort that fires on the voyage, with the index of the step into its water (0: the
    first step; a fort in the starting hex fires as the ships leave), in the order met."""
    if not forts:
        return []
    found: list[tuple[int, Fort]] = []
    seen: set[Hex] = set()
    at = start
    for i, to in enumerate(path):
        covered = (at, *water_of_step(terrain, at, to, high_water)) if i == 0 else \
            water_of_step(terrain, at, to, high_water)
        for h in covered:
            if h in forts and h not in seen:
                seen.add(h)
                found.append((i, forts[h]))
        at = to
    return found


@dataclass(frozen=True)
class Shot:
    """One fort's shot at the ships sailing together, before the die."""

    fort: str
    at: Hex
    column: int | None  # None: too few guns to do anything
    chances: dict[str, Fraction]  # PASS / TURNED_BACK / HIT -> chance
    terms: tuple[Term, ...]


def target_of(fleet: list[Ship], tables: TransitTables) -> int:
    return sum(s.strength if s.vessel.is_warship else tables.transport_target for s in fleet)


def shot_at(state: StrategicState, fort: Fort, fleet: list[Ship],
            tables: TransitTables) -> Shot:
    guns = guns_of(state, fort, tables)
    target = target_of(fleet, tables)
    terms = [Term(f"the guns of {fort.id}", guns, TRANSIT),
             Term("the ships passing (warships' strength, each transport "
                  f"{tables.transport_target})", target, TRANSIT)]
    column = tables.column_of(Fraction(guns, max(target, 1)))
    if column is None:
        terms.append(Term(f"under {tables.labels[0]}: too few guns to stop or hurt them", 0,
                          TRANSIT))
        return Shot(fort.id, fort.hex, None, {PASS: Fraction(1)}, tuple(terms))
    terms.append(Term(f"guns : ships rounded down: column {tables.labels[column]}", column,
                      TRANSIT))
    chances: dict[str, Fraction] = {}
    for die in range(1, 7):
        result = tables.results[die][column]
        chances[result] = chances.get(result, Fraction(0)) + Fraction(1, 6)
    return Shot(fort.id, fort.hex, column, chances, tuple(terms))


def voyage_odds(state: StrategicState, terrain: TerrainCosts, fleet: list[Ship],
                path: tuple[Hex, ...], high_water: bool) -> tuple[Fraction, Fraction, list[Shot]]:
    """Before sailing (the window and the computer player): the chance the ships reach the
    end of `path` with no fort turning them back, the chance of at least one hit on the way
    (each fort's shot taken as if the ones before let them pass), and the shots."""
    if not fleet:
        return Fraction(1), Fraction(0), []
    tables = transit_tables()
    forts = firing_forts(state, fleet[0].side, tables)
    shots = [shot_at(state, fort, fleet, tables)
             for _, fort in forts_on_path(terrain, forts, fleet[0].hex, path, high_water)]
    arrive, unhurt = Fraction(1), Fraction(1)
    for shot in shots:
        arrive *= 1 - shot.chances.get(TURNED_BACK, Fraction(0))
        unhurt *= 1 - shot.chances.get(HIT, Fraction(0))
    return arrive, 1 - unhurt, shots


@dataclass(frozen=True)
class TransitFire:
    """A fort's guns fired on passing ships: the shot's terms, the die and what came of it."""

    fort: str
    at: Hex
    ships: tuple[str, ...]
    terms: tuple[Term, ...]
    column: str | None
    roll: int | None
    result: str  # PASS / TURNED_BACK / HIT
    chances: dict[str, Fraction]
    stopped_at: Hex | None  # where a turned-back voyage ends
    lines: tuple[LossLine, ...]  # what the hit cost

    @property
    def words(self) -> str:
        return _WORDS[self.result]


def fire_on_voyage(ctx: Any, fleet: list[Ship], path: tuple[Hex, ...]
                   ) -> tuple[tuple[Hex, ...], list[TransitFire]]:
    """Fire every fort on the way at the ships sailing together; the part of `path` they sail
    (shorter when a fort turns them back) and the shots' events. Hits are applied."""
    state: StrategicState = ctx.state
    terrain: TerrainCosts = ctx.rules.terrain
    high = ctx.scenario.clock.is_high_water(state.turn)
    tables = transit_tables()
    forts = firing_forts(state, fleet[0].side, tables)
    events: list[TransitFire] = []
    for index, fort in forts_on_path(terrain, forts, fleet[0].hex, path, high):
        fleet = [p for s in fleet if isinstance(p := state.pieces.get(s.id), Ship)]
        if not fleet:
            return (), events
        shot = shot_at(state, fort, fleet, tables)
        name = ctx.scenario.map.hex_id(fort.hex)
        if shot.column is None:
            events.append(TransitFire(fort.id, fort.hex, tuple(s.id for s in fleet), shot.terms,
                                      None, None, PASS, shot.chances, None, ()))
            continue
        roll = ctx.dice.d6(f"{fort.id}'s guns at {name} on passing ships")
        result = tables.results[roll][shot.column]
        stopped = None
        lines: tuple[LossLine, ...] = ()
        if result == TURNED_BACK:
            stopped = path[index - 1] if index > 0 else fleet[0].hex
        elif result == HIT:
            lines = _hit(state, fleet)
        events.append(TransitFire(fort.id, fort.hex, tuple(s.id for s in fleet), shot.terms,
                                  tables.labels[shot.column], roll, result, shot.chances,
                                  stopped, lines))
        if stopped is not None:
            return path[:index], events
    return path, events


def _hit(state: StrategicState, fleet: list[Ship]) -> tuple[LossLine, ...]:
    """One ship sunk: the weakest warship loses a point (sinking at 0); transports (which sail
    together only with transports, R&C strategic convoy) lose a boat and 1 SP of the strongest
    unit aboard (none if they carry no troops)."""
    from gameapp.core.rulesets.strategic.supply import apply_losses

    warships = sorted((s for s in fleet if s.vessel.is_warship), key=lambda s: (s.strength, s.id))
    if warships:
        ship = warships[0]
        if ship.strength > 1:
            state.put(replace(ship, strength=ship.strength - 1))
            return (LossLine(ship.id, 1, "a ship of the weakest warship flotilla sunk: its "
                             "strength drops by 1", TRANSIT),)
        line = LossLine(ship.id, 1, "the last ship of the weakest flotilla sunk", TRANSIT)
        apply_losses(state, [line], "sunk passing a fort")
        return (line,)
    troops = sorted((p for s in fleet for c in s.cargo
                     if isinstance(p := state.pieces.get(c), Division) and p.sp > 0),
                    key=lambda u: (-u.sp, u.id))
    if not troops:
        return (LossLine("", 0, "a boat of the fleet sunk, with no troops aboard", TRANSIT),)
    line = LossLine(troops[0].id, 1, "a boat of the fleet sunk with its men: 1 SP from the "
                    "strongest unit aboard", TRANSIT)
    apply_losses(state, [line], "sunk passing a fort")
    return (line,)
