"""The catalogue of tactical battlefields (scenarios/sites/battles.yaml): read with its schema,
checked, errors at their line, files confined; each site's hex from its latitude and longitude."""

from __future__ import annotations

from pathlib import Path

import pytest

from gameapp.core.campaign.sites import catalogue_for, hex_at, load_catalogue
from gameapp.core.rulesets.strategic.pieces import Arm
from gameapp.core.rulesets.strategic.scenario import load_strategic
from gameapp.core.units import Side
from gameapp.core.yamlsource import DataError
from tests.campaign.cedar import EAST_62, ROOT

CATALOGUE = ROOT / "scenarios" / "sites" / "battles.yaml"


def test_cedar_mountain_is_catalogued_for_east_62() -> None:
    catalogue = catalogue_for(EAST_62)
    assert catalogue is not None
    site = next(s for s in catalogue.sites if s.id == "cedar_mountain")
    assert site.tactical == (ROOT / "scenarios" / "slaughter_mountain.yaml").resolve()
    assert site.theatre == (ROOT / "maps" / "theatre_east.yaml").resolve()
    union = [f.name for f in site.sides[Side.UNION].formations]
    assert union == ["Williams' Division (1st)", "Augur's Division (2nd)",
                     "Bayard's Cavalry Brigade"]
    assert site.sides[Side.UNION].formations[2].arm is Arm.CAVALRY
    confederate = {f.name: f.divisions for f in site.sides[Side.CONFEDERATE].formations}
    assert confederate["Jackson's Division (Winder)"] == ("cs_jackson",)
    assert confederate["Ewell's Division"] == ("cs_ewell",)
    leaders = {link.tactical: link.strategic for side in Side
               for link in site.sides[side].leaders}
    assert leaders == {"US-Banks": "banks", "CS-Jackson": "jackson", "CS-Ewell": "ewell",
                       "CS-APHill": "ap_hill"}
    assert all(f.source for side in Side for f in site.sides[side].formations)


def test_the_window_meets_the_weeks_of_august_1862() -> None:
    site = load_catalogue(CATALOGUE).sites[0]
    clock = load_strategic(EAST_62).clock
    weeks = [turn for turn in range(1, 28) if site.meets(clock.date_of(turn))]
    # week 23 starts 2 Aug, week 25 starts 16 Aug (the window ends 22 Aug); week 26, 23 Aug
    assert weeks == [23, 24, 25]


def test_the_site_hex_comes_from_lat_lon_through_the_theatre_map() -> None:
    theatre = load_strategic(EAST_62).map
    site = load_catalogue(CATALOGUE).sites[0]
    assert theatre.hex_id(site.hex_on(theatre)) == "C2211"  # Culpeper's hex (Cedar Mountain)
    # every place of the map is found at its own longitude and latitude (within a hex)
    for place in theatre.places[::25]:
        assert place.lonlat is not None
        found = hex_at(theatre, *place.lonlat)
        assert found.distance(place.hex) <= 1, place.name


def _broken(tmp_path: Path, old: str, new: str) -> Path:
    folder = tmp_path / "scenarios" / "sites"
    folder.mkdir(parents=True)
    (tmp_path / "scenarios" / "slaughter_mountain.yaml").write_text("name: x\n")
    (tmp_path / "maps").mkdir()
    (tmp_path / "maps" / "theatre_east.yaml").write_text("name: x\n")
    text = CATALOGUE.read_text()
    assert old in text
    path = folder / "battles.yaml"
    path.write_text(text.replace(old, new, 1))
    return path


def _line_of(path: Path, needle: str) -> int:
    return next(i for i, line in enumerate(path.read_text().splitlines(), 1) if needle in line)


@pytest.mark.parametrize(("old", "new", "needle", "message"), [
    ('from: "1862-08-02"', 'from: "1862-08-10"', "window:", "does not hold the battle's date"),
    ("tactical: slaughter_mountain.yaml", "tactical: ../../../etc/passwd", "tactical:",
     "outside the folders a catalogue may use"),
    ("tactical: slaughter_mountain.yaml", "tactical: /etc/passwd", "tactical:",
     "absolute path"),
    ("lat: 38.41", "lat: north", "lat:", "north"),
    ('date: "1862-08-09"', 'date: "1862-08-32"', "date:", "not a date"),
])
def test_a_bad_catalogue_is_refused_at_its_line(tmp_path: Path, old: str, new: str,
                                                needle: str, message: str) -> None:
    path = _broken(tmp_path, old, new)
    with pytest.raises(DataError) as caught:
        load_catalogue(path)
    problem = caught.value.problems[0]
    assert message in problem.message
    assert problem.file == str(path) and problem.line == _line_of(path, needle)


def test_validate_checks_the_catalogue_against_its_tactical_scenario(tmp_path: Path) -> None:
    from gameapp.core.datafiles import load_any

    assert load_any(CATALOGUE) == "battle catalogue"
    path = tmp_path / "scenarios" / "sites" / "battles.yaml"
    path.parent.mkdir(parents=True)
    (tmp_path / "scenarios" / "slaughter_mountain.yaml").write_text(
        (ROOT / "scenarios" / "slaughter_mountain.yaml").read_text())
    (tmp_path / "maps").symlink_to(ROOT / "maps", target_is_directory=True)
    (tmp_path / "counters").symlink_to(ROOT / "counters", target_is_directory=True)
    path.write_text(CATALOGUE.read_text().replace('formation: "Ewell\'s Division"',
                                                  'formation: "Ewel\'s Division"'))
    with pytest.raises(DataError) as caught:
        load_any(path)
    problem = caught.value.problems[0]
    assert problem.message == "Ewel's Division is no division or brigade of slaughter_mountain.yaml"
    assert problem.line == _line_of(path, "Ewel's Division")
