"""The strategic computer player's moves by water (gameapp/ai/strategic/water_cas.py): a force
standing with transports embarks, sails and lands when that gains more than its marches, with a
one-line reason at each step; it marches when the water takes it nowhere better; empty
transports go where the troops are, for next week (docs/ai.md, "Moves by water")."""

from __future__ import annotations

import re
from pathlib import Path

from gameapp.ai.rca import Choice
from gameapp.ai.settings import Difficulty
from gameapp.ai.strategic.player import StrategicPlayer
from gameapp.core.engine import Game
from gameapp.core.rulesets.strategic.actions import (
    DeclareSpan,
    Embark,
    GiveOrder,
    Land,
    March,
    Sail,
)
from gameapp.core.rulesets.strategic.pieces import Arm, Division, Fort, Ship, Vessel
from gameapp.core.rulesets.strategic.sequence import StrategicPhase
from gameapp.core.units import Side
from tests.rulesets.strategic.positions import add, command, hazel_game, place, state_of, to_phase
from tests.rulesets.strategic.test_strategic_schedule import scheduled, to_week

EAST_1862 = Path(__file__).resolve().parents[2] / "scenarios" / "east_1862.yaml"


def _choices(game: Game, player: StrategicPlayer, most: int = 12) -> list[Choice]:
    """The player's choices while they are moves by water, and the first one that is not."""
    chosen: list[Choice] = []
    for _ in range(most):
        choice = player.decide(game)
        chosen.append(choice)
        if "by water" not in choice.why:
            break
        game.apply(choice.action)
    return chosen


def _mcclellan_at_alexandria() -> Game:
    """East '62, week 1: McClellan and the Army of the Potomac's HQ (Sykes's regulars and the
    cavalry reserve, 10 SP on its roster) moved to Alexandria, where the Potomac fleet (20 SP)
    lies; he is ordered, with no one else in his span."""
    game = Game.from_scenario(EAST_1862, seed=1)
    for piece in ("mcclellan", "us_aop"):
        place(game, piece, "C2609")  # Alexandria, VA
    to_phase(game, StrategicPhase.COMMAND, Side.UNION)
    game.apply(DeclareSpan("mcclellan", ()))
    to_phase(game, StrategicPhase.MOVEMENT)
    game.apply(GiveOrder("mcclellan"))
    return game


def test_mcclellan_goes_by_water_embarking_sailing_and_landing_in_one_move() -> None:
    game = _mcclellan_at_alexandria()
    state = state_of(game)
    alexandria = game.map.place("Alexandria, VA").hex
    richmond = game.map.place("Richmond, VA").hex
    chosen = _choices(game, StrategicPlayer(Side.UNION, seed=1, difficulty=Difficulty.NORMAL))
    steps = [c.action for c in chosen if "by water" in c.why]
    # the army HQ with its roster first, then its commander, who weighs nothing (10.31)
    assert steps[:2] == [Embark("us_aop", "us_transports_potomac"),
                         Embark("mcclellan", "us_transports_potomac")]
    assert isinstance(steps[2], Sail) and steps[3:5] == [Land("us_aop"), Land("mcclellan")]
    landed = state.pieces["us_aop"].hex
    assert state.pieces["mcclellan"].hex == landed == steps[2].path[-1]
    assert all(state.pieces[u].hex == landed for u in ("us_sykes", "us_cav_reg"))  # the roster
    # far down the Potomac and the Bay: much nearer Richmond than any march could take it
    assert landed.distance(richmond) <= alexandria.distance(richmond) - 4
    # one line each, saying where to and what it gains over marching
    assert all("\n" not in c.why and "over its best marches" in c.why for c in chosen[:5])


def test_easy_does_not_move_by_water() -> None:
    game = _mcclellan_at_alexandria()
    chosen = _choices(game, StrategicPlayer(Side.UNION, seed=1, difficulty=Difficulty.EASY))
    assert not any(isinstance(c.action, Embark | Sail | Land) for c in chosen)


def test_a_force_marches_when_the_water_takes_it_nowhere_better() -> None:
    """Hazel: two divisions with a 20 SP transport at 0402; the river runs north and south
    (columns 04-05) while the Confederates and their town lie east: they march."""
    game = hazel_game()
    add(game, Ship("tr", Side.UNION, Vessel.TRANSPORT, 0, game.map.parse("0402"), capacity=20))
    command(game, "u3", "u6", at="0402")
    choice = StrategicPlayer(Side.UNION, seed=1).decide(game)
    assert isinstance(choice.action, March) and "by water" not in choice.why


def test_empty_transports_go_to_the_troops_for_next_week() -> None:
    """East '62, week 1, once the Union's forces have moved: the Potomac fleet, empty and away
    at the North Carolina sounds, sails to a stack on the water whose voyage would pay."""
    game = Game.from_scenario(EAST_1862, seed=1)
    state_of(game).move("us_transports_potomac", game.map.parse("C3423"))
    to_phase(game, StrategicPhase.MOVEMENT, Side.UNION)
    player = StrategicPlayer(Side.UNION, seed=1)
    sent = None
    while game.phase is StrategicPhase.MOVEMENT and game.current_side is Side.UNION:
        choice = player.decide(game)
        if isinstance(choice.action, Sail):
            sent = choice
            break
        game.apply(choice.action)
    assert sent is not None and sent.action.ship == "us_transports_potomac"
    assert "to carry them next week" in sent.why
    to = sent.action.path[-1]
    assert sum(p.sp for p in state_of(game).divisions(Side.UNION) if p.hex == to) >= 4


def test_troops_arriving_aboard_are_sailed_and_landed_by_their_leader(tmp_path: Path) -> None:
    """Butler's case on the Hazel map: a leader and 10 SP arrive aboard two transports at
    0405 (week 2); ordered, the player takes them ashore that week, by water, each step said."""
    game = hazel_game(path=scheduled(tmp_path, """
reinforcements:
  - {week: 2, side: union, at: "0405", sp: 10, divisions: 2, name: Gulf division, aboard: true,
      ships: [{vessel: transport}, {vessel: transport}],
      leader: {id: butler, name: Butler, stars: 2, initiative: 2, tactical: -1, span: 2},
      what: the squadron, source: test}
"""))
    to_week(game, 2)
    to_phase(game, StrategicPhase.COMMAND, Side.UNION)
    game.apply(DeclareSpan("butler", ("un-w2-0-1", "un-w2-0-2")))
    to_phase(game, StrategicPhase.MOVEMENT)
    game.apply(GiveOrder("butler"))
    chosen = _choices(game, StrategicPlayer(Side.UNION, seed=1))
    assert {type(c.action) for c in chosen[:-1]} <= {Sail, Land}
    assert {c.action.unit for c in chosen if isinstance(c.action, Land)} == {
        "butler", "un-w2-0-1", "un-w2-0-2"}
    state = state_of(game)
    ashore = {state.pieces[p].hex for p in ("butler", "un-w2-0-1", "un-w2-0-2")}
    assert len(ashore) == 1 and not game.rules.terrain.terrain(ashore.pop()).is_water


def test_a_landing_past_an_enemy_fort_is_weighed_by_its_chance_of_getting_through() -> None:
    """McClellan's voyage of the first test, with a Confederate battery of 40 guns (3:1 against
    a transport fleet: it arrives 1/2, is hit 1/2, R&C strategic transit) put on the first land
    hex of his route below Alexandria: the plan is worth its landing's gain only half the
    time, less the hit's 1 SP, and each step's reason says the odds."""

    def gain(why: str) -> float:
        return float(re.search(r"\+(-?[0-9.]+) VP over its best marches", why).group(1))  # type: ignore[union-attr]

    game = _mcclellan_at_alexandria()
    safe = _choices(game, StrategicPlayer(Side.UNION, seed=1))
    first = next(c.action for c in safe if isinstance(c.action, Sail))
    game = _mcclellan_at_alexandria()
    bank = next(h for h in first.path if not game.rules.terrain.terrain(h).is_water)
    add(game, Fort("batteries", Side.CONFEDERATE, bank, 5, guns=40))
    add(game, Division("gunners", Side.CONFEDERATE, "gunners", Arm.GARRISON, 1, 1, bank))
    risky = _choices(game, StrategicPlayer(Side.UNION, seed=1))
    assert isinstance(risky[0].action, Embark)
    assert "past batteries's guns: arrives 1/2, hit 1/2" in risky[0].why
    assert gain(risky[0].why) < gain(safe[0].why) / 2
