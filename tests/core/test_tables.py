"""The tactical tables, spot-checked by hand against the seed 001 charts (TEC, MPA, changes)."""

from __future__ import annotations

from importlib import resources
from pathlib import Path

import pytest

from gameapp.core import yamlsource
from gameapp.core.rules import tables
from gameapp.core.rules.tables import (
    Change,
    CommandLevel,
    Cost,
    Edition,
    MovementTables,
    MoverClass,
    Section,
    TerrainEffects,
    Touch,
    feature_entry,
    hexside_entry,
    movement_allowance,
    movement_tables,
    road_entry,
    slope_entry,
    terrain_effects,
    terrain_entry,
)
from gameapp.core.terrain import HexFeature, HexsideFeature, RoadGrade, Slope, Terrain
from gameapp.core.units import Side, UnitKind
from gameapp.core.yamlsource import DataError

MOVERS = list(MoverClass)  # infantry line, infantry column, cavalry line, cavalry column, artillery
INF, CAV, ART = UnitKind.INFANTRY, UnitKind.CAVALRY, UnitKind.ARTILLERY


def costs(entry: tables.TerrainEntry) -> list[str]:
    """The five movement cells as the chart prints them."""
    return [str(entry.move_cost(m)) for m in MOVERS]


# --- terrain effects chart: hexes ----------------------------------------------------------------
def test_woods_row() -> None:
    woods = terrain_entry(Terrain.WOODS)
    assert costs(woods) == ["10", "7", "16", "8", "12"]
    assert woods.move_cost("infantry_line") == Cost(10, rule="TEC woods")
    assert woods.stacking.value == 15
    assert (woods.firing_limit.standing.value, woods.firing_limit.covered.value) == (4, 1)
    assert (woods.fire_modifier.standing.value, woods.fire_modifier.covered.value) == (-3, -7)
    assert woods.editions == {Edition.SHARPSBURG}
    assert woods.notes == (2, 11)
    assert woods.rule == "TEC woods"
    assert terrain_effects().gun_firing_limit(woods) == 6  # N1: six gun SPs in woods


@pytest.mark.parametrize(
    ("terrain", "printed", "sl", "fl", "mods"),
    [
        (Terrain.CLEAR, ["5", "4", "5", "4", "5"], 30, (9, 2), (0, -3)),
        (Terrain.ORCHARD, ["6", "5", "10", "5", "6"], 25, (8, 2), (-1, -4)),
        (Terrain.OAK, ["8", "6", "12", "6", "12"], 16, (4, 1), (-2, -5)),
        (Terrain.OAK_AND_BRUSH, ["12", "9", "30", "15", "30"], 12, (3, 1), (-4, -7)),
        (Terrain.PINE, ["7", "6", "11", "6", "12"], 16, (5, 1), (-1, -5)),
        (Terrain.PINE_AND_BRUSH, ["10", "9", "28", "14", "29"], 14, (4, 1), (-3, -6)),
        (Terrain.BRUSH, ["9", "7", "14", "7", "20"], 18, (4, 1), (-1, -4)),
        (Terrain.ROCKY_WOODS, ["10", "8", "P", "10", "16"], 10, (4, 2), (-4, -11)),
        (Terrain.CORNFIELD, ["6", "5", "5", "5", "6"], 20, (6, 2), (0, -4)),
        (Terrain.TOWN, ["16", "6", "16", "6", "6"], 20, (6, 6), (-1, -11)),
    ],
)
def test_hex_rows(
    terrain: Terrain, printed: list[str], sl: int, fl: tuple[int, int], mods: tuple[int, int]
) -> None:
    entry = terrain_entry(terrain)
    assert costs(entry) == printed
    assert entry.stacking.value == sl
    assert (entry.firing_limit.standing.value, entry.firing_limit.covered.value) == fl
    assert (entry.fire_modifier.standing.value, entry.fire_modifier.covered.value) == mods
    assert not any(entry.move_cost(m).additive for m in MOVERS)  # N11: hex costs are to enter


def test_rocky_woods_closed_to_cavalry_in_line() -> None:
    rocky = terrain_entry(Terrain.ROCKY_WOODS)
    assert rocky.move_cost(MoverClass.CAVALRY_LINE).prohibited
    assert rocky.move_cost(MoverClass.CAVALRY_COLUMN) == Cost(10, rule="TEC rocky woods")


def test_editions_and_gun_limits() -> None:
    assert terrain_entry(Terrain.OAK).editions == {Edition.ROAD_TO_WASHINGTON}
    assert terrain_entry(Terrain.CLEAR).in_edition("sharpsburg")
    assert terrain_entry(Terrain.CLEAR).in_edition(Edition.ROAD_TO_WASHINGTON)
    gun_fl = terrain_effects().gun_firing_limit
    assert gun_fl(terrain_entry(Terrain.CLEAR)) == 18  # N1: twice the standing FL of 9
    assert gun_fl(terrain_entry(Terrain.TOWN)) == 6
    assert gun_fl(terrain_entry(Terrain.ROCKY_WOODS)) == 6


# --- slopes -----------------------------------------------------------------------------------
def test_steep_slopes() -> None:
    up, down = slope_entry(Slope.STEEP_UP), slope_entry(Slope.STEEP_DOWN)
    assert costs(up) == ["+5", "+4", "+12", "+8", "+12"]
    assert costs(down) == ["+3", "+2", "+20", "+12", "+16"]
    assert all(up.move_cost(m).additive for m in MOVERS)
    assert up.move_cost(MoverClass.CAVALRY_LINE).value == 12
    assert (up.fire_modifier.standing.value, up.fire_modifier.covered.value) == (0, -1)
    assert up.stacking.no_effect and up.firing_limit.standing.no_effect
    assert set(up.notes) == {4, 5, 6, 11}


def test_gentle_slopes() -> None:
    assert costs(slope_entry(Slope.GENTLE_UP)) == ["+2", "+1", "+2", "+2", "+2"]
    assert costs(slope_entry(Slope.GENTLE_DOWN)) == ["+1", "+0", "+1", "+1", "+1"]
    assert slope_entry(Slope.GENTLE_UP).fire_modifier.standing.no_effect
    with pytest.raises(KeyError):
        slope_entry(Slope.LEVEL)


# --- hexsides ---------------------------------------------------------------------------------
def test_stone_wall() -> None:
    wall = hexside_entry(HexsideFeature.STONE_WALL)
    assert costs(wall) == ["+4"] * 5
    assert wall.doubled_in_fire_field  # N12
    assert wall.firing_limit.standing.no_effect
    assert wall.firing_limit.covered.value == 1 and wall.firing_limit.covered.additive
    assert (wall.fire_modifier.standing.value, wall.fire_modifier.covered.value) == (-2, -5)
    assert wall.editions == {Edition.SHARPSBURG}
    assert {7, 8, 11, 12} <= set(wall.notes)


def test_fences() -> None:
    post_and_rail = hexside_entry(HexsideFeature.POST_AND_RAIL_FENCE)
    assert costs(post_and_rail) == ["+6", "+4", "P", "+4", "+4"]
    assert costs(hexside_entry(HexsideFeature.FENCE)) == ["+2", "+1", "+3", "+1", "+2"]
    assert hexside_entry(HexsideFeature.FENCE).doubled_in_fire_field
    assert not hexside_entry(HexsideFeature.STREAM).doubled_in_fire_field


def test_creek_deep_cut_and_others() -> None:
    creek = hexside_entry(HexsideFeature.CREEK)
    assert all(creek.move_cost(m).prohibited for m in MOVERS)
    assert 13 in creek.notes
    deep = hexside_entry(HexsideFeature.DEEP_CUT)
    assert costs(deep) == ["+20", "+18", "P", "P", "P"]
    assert (deep.firing_limit.standing.value, deep.firing_limit.covered.value) == (4, 0)
    assert not deep.firing_limit.standing.additive
    assert (deep.fire_modifier.standing.value, deep.fire_modifier.covered.value) == (0, 0)
    assert costs(hexside_entry(HexsideFeature.HIGH_EMBANKMENT)) == ["+15", "+12", "+36", "+24", "P"]
    assert hexside_entry(HexsideFeature.HIGH_EMBANKMENT).fire_modifier.standing.value == 2
    assert costs(hexside_entry(HexsideFeature.FORD)) == ["P", "+12", "P", "+12", "+12"]
    assert costs(hexside_entry(HexsideFeature.STREAM)) == ["+2", "+1", "+1", "+1", "+2"]
    assert costs(hexside_entry(HexsideFeature.CREST)) == ["+2", "+1", "+2", "+1", "+2"]
    embankment = hexside_entry(HexsideFeature.EMBANKMENT)
    assert str(embankment.firing_limit.standing) == "NE"
    assert str(embankment.firing_limit.covered) == "+2"


def test_several_hexside_features() -> None:
    both = HexsideFeature.FENCE | HexsideFeature.CREST
    with pytest.raises(KeyError):
        hexside_entry(both)
    assert [e.key for e in terrain_effects().hexside_entries(both)] == ["crest", "fence"]
    assert terrain_effects().hexside_entries(HexsideFeature.NONE) == []


# --- roads ------------------------------------------------------------------------------------
def test_roads() -> None:
    pike, road = road_entry(RoadGrade.PIKE), road_entry(RoadGrade.ROAD)
    assert costs(pike) == ["4"] * 5
    assert pike.road_stacking is not None and road.road_stacking is not None
    assert (pike.road_stacking.infantry, pike.road_stacking.guns) == (7, 6)
    assert pike.road_stacking.cavalry == 3.5  # N9: half the infantry figure
    assert (road.road_stacking.infantry, road.road_stacking.guns) == (6, 4)
    lane, path = road_entry(RoadGrade.LANE).road_stacking, road_entry(RoadGrade.PATH).road_stacking
    assert lane is not None and (lane.infantry, lane.guns) == (4, 2)
    assert path is not None and (path.infantry, path.guns) == (2, 1)
    assert pike.ignores_slopes and road.ignores_slopes
    assert not road_entry(RoadGrade.LANE).ignores_slopes
    assert pike.mpa_bonus == 4 and road.mpa_bonus == 0  # N14
    assert pike.firing_limit.covered.no_effect and pike.fire_modifier.standing.no_effect


def test_bridge_follows_the_road() -> None:
    bridge = hexside_entry(HexsideFeature.BRIDGE)
    assert bridge is terrain_effects().bridge_entry()
    assert all(bridge.move_cost(m).as_per_road for m in MOVERS)
    assert bridge.stacking.no_effect


# --- additional hex features ------------------------------------------------------------------
def test_features() -> None:
    cut = feature_entry(HexFeature.RAILROAD_CUT)
    assert costs(cut) == ["+4", "+3", "+6", "+4", "+8"]
    assert (cut.fire_modifier.standing.value, cut.fire_modifier.covered.value) == (0, -7)
    assert str(cut.firing_limit.covered) == "+2"
    assert costs(feature_entry(HexFeature.SUNKEN_ROAD)) == ["as per road"] * 5
    assert costs(feature_entry(HexFeature.BUILDINGS)) == ["NE"] * 5
    mods = feature_entry(HexFeature.BUILDINGS).fire_modifier
    assert (mods.standing.value, mods.covered.value) == (0, -3)
    pits = feature_entry(HexFeature.RIFLE_PITS)
    assert pits.stacking.no_effect and str(pits.firing_limit.covered) == "+2"
    slope_top = feature_entry(HexFeature.SLOPE_TOP)
    assert str(slope_top.fire_modifier.standing) == "2"
    assert slope_top.fire_modifier.covered.value == 0
    assert slope_top.firing_limit.standing.no_effect  # NE, not 0
    assert 19 in slope_top.notes


def test_every_vocabulary_member_has_a_row() -> None:
    for t in Terrain:
        assert terrain_entry(t).section is Section.HEX
    for f in HexsideFeature:
        if f.value:
            assert hexside_entry(f).key
    for g in RoadGrade:
        if g.value:
            assert road_entry(g).section is Section.ROAD
    for h in HexFeature:
        if h.value:
            assert feature_entry(h).section is Section.FEATURE


def test_notes() -> None:
    notes = terrain_effects().notes
    assert sorted(notes) == list(range(1, 20))
    assert notes[12].rule == "TEC N12" and Touch.MOVEMENT in notes[12].touches
    assert Touch.LOS in notes[17].touches and Touch.CHARGE in notes[2].touches


def test_tables_are_read_once() -> None:
    assert terrain_effects() is terrain_effects()
    assert movement_tables() is movement_tables()


# --- movement allowances and adjustments ------------------------------------------------------
@pytest.mark.parametrize(
    ("kind", "horse_artillery", "horse_holders", "sharpsburg", "r_to_w"),
    [
        (INF, False, False, 24, 25),
        (CAV, False, False, 32, 35),
        (UnitKind.LEADER, False, False, 32, 35),
        (ART, False, False, 24, 25),
        (ART, True, False, 28, 30),
        (CAV, False, True, 16, 16),
    ],
)
def test_movement_allowances(
    kind: UnitKind, horse_artillery: bool, horse_holders: bool, sharpsburg: int, r_to_w: int
) -> None:
    assert movement_allowance(kind, Edition.SHARPSBURG, horse_artillery, horse_holders) == (
        sharpsburg
    )
    assert movement_allowance(kind, "r_to_w", horse_artillery, horse_holders) == r_to_w


def test_movement_allowance_misuse() -> None:
    with pytest.raises(ValueError):
        movement_allowance(INF, Edition.SHARPSBURG, horse_artillery=True)
    with pytest.raises(ValueError):
        movement_allowance(ART, Edition.SHARPSBURG, horse_holders=True)


def test_status_limits() -> None:
    m = movement_tables()
    assert m.shaken_may_spend_mps is False and m.routed_rout_movement_only is True


@pytest.mark.parametrize(
    ("level", "infantry", "cavalry", "bonus"),
    [
        (0, 0, 0, True),
        (4, 0, 0, True),
        (5, -6, -8, False),
        (8, -6, -8, False),
        (9, -8, -12, False),
        (12, -8, -12, False),
        (14, -8, -12, False),
    ],
)
def test_exhaustion(level: int, infantry: int, cavalry: int, bonus: bool) -> None:
    m = movement_tables()
    assert m.exhaustion_adjustment(INF, level).mp == infantry
    assert m.exhaustion_adjustment(CAV, level).mp == cavalry
    assert m.exhaustion_adjustment(CAV, level).charge_bonus is bonus
    assert m.exhaustion_adjustment(ART, level).mp == 0


def test_exhaustion_rule_label() -> None:
    assert movement_tables().exhaustion_adjustment(INF, 6).rule == "MPA exhaustion 5–8"


@pytest.mark.parametrize(
    ("level", "distance", "inf_art", "cavalry"),
    [
        (CommandLevel.BRIGADE, 8, 0, 0),
        (CommandLevel.BRIGADE, 9, -4, -5),
        (CommandLevel.BRIGADE, 16, -4, -5),
        (CommandLevel.BRIGADE, 17, -8, -10),
        (CommandLevel.DIVISION, 30, 0, 0),
        (CommandLevel.DIVISION, 31, -3, -4),
        (CommandLevel.DIVISION, 61, -6, -8),
        (CommandLevel.CORPS, 31, -2, -3),
        (CommandLevel.CORPS, 61, -4, -6),
    ],
)
def test_command_control(level: CommandLevel, distance: int, inf_art: int, cavalry: int) -> None:
    m = movement_tables()
    assert m.command_control_adjustment(level, distance, INF).mp == inf_art
    assert m.command_control_adjustment(level, distance, ART).mp == inf_art
    assert m.command_control_adjustment(level, distance, CAV).mp == cavalry


def test_command_control_exemptions() -> None:
    m = movement_tables()
    assert m.command_control_adjustment(CommandLevel.BRIGADE, 9, INF).rule == (
        "MPA command control brigade >8"
    )
    assert m.command_control_exempt(CAV, Side.CONFEDERATE)
    assert m.command_control_exempt(CAV, Side.UNION, regular=True)
    assert not m.command_control_exempt(CAV, Side.UNION)
    assert m.command_control_exempt(INF, Side.UNION, detachment=True)
    assert not m.command_control_exempt(INF, Side.CONFEDERATE)


def test_final_adjustments() -> None:
    m = movement_tables()
    assert (m.charge_bonus(INF), m.charge_bonus(CAV), m.charge_bonus(ART)) == (6, 40, 0)
    assert m.double_movement_factor == 2
    assert m.double_movement_with_charge is False


# --- formation, facing and cover changes ------------------------------------------------------
@pytest.mark.parametrize(
    ("change", "plain", "in_fire_field"),
    [
        (Change.COLUMN_LINE, 3, 6),
        (Change.LIMBER_UNLIMBER, 0, 4),
        (Change.ROAD_COLUMN, 2, 4),
        (Change.DISMOUNT, 8, 16),
        (Change.REMOUNT, 4, 8),
        (Change.COVER, 3, 3),
        (Change.STACKING_ORDER, 0, 0),
        (Change.FACING_OVER_60_UNDER_180, 4, 4),
    ],
)
def test_change_costs(change: Change, plain: int, in_fire_field: int) -> None:
    m = movement_tables()
    assert m.change_cost(change) == plain
    assert m.change_cost(change, in_fire_field=True) == in_fire_field


def test_extend_line_and_enemy_front() -> None:
    m = movement_tables()
    assert m.change_cost(Change.EXTEND_LINE, column_entry_cost=7) == 7
    with pytest.raises(ValueError):
        m.change_cost(Change.EXTEND_LINE)
    front = m.change(Change.ENEMY_FRONT)
    assert front.morale_check and front.mp is None and front.rule == "3.312 enemy front"
    assert m.change(Change.DISMOUNT).rule == "3.25 dismount"


def test_facing_changes() -> None:
    m = movement_tables()
    assert m.facing_change(1).mp == 0
    assert m.facing_change(-1).mp == 0
    assert m.facing_change(2).mp == 4
    assert m.facing_change(4).mp == 4  # two hexsides the other way
    assert m.facing_change(3).mp == 0  # infantry or cavalry, open
    assert m.facing_change(3, artillery=True).mp == 4
    assert m.facing_change(3, road_column=True).mp == 4


# --- malformed data files ---------------------------------------------------------------------
def _copy(tmp_path: Path, name: str, old: str, new: str) -> tuple[Path, int]:
    """A copy of a packaged data file with `old` replaced once; returns it and the line changed."""
    text = (resources.files("gameapp.core.rules") / "data" / name).read_text(encoding="utf-8")
    assert text.count(old) >= 1
    line = text[: text.index(old)].count("\n") + 1
    path = tmp_path / name
    path.write_text(text.replace(old, new, 1), encoding="utf-8")
    return path, line


def test_bad_cell_gives_file_and_line(tmp_path: Path) -> None:
    old = "move: {infantry_line: 10, infantry_column: 7, cavalry_line: 16"
    path, line = _copy(tmp_path, "terrain_effects.yaml", old, old.replace("10", "ten"))
    with pytest.raises(DataError) as err:
        TerrainEffects(path)
    assert str(err.value).startswith(f"{path}:{line}: ")
    assert "infantry_line" in str(err.value)


@pytest.mark.parametrize("libyaml", [True, False])
def test_unquoted_addition_is_refused(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                      libyaml: bool) -> None:
    """Found at its line whether libyaml or PyYAML's own loader reads the file."""
    if not libyaml:
        monkeypatch.setattr(yamlsource, "_FAST_LOADER", None)
    path, line = _copy(tmp_path, "terrain_effects.yaml", 'move: "+4"', "move: +4")
    with pytest.raises(DataError) as err:
        TerrainEffects(path)
    assert f"{path}:{line}: " in str(err.value) and "quote" in str(err.value)


def test_missing_row_is_refused(tmp_path: Path) -> None:
    path, _ = _copy(tmp_path, "terrain_effects.yaml", "    orchard:", "    orchards:")
    with pytest.raises(DataError, match="orchard"):
        TerrainEffects(path)


def test_bad_movement_file(tmp_path: Path) -> None:
    path, line = _copy(tmp_path, "movement.yaml", "r_to_w: 35}", "r_to_w: many}")
    with pytest.raises(DataError) as err:
        MovementTables(path)
    assert str(err.value).startswith(f"{path}:{line}: ")


def test_syntax_error_and_missing_file(tmp_path: Path) -> None:
    path, _ = _copy(tmp_path, "movement.yaml", "final:", "final: [")
    with pytest.raises(DataError, match=str(path)):
        MovementTables(path)
    with pytest.raises(DataError, match="cannot read"):
        MovementTables(tmp_path / "absent.yaml")
