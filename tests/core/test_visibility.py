"""Hiding what a side cannot see (rule tag HIDE, docs/playing.md): an enemy unit is seen when it
is next to a friendly unit or in the line of sight of one; otherwise hidden.

The map is flat-topped and level: 0610, 0609, ... 0601 run due north in one column, and woods
(40 ft) in 0607 block the line from 0610 to anything beyond them along the column (the line
stands at 0 ft over 0607, test_los.test_woods_block_a_firer_on_level_ground)."""

from gameapp.core.rules.sight.visibility import RULE, Sighting, hidden_units, sightings
from gameapp.core.terrain import Terrain
from gameapp.core.units import Side
from tests.core.positions import blank_map, infantry, leader, place


def wooded_column():
    m = blank_map(12, 12)
    m.set_terrain(m.parse("0607"), Terrain.WOODS)
    return m


def test_an_enemy_behind_woods_is_hidden_and_one_in_the_open_is_seen() -> None:
    m = wooded_column()
    watcher = place(infantry("US-A"), m, "0610")
    behind = place(infantry("CS-B", Side.CONFEDERATE), m, "0604")  # past the woods of 0607
    open_ = place(infantry("CS-C", Side.CONFEDERATE), m, "0810")  # two hexes east, clear ground
    seen = sightings(m, [watcher, behind, open_], Side.UNION)
    assert seen["CS-B"] == Sighting("CS-B", False, "out of the line of sight of every Union unit",
                                    RULE)
    assert seen["CS-C"] == Sighting("CS-C", True, "in the line of sight of US-A (0610)", RULE)
    assert hidden_units(m, [watcher, behind, open_], Side.UNION) == {"CS-B"}


def test_a_second_friendly_unit_with_a_clear_line_reveals_the_hidden_one() -> None:
    m = wooded_column()
    watcher = place(infantry("US-A"), m, "0610")
    scout = place(leader("US-L"), m, "0606")  # a leader counts: past the woods, 2 hexes away
    behind = place(infantry("CS-B", Side.CONFEDERATE), m, "0604")
    seen = sightings(m, [watcher, scout, behind], Side.UNION)
    assert seen["CS-B"].seen and seen["CS-B"].reason == "in the line of sight of US-L (0606)"


def test_a_unit_next_to_a_friendly_one_is_always_seen() -> None:
    # woods in the enemy's own hex do not hide it from a unit next to it
    m = blank_map(12, 12)
    m.set_terrain(m.parse("0609"), Terrain.WOODS)
    watcher = place(infantry("US-A"), m, "0610")
    adjacent = place(infantry("CS-B", Side.CONFEDERATE), m, "0609")
    assert sightings(m, [watcher, adjacent], Side.UNION)["CS-B"].reason == "next to US-A"


def test_own_units_are_never_listed_and_a_side_alone_hides_nothing() -> None:
    m = wooded_column()
    own = [place(infantry("US-A"), m, "0610"), place(infantry("US-B"), m, "0604")]
    assert sightings(m, own, Side.UNION) == {}
    # the Confederates, with no unit on the map, see none of the Union's
    assert hidden_units(m, own, Side.CONFEDERATE) == {"US-A", "US-B"}


def test_units_hide_the_units_behind_them_only_under_the_convention_that_says_so() -> None:
    # 0610 -> 0607 along the column is 3 hexes: CS-X in 0608 stands on the line, and under
    # short_range_units_block (units block at 4 hexes or less, LoB 4.2e) it hides CS-B
    m = blank_map(12, 12)
    units = [place(infantry("US-A"), m, "0610"),
             place(infantry("CS-X", Side.CONFEDERATE), m, "0608"),
             place(infantry("CS-B", Side.CONFEDERATE), m, "0607")]
    assert hidden_units(m, units, Side.UNION, ("short_range_units_block",)) == {"CS-B"}
    assert hidden_units(m, units, Side.UNION) == set()
