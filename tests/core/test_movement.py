"""Movement rules on small hand-made positions. Every cost is worked out by hand from the terrain
effects chart (seed 001) and asserted term by term with its rule."""

import itertools

import pytest

from gameapp.core.actions import ChangeFormation, Face, Move
from gameapp.core.breakdown import IllegalActionError
from gameapp.core.dice import Dice
from gameapp.core.events import MoraleCheckPending, UnitMoved
from gameapp.core.mapdata import HexMap
from gameapp.core.rulesets.tactical import tactical
from gameapp.core.terrain import HexsideFeature, RoadGrade, Terrain
from gameapp.core.units import Formation, Side, Status, Unit
from tests.core.positions import (
    N,
    S,
    artillery,
    blank_map,
    creek_with_bridge,
    game_on,
    infantry,
    leader,
    place,
)


def terms(game, unit_id: str, path: list[str]) -> list[tuple[str, float, str]]:
    hexes = tuple(game.map.parse(h) for h in path)
    breakdown = tactical(game).movement.path_breakdown(unit_id, hexes)
    return [(t.label, t.value, t.rule) for t in breakdown]


def move(game, unit_id: str, path: list[str], **kw) -> Move:
    return Move(unit_id, tuple(game.map.parse(h) for h in path), **kw)


def ids(game, hexes) -> set[str]:
    return {game.map.hex_id(h) for h in hexes}


# --- hex terrain: line versus column (TEC woods) --------------------------------------------
@pytest.mark.parametrize(("formation", "cost"), [(Formation.LINE, 10), (Formation.COLUMN, 7)])
def test_woods_costs_line_10_column_7(formation: Formation, cost: int) -> None:
    m = blank_map()
    m.set_terrain(m.parse("0605"), Terrain.WOODS)
    game = game_on(m, [place(infantry("a"), m, "0606", N, formation)])
    assert terms(game, "a", ["0605"]) == [("enter woods", cost, "TEC woods")]
    reach = tactical(game).movement.reachable("a")
    assert reach[m.parse("0605")].remaining == 24 - cost


# --- slopes (TEC slopes, N7, N11): clear 5 in line, plus the slope ----------------------------
@pytest.mark.parametrize(
    ("rise", "label", "extra"),
    [(20, "gentle up", 2), (-20, "gentle down", 1), (40, "steep up", 5), (-40, "steep down", 3)],
)
def test_slopes_add_to_clear_in_line(rise: int, label: str, extra: int) -> None:
    m = blank_map()
    m.set_elevation(m.parse("0605"), rise)
    game = game_on(m, [place(infantry("a"), m, "0606", N)])
    assert terms(game, "a", ["0605"]) == [
        ("enter clear", 5, "TEC clear"),
        (label, extra, f"TEC {label}"),
    ]


def test_steep_up_in_column_and_for_artillery() -> None:
    m = blank_map()
    m.set_elevation(m.parse("0605"), 50)
    game = game_on(
        m,
        [place(infantry("a"), m, "0606", N, Formation.COLUMN), place(artillery("g"), m, "0306", N)],
    )
    m.set_elevation(m.parse("0305"), 50)
    assert sum(t[1] for t in terms(game, "a", ["0605"])) == 4 + 4
    assert terms(game, "g", ["0305"]) == [
        ("enter clear", 5, "TEC clear"),
        ("steep up", 12, "TEC steep up"),
    ]


# --- hexsides: stone wall, fence, and N12's doubling in an enemy field of fire -----------------
def _walled(feature: HexsideFeature) -> HexMap:
    m = blank_map()
    m.add_hexside(m.parse("0606"), N, feature)
    return m


def test_stone_wall_and_fence_costs() -> None:
    m = _walled(HexsideFeature.STONE_WALL)
    game = game_on(m, [place(infantry("a"), m, "0606", N)])
    assert terms(game, "a", ["0605"]) == [
        ("enter clear", 5, "TEC clear"),
        ("cross stone wall", 4, "TEC stone wall"),
    ]
    m = _walled(HexsideFeature.FENCE)
    game = game_on(m, [place(infantry("a"), m, "0606", N)])
    assert terms(game, "a", ["0605"]) == [
        ("enter clear", 5, "TEC clear"),
        ("cross fence", 2, "TEC fence"),
    ]


def test_fence_and_formation_change_doubled_in_enemy_field_of_fire() -> None:
    m = _walled(HexsideFeature.FENCE)
    # A Confederate rifled-musket regiment 3 hexes north, facing south: 0605 and 0606 lie in its
    # range (6) and its front arc, so they are in its field of fire.
    enemy = place(infantry("reb", Side.CONFEDERATE), m, "0602", S)
    game = game_on(m, [place(infantry("a"), m, "0606", N), enemy])
    assert terms(game, "a", ["0605"]) == [
        ("enter clear", 5, "TEC clear"),
        ("cross fence", 2, "TEC fence"),
        ("wall or fence in enemy field of fire x2", 2, "TEC N12"),
    ]
    plan = tactical(game).movement.plan(ChangeFormation("a", Formation.COLUMN), Side.UNION)
    assert [(t.label, t.value) for t in plan.cost] == [
        ("line to column in enemy field of fire", 6)
    ]
    # out of range (7 hexes off) the same change costs the chart's 3
    far = place(infantry("reb", Side.CONFEDERATE), m, "0601", S)
    m2 = _walled(HexsideFeature.FENCE)
    game = game_on(m2, [place(infantry("a"), m2, "0608", N), far])
    plan = tactical(game).movement.plan(ChangeFormation("a", Formation.COLUMN), Side.UNION)
    assert [(t.label, t.value) for t in plan.cost] == [("line to column", 3)]


# --- roads: road column along a road versus cross-country (TEC roads, N9, N15) ----------------
def _road_through_woods(grade: RoadGrade) -> HexMap:
    m = blank_map()
    for hex_id in ("0605", "0604", "0603"):
        m.set_terrain(m.parse(hex_id), Terrain.WOODS)
    chain = ["0606", "0605", "0604", "0603"]
    for a, b in itertools.pairwise(chain):
        m.add_road(m.parse(a), m.parse(b), grade)
    return m


def test_road_column_on_the_road_versus_column_off_it() -> None:
    m = _road_through_woods(RoadGrade.ROAD)
    game = game_on(
        m,
        [
            place(infantry("rc"), m, "0606", N, Formation.ROAD_COLUMN),
            place(infantry("col"), m, "0706", N, Formation.COLUMN),
        ],
    )
    assert terms(game, "rc", ["0605", "0604"]) == [
        ("road column along a road", 4, "TEC road"),
        ("road column along a road", 4, "TEC road"),
    ]
    # the column beside it goes through the same woods off the road: 7 a hex
    m.set_terrain(m.parse("0705"), Terrain.WOODS)
    assert terms(game, "col", ["0705"]) == [("enter woods", 7, "TEC woods")]


def test_roads_ignore_slopes() -> None:
    m = _road_through_woods(RoadGrade.ROAD)
    m.set_elevation(m.parse("0605"), 60)
    game = game_on(m, [place(infantry("rc"), m, "0606", N, Formation.ROAD_COLUMN)])
    assert terms(game, "rc", ["0605"]) == [("road column along a road", 4, "TEC road")]


def test_pike_bonus_only_for_a_whole_phase_on_the_pike() -> None:
    m = blank_map(12, 14)
    chain = [f"06{row:02d}" for row in range(13, 0, -1)]
    for a, b in itertools.pairwise(chain):
        m.add_road(m.parse(a), m.parse(b), RoadGrade.PIKE)
    game = game_on(m, [place(infantry("rc"), m, "0613", N, Formation.ROAD_COLUMN)])
    reach = tactical(game).movement.reachable("rc")
    # 24 MPs buy 6 pike hexes at 4; N14's 4 more buy a seventh, 0606
    assert reach[m.parse("0606")].remaining == 0
    assert reach[m.parse("0606")].pike_bonus
    assert m.parse("0605") not in reach
    events = game.apply(move(game, "rc", [f"06{r:02d}" for r in range(12, 5, -1)]))
    assert isinstance(events[0], UnitMoved) and events[0].cost.total == 28
    # stepping off the pike forfeits the bonus: 5 pike hexes (20) + 1 clear column hex (4) = 24
    game2 = game_on(m, [place(infantry("rc"), m, "0613", N, Formation.ROAD_COLUMN)])
    reach2 = tactical(game2).movement.reachable("rc")
    off_pike = reach2[m.parse("0708")]  # 0608 is in a shoved column: its NE is 0708
    assert off_pike.remaining == 0 and not off_pike.pike_bonus
    with pytest.raises(IllegalActionError, match="needs 28 MPs and has 24"):
        game2.apply(move(game2, "rc", [*[f"06{r:02d}" for r in range(12, 6, -1)], "0707"]))


# --- creeks: only at a bridge, in road column (N13) -------------------------------------------
def test_creek_crossed_only_at_a_bridge_in_road_column() -> None:
    m = creek_with_bridge()
    game = game_on(
        m,
        [
            place(infantry("rc"), m, "0606", N, Formation.ROAD_COLUMN),
            place(infantry("line"), m, "0806", N),
        ],
    )
    assert terms(game, "rc", ["0605"]) == [("road column along a road", 4, "TEC road")]
    with pytest.raises(IllegalActionError, match="creek is crossed only at a bridge"):
        game.apply(move(game, "line", ["0805"]))
    reach = tactical(game).movement.reachable("line")
    assert all(game.map.hex_id(h)[2:] >= "06" for h in reach)  # never north of the creek


# --- artillery may not unlimber on a steep slope (N5) -----------------------------------------
def test_artillery_cannot_unlimber_on_a_steep_slope() -> None:
    m = blank_map()
    m.set_elevation(m.parse("0605"), 60)
    game = game_on(m, [place(artillery("g"), m, "0606", N), place(artillery("h"), m, "0306", N)])
    with pytest.raises(IllegalActionError) as refused:
        game.apply(ChangeFormation("g", Formation.UNLIMBERED))
    assert refused.value.rule == "TEC N5"
    game.apply(ChangeFormation("h", Formation.UNLIMBERED))  # level ground: allowed, 0 MPs
    assert game.state.units["h"].formation is Formation.UNLIMBERED


# --- enemy front: stop on entering (3.310) ----------------------------------------------------
def test_stop_on_entering_an_enemy_front() -> None:
    m = blank_map()
    enemy = place(infantry("reb", Side.CONFEDERATE), m, "0602", S)
    game = game_on(m, [place(infantry("a"), m, "0606", N, Formation.COLUMN), enemy])
    front = ids(game, tactical(game).movement.enemy_front(Side.UNION))
    assert front == {"0603", "0503", "0703"}  # the faced hex and the two either side
    reach = tactical(game).movement.reachable("a")
    assert reach[m.parse("0603")].must_stop
    assert m.parse("0602") not in reach  # the enemy's own hex
    with pytest.raises(IllegalActionError) as refused:
        game.apply(move(game, "a", ["0605", "0604", "0603", "0503"]))
    assert refused.value.rule == "3.310"


def test_leaving_an_enemy_front_at_the_start_and_checks_for_changes_in_it() -> None:
    m = blank_map()
    enemy = place(infantry("reb", Side.CONFEDERATE), m, "0602", S)
    game = game_on(m, [place(infantry("a"), m, "0603", N), enemy])
    game.dice = Dice.forcing([11])  # the check is resolved at once (rules/pending_checks.py)
    events = game.apply(Face("a", S))  # about-face in the enemy front: free, but a morale check
    assert [e for e in events if isinstance(e, MoraleCheckPending)] == [
        MoraleCheckPending("a", "changed facing in an enemy front", "3.312")
    ]
    game.apply(move(game, "a", ["0604", "0605"]))  # it may still walk out: no MPs spent yet
    assert game.state.units["a"].hex == m.parse("0605")


# --- stacking (TEC SL, N1; 000 6.1) ------------------------------------------------------------
def test_stacking_overflow_is_refused_in_woods() -> None:
    m = blank_map()
    m.set_terrain(m.parse("0605"), Terrain.WOODS)  # SL 15
    game = game_on(
        m,
        [
            place(infantry("a", strength=9), m, "0605", N),
            place(infantry("b", strength=7), m, "0606", N),
        ],
    )
    with pytest.raises(IllegalActionError) as refused:
        game.apply(move(game, "b", ["0605"]))
    assert refused.value.rule == "TEC N1"
    assert "16 SPs" in refused.value.reason and "limit is 15" in refused.value.reason


def test_flat_stacking_option_counts_artillery_three_quarters() -> None:
    m = blank_map()
    units = [place(infantry("a", strength=5), m, "0605", N), place(artillery("g", strength=4),
                                                                   m, "0606", N)]
    game = game_on(m, units, stacking="flat_8")
    game.apply(move(game, "g", ["0605"]))  # 5 + 4 x 0.75 = 8: exactly the limit
    game = game_on(m, [place(infantry("a", strength=6), m, "0605", N), units[1]],
                   stacking="flat_8")
    with pytest.raises(IllegalActionError, match="9 stacking points") as refused:
        game.apply(move(game, "g", ["0605"]))
    assert refused.value.rule == "000 6.1"


@pytest.mark.parametrize("three_quarters", [True, False])
def test_the_artillery_three_quarters_rule_is_its_own_option(three_quarters: bool) -> None:
    # 000 6.1 / 6.1a. 4 infantry SPs and a 6-gun battery moving in:
    # - with 6.1a: 4 + 6 x 0.75 = 8.5 > 8: refused (000 6.1);
    # - without it: guns count as printed, 4 + 6 = 10 > 8: refused (000 6.1), the reason says 10.
    # 2 infantry + 6 guns: 2 + 4.5 = 6.5 with 6.1a (allowed); 2 + 6 = 8 without (the limit).
    # 12 guns alone: with 6.1a 9 points but over the 10-gun cap (000 6.1a); without it 12 > 8
    # (000 6.1).
    m = blank_map()
    opts = {"stacking": "flat_8", "artillery_three_quarters": three_quarters}
    guns = place(artillery("g", strength=6), m, "0606", N)
    game = game_on(m, [place(infantry("a", strength=4), m, "0605", N), guns], **opts)
    with pytest.raises(IllegalActionError) as refused:
        game.apply(move(game, "g", ["0605"]))
    assert refused.value.rule == "000 6.1"
    assert ("8.5 stacking points" if three_quarters else "10 stacking points") in \
        refused.value.reason
    game = game_on(m, [place(infantry("a", strength=2), m, "0605", N), guns], **opts)
    game.apply(move(game, "g", ["0605"]))
    big = place(artillery("h", strength=6), m, "0606", N)
    game = game_on(m, [place(artillery("g2", strength=6), m, "0605", N), big], **opts)
    with pytest.raises(IllegalActionError) as refused:
        game.apply(move(game, "h", ["0605"]))
    assert refused.value.rule == ("000 6.1a" if three_quarters else "000 6.1")


# --- allowance adjustments: exhaustion and command control ------------------------------------
def test_exhaustion_reduces_the_allowance() -> None:
    m = blank_map()
    game = game_on(m, [place(infantry("a"), m, "0606", N)])
    game.state.exhaustion["union/1st"] = 6
    allowance = tactical(game).movement.allowance(game.state.units["a"])
    assert [(t.label, t.value) for t in allowance] == [
        ("infantry allowance (sharpsburg)", 24),
        ("exhaustion level 6", -6),
    ]


@pytest.mark.parametrize(("leader_hex", "penalty"), [("0605", 0), ("0604", -4), ("0601", -8)])
def test_brigade_command_distance(leader_hex: str, penalty: int) -> None:
    # Clear ground costs an infantry line 5 a hex (turns are free straight ahead): 2 hexes = 10
    # MPs, over 8: -4; 5 hexes = 25 MPs, over 16: -8. One hex (5 MPs) costs nothing.
    m = blank_map()
    game = game_on(m, [place(infantry("a"), m, "0606", N), place(leader("L"), m, leader_hex)])
    allowance = tactical(game).movement.allowance(game.state.units["a"])
    assert allowance.total == 24 + penalty
    if penalty:
        assert allowance.terms[-1].value == penalty
        assert allowance.terms[-1].rule.startswith("MPA command control brigade")


def test_shaken_and_routed_units_do_not_move() -> None:
    m = blank_map()
    shaken = Unit(infantry("s"), m.parse("0606"), N, Formation.LINE, frozenset({Status.SHAKEN}))
    routed = Unit(infantry("r"), m.parse("0806"), N, Formation.LINE, frozenset({Status.ROUTED}))
    game = game_on(m, [shaken, routed])
    assert tactical(game).movement.reachable("s") == {}
    with pytest.raises(IllegalActionError, match="shaken"):
        game.apply(move(game, "s", ["0605"]))
    with pytest.raises(IllegalActionError, match="routed"):
        game.apply(move(game, "r", ["0805"]))


def test_turning_more_than_60_degrees_costs_4() -> None:
    m = blank_map()
    game = game_on(m, [place(infantry("a"), m, "0606", N)])
    # 0606 is in a shoved column: 0706 lies north-east (60 degrees: free), 0707 south-east
    # (120 degrees: 4)
    assert terms(game, "a", ["0706"]) == [("enter clear", 5, "TEC clear")]
    assert terms(game, "a", ["0707"])[0] == ("turn to face the way moved", 4, "MPA changes facing")


def test_hex_reached_by_a_shorter_costlier_path_is_not_wrong() -> None:
    # reachability never reports more remaining MPs than the move actually leaves
    m = blank_map()
    m.set_terrain(m.parse("0605"), Terrain.TOWN)
    game = game_on(m, [place(infantry("a"), m, "0606", N)])
    for h, reach in tactical(game).movement.reachable("a").items():
        assert reach.remaining == 24 - sum(t[1] for t in terms(game, "a", [
            game.map.hex_id(x) for x in reach.path]))
        assert reach.path[-1] == h


# --- the scenario's MPA column, and double movement (MPA final adjustments) -------------------
def test_road_to_washington_column() -> None:
    m = blank_map()
    game = game_on(m, [place(infantry("a"), m, "0606", N)], movement_allowances="r_to_w")
    allowance = tactical(game).movement.allowance(game.state.units["a"])
    assert [(t.label, t.value, t.rule) for t in allowance] == [
        ("infantry allowance (r_to_w)", 25, "MPA basic")
    ]


def test_double_movement_doubles_the_allowance_and_marks_dm() -> None:
    m = blank_map()
    game = game_on(m, [place(infantry("a"), m, "0612", N)])
    # 7 clear hexes straight ahead cost 35 MPs: more than 24, within 48
    path = [f"06{r:02d}" for r in range(11, 4, -1)]
    with pytest.raises(IllegalActionError, match="needs 35 MPs and has 24"):
        game.apply(move(game, "a", path))
    game.apply(move(game, "a", path, double=True))
    unit = game.state.units["a"]
    assert Status.DOUBLE_MOVED in unit.status
    assert [(t.label, t.value) for t in tactical(game).movement.allowance(unit)] == [
        ("infantry allowance (sharpsburg)", 24),
        ("double movement x2", 24),
    ]
    assert tactical(game).movement.remaining(unit) == 48 - 35


def test_double_movement_is_declared_before_spending() -> None:
    m = blank_map()
    game = game_on(m, [place(infantry("a"), m, "0612", N)])
    game.apply(move(game, "a", ["0611"]))
    with pytest.raises(IllegalActionError, match="declared before the unit spends"):
        game.apply(move(game, "a", ["0610"], double=True))


def test_turns_in_place_add_up() -> None:
    # Two 60-degree turns cost what one 120-degree turn costs (4), not two free turns.
    m = blank_map()
    game = game_on(m, [place(infantry("a"), m, "0606", N)])
    first = game.apply(Face("a", 3))[0]
    second = game.apply(Face("a", 4))[0]
    assert [(t.label, t.value) for t in first.cost] == [("change facing 60 degrees in all", 0)]
    assert [(t.label, t.value) for t in second.cost] == [("change facing 120 degrees in all", 4)]
    assert game.state.mp_spent["a"] == 4
    # moving ends the turn in place: a new turn after a move is priced afresh
    game.apply(move(game, "a", ["0506"]))
    assert game.state.units["a"].facing == 3  # it faces the way it moved, north-west
    assert game.apply(Face("a", 2))[0].cost.total == 0


def test_no_change_is_not_an_action() -> None:
    m = blank_map()
    game = game_on(m, [place(infantry("a"), m, "0606", N)])
    with pytest.raises(IllegalActionError, match="already in line"):
        game.apply(ChangeFormation("a", Formation.LINE))
    with pytest.raises(IllegalActionError, match="already faces"):
        game.apply(Face("a", N))
