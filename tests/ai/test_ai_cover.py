"""Infantry takes cover (issue 30): the cover change is a movement candidate, priced by what it
takes off the enemy's fire against what it takes off the unit's own (the covered firing
limit). Hand-made positions, the figures in the comments."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace

from gameapp.ai.move_choice import unit_candidates
from gameapp.ai.player import AIPlayer
from gameapp.ai.settings import Posture
from gameapp.core.actions import Cover
from gameapp.core.engine import Game
from gameapp.core.mapdata import HexMap
from gameapp.core.scenario import VictoryHex
from gameapp.core.terrain import Terrain
from gameapp.core.units import Formation, Side, Status, Unit
from tests.ai.contexts import move_context
from tests.core.positions import N, S, artillery, blank_map, game_on, infantry, place

Enemy = Callable[[HexMap], Unit]


def _farm_in_the_woods(enemies: list[Enemy], morale: int = 44) -> Game:
    """A Union 5-SP line (morale 44, so it may take cover: note 6) holds a farm worth 3 in
    woods at 0609, woods behind it at 0610, open ground in front."""
    m = blank_map()
    for h in ("0609", "0610"):
        m.set_terrain(m.parse(h), Terrain.WOODS)
    line = place(replace(infantry("u", strength=5), morale=morale), m, "0609", N)
    return game_on(m, [line, *(enemy(m) for enemy in enemies)],
                   victory_hexes=(VictoryHex(m.parse("0609"), "farm", 3, Side.UNION),))


def _battery(uid: str, at: str) -> Enemy:
    return lambda m: place(artillery(uid, Side.CONFEDERATE, strength=6), m, at, S,
                           Formation.UNLIMBERED)


def _ranked(game: Game) -> list[tuple[float, object, str]]:
    ctx = move_context(game, posture=Posture.DEFEND)
    found = unit_candidates(ctx, game.state.units["u"])
    return sorted(((c.score, c.action, str(c.why)) for c in found),
                  key=lambda c: -c[0])


def test_a_line_holding_a_farm_under_the_guns_takes_cover() -> None:
    """Three 6-gun batteries shell the farm from 5 hexes, beyond the line's reach (its fire
    is 0 standing or covered). Under cover the woods take 7 off the roll instead of 3, and
    the same off its morale rolls: the fire it expects falls from 0.63 VP to 0.32, and it
    gives up no fire, so it takes cover (+0.27 VP after the move's 0.05), which beats every
    move: to leave the farm with the enemy 5 hexes off gives up the hold (defend: 0.5 x 3)."""
    game = _farm_in_the_woods([_battery("c1", "0604"), _battery("c2", "0504"),
                               _battery("c3", "0704")])
    score, action, why = _ranked(game)[0]
    assert action == Cover("u", True)
    assert 0.2 < score < 0.35
    assert why.startswith("takes cover with u at 0609: enemy fire expected 0.63 VP standing, "
                          "0.32 covered; its fire 0.00 steps standing, 0.00 covered")
    choice = AIPlayer(Side.UNION, 1, posture=Posture.DEFEND).decide(game)
    assert choice.action == Cover("u", True) and choice.why == why  # the log line's reason


def test_a_line_that_can_shoot_stays_standing() -> None:
    """A Confederate 3-SP line 2 hexes off is the threat instead. Standing, the Union line
    fires with the woods' firing limit, 4 of its 5 SPs (0.11 steps expected); covered with 1
    SP, 1/3 of a fire point at 2 hexes, nothing. The volley it would save (0.15 VP of fire
    expected, 0.06 covered) is worth less than its own: cover scores below zero and is not
    taken."""
    game = _farm_in_the_woods([lambda m: place(infantry("c", Side.CONFEDERATE, strength=3), m,
                                               "0607", S)])
    ranked = _ranked(game)
    cover = [(score, why) for score, action, why in ranked if action == Cover("u", True)]
    assert len(cover) == 1 and cover[0][0] < 0
    assert "its fire 0.11 steps standing, 0.00 covered" in cover[0][1]
    # the loop takes only candidates above zero: the line stands as it is


def test_a_green_regiment_does_not_take_cover() -> None:
    """Note 6: only formed infantry of printed morale above 36 takes cover; the same line at
    morale 35 under the same guns has no cover candidate."""
    game = _farm_in_the_woods([_battery("c1", "0604"), _battery("c2", "0504"),
                               _battery("c3", "0704")], morale=35)
    assert not [a for _, a, _ in _ranked(game) if isinstance(a, Cover)]


def test_a_covered_line_fires_with_the_covered_firing_limit() -> None:
    """TEC N1: woods let 4 SPs fire standing, 1 covered; the open 9 and 2. The movement
    scores read the same limits (`Influence.firing_sps`)."""
    game = _farm_in_the_woods([_battery("c1", "0604")])
    influence = move_context(game).influence
    line = game.state.units["u"]
    covered = replace(line, status=line.status | {Status.COVER})
    woods, open_ = game.map.parse("0609"), game.map.parse("0607")
    assert (influence.firing_sps(line, woods), influence.firing_sps(covered, woods)) == (4, 1)
    assert (influence.firing_sps(line, open_), influence.firing_sps(covered, open_)) == (5, 2)
