"""Disengagement fire (000 15.4 / 13.7, the `disengagement_fire` option): enemy units next to a
hex a routing unit leaves, other than its start, fire at it there (docs/rules.md)."""

from dataclasses import replace

import pytest

from gameapp.core.dice import Dice
from gameapp.core.engine import Game
from gameapp.core.events import CasualtiesTaken, FireResolved, RoutMoved
from gameapp.core.rules.disengagement import disengagement_fire
from gameapp.core.rulesets.tactical import tactical
from gameapp.core.units import Side, Status
from tests.core.positions import blank_map, game_on, infantry, place

PATH = ("0505", "0404", "0304", "0203", "0103")


def routed_past(**options: str | bool | int) -> tuple[Game, RoutMoved]:
    """CS-1 (6 SPs, routed) has routed 0505 > 0404 > 0304 > 0203 > 0103 and stands at 0103.
    US-2 (8 SPs, rifles) at 0303 faces 0304, so it is next to 0304 and 0203 (two hexes the
    rout left) and not to 0404 or the start 0505."""
    m = blank_map()
    facing = m.parse("0303").direction_to(m.parse("0304"))
    assert facing is not None
    game = game_on(m, [
        replace(place(infantry("CS-1", Side.CONFEDERATE, strength=6), m, "0103", 5),
                status=frozenset({Status.ROUTED})),
        place(infantry("US-2", strength=8), m, "0303", facing),
    ], **options)
    rout = RoutMoved("CS-1", tuple(m.parse(h) for h in PATH), "completed", "", "7.6")
    return game, rout


def test_the_enemy_next_to_a_hex_left_fires_once() -> None:
    # Leaving 0304: US-2's 8 rifle SPs at 1 hex, 8 FP, doubled at a routed target (7.52.f): 16,
    # the small arms 15 column. Density: CS-1's 6 SPs is the standard 6, no modifier. The roll
    # 44 reads A1: 1 step, CS-1 is down to 5 SPs, no morale check (it routs already, 7.65).
    # Leaving 0203: US-2 is next to it too, but it has fired at this retreat already.
    game, rout = routed_past(disengagement_fire=True)
    m = game.map
    game.dice = Dice.forcing([44])
    events = disengagement_fire(game.state, tactical(game).fire, [rout], game.dice)
    fire = [e for e in events if isinstance(e, FireResolved)]
    assert [(f.firers, m.hex_id(f.target), f.roll, f.result, f.rule) for f in fire] == [
        (("US-2",), "0304", 44, "A1", "FCRT small arms 15")]
    assert "7.52.f target routed ×2 → 16" in fire[0].fire_points
    assert fire[0].fire_points[-1] == "000 15.4 disengagement fire"
    assert list(fire[0].modifiers) == []
    assert CasualtiesTaken("CS-1", 1, "000 15.4") in events
    assert game.state.units["CS-1"].strength == 5
    assert len(game.dice.history) == 1


@pytest.mark.parametrize(("option", "fires"), [(True, 1), (False, 0)])
def test_the_engine_fires_it_after_a_rout_only_with_the_option(option: bool,
                                                               fires: int) -> None:
    game, rout = routed_past(disengagement_fire=option)
    game.dice = Dice.forcing([44])
    before = game.state.copy()
    events = game.ruleset.after_action(game._context(), before, [rout])
    assert len([e for e in events if isinstance(e, FireResolved)]) == fires
    assert game.state.units["CS-1"].strength == 6 - fires
