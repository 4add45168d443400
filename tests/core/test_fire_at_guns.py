"""Fire at the guns or at the personnel (FCRT target density: gun SPs at guns; artillery
personnel count double at personnel, 6.63), chosen in the `Fire` action and its notation."""

import pytest

from gameapp.core.actions import EndPhase, Fire, NotationError, Pass, parse_action
from gameapp.core.breakdown import IllegalActionError
from gameapp.core.dice import Dice
from gameapp.core.engine import Game
from gameapp.core.rulesets.tactical import tactical
from gameapp.core.units import Formation, Side
from tests.core.positions import N, S, artillery, blank_map, game_on, infantry, leader, place


def battery_with_infantry() -> Game:
    """Union 8-SP rifles (u) at 0606 facing north; in 0605, one hex away, a 4-gun Confederate
    battery (g, unlimbered) with 4 SPs of infantry (c) and an officer (L). The Union shot."""
    m = blank_map()
    game = game_on(m, [
        place(infantry("u", strength=8), m, "0606", N),
        place(artillery("g", Side.CONFEDERATE, strength=4), m, "0605", S, Formation.UNLIMBERED),
        place(infantry("c", Side.CONFEDERATE, strength=4), m, "0605", S),
        place(leader("L", Side.CONFEDERATE), m, "0605"),
    ])
    game.apply(EndPhase())
    game.apply(Pass())  # the Confederates pass: the Union shot
    return game


def test_the_density_counts_gun_sps_at_the_guns_and_crews_double_at_personnel() -> None:
    # 8 rifle SPs at 1 hex: 8 fire points, column small arms 6, both ways.
    # At personnel: 4 infantry + 4 crew x 2 = 12 SPs, 6 over the standard 6: +6.
    # At the guns: the 4 gun SPs alone, 2 under 6 at -2 each: -4.
    game = battery_with_infantry()
    at = game.map.parse("0605")
    for at_guns, term in ((False, ("target density 12 SPs (artillery personnel count double)",
                                   6)),
                          (True, ("target density 4 gun SPs", -4))):
        plan = tactical(game).fire.plan(Fire(("u",), at, at_guns=at_guns), Side.UNION)
        assert plan.points.column is not None
        assert plan.points.column.rule == "FCRT small arms 6"
        assert [(t.label, t.value) for t in plan.modifiers] == [term]
        assert plan.target.at_guns is at_guns


def test_steps_of_fire_at_the_guns_come_off_the_battery() -> None:
    # A roll of 66 at the guns: 66 - 4 = 62 on small arms 6: C1, one step. At the guns it comes
    # off g; at personnel (6.76) the infantry would take it.
    game = battery_with_infantry()
    game.dice = Dice.forcing([66, 11, 11, 11])
    game.apply(Fire(("u",), game.map.parse("0605"), at_guns=True))
    assert (game.state.units["g"].losses, game.state.units["c"].losses) == (1, 0)


def test_fire_at_the_guns_is_offered_only_where_guns_stand() -> None:
    game = battery_with_infantry()
    legal = {a.to_text(game.map.numbering) for a in tactical(game).fire.legal_fires(Side.UNION)}
    assert legal == {"fire u 0605", "fire u 0605 at=guns"}
    m = game.map
    bare = game_on(m, [place(infantry("u"), m, "0606", N),
                       place(infantry("c", Side.CONFEDERATE), m, "0605", S)])
    bare.apply(EndPhase())
    bare.apply(Pass())
    with pytest.raises(IllegalActionError) as refused:
        bare.apply(Fire(("u",), m.parse("0605"), at_guns=True))
    assert refused.value.rule == "6.63"
    with pytest.raises(IllegalActionError) as refused:
        game.apply(Fire(("u",), m.parse("0605"), at_officer="L", at_guns=True))
    assert refused.value.rule == "6.75"


def test_the_notation_parses_back_and_old_notation_stays_valid() -> None:
    numbering = blank_map().numbering
    at = numbering.parse("0605")
    assert parse_action("fire u 0605 at=guns", numbering) == Fire(("u",), at, at_guns=True)
    assert parse_action("fire u 0605 at=crew", numbering) == Fire(("u",), at)
    assert parse_action("fire u 0605", numbering) == Fire(("u",), at)  # saves before at=
    assert parse_action("fire u 0605 officer=L", numbering) == Fire(("u",), at, "L")
    for action in (Fire(("u", "v"), at, at_guns=True), Fire(("u",), at, "L")):
        assert parse_action(action.to_text(numbering), numbering) == action
    with pytest.raises(NotationError, match=r"at=guns\|crew"):
        parse_action("fire u 0605 at=horses", numbering)


def lone_battery() -> Game:
    """Union 8-SP rifles (u) at 0606 facing north and a lone 4-gun Confederate battery (g,
    unlimbered) in 0605; the Union shot."""
    m = blank_map()
    game = game_on(m, [
        place(infantry("u", strength=8), m, "0606", N),
        place(artillery("g", Side.CONFEDERATE, strength=4), m, "0605", S, Formation.UNLIMBERED),
    ])
    game.apply(EndPhase())
    game.apply(Pass())
    return game


@pytest.mark.parametrize(("at_guns", "guns_lost"), [(False, 0), (True, 1)])
def test_fire_at_the_crews_silences_a_gun_and_fire_at_the_guns_destroys_one(
        at_guns: bool, guns_lost: int) -> None:
    # "Crews and guns" (docs/rules.md): either way the battery has one SP, one gun in action,
    # less; only fire aimed at the guns takes the gun itself. The silent gun stays with the
    # battery (guns on hand), for the victors of a charge to take (7.33).
    game = lone_battery()
    game.dice = Dice.forcing([66, 11, 11, 11])
    game.apply(Fire(("u",), game.map.parse("0605"), at_guns=at_guns))
    battery = game.state.units["g"]
    assert battery.losses >= 1 and battery.strength == 4 - battery.losses
    assert battery.guns_lost == guns_lost * battery.losses
    assert battery.guns_on_hand == 4 - battery.guns_lost
