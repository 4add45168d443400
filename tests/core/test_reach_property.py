"""Property: every hex `reachable` reports can be reached by the move it implies, and the MPs
left afterwards are the ones it promised (the search and the move walk the same costs)."""

from hypothesis import given, settings
from hypothesis import strategies as st

from gameapp.core.actions import Move
from gameapp.core.rulesets.tactical import tactical
from gameapp.core.terrain import HexsideFeature, RoadGrade, Terrain
from gameapp.core.units import Formation, Side
from tests.core.positions import artillery, blank_map, cavalry, game_on, infantry, leader, place

FORMATIONS = [Formation.LINE, Formation.COLUMN, Formation.ROAD_COLUMN]
SIDES = [HexsideFeature.FENCE, HexsideFeature.STONE_WALL, HexsideFeature.STREAM,
         HexsideFeature.CREEK, HexsideFeature.CREST]


@st.composite
def positions(draw: st.DrawFn):
    m = blank_map(9, 9)
    hexes = m.hexes()
    for h in hexes:
        m.set_terrain(h, draw(st.sampled_from(list(Terrain))))
        m.set_elevation(h, draw(st.sampled_from([0, 0, 20, 50])))
    for _ in range(draw(st.integers(0, 12))):
        h = draw(st.sampled_from(hexes))
        m.add_hexside(h, draw(st.integers(0, 5)), draw(st.sampled_from(SIDES)))
    h = m.parse("0505")
    for d in draw(st.lists(st.integers(0, 5), max_size=6)):
        if m.contains(h.neighbor(d)):
            m.add_road(h, h.neighbor(d), draw(st.sampled_from(list(RoadGrade)[1:])))
            h = h.neighbor(d)
    # infantry in each formation, and the other movers: cavalry, limbered artillery (whose
    # about-turn costs MPs) and a leader
    mover = draw(st.sampled_from(["infantry", "cavalry", "artillery", "leader"]))
    if mover == "infantry":
        unit = place(infantry("a"), m, "0505", draw(st.integers(0, 5)),
                     draw(st.sampled_from(FORMATIONS)))
    else:
        maker = {"cavalry": cavalry, "artillery": artillery, "leader": leader}[mover]
        unit = place(maker("a"), m, "0505", draw(st.integers(0, 5)))
    units = [unit]
    if draw(st.booleans()):
        enemy_hex = draw(st.sampled_from([x for x in hexes if x != unit.hex]))
        units.append(place(infantry("e", Side.CONFEDERATE), m, m.hex_id(enemy_hex),
                           draw(st.integers(0, 5))))
    return m, units


@settings(max_examples=80, deadline=None)
@given(positions())
def test_every_reachable_hex_is_reached_by_its_move(position) -> None:
    m, units = position
    reach = tactical(game_on(m, units)).movement.reachable("a")
    for h, found in reach.items():
        game = game_on(m, units)
        game.apply(Move("a", found.path))
        unit = game.state.units["a"]
        assert unit.hex == h
        assert unit.facing == found.facing
        left = tactical(game).movement.remaining(unit)
        assert left + (4 if found.pike_bonus else 0) == found.remaining
