"""The catalogue of tactical battlefields (docs/campaigns.md): where and when a strategic battle
may be fought out as a tactical game, and which strategic divisions and leaders each tactical
formation stands for.

A strategic scenario's catalogue is `sites/battles.yaml` in its folder (the scenarios folder
holds only scenarios: the start screen and the checks list every `*.yaml` there). The file is
read with the project's bounded YAML loader and its schema (`schemas/battles.schema.json`);
every problem names the file and line. The files it names (the theatre map, the tactical
scenario) resolve from the scenarios folder above it and may not leave it, nor the game's maps/
(the confinement of `scenario.refused_reference`).

A site's hex is not written in the file: it follows from its latitude and longitude through the
theatre map's own fix, an affine fit of the nearest named places (each place of a theatre map
keeps the longitude and latitude it was placed from).
"""

from __future__ import annotations

import datetime
import math
import os
from dataclasses import dataclass
from functools import cache
from pathlib import Path

import numpy as np

from gameapp.core.hexgrid import Hex
from gameapp.core.mapgeometry import MapGrid
from gameapp.core.rulesets.strategic.pieces import Arm, Division
from gameapp.core.theatre.theatremap import TheatreMap
from gameapp.core.units import Side
from gameapp.core.yamlsource import (
    DataError,
    Problem,
    YamlDocument,
    load_schema,
    load_yaml,
    schema_problems,
)

CATALOGUE = Path("sites") / "battles.yaml"
NEAREST_PLACES = 8  # the places the local fit of longitude and latitude to the map uses


@dataclass(frozen=True)
class Formation:
    """A formation of the tactical order of battle (a division or a brigade, by its name in the
    counters file) and the strategic divisions it stands for: any of `divisions` (or a brigade
    split off one of them), or, with `arm`, any division of that arm in the battle that no
    other formation claims."""

    name: str
    divisions: tuple[str, ...]
    arm: Arm | None
    source: str
    line: int

    def claims(self, unit: Division) -> bool:
        if unit.id in self.divisions or (unit.brigade_of or "") in self.divisions:
            return True
        return self.arm is not None and unit.arm is self.arm and not self.divisions


@dataclass(frozen=True)
class LeaderLink:
    tactical: str  # the leader counter's id in the tactical order of battle
    strategic: str  # the strategic leader's id
    source: str


@dataclass(frozen=True)
class SiteSide:
    formations: tuple[Formation, ...]
    leaders: tuple[LeaderLink, ...]


@dataclass(frozen=True)
class BattleSite:
    id: str
    name: str
    date: datetime.date
    first: datetime.date  # the window: a battle in a week that meets it may be fought here
    last: datetime.date
    lat: float
    lon: float
    theatre: Path  # the theatre map the site lies on
    tactical: Path  # the tactical scenario
    sides: dict[Side, SiteSide]
    catalogue: Path
    line: int

    def meets(self, week_start: datetime.date) -> bool:
        """Does the week starting `week_start` (seven days) meet the window?"""
        return week_start <= self.last and week_start + datetime.timedelta(days=6) >= self.first

    def hex_on(self, theatre: TheatreMap) -> Hex:
        return hex_at(theatre, self.lon, self.lat)


@dataclass(frozen=True)
class Catalogue:
    path: Path
    sites: tuple[BattleSite, ...]


def hex_at(theatre: TheatreMap, lon: float, lat: float) -> Hex:
    """The theatre map's hex at a longitude and latitude: an affine fit of the map's nearest
    named places (longitude, latitude -> map hex units), then the hex under that point."""
    known = [p for p in theatre.places if p.lonlat is not None]
    if len(known) < 3:
        raise ValueError(f"{theatre.name} has too few places with a longitude and latitude")
    squeeze = math.cos(math.radians(lat))  # a degree of longitude is shorter than one of latitude

    def gap(lonlat: tuple[float, float]) -> float:
        return math.hypot((lonlat[0] - lon) * squeeze, lonlat[1] - lat)

    near = sorted(known, key=lambda p: gap(p.lonlat or (0.0, 0.0)))[:NEAREST_PLACES]
    design = np.array([[1.0, p.lonlat[0], p.lonlat[1]] for p in near if p.lonlat is not None])
    target = np.array([p.where for p in near])
    coefficients, *_ = np.linalg.lstsq(design, target, rcond=None)
    x, y = np.array([1.0, lon, lat]) @ coefficients
    q, r = MapGrid(theatre.numbering).hexes_at(np.array([x]), np.array([y]))
    return Hex(int(q[0]), int(r[0]))


def catalogue_for(scenario_path: Path) -> Catalogue | None:
    """The catalogue beside a strategic scenario (`sites/battles.yaml` in its folder), or None."""
    path = Path(scenario_path).parent / CATALOGUE
    if not path.is_file():
        return None
    stat = path.stat()
    return _cached(path.resolve(), (stat.st_mtime_ns, stat.st_size))


@cache
def _cached(path: Path, stamp: tuple[int, int]) -> Catalogue:
    return load_catalogue(path)


def load_catalogue(path: str | Path) -> Catalogue:
    """Read and check a catalogue; DataError with every problem at its line."""
    doc = load_yaml(path)
    if not isinstance(doc.data, dict):
        raise DataError([doc.problem((), "expected a catalogue (battles: [...]) at the top")])
    problems = schema_problems(doc, load_schema("battles"))
    if problems:
        raise DataError(problems)
    sites = []
    seen: dict[str, int] = {}
    for i, entry in enumerate(doc.data["battles"]):
        where = ("battles", i)
        if entry["id"] in seen:
            problems.append(doc.problem((*where, "id"), f"battle {entry['id']} is listed twice "
                                        f"(first at line {seen[entry['id']]})"))
        seen.setdefault(entry["id"], doc.line_of((*where, "id")))
        site = _site(doc, where, entry, problems)
        if site is not None:
            sites.append(site)
    if problems:
        raise DataError(problems)
    return Catalogue(Path(path), tuple(sites))


def _site(doc: YamlDocument, where: tuple[str | int, ...], entry: dict[str, object],
          problems: list[Problem]) -> BattleSite | None:
    window = entry["window"]
    assert isinstance(window, dict)
    dates = {}
    for key, path in (("date", (*where, "date")), ("from", (*where, "window", "from")),
                      ("to", (*where, "window", "to"))):
        text = entry["date"] if key == "date" else window[key]
        try:
            dates[key] = datetime.date.fromisoformat(str(text))
        except ValueError:
            problems.append(doc.problem(path, f"{text} is not a date (YYYY-MM-DD)"))
    if len(dates) == 3 and not dates["from"] <= dates["date"] <= dates["to"]:
        problems.append(doc.problem((*where, "window"), f"the window {dates['from']} to "
                                    f"{dates['to']} does not hold the battle's date "
                                    f"{dates['date']}"))
    files = {}
    for key in ("theatre", "tactical"):
        value = str(entry[key])
        refused = refused_site_file(doc.path, value)
        if refused is not None:
            problems.append(doc.problem((*where, key), refused))
        else:
            files[key] = Path(os.path.realpath(doc.path.parent.parent / value))
    sides = {side: _side(doc, (*where, "sides", side.value), entry["sides"][side.value])  # type: ignore[index]
             for side in Side}
    if len(dates) < 3 or len(files) < 2:
        return None
    place = entry["place"]
    assert isinstance(place, dict)
    return BattleSite(str(entry["id"]), str(entry["name"]), dates["date"], dates["from"],
                      dates["to"], float(place["lat"]), float(place["lon"]), files["theatre"],
                      files["tactical"], sides, doc.path, doc.line_of(where))


def _side(doc: YamlDocument, where: tuple[str | int, ...], data: dict[str, list[dict[str, str]]]
          ) -> SiteSide:
    formations = tuple(
        Formation(f["formation"], tuple(f.get("divisions", ())),
                  Arm(f["arm"]) if "arm" in f else None, f["source"],
                  doc.line_of((*where, "formations", i)))
        for i, f in enumerate(data["formations"]))
    leaders = tuple(LeaderLink(link["tactical"], link["strategic"], link.get("source", ""))
                    for link in data.get("leaders", []))
    return SiteSide(formations, leaders)


def refused_site_file(catalogue: Path, value: str) -> str | None:
    """Why a file a catalogue names may not be read, or None: names resolve from the scenarios
    folder above the catalogue and stay in it, or in the maps/ folder beside it."""
    if os.path.isabs(value) or Path(value).drive or Path(value).root:
        return (f"{value} is an absolute path: name the file from the scenarios folder, such as "
                "slaughter_mountain.yaml")
    base = Path(os.path.realpath(catalogue.parent.parent))
    target = Path(os.path.realpath(base / value))
    allowed = (base, Path(os.path.realpath(base.parent / "maps")))
    if not any(target.is_relative_to(folder) for folder in allowed):
        return (f"{value} is outside the folders a catalogue may use: the scenarios folder and "
                "the maps/ folder beside it")
    if not target.is_file():
        return f"{value}: no such file"
    return None


def check_catalogue(path: str | Path) -> Catalogue:
    """Load a catalogue and check it against its tactical scenarios: every formation is a
    division or a brigade of the scenario's order of battle, every leader one of its counters
    (`gameapp validate`); DataError at the line of each that is not."""
    from gameapp.core.scenario import load_scenario  # the tactical loader, only to check

    catalogue = load_catalogue(path)
    problems: list[Problem] = []
    for site in catalogue.sites:
        try:
            oob = load_scenario(site.tactical).order_of_battle
        except DataError as error:
            problems.append(Problem(str(catalogue.path), site.line, "the tactical scenario "
                                    f"does not load: {error.problems[0]}"))
            continue
        names = {d.division for d in oob.values()} | {d.brigade for d in oob.values()}
        for side in Side:
            for formation in site.sides[side].formations:
                if formation.name not in names:
                    problems.append(Problem(str(catalogue.path), formation.line,
                                            f"{formation.name} is no division or brigade of "
                                            f"{site.tactical.name}"))
            for link in site.sides[side].leaders:
                if link.tactical not in oob:
                    problems.append(Problem(str(catalogue.path), site.line,
                                            f"{link.tactical} is no counter of "
                                            f"{site.tactical.name}"))
    if problems:
        raise DataError(problems)
    return catalogue
