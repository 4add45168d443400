"""Line of sight on small maps built in code (docs/rules.md). Heights are worked out by
hand: the sight line runs from the ground of one end hex to the ground of the other, and at the
i-th hex of an n-hex line it stands at h0 + (h1 - h0) * i / n.

The maps are flat-topped, so the hexes 0610, 0609, ... 0601 run due north in one column, and a
line along that column meets hex 06(10-i) at i / n of its length."""

import random
from importlib import resources

import numpy as np
import pytest

from gameapp.core.hexgrid import Hex
from gameapp.core.mapdata import HexMap
from gameapp.core.rules.fire.lineoffire import avoids_hexes, slope_top_counts, steep_slope_counts
from gameapp.core.rules.sight.lines import lines_within
from gameapp.core.rules.sight.los import LosOptions, line_of_sight, los_many, visible_from
from gameapp.core.rules.sight.obstacles import load_los_tables, los_tables
from gameapp.core.terrain import HexFeature, HexsideFeature, Terrain
from gameapp.core.units import Formation, Side, Unit
from gameapp.core.yamlsource import DataError
from tests.core.positions import NE, SW, N, S, blank_map, infantry, leader, place

ALL = ("highest_point", "short_range_obstacles", "woods_add_to_crests", "same_hill",
       "orchard_endpoints", "short_range_units_block", "long_artillery_over_units")


def los(m: HexMap, a: str, b: str, conventions=(), **kw):
    return line_of_sight(m, m.parse(a), m.parse(b), conventions, **kw)


def column_map(elevations: dict[str, int] | None = None, terrain: dict[str, Terrain] | None = None,
               height: int = 12) -> HexMap:
    m = blank_map(12, height)
    for hex_id, feet in (elevations or {}).items():
        m.set_elevation(m.parse(hex_id), feet)
    for hex_id, kind in (terrain or {}).items():
        m.set_terrain(m.parse(hex_id), kind)
    return m


def test_data_heights_documented_in_los_yaml() -> None:
    tables = los_tables()
    assert tables.terrain_height[Terrain.WOODS] == 40
    assert tables.terrain_height[Terrain.ORCHARD] == 20
    assert tables.terrain_height[Terrain.CLEAR] == 0
    assert tables.obstacle_height(Terrain.CLEAR, HexFeature.BUILDINGS) == 30
    assert tables.short_range == 4


def test_a_data_file_missing_a_terrain_is_reported_with_its_line(tmp_path) -> None:
    packaged = resources.files("gameapp.core.rules").joinpath("data/los.yaml")
    text = packaged.read_text(encoding="utf-8")
    assert "  cornfield:      {height: 8}\n" in text
    broken = tmp_path / "los.yaml"
    broken.write_text(text.replace("  cornfield:      {height: 8}\n", ""))
    with pytest.raises(DataError) as error:
        load_los_tables(broken)
    assert f"{broken}:" in str(error.value) and "cornfield" in str(error.value)


# --- the hill behind the woods ----------------------------------------------------------------
def test_woods_block_a_firer_on_level_ground() -> None:
    # 0610 (0 ft) -> 0604 (0 ft): the line is at 0 ft over the woods of 0607, whose top is 40 ft
    m = column_map(terrain={"0607": Terrain.WOODS})
    result = los(m, "0610", "0604")
    assert not result.clear
    assert result.blocked_at == m.parse("0607")
    assert result.rule == "LOS obstacles"
    assert "woods in 0607" in result.reason


def test_a_firer_on_the_hill_sees_over_woods_halfway() -> None:
    # 0610 at 100 ft -> 0604 at 0 ft, 6 hexes: over 0607 (i = 3) the line is at 100 - 100 * 3/6
    # = 50 ft, above the woods' 40 ft top
    m = column_map({"0610": 100}, {"0607": Terrain.WOODS})
    result = los(m, "0610", "0604")
    assert result.clear and result.blocked_at is None
    assert result.path == tuple(m.parse(f"06{r:02d}") for r in range(10, 3, -1))


def test_woods_near_the_target_still_hide_it_from_the_hill() -> None:
    # over 0605 (i = 5) the line is at 100 - 100 * 5/6 = 16.7 ft, below the woods' 40 ft
    m = column_map({"0610": 100}, {"0605": Terrain.WOODS})
    result = los(m, "0610", "0604")
    assert not result.clear and result.blocked_at == m.parse("0605")
    assert "(17 ft there)" in result.reason


def test_higher_ground_between_blocks() -> None:
    m = column_map({"0607": 20})
    result = los(m, "0610", "0604")
    assert not result.clear and result.rule == "LOS ground"
    assert result.blocked_at == m.parse("0607")


def test_the_end_hexes_own_woods_never_block() -> None:
    m = column_map(terrain={"0610": Terrain.WOODS, "0604": Terrain.WOODS})
    assert los(m, "0610", "0604").clear


def test_a_line_exactly_level_with_a_top_is_not_blocked() -> None:
    # 0610 at 80 ft -> 0606 at 0 ft: over 0608 (i = 2 of 4) the line is at 40 ft = the woods' top
    m = column_map({"0610": 80}, {"0608": Terrain.WOODS})
    assert los(m, "0610", "0606").clear


# --- LoB 4.0: obstacles at four hexes or less ---------------------------------------------------
def test_short_range_obstacles_block_whatever_the_heights() -> None:
    # 0610 at 100 ft -> 0606, 4 hexes: over the woods of 0608 the line is at 50 ft, above 40 ft
    m = column_map({"0610": 100}, {"0608": Terrain.WOODS})
    assert los(m, "0610", "0606").clear
    result = los(m, "0610", "0606", ["short_range_obstacles"])
    assert not result.clear and result.rule == "LoB 4.0"
    assert result.blocked_at == m.parse("0608")


def test_short_range_obstacles_do_not_reach_five_hexes() -> None:
    # 0610 at 100 ft -> 0605, 5 hexes: over 0608 (i = 2) the line is at 60 ft
    m = column_map({"0610": 100}, {"0608": Terrain.WOODS})
    assert los(m, "0610", "0605", ["short_range_obstacles"]).clear


# --- LoB 4.2c: the same hill ------------------------------------------------------------------
def layer_cake(**extra: int) -> HexMap:
    """A hill with a 60 ft top (0610-0608) falling to a 40 ft shoulder (0607-0606) and 0 ft."""
    heights = {"0610": 60, "0609": 60, "0608": 60, "0607": 40, "0606": 40}
    return column_map({**heights, **{k.replace("h", ""): v for k, v in extra.items()}})


def test_the_layer_cake_hides_the_shoulder_from_the_top() -> None:
    # 0610 (60) -> 0606 (40), 4 hexes: over 0609 (i = 1) the line is at 55 ft, under its 60 ft
    result = los(layer_cake(), "0610", "0606")
    assert not result.clear and result.rule == "LOS ground"
    assert result.blocked_at == layer_cake().parse("0609")


def test_same_hill_lets_the_top_see_its_own_shoulder() -> None:
    result = los(layer_cake(), "0610", "0606", ["same_hill"])
    assert result.clear
    assert result.rule == "LoB 4.2c" and "same hill" in result.reason


def test_same_hill_does_not_see_over_a_summit_higher_than_both_ends() -> None:
    m = layer_cake(h0608=80)
    result = los(m, "0610", "0606", ["same_hill"])
    assert not result.clear and result.blocked_at == m.parse("0608")


def test_same_hill_needs_the_line_to_stay_on_high_ground() -> None:
    # 0607 dropped to the plain (0 ft, the map's lowest): the ends are not on one hill any more
    m = layer_cake(h0607=0)
    result = los(m, "0610", "0606", ["same_hill"])
    assert not result.clear and result.blocked_at == m.parse("0609")


def test_same_hill_still_lets_woods_block() -> None:
    m = layer_cake()
    m.set_terrain(m.parse("0608"), Terrain.WOODS)
    assert not los(m, "0610", "0606", ["same_hill"]).clear


# --- LoB 4.2d: orchards at an end point --------------------------------------------------------
def test_orchards_between_block_unless_an_end_is_an_orchard() -> None:
    m = column_map(terrain={"0608": Terrain.ORCHARD})
    assert not los(m, "0610", "0606", ["orchard_endpoints"]).clear
    m.set_terrain(m.parse("0606"), Terrain.ORCHARD)
    assert not los(m, "0610", "0606").clear  # the convention is off
    result = los(m, "0610", "0606", ["orchard_endpoints"])
    assert result.clear and result.rule == "LoB 4.2d"
    assert los(m, "0606", "0610", ["orchard_endpoints"]).clear  # either end will do


def test_an_orchard_end_does_not_clear_woods() -> None:
    m = column_map(terrain={"0606": Terrain.ORCHARD, "0608": Terrain.WOODS})
    assert not los(m, "0610", "0606", ["orchard_endpoints"]).clear


def test_orchard_endpoints_still_count_buildings_in_the_orchard() -> None:
    m = column_map(terrain={"0606": Terrain.ORCHARD, "0608": Terrain.ORCHARD})
    m.add_features(m.parse("0608"), HexFeature.BUILDINGS)
    result = los(m, "0610", "0606", ["orchard_endpoints"])
    assert not result.clear and "buildings in 0608" in result.reason


# --- LoB 4.2e: units ----------------------------------------------------------------------------
UNITS = ("short_range_units_block", "long_artillery_over_units")


def with_unit_at(hex_id: str, formation: Formation = Formation.LINE) -> tuple[HexMap, list[Unit]]:
    m = column_map(height=14)
    return m, [place(infantry("screen", Side.CONFEDERATE), m, hex_id, S, formation)]


def test_units_never_block_without_the_convention() -> None:
    m, units = with_unit_at("0608")
    assert los(m, "0610", "0606", units=units).clear


def test_units_block_at_four_hexes() -> None:
    m, units = with_unit_at("0608")
    result = los(m, "0610", "0606", UNITS, units=units)
    assert not result.clear and result.rule == "LoB 4.2e"
    assert result.blocked_at == m.parse("0608")
    assert not los(m, "0610", "0606", UNITS, units=units, artillery=True).clear


def test_artillery_at_five_hexes_fires_over_units_and_infantry_does_not() -> None:
    m, units = with_unit_at("0608")
    assert los(m, "0610", "0605", UNITS, units=units, artillery=True).clear
    # infantry: at 5 hexes the unit stands 10 ft tall over a line at 0 ft
    result = los(m, "0610", "0605", UNITS, units=units)
    assert not result.clear and "top 10 ft" in result.reason
    # seen from a hill, a unit at 5 hexes or more is only 10 ft tall: over 0608 (i = 2 of 5)
    # the line from 0610 at 100 ft is at 60 ft
    m.set_elevation(m.parse("0610"), 100)
    assert los(m, "0610", "0605", UNITS, units=units).clear
    assert not los(m, "0610", "0606", UNITS, units=units).clear  # at 4 hexes it blocks outright
    m.set_elevation(m.parse("0610"), 0)
    # without long_artillery_over_units, artillery is blocked as well
    assert not los(m, "0610", "0605", ["short_range_units_block"], units=units,
                   artillery=True).clear


def test_skirmishers_and_leaders_do_not_block() -> None:
    m, units = with_unit_at("0608", Formation.SKIRMISH)
    assert los(m, "0610", "0606", UNITS, units=units).clear
    general = [place(leader("gen", Side.CONFEDERATE), m, "0608")]
    assert los(m, "0610", "0606", UNITS, units=general).clear


def test_a_unit_beside_a_hexside_line_blocks_one_side_only() -> None:
    # 0606 -> 0806 runs along the hexside between 0707 and 0706; a unit in 0707 leaves 0706 clear
    m, units = with_unit_at("0707")
    result = los(m, "0606", "0806", UNITS, units=units)
    assert result.clear and m.parse("0706") in result.path
    units.append(place(infantry("other", Side.CONFEDERATE), m, "0706"))
    assert not los(m, "0606", "0806", UNITS, units=units).clear


# --- hexsides: crest (N17), high embankment (N16), deep cut (N18) ------------------------------
def crest_map() -> HexMap:
    m = column_map()
    m.set_hexside(m.parse("0607"), N, HexsideFeature.CREST)  # between 0607 and 0606
    return m


def test_a_crest_blocks_lines_to_the_hexes_beside_it() -> None:
    m = crest_map()
    result = los(m, "0610", "0606")
    assert not result.clear and result.rule == "TEC N17"
    assert result.blocked_at == m.parse("0606")
    assert not los(m, "0603", "0607").clear  # from the other side, to the hex behind it
    assert not los(m, "0607", "0606").clear  # even adjacent
    assert not los(m, "0607", "0603").clear  # and from the hex beside it


def test_a_crest_does_not_block_lines_that_do_not_cross_it() -> None:
    m = crest_map()
    assert los(m, "0603", "0606").clear
    assert los(m, "0610", "0607").clear


def test_a_crest_between_on_level_ground_is_no_higher_than_the_line() -> None:
    # 0610 -> 0602: the crest is crossed at 0607|0606, beside neither end; brow 0 ft, line 0 ft
    assert los(crest_map(), "0610", "0602").clear


def test_on_the_highest_point_a_unit_looks_over_its_own_crest() -> None:
    m = crest_map()
    result = los(m, "0610", "0606", ["highest_point"])
    assert result.clear and result.rule == "LoB 4.0"


def test_woods_add_to_crests() -> None:
    # 0612 (30 ft) -> 0602 (30 ft): the line is level at 30 ft. A crest runs between 0607 (30 ft)
    # and 0606 (0 ft): its brow is 30 ft, not above the line. An orchard in 0606 stands 0 + 20 ft,
    # not above it either; added to the crest it makes 30 + 20 = 50 ft, which is.
    m = column_map({"0612": 30, "0602": 30, "0607": 30}, height=14)
    m.set_hexside(m.parse("0607"), N, HexsideFeature.CREST)
    m.set_terrain(m.parse("0606"), Terrain.ORCHARD)
    assert los(m, "0612", "0602").clear
    result = los(m, "0612", "0602", ["woods_add_to_crests"])
    assert not result.clear and result.rule == "LOS crest"
    assert result.blocked_at == m.parse("0606")
    assert "crest on the hexside between 0607 and 0606" in result.reason
    # brush is not woods: it does not add to the crest
    m.set_terrain(m.parse("0606"), Terrain.BRUSH)
    assert los(m, "0612", "0602", ["woods_add_to_crests"]).clear


def test_a_high_embankment_blocks_every_line_across_it() -> None:
    m = column_map({"0610": 200})
    m.set_hexside(m.parse("0604"), S, HexsideFeature.HIGH_EMBANKMENT)  # between 0604 and 0605
    for target in ("0603", "0602"):
        result = los(m, "0610", target, ALL)
        assert not result.clear and result.rule == "TEC N16"
    assert not los(m, "0605", "0604").clear
    assert los(m, "0610", "0605").clear


def test_a_unit_inside_a_deep_cut_sees_only_adjacent_hexes() -> None:
    m = column_map()
    m.set_hexside(m.parse("0606"), NE, HexsideFeature.DEEP_CUT)
    m.set_hexside(m.parse("0606"), SW, HexsideFeature.DEEP_CUT)
    assert los(m, "0606", "0605").clear
    result = los(m, "0606", "0604")
    assert not result.clear and result.rule == "TEC N18" and result.blocked_at == m.parse("0606")
    assert not los(m, "0602", "0606").clear


# --- along a hexside: both nudges ---------------------------------------------------------------
def test_along_a_hexside_one_clear_side_is_enough() -> None:
    # 0606 -> 0806 runs along the hexside between 0707 and 0706
    m = column_map(terrain={"0707": Terrain.WOODS})
    result = los(m, "0606", "0806")
    assert result.clear
    assert result.path == (m.parse("0606"), m.parse("0706"), m.parse("0806"))
    m.set_terrain(m.parse("0706"), Terrain.WOODS)
    result = los(m, "0606", "0806")
    assert not result.clear
    assert "woods in 0707" in result.reason and "woods in 0706" in result.reason


# --- many at once agree with one at a time ------------------------------------------------------
def random_map(seed: int) -> tuple[HexMap, list[Unit]]:
    rng = random.Random(seed)
    m = blank_map(16, 14)
    for h in m.hexes():
        m.set_elevation(h, rng.choice([0, 0, 0, 20, 40, 60]))
        m.set_terrain(h, rng.choice([Terrain.CLEAR] * 6 + [Terrain.WOODS, Terrain.ORCHARD,
                                                           Terrain.CORNFIELD, Terrain.TOWN]))
        if rng.random() < 0.05:
            m.add_features(h, HexFeature.BUILDINGS)
        for d in (0, 1, 2):
            if rng.random() < 0.06:
                m.add_hexside(h, d, rng.choice([HexsideFeature.CREST, HexsideFeature.CREST,
                                                HexsideFeature.HIGH_EMBANKMENT,
                                                HexsideFeature.DEEP_CUT]))
    units = [Unit(infantry(f"u{i}"), rng.choice(m.hexes()),
                  formation=rng.choice([Formation.LINE, Formation.SKIRMISH])) for i in range(25)]
    return m, units


@pytest.mark.parametrize("seed", range(6))
def test_visible_from_agrees_with_line_of_sight_everywhere(seed: int) -> None:
    m, units = random_map(seed)
    rng = random.Random(seed)
    conventions = [c for c in ALL if rng.random() < 0.5]
    for origin_id in ("0101", "0807", "1614", "0314"):
        origin = m.parse(origin_id)
        for artillery_firer in (False, True):
            seen = visible_from(m, origin, 9, conventions, units=units, artillery=artillery_firer)
            for h in m.hexes():
                expected = 0 < origin.distance(h) <= 9 and line_of_sight(
                    m, origin, h, conventions, units=units, artillery=artillery_firer).clear
                assert seen[m.index(h)] == expected, (origin_id, m.hex_id(h), conventions)


def test_los_many_matches_line_of_sight_and_ignores_off_map_targets() -> None:
    m, units = random_map(7)
    origin = m.parse("0807")
    targets = [m.parse(x) for x in ("0101", "0807", "1614", "0810", "1203")] + [Hex(40, 40)]
    result = los_many(m, origin, targets, ALL, units=units)
    assert origin not in result and result[Hex(40, 40)] is False
    for t in targets[:-1]:
        if t != origin:
            assert result[t] == line_of_sight(m, origin, t, ALL, units=units).clear


def test_precomputed_lines_are_hex_lines_both_ways() -> None:
    lines = lines_within(9)
    origin = Hex(31, -12)  # any origin: the lines are offsets
    for p in range(lines.n_paths):
        nodes = np.flatnonzero(lines.path == p)
        traced = [Hex(origin.q + int(lines.q[k]), origin.r + int(lines.r[k])) for k in nodes]
        i = int(lines.path_target[p])
        target = Hex(origin.q + int(lines.target_q[i]), origin.r + int(lines.target_r[i]))
        first, second = origin.lines_to(target)
        assert traced == (first if p < lines.n_targets else second)
    assert lines.n_paths > lines.n_targets  # some lines do run along hexsides


def test_editing_the_map_is_seen_at_once() -> None:
    m = column_map()
    assert los(m, "0610", "0604").clear
    m.set_terrain(m.parse("0607"), Terrain.TOWN)
    assert not los(m, "0610", "0604").clear
    assert not visible_from(m, m.parse("0610"), 6)[m.index(m.parse("0604"))]


def test_unknown_conventions_are_refused() -> None:
    with pytest.raises(ValueError, match="unknown line-of-sight conventions: moonlight"):
        LosOptions.of(["moonlight"])
    assert LosOptions.of(ALL) == LosOptions(*(True,) * 7)


# --- the line of fire (TEC artillery note 4b, N4, N19) -----------------------------------------
def test_a_line_of_fire_avoids_friends_if_either_side_of_a_hexside_does() -> None:
    m = blank_map()
    a, b = m.parse("0606"), m.parse("0806")
    assert avoids_hexes(a, b, {m.parse("0707")})
    assert not avoids_hexes(a, b, {m.parse("0707"), m.parse("0706")})
    assert not avoids_hexes(m.parse("0610"), m.parse("0604"), {m.parse("0607")})
    assert avoids_hexes(m.parse("0610"), m.parse("0604"), {m.parse("0610"), m.parse("0604")})


def test_slope_top_and_steep_slope_need_the_fire_to_come_the_right_way() -> None:
    # a hill: 0603-0604 on top (80 ft, 0604 a slope top), 0605 a steep slope at 40 ft, below 0 ft
    m = column_map({"0603": 80, "0604": 80, "0605": 40})
    m.add_features(m.parse("0604"), HexFeature.SLOPE_TOP)
    # N4: fire on the slope (0605) from above comes through the slope top 0604
    assert steep_slope_counts(m, m.parse("0601"), m.parse("0605"))
    assert not steep_slope_counts(m, m.parse("0609"), m.parse("0605"))
    # N19: fire on the slope top (0604) from below comes through the lower slope hex 0605
    assert slope_top_counts(m, m.parse("0609"), m.parse("0604"))
    assert not slope_top_counts(m, m.parse("0601"), m.parse("0604"))
