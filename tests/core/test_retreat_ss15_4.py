"""Retreat paths under 000 15.4 (option `ss15_4`), on small flat-top maps built in code.

The Union's own edge is `xx01`, the top row, so a hex's distance to it is its position minus 1.
Neighbours of hex CCRR (flat-top, even hexrows shoved down):
- CC odd:  N CC(RR-1), NE (CC+1)(RR-1), SE (CC+1)RR, S CC(RR+1), SW (CC-1)RR, NW (CC-1)(RR-1)
- CC even: N CC(RR-1), NE (CC+1)RR, SE (CC+1)(RR+1), S CC(RR+1), SW (CC-1)(RR+1), NW (CC-1)RR
So from an even hexrow only N gets closer to the top edge; from an odd one N, NE and NW do.

Every case is worked by hand in its docstring. `test_retreat_priorities.py` checks that each
case changes when the one priority it is about is switched off.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from gameapp.core.mapdata import HexMap
from gameapp.core.rules.retreat import Outcome, RetreatOptions, retreat_paths
from gameapp.core.terrain import HexsideFeature, RoadGrade, Terrain
from gameapp.core.units import Formation, Side, Unit
from tests.core.positions import NE, NW, N, artillery, blank_map, cavalry, infantry, place

CSA = Side.CONFEDERATE


@dataclass
class Case:
    """One retreat to work out: the unit, the distance, who caused it, everyone, the map."""

    unit: Unit
    distance: int
    causers: list[Unit]
    others: list[Unit] = field(default_factory=list)
    game_map: HexMap = field(default_factory=blank_map)
    stacking: str = "flat_8"

    def run(self) -> RetreatOptions:
        everyone = [self.unit, *self.causers, *self.others]
        return retreat_paths(self.unit, self.distance, self.causers, everyone, self.game_map,
                             "ss15_4", self.stacking)


def union_map() -> HexMap:
    m = blank_map(12, 12)
    m.friendly_edges = {"union": ["xx01"], "confederate": ["xx12"]}
    return m


def ids(options: RetreatOptions) -> tuple[str, ...]:
    assert options.chosen is not None
    return options.chosen.hex_ids


def ends(options: RetreatOptions) -> set[str]:
    return {p.hex_ids[-1] for p in options.choices}


def reb(uid: str, m: HexMap, hex_id: str, facing: int = N) -> Unit:
    return place(infantry(uid, CSA), m, hex_id, facing)


# --- the cases --------------------------------------------------------------------------------
def causer_before_other_enemy() -> Case:
    """Priority (1) before (2). U at 0606 retreats 1 hex; it was hit by C1 (0607) and C2 (0604).
    Next to the causers: 0605 (C2), 0707 and 0507 (C1). 0506 holds enemy O2. 0706 is next to
    the other enemy O1 (0806) only. So 0706, though next to an enemy and no closer to the edge,
    is the one hex clear of the causers: path 0606 0706."""
    m = union_map()
    u = place(infantry("U"), m, "0606")
    causers = [reb("C1", m, "0607"), reb("C2", m, "0604")]
    return Case(u, 1, causers, [reb("O1", m, "0806"), reb("O2", m, "0506")], m)


def other_enemy_before_edge() -> Case:
    """Priority (2) before the edge. U at 0606 retreats 2; C (0607) caused it; O stands in 0504.
    The straight way 0605 0604 gets closer every hex, but 0604 is next to O. Every way clear of
    both enemies takes one hex that is no closer: 0506 0405, 0605 0705, 0706 0705 and 0706 0805
    (0505 is next to O). All end 4 hexes from the edge; by printed ids 0606 0506 0405 is the
    default, and the owner may pick any of them."""
    m = union_map()
    u = place(infantry("U"), m, "0606")
    return Case(u, 2, [reb("C", m, "0607")], [reb("O", m, "0504")], m)


def blocked_line() -> Case:
    """Impassable hexes block the straight line. Mounted cavalry may not enter rocky woods
    (TEC), which fill 0605, 0604, 0506, 0505 and 0705. U at 0606, C at 0607, 2 hexes. 0707 and
    0507 are next to C. Left: 0706 (no closer), then 0805 (closer) or 0806 (no closer): path
    0606 0706 0805."""
    m = union_map()
    for hex_id in ("0605", "0604", "0506", "0505", "0705"):
        m.set_terrain(m.parse(hex_id), Terrain.ROCKY_WOODS)
    u = place(cavalry("U"), m, "0606", formation=Formation.MOUNTED)
    return Case(u, 2, [reb("C", m, "0607")], [], m)


def overstacked_end() -> Case:
    """000 15.4 stacking: U (5 SPs) at 0606 retreats 1 hex from C (0607). The only hex that gets
    closer to the edge, 0605, holds F (5 SPs): 10 > 8 SPs (6.1). U goes on through 0605 to
    0604, closer again, rather than stopping beside at 0706 or 0506 (no closer): path
    0606 0605 0604, two hexes."""
    m = union_map()
    u = place(infantry("U", strength=5), m, "0606")
    friend = place(infantry("F", strength=5), m, "0605")
    return Case(u, 1, [reb("C", m, "0607")], [friend], m)


def edge_short() -> Case:
    """Broken Box 1: U at 0603 (2 hexes from the edge) must retreat 3 from C (0604). Only N gets
    closer from an even hexrow: 0602, then 0601 is the edge, 2 hexes from the start: path
    0603 0602 0601 and Broken Box 1. Any way that ends 3 hexes away needs a hex no closer."""
    m = union_map()
    u = place(infantry("U"), m, "0603")
    return Case(u, 3, [reb("C", m, "0604")], [], m)


def no_path() -> Case:
    """Broken Box 3: U at 0606, C at 0607, enemies at 0707 and 0507, and a creek without a
    bridge on U's N, NE and NW hexsides. Nothing is open: no path, Broken Box 3."""
    m = union_map()
    u = place(infantry("U"), m, "0606")
    for d in (N, NE, NW):
        m.add_hexside(m.parse("0606"), d, HexsideFeature.CREEK)
    return Case(u, 2, [reb("C", m, "0607")], [reb("E1", m, "0707"), reb("E2", m, "0507")], m)


def woods_map(road_from_start: bool, road_inside: bool) -> HexMap:
    m = union_map()
    for hex_id in ("0605", "0604"):
        m.set_terrain(m.parse(hex_id), Terrain.WOODS)
    if road_from_start:
        m.add_road(m.parse("0606"), m.parse("0605"), RoadGrade.ROAD)
    if road_inside:
        m.add_road(m.parse("0605"), m.parse("0604"), RoadGrade.ROAD)
    return m


def artillery_case(road_from_start: bool, road_inside: bool) -> Case:
    m = woods_map(road_from_start, road_inside)
    u = place(artillery("A"), m, "0606")
    return Case(u, 2, [reb("C", m, "0607")], [], m)


def creek_case(bridge: bool) -> Case:
    """A creek on U's N, NE and NW hexsides; a road runs 0606 0605 0604 over it, on a bridge
    or not (TEC N13)."""
    m = union_map()
    start = m.parse("0606")
    for d in (N, NE, NW):
        m.add_hexside(start, d, HexsideFeature.CREEK)
    if bridge:
        m.add_hexside(start, N, HexsideFeature.BRIDGE)
    m.add_road(start, m.parse("0605"), RoadGrade.ROAD)
    m.add_road(m.parse("0605"), m.parse("0604"), RoadGrade.ROAD)
    u = place(infantry("U"), m, "0606")
    return Case(u, 2, [reb("C", m, "0607")], [], m)


def disengaging() -> Case:
    """Disengagement fire. U at 0606, C at 0607, 2 hexes. O1 (0705) and O2 (0505) stand next to
    every hex N of U: 0605, 0706 and 0506 are each next to one, and 0604 (the straight way's
    end) next to both. Best: one hex next to an enemy, two hexes no closer: 0506 0406 or
    0706 0806 (0406 and 0806 are clear). Default by ids 0606 0506 0406; leaving 0506, next to
    O2, draws disengagement fire."""
    m = union_map()
    u = place(infantry("U"), m, "0606")
    others = [reb("O1", m, "0705"), reb("O2", m, "0505")]
    return Case(u, 2, [reb("C", m, "0607")], others, m)


# --- the tests --------------------------------------------------------------------------------
def test_causers_come_before_other_enemies() -> None:
    result = causer_before_other_enemy().run()
    assert ids(result) == ("0606", "0706")
    assert not result.owner_has_choice
    step = result.chosen.steps[0] if result.chosen else None
    assert step is not None and step.decided_by.rule == "000 15.4 (1)"


def test_other_enemies_come_before_the_edge() -> None:
    result = other_enemy_before_edge().run()
    assert ids(result) == ("0606", "0506", "0405")
    assert ends(result) == {"0405", "0705", "0805"}
    assert {p.hex_ids for p in result.choices} == {
        ("0606", "0506", "0405"),
        ("0606", "0605", "0705"),
        ("0606", "0706", "0705"),
        ("0606", "0706", "0805"),
    }
    assert result.owner_has_choice
    assert result.chosen is not None and result.chosen.penalties == (0, 0, 1, 0, 2)
    straight = next(p for p in result.paths if p.hex_ids == ("0606", "0605", "0604"))
    assert straight.penalties == (0, 1, 0, 0, 2)


def test_a_blocked_line_is_walked_round() -> None:
    result = blocked_line().run()
    assert ids(result) == ("0606", "0706", "0805")
    assert not result.owner_has_choice
    assert all("0605" not in p.hex_ids for p in result.paths)


def test_an_overstacked_end_hex_sends_the_unit_further() -> None:
    result = overstacked_end().run()
    assert ids(result) == ("0606", "0605", "0604")
    assert result.outcome is Outcome.COMPLETED
    assert result.chosen is not None
    first = result.chosen.steps[0]
    assert any("overstacked" in n.text and "000 6.1" in n.rule for n in first.notes)


def test_the_own_map_edge_short_of_the_distance_is_broken_box_1() -> None:
    result = edge_short().run()
    assert ids(result) == ("0603", "0602", "0601")
    assert result.outcome is Outcome.BROKEN_BOX_1
    assert result.reason.rule == "000 15.4 Broken Box 1"


def test_a_unit_starting_on_its_own_edge_is_broken_at_once() -> None:
    m = union_map()
    u = place(infantry("U"), m, "0601")
    result = Case(u, 2, [reb("C", m, "0602")], [], m).run()
    assert result.outcome is Outcome.BROKEN_BOX_1
    assert ids(result) == ("0601",)


def test_no_path_at_all_is_broken_box_3() -> None:
    result = no_path().run()
    assert result.outcome is Outcome.BROKEN_BOX_3
    assert result.paths == () and result.chosen is None
    assert "creek" in result.reason.text


def test_artillery_takes_a_connected_road_into_woods() -> None:
    """Woods at 0605 and 0604, a road 0606-0605-0604: straight along it, 0606 0605 0604."""
    result = artillery_case(road_from_start=True, road_inside=True).run()
    assert ids(result) == ("0606", "0605", "0604")


def test_artillery_keeps_out_of_woods_without_a_road() -> None:
    """No road: 0605 is closed to the guns. Round it with one hex no closer, as in
    other_enemy_before_edge but with 0505 open too: 0506 0405 first by ids."""
    result = artillery_case(road_from_start=False, road_inside=False).run()
    assert ids(result) == ("0606", "0506", "0405")
    assert ends(result) == {"0405", "0505", "0705", "0805"}
    assert all("0605" not in p.hex_ids and "0604" not in p.hex_ids for p in result.paths)


def test_a_road_that_starts_inside_the_woods_does_not_help_artillery() -> None:
    """The road runs only 0605-0604: the step 0606 to 0605 is not along it, so the guns still
    go round (0604 is reached by road only from 0605), as without any road."""
    result = artillery_case(road_from_start=False, road_inside=True).run()
    assert ids(result) == ("0606", "0506", "0405")
    assert all("0605" not in p.hex_ids for p in result.paths)


def test_infantry_enters_woods_freely() -> None:
    m = woods_map(False, False)
    u = place(infantry("U"), m, "0606")
    assert ids(Case(u, 2, [reb("C", m, "0607")], [], m).run()) == ("0606", "0605", "0604")


def test_a_creek_is_crossed_at_the_bridge() -> None:
    assert ids(creek_case(bridge=True).run()) == ("0606", "0605", "0604")


def test_a_creek_without_a_bridge_is_impassable() -> None:
    """N, NE and NW are shut; 0707 and 0507 are next to C. Best (1, 0, 1, 0, 2): 0707 0806 or
    0507 0406, both one hex next to C and one hex no closer; by ids 0606 0507 0406."""
    result = creek_case(bridge=False).run()
    assert ids(result) == ("0606", "0507", "0406")
    assert ends(result) == {"0406", "0806"}


def test_leaving_a_hex_next_to_the_enemy_draws_disengagement_fire() -> None:
    result = disengaging().run()
    assert ids(result) == ("0606", "0506", "0406")
    assert ends(result) == {"0406", "0806"}
    chosen = result.chosen
    assert chosen is not None
    assert [(d.hex_id, d.enemy_ids) for d in chosen.disengagement] == [("0506", ("O2",))]
    assert any("disengagement" in n.text for n in chosen.steps[0].notes)


def test_every_hex_says_which_priority_chose_it() -> None:
    result = other_enemy_before_edge().run()
    chosen = result.chosen
    assert chosen is not None
    first, second = chosen.steps
    assert first.owner_choice and set(first.equal_choices) == {"0605", "0706"}
    assert second.decided_by.rule == "000 15.4"
    assert "closer" in second.decided_by.text
    straight = next(p for p in result.paths if p.hex_ids == ("0606", "0605", "0604"))
    assert straight.steps[1].decided_by.text.startswith("0705 was better")
    assert straight.steps[1].decided_by.rule == "000 15.4 (2)"


def test_the_result_is_deterministic() -> None:
    first, second = other_enemy_before_edge().run(), other_enemy_before_edge().run()
    assert first == second


def test_a_distance_of_zero_stays_put() -> None:
    case = other_enemy_before_edge()
    case.distance = 0
    result = case.run()
    assert ids(result) == ("0606",) and result.outcome is Outcome.COMPLETED
