"""The East scenarios' data where the record put something the rules must see: Milroy's supply
line in the Alleghenies and the battery at Drewry's Bluff (docs/strategic-scenarios.md, "East,
session 8")."""

from __future__ import annotations

from pathlib import Path

from gameapp.core.engine import Game
from gameapp.core.rulesets.strategic.pieces import Depot, Fort
from gameapp.core.rulesets.strategic.previews import read_context
from gameapp.core.rulesets.strategic.supply import supply_net
from gameapp.core.units import Side

EAST_62 = Path(__file__).resolve().parents[3] / "scenarios" / "east_1862.yaml"


def test_milroy_at_beverly_draws_on_the_grafton_depot() -> None:
    # Beverly (C1310) is 3 hexes from Grafton (C1207); the B&O is cut at Martinsburg in March
    # 1862, so Grafton is no railhead and only the depot there feeds the Cheat Mountain
    # District (before it, Milroy lost an SP a week out of supply in every game)
    game = Game.from_scenario(EAST_62, seed=1)
    numbering = game.map.numbering
    milroy = game.state.pieces["us_milroy"]
    assert numbering.hex_id(milroy.hex) == "C1310"
    depot = game.state.pieces["d_grafton"]
    assert isinstance(depot, Depot) and numbering.hex_id(depot.hex) == "C1207"
    net = supply_net(read_context(game), Side.UNION)
    what, far = net.reach[milroy.hex]
    assert what.startswith("d_grafton") and far == 3


def test_drewrys_bluff_commands_the_james_below_richmond() -> None:
    # Fort Darling on the right bank, 7-8 miles below Richmond (C2517): the hexes a ship passes
    # on the James below the city (C2616, then Richmond, C2516) lie beside it, so a fleet
    # sailing up to Richmond passes an enemy fort (wbts.md 7.4's transit attack)
    game = Game.from_scenario(EAST_62, seed=1)
    numbering = game.map.numbering
    fort = game.state.pieces["f_drewry"]
    assert isinstance(fort, Fort) and fort.side is Side.CONFEDERATE
    assert numbering.hex_id(fort.hex) == "C2517"
    terrain = game.rules.terrain
    richmond = numbering.parse("C2516")
    below = numbering.parse("C2616")
    assert below in terrain.water_exits(richmond)  # the way up the James to the city
    assert fort.hex in richmond.neighbors() and fort.hex in below.neighbors()
    assert terrain.on_water(fort.hex)  # on the river itself


def test_the_souths_major_cities_feed_its_rail_net_when_leesburg_falls() -> None:
    # wbts.md 7.7: the Confederacy draws supply from its major cities (Richmond, Charleston,
    # Savannah on map C) and the errata's supply towns. With Leesburg, Bristol and Brunswick
    # alone, the Union's march into Leesburg in week 2 starved every Confederate garrison from
    # Norfolk to Savannah (East '62 seed 3: 35 SP lost, most of them to attrition)
    game = Game.from_scenario(EAST_62, seed=1)
    numbering = game.map.numbering
    state = game.state
    for town in ("C2407", "C0323", "C0849"):  # Leesburg, Bristol, Brunswick: the Union's
        state.control[numbering.parse(town)] = Side.UNION
    net = supply_net(read_context(game), Side.CONFEDERATE)
    for unit, where in (("cs_huger", "Norfolk"), ("cs_savannah", "Savannah"),
                       ("cs_charleston", "Charleston"), ("cs_pocotaligo", "the coast railroad")):
        piece = state.pieces[unit]
        assert piece.hex in net.reach, unit
        assert "supply place" in net.reach[piece.hex][0] or "railroad" in \
            net.reach[piece.hex][0], (unit, where, net.reach[piece.hex])
