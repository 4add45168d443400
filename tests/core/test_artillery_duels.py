"""The option `artillery_duels`: Gettysburg '88's double-range artillery (002 19-28) read into
001's fire (docs/rules.md, "Artillery duels")."""

from __future__ import annotations

from dataclasses import replace

import pytest

from gameapp.core.actions import EndPhase, Fire, Pass
from gameapp.core.breakdown import IllegalActionError
from gameapp.core.dice import Dice
from gameapp.core.engine import Game
from gameapp.core.events import FireResolved, MoraleChecked
from gameapp.core.mapdata import HexMap
from gameapp.core.options import RuleOptions
from gameapp.core.phases import Phase
from gameapp.core.rules.fire.duels import duel_ground
from gameapp.core.rules.fire.inputs import TargetInput
from gameapp.core.rules.fire.phase import FireRules
from gameapp.core.scenario import Light
from gameapp.core.terrain import Slope, Terrain
from gameapp.core.units import Formation, Side, Unit
from tests.core.positions import N, S, artillery, blank_map, game_on, infantry, place

# US-A (4 guns, N) unlimbered in woods at 0608 fires at CS-A (6 guns) unlimbered in woods at
# 0606, two hexes off across clear 0607. The two woods are joined by woods at 0508 and 0507.
# The fire: 4 guns x1, canister N at 2 hexes x1/4 -> 1 fire point (FCRT small arms 1);
# modifiers: CS-A in woods, standing -3 (TEC woods); density 12 (artillery personnel count
# double) +6.


def duel_map() -> HexMap:
    m = blank_map()
    for h in ("0608", "0508", "0507", "0606"):
        m.set_terrain(m.parse(h), Terrain.WOODS)
    return m


def guns(m: HexMap) -> list[Unit]:
    return [place(artillery("US-A"), m, "0608", N, Formation.UNLIMBERED),
            place(artillery("CS-A", Side.CONFEDERATE, strength=6), m, "0606", S,
                  Formation.UNLIMBERED)]


def union_fire_phase(m: HexMap, units: list[Unit], **options: bool) -> Game:
    game = game_on(m, units, **options)
    while game.phase is not Phase.FIRE:
        game.apply(EndPhase())
    if game.acting_side is not Side.UNION:
        game.apply(Pass())
    return game


def test_without_the_option_the_guns_fire_as_001_has_it() -> None:
    m = duel_map()
    game = union_fire_phase(m, guns(m))
    game.dice = Dice.forcing([66, 66])
    events = game.apply(Fire(("US-A",), m.parse("0606")))
    fired = next(e for e in events if isinstance(e, FireResolved))
    # 66 - 3 + 6 = 3 places up: 73, C1 on the 1 column; the C calls for a check: 66 routs
    assert [t.value for t in fired.modifiers.terms] == [-3, 6]
    assert (fired.modified, fired.result, fired.steps) == ("73", "C1", 1)
    assert any(isinstance(e, MoraleChecked) for e in events)


def test_a_duel_loses_the_connected_woods_takes_one_step_and_no_check() -> None:
    m = duel_map()
    game = union_fire_phase(m, guns(m), artillery_duels=True)
    game.dice = Dice.forcing([66, 66])
    events = game.apply(Fire(("US-A",), m.parse("0606")))
    fired = next(e for e in events if isinstance(e, FireResolved))
    # 002 23: fired on from woods joined to its own, CS-A loses the woods' -3: 66 + 6 = 76,
    # C2 on the 1 column; 002 24: one step at most, and no morale check
    assert [(t.value, t.rule) for t in fired.modifiers.terms] == [
        (6, "FCRT DRM target density"), (0, "002 23")]
    assert (fired.modified, fired.result, fired.steps) == ("76", "C2", 1)
    assert fired.fire_points[-1].startswith("002 24 artillery duel")
    assert game.state.units["CS-A"].losses == 1
    assert not any(isinstance(e, MoraleChecked) for e in events)


def test_a_battery_next_to_the_enemy_does_not_duel() -> None:
    m = duel_map()
    units = [*guns(m), place(infantry("CS-1", Side.CONFEDERATE), m, "0708", N)]
    game = union_fire_phase(m, units, artillery_duels=True)
    with pytest.raises(IllegalActionError, match="next to the enemy") as refused:
        game.check(Fire(("US-A",), m.parse("0606")))
    assert refused.value.rule == "002 20"


def test_no_duels_at_night() -> None:
    m = duel_map()
    game = union_fire_phase(m, guns(m), artillery_duels=True)
    rules = FireRules(m, (), game.state, Light.NIGHT, RuleOptions(artillery_duels=True))
    with pytest.raises(IllegalActionError, match="night") as refused:
        rules.plan(Fire(("US-A",), m.parse("0606")), Side.UNION)
    assert refused.value.rule == "002 28"


def test_a_target_fired_on_from_the_same_hill_loses_its_slope_modifiers() -> None:
    # A hill: 0606, 0607 and 0608 stand 40 ft above the rest of the map (0 ft), so the line
    # from a battery in 0608 to 0606 runs above the lowest ground all the way (LoB 4.2c's
    # test): 002 22 takes the target's slope modifier away. From 0609, down on the plain, the
    # line leaves the hill and the slope counts.
    m = blank_map()
    for h in ("0606", "0607", "0608"):
        m.set_elevation(m.parse(h), 40)
    target = TargetInput(units=(), slopes=(Slope.GENTLE_UP,))
    on_hill = replace(guns(m)[0], hex=m.parse("0608"))
    ground, notes = duel_ground(m, [on_hill], target, m.parse("0606"))
    assert ground.slopes == () and [(t.value, t.rule) for t in notes] == [(0, "002 22")]
    below = replace(on_hill, hex=m.parse("0609"))
    ground, notes = duel_ground(m, [below], target, m.parse("0606"))
    assert ground.slopes == (Slope.GENTLE_UP,) and notes == ()
