"""Retreat paths under 002 15–17 (option `g88`), on small flat-top maps built in code.

Enemy "ZOC" is the enemy front (docs/rules.md): an infantry unit in line covers the hex it
faces and the two either side. Hexes are closed with creeks (`seal`), which make no ZOC.
Neighbours of CCRR as in test_retreat_ss15_4.py:
- CC odd:  N CC(RR-1), NE (CC+1)(RR-1), SE (CC+1)RR, S CC(RR+1), SW (CC-1)RR, NW (CC-1)(RR-1)
- CC even: N CC(RR-1), NE (CC+1)RR, SE (CC+1)(RR+1), S CC(RR+1), SW (CC-1)(RR+1), NW (CC-1)RR
The Union edge is `xx01`: when a step offers several hexes (the owner's choice) the default is
the one nearest that edge, then the lowest printed id.
"""

from __future__ import annotations

from gameapp.core.mapdata import HexMap
from gameapp.core.rules.retreat import Outcome, RetreatOptions, retreat_paths
from gameapp.core.terrain import RoadGrade, Terrain
from gameapp.core.units import Side, Unit
from tests.core.positions import (
    NE,
    NW,
    SE,
    SW,
    N,
    S,
    artillery,
    blank_map,
    infantry,
    place,
    seal,
)

CSA = Side.CONFEDERATE


def union_map() -> HexMap:
    m = blank_map(12, 12)
    m.friendly_edges = {"union": ["xx01"], "confederate": ["xx12"]}
    return m


def run(unit: Unit, causers: list[Unit], others: list[Unit], m: HexMap,
        defenders: tuple[Unit, ...] = (), distance: int = 1) -> RetreatOptions:
    return retreat_paths(unit, distance, causers, [unit, *causers, *others], m, "g88", "flat_8",
                         defenders=defenders)


def ids(options: RetreatOptions) -> tuple[str, ...]:
    assert options.chosen is not None
    return options.chosen.hex_ids


def reb(uid: str, m: HexMap, hex_id: str, facing: int = N) -> Unit:
    return place(infantry(uid, CSA), m, hex_id, facing)


def yank(uid: str, m: HexMap, hex_id: str, strength: int = 5) -> Unit:
    return place(infantry(uid, strength=strength), m, hex_id)


def test_step_a_prefers_a_hex_outside_the_enemy_front() -> None:
    """U at 0606. C (0607, facing N) covers 0606, 0707 and 0507; E (0604, facing S) covers
    0605, 0705 and 0505. Step a offers 0706 and 0506 (outside both fronts, no friends): the
    owner's choice, by ids 0506. 0605 would be nearer the edge but is in E's front."""
    m = union_map()
    u = place(infantry("U"), m, "0606")
    result = run(u, [reb("C", m, "0607", N)], [reb("E", m, "0604", S)], m)
    assert ids(result) == ("0606", "0506")
    assert {p.hex_ids[-1] for p in result.choices} == {"0506", "0706"}
    step = result.paths[0].steps[0]
    assert step.decided_by.rule == "002 15a" and step.owner_choice


def test_step_b_goes_through_friends_and_starts_again() -> None:
    """As above, but 0706 holds enemy E2 and 0506 holds friend F: no step a from 0606, so step b
    takes U into 0506 and back to a. From 0506: 0505 and 0507 are in fronts, 0605 too, 0606
    was U's own hex; 0405 and 0406 are free and outside every front: 0405 is nearer the edge."""
    m = union_map()
    u = place(infantry("U"), m, "0606")
    others = [reb("E", m, "0604", S), reb("E2", m, "0706", S), yank("F", m, "0506")]
    result = run(u, [reb("C", m, "0607", N)], others, m)
    assert ids(result) == ("0606", "0506", "0405")
    assert [s.decided_by.rule for s in result.paths[0].steps] == ["002 15b", "002 15a"]
    assert {p.hex_ids for p in result.choices} == {("0606", "0506", "0405"),
                                                   ("0606", "0506", "0406")}


def front_map() -> tuple[HexMap, Unit, Unit]:
    """U at 0606 open only N (0605) and NE (0706); E at 0705 facing SW covers 0605, 0706 and
    0604 (its SW, S and NW hexes)."""
    m = union_map()
    seal(m, "0606", open_sides=(N, NE))
    u = place(infantry("U"), m, "0606")
    return m, u, reb("E", m, "0705", SW)


def test_step_c_ends_in_the_front_rather_than_among_friends() -> None:
    """Both open hexes are in E's front; 0605 holds friend F. Step c (no friends) comes before
    step d: U ends in 0706 though 0605 is nearer the edge."""
    m, u, e = front_map()
    result = run(u, [e], [yank("F", m, "0605")], m)
    assert ids(result) == ("0606", "0706")
    assert result.paths[0].steps[0].decided_by.rule == "002 15c"
    assert not result.owner_has_choice


def test_step_d_goes_through_friends_in_the_front() -> None:
    """As above with 0706 sealed off: only 0605 (in the front, friend F) is open: step d into it,
    then step a: from 0605, 0604 is in E's front, 0705 is E, 0706 is in the front, 0606 was U's;
    0505 and 0506 are free: 0505, nearer the edge."""
    m, u, e = front_map()
    seal(m, "0606", open_sides=(N,))
    result = run(u, [e], [yank("F", m, "0605")], m)
    assert ids(result) == ("0606", "0605", "0505")
    assert [s.decided_by.rule for s in result.paths[0].steps] == ["002 15d", "002 15a"]
    assert {p.hex_ids[-1] for p in result.choices} == {"0505", "0506"}


def test_the_endless_loop_is_broken_by_the_next_step() -> None:
    """U at 0606 is open only NW to 0506 (friend F1); 0506 is open only to 0606 and NW to 0405
    (friend F2); 0405 is open only back to 0506 and N to 0404, which is in the front of E
    (0403 facing S). From 0405 step b would take U back to 0506, and from there step b back to
    0405, for ever: the loop clause skips to step c, and U ends in 0404."""
    m = union_map()
    seal(m, "0606", open_sides=(NW,))
    seal(m, "0506", open_sides=(SE, NW))
    seal(m, "0405", open_sides=(SE, N))
    u = place(infantry("U"), m, "0606")
    friends = [yank("F1", m, "0506"), yank("F2", m, "0405")]
    result = run(u, [reb("E", m, "0403", S)], friends, m)
    assert ids(result) == ("0606", "0506", "0405", "0404")
    steps = result.paths[0].steps
    assert [s.decided_by.rule for s in steps] == ["002 15b", "002 15b", "002 15c"]
    assert any(n.rule == "002 15 endless loop" and "0506" in n.text for n in steps[-1].notes)


def overstack_case(friend_strength: int) -> RetreatOptions:
    """U (5 SPs) at 0606 is open only NW to 0506, held by friend F; 0506 is open only back to
    0606. Step b takes U into 0506; from there nothing (0606 was U's own hex), so U would stop
    in 0506, with F."""
    m = union_map()
    seal(m, "0606", open_sides=(NW,))
    seal(m, "0506", open_sides=(SE,))
    u = place(infantry("U", strength=5), m, "0606")
    return run(u, [reb("C", m, "0607")], [yank("F", m, "0506", friend_strength)], m)


def test_an_only_retreat_that_overstacks_is_a_step_loss_instead() -> None:
    """F has 5 SPs: 10 > 8 (000 6.1, the scenario's stacking): no retreat, a step loss (16)."""
    result = overstack_case(5)
    assert result.outcome is Outcome.STEP_LOSS
    assert result.reason.rule == "002 16"
    assert result.paths == ()


def test_stopping_among_friends_is_fine_when_it_does_not_overstack() -> None:
    """F has 2 SPs: 7 <= 8, so U stops in 0506 (no step is left to break the loop)."""
    result = overstack_case(2)
    assert result.outcome is Outcome.COMPLETED
    assert ids(result) == ("0606", "0506")


def woods_case(terrain: Terrain, road: bool = False) -> RetreatOptions:
    """Guns A at 0606 are open only N, to 0605."""
    m = union_map()
    seal(m, "0606", open_sides=(N,))
    m.set_terrain(m.parse("0605"), terrain)
    if road:
        m.add_road(m.parse("0606"), m.parse("0605"), RoadGrade.ROAD)
    a = place(artillery("A"), m, "0606")
    return run(a, [reb("C", m, "0607")], [], m)


def test_artillery_whose_only_retreat_is_into_woods_loses_a_step() -> None:
    result = woods_case(Terrain.WOODS)
    assert result.outcome is Outcome.STEP_LOSS
    assert result.reason.rule == "002 17"
    assert "0605" in result.reason.text


def test_g88_has_no_road_exception_for_artillery_in_woods() -> None:
    assert woods_case(Terrain.OAK, road=True).outcome is Outcome.STEP_LOSS


def test_artillery_retreats_into_clear_ground() -> None:
    result = woods_case(Terrain.CLEAR)
    assert result.outcome is Outcome.COMPLETED
    assert ids(result) == ("0606", "0605")


def test_hexes_of_other_defenders_are_never_reentered() -> None:
    """U at 0606 is open N (0605, held by D, who defended in the same battle) and NW (0506, in
    the front of E at 0406 facing NE). Without D's rule step b would take U through 0605; as
    it is, 0605 is skipped and step c ends the retreat in 0506."""
    m = union_map()
    seal(m, "0606", open_sides=(N, NW))
    u = place(infantry("U"), m, "0606")
    d = yank("D", m, "0605")
    result = run(u, [reb("E", m, "0406", NE)], [d], m, defenders=(d,))
    assert ids(result) == ("0606", "0506")
    assert result.paths[0].steps[0].decided_by.rule == "002 15c"
    assert any("0605" in n.text and "defending" in n.text for n in result.paths[0].steps[0].notes)
    without = run(u, [reb("E", m, "0406", NE)], [d], m)
    assert ids(without)[:2] == ("0606", "0605")


def test_a_unit_with_nowhere_to_go_cannot_retreat() -> None:
    m = union_map()
    seal(m, "0606", open_sides=(S, SE, SW))
    u = place(infantry("U"), m, "0606")
    enemies = [reb("C", m, "0607"), reb("E1", m, "0707"), reb("E2", m, "0507")]
    result = run(u, enemies[:1], enemies[1:], m)
    assert result.outcome is Outcome.BLOCKED
    assert result.paths == ()
