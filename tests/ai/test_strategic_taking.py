"""Hard's way of taking an enemy place (docs/ai.md, "Taking a place"; session 13, issue 29):
it counts troops aboard ship toward the place they sail for, goes into a place its battle
emptied at once (the advance), so such a battle is worth the place's whole swing, and keeps its
orders from forces that stand next to the place they are to take. Easy and normal do none of
it (the scenarios' balances were measured between normal players)."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from gameapp.ai.settings import Difficulty
from gameapp.ai.strategic.combat_cas import DRIVEN_OFF, TAKEN, battle_worth
from gameapp.ai.strategic.command_cas import CommandForces
from gameapp.ai.strategic.objectives import Target, pull
from gameapp.ai.strategic.player import StrategicPlayer
from gameapp.ai.strategic.settings import STRATEGIC_WEIGHTS
from gameapp.ai.strategic.staff import Staff
from gameapp.core.engine import Game
from gameapp.core.hexgrid import Hex
from gameapp.core.rulesets.strategic.actions import (
    Advance,
    Attack,
    DeclareSpan,
    GiveOrder,
    RollInitiative,
)
from gameapp.core.rulesets.strategic.odds import preview_battle
from gameapp.core.rulesets.strategic.pieces import Leader
from gameapp.core.rulesets.strategic.sequence import StrategicPhase
from gameapp.core.units import Side
from tests.rulesets.strategic.positions import hazel_game, place, state_of, to_phase
from tests.rulesets.strategic.test_strategic_schedule import to_week

WEST_1862 = Path(__file__).resolve().parents[2] / "scenarios" / "west_1862.yaml"
HAZELTON = "0702"  # the Hazel scenario's victory town (1 point), Hill's 6 SP (c3) in it


def test_troops_aboard_ship_count_toward_the_place_they_sail_for() -> None:
    """A place worth 10 VP, 3 of our SP near it ashore, 15 SP to grasp it fully: 12 SP
    standing 2 hexes off count only if aboard (ashore within two weeks' march they are in
    `have` already; aboard they are not)."""
    here, there = Hex(0, 0), Hex(2, 0)
    place_ = Target(here, 10.0, "the place", have=3, need=15.0)
    assert place_.worth(12, there) == pytest.approx(2.0)  # 10 * 3 / 15
    assert place_.worth(12, there, afloat=True) == pytest.approx(10.0)  # 10 * min(1, 15 / 15)
    # a hex next to it pulls 10 / (1 + 1/4) = 8 the force aboard, 2 / 1.25 = 1.6 otherwise
    assert pull((place_,), Hex(1, 0), 99, 12, there, afloat=True)[0] == pytest.approx(8.0)
    assert pull((place_,), Hex(1, 0), 99, 12, there)[0] == pytest.approx(1.6)


def test_only_hard_counts_troops_aboard_advances_and_keeps_orders() -> None:
    weights = {d: STRATEGIC_WEIGHTS[d] for d in Difficulty}
    assert [(w.counts_afloat, w.advances, w.marches_round_enemy, w.keeps_orders)
            for w in weights.values()] == [(False,) * 4, (False,) * 4, (True,) * 4]


def _before_hazelton(die: int) -> Game:
    """The Union's combat phase: a general (initiative 6, tactical 0) with Ricketts (6 SP) and
    Sigel (7 SP) at 0602, next to Hazelton's 6 SP (Hill, no leader), the army HQ's 2 supply
    points 3 hexes off; every die is forced to `die` (the commands' rolls and the battle's:
    a 6 commands the general, initiative 6, and fails the others)."""
    game = hazel_game(first=Side.UNION)
    for piece in ("u4", "bayard", "ii-corps", "banks"):
        place(game, piece, "0105")
    for unit in ("u3", "u6"):
        place(game, unit, "0602")
    state = state_of(game)
    state.put(Leader("gen", Side.UNION, "General", 2, 6, 0, 6, game.map.parse("0602")))
    game.apply(DeclareSpan("gen", ("u3", "u6")))
    to_phase(game, StrategicPhase.COMBAT)
    game.apply(DeclareSpan("gen", ("u3", "u6")))
    game.dice.forced = [die] * 12
    return game


def _combat_phase(game: Game, difficulty: Difficulty) -> list[tuple[object, str]]:
    player = StrategicPlayer(Side.UNION, difficulty=difficulty)
    chosen: list[tuple[object, str]] = []
    while game.phase is StrategicPhase.COMBAT and game.current_side is Side.UNION:
        choice = player.decide(game)
        chosen.append((choice.action, choice.why))
        game.apply(choice.action)
    return chosen


def test_hard_advances_into_the_place_its_battle_emptied_and_takes_it() -> None:
    # 13 SP against 6 in a town: 2:1; a 6 is "5/25 R", Hill retreats 2 hexes and Hazelton is
    # empty: hard goes in with both divisions, the town is the Union's this week
    game = _before_hazelton(6)
    chosen = _combat_phase(game, Difficulty.HARD)
    kinds = [type(a) for a, _ in chosen]
    assert Attack in kinds and Advance in kinds
    advance, why = chosen[kinds.index(Advance)]
    assert kinds.index(Advance) == kinds.index(Attack) + 1  # at once (R&C strategic advance)
    assert isinstance(advance, Advance) and set(advance.units) == {"u3", "u6"}
    assert "takes Hazelton, VA (1 pt, 3.23)" in why
    state = state_of(game)
    hazelton = game.map.parse(HAZELTON)
    assert state.pieces["u3"].hex == hazelton and state.control.get(hazelton) is Side.UNION


def test_normal_does_not_advance_and_leaves_the_place_to_next_week() -> None:
    game = _before_hazelton(6)
    chosen = _combat_phase(game, Difficulty.NORMAL)
    assert Attack in [type(a) for a, _ in chosen]
    assert Advance not in [type(a) for a, _ in chosen]
    assert state_of(game).pieces["u3"].hex == game.map.parse("0602")


def test_a_battle_that_drives_the_defenders_off_a_place_is_its_whole_swing_to_hard() -> None:
    """Hazelton is worth 1 point, a swing of 2: driven off, normal counts half of it (a march
    may take it next week), hard all of it (it advances). At 2:1 the defenders retreat on a 3,
    4, 5 (r) and a 6 (R), each a sixth: hard's battle is worth 4/6 * (1.0 - 0.5) * 2 more."""
    game = _before_hazelton(6)
    staff = Staff(Side.UNION, STRATEGIC_WEIGHTS[Difficulty.HARD], random.Random(0))
    pos = staff.look(game)
    preview = preview_battle(pos.state, pos.terrain, Side.UNION, game.map.parse(HAZELTON),
                             ("u3", "u6"), None)
    assert preview.odds_label == "2:1"
    assert sum(r.chance for r in preview.results if r.outcome.defender_retreats) == \
        pytest.approx(4 / 6)
    more = battle_worth(pos, preview, TAKEN) - battle_worth(pos, preview, DRIVEN_OFF)
    assert more == pytest.approx(4 / 6 * (TAKEN - DRIVEN_OFF) * 2)


def test_against_as_many_defenders_driving_them_off_is_worth_half_the_swing_to_hard_too() -> None:
    """Stuart's 4 SP join Hill's 6 in Hazelton: 13 SP do not outnumber 10 by half again
    (15), so the beaten defenders, a hex off, would take the town back; hard counts half the
    swing as normal does, and the battle is worth the same to both."""
    game = _before_hazelton(6)
    place(game, "c2", HAZELTON)
    staff = Staff(Side.UNION, STRATEGIC_WEIGHTS[Difficulty.HARD], random.Random(0))
    pos = staff.look(game)
    preview = preview_battle(pos.state, pos.terrain, Side.UNION, game.map.parse(HAZELTON),
                             ("u3", "u6"), None)
    assert (preview.attacker_sp, preview.defender_sp) == (13, 10)
    assert any(r.outcome.defender_retreats for r in preview.results)
    assert battle_worth(pos, preview, TAKEN) == pytest.approx(
        battle_worth(pos, preview, DRIVEN_OFF))


def test_hard_spends_no_order_to_march_a_force_next_to_the_place_it_is_to_take() -> None:
    """The general's 13 SP next to Hazelton (Hill's 6 SP in it): the best hex within a week's
    march is Hazelton itself, where no march goes. Normal counts its pull as the force's need
    of an order to march; hard leaves the enemy's hex out, and the need is the pull of the
    open hexes round it, less than normal's."""
    game = _before_hazelton(6)
    for piece in ("c1", "c2", "jackson", "stuart", "valley"):  # out of reach: no danger
        place(game, piece, "1006")
    to_phase(game, StrategicPhase.MOVEMENT, Side.UNION)
    members = ("gen", "u3", "u6")

    def need(difficulty: Difficulty) -> tuple[float, str]:
        staff = Staff(Side.UNION, STRATEGIC_WEIGHTS[difficulty], random.Random(0))
        pos = staff.look(game)
        assert pos.theirs.get(game.map.parse(HAZELTON)) == 6
        assert game.map.parse("1006").distance(game.map.parse("0602")) > 3
        return CommandForces(staff)._march_need(pos, members)

    normal, hard = need(Difficulty.NORMAL), need(Difficulty.HARD)
    assert "Hazelton" in normal[1]
    assert hard[0] < normal[0]


def _slow_general_before_hazelton() -> Game:
    """The Union's movement phase: a general of initiative 2 (a roll commands him 2 times in
    6) with Ricketts and Sigel (13 SP) next to Hazelton's 6 SP; the Union has 1 order a week
    (hazel.yaml); the other Confederates out of reach."""
    game = hazel_game(first=Side.UNION)
    for unit in ("u3", "u6"):
        place(game, unit, "0602")
    state = state_of(game)
    state.put(Leader("gen", Side.UNION, "General", 2, 2, 0, 6, game.map.parse("0602")))
    for piece in ("c1", "c2", "jackson", "stuart", "valley"):
        place(game, piece, "1006")
    game.apply(DeclareSpan("gen", ("u3", "u6")))
    to_phase(game, StrategicPhase.MOVEMENT)
    return game


def test_hard_keeps_the_weeks_order_for_a_force_ready_to_attack() -> None:
    """The general's battle at Hazelton (13 SP against 6 at 2:1) is worth fighting, and his
    roll fails 4 times in 6: hard keeps the week's one order from the movement phase; normal
    spends it there."""
    kept = {}
    for difficulty in (Difficulty.NORMAL, Difficulty.HARD):
        game = _slow_general_before_hazelton()
        staff = Staff(Side.UNION, STRATEGIC_WEIGHTS[difficulty], random.Random(0))
        commands = CommandForces(staff)
        pos = staff.look(game)
        legal = [a for a in game.legal_actions() if isinstance(a, GiveOrder | RollInitiative)]
        kept[difficulty] = commands._kept_for_battles(pos, legal)
    assert kept == {Difficulty.NORMAL: 0, Difficulty.HARD: 1}


def test_with_the_order_kept_hard_attacks_without_a_roll() -> None:
    game = _slow_general_before_hazelton()
    player = StrategicPlayer(Side.UNION, difficulty=Difficulty.HARD)
    moved = []
    while game.phase is StrategicPhase.MOVEMENT:
        choice = player.decide(game)
        moved.append(choice.action)
        game.apply(choice.action)
    assert not [a for a in moved if isinstance(a, GiveOrder)]
    assert state_of(game).orders_used[Side.UNION] == 0
    chosen = _combat_phase(game, Difficulty.HARD)
    orders = [a for a, _ in chosen if isinstance(a, GiveOrder)]
    assert [a.leader for a in orders] == ["gen"]
    assert any(isinstance(a, Attack) and a.target == game.map.parse(HAZELTON)
               for a, _ in chosen)


def test_hard_weighs_the_voyage_of_a_force_aboard_ship_for_its_command() -> None:
    """West '62, week 12: Butler's 12 SP arrive aboard at the Head of Passes (B3033, open sea).
    Normal weighs his need of a command by a week's march from the hexes round his ships
    (water: nothing); hard by what his best voyage gains, so an order goes to him."""
    game = Game.from_scenario(WEST_1862, seed=1)
    to_week(game, 12)
    to_phase(game, StrategicPhase.COMMAND, Side.UNION)
    game.apply(DeclareSpan("butler", ("un-w12-6-1", "un-w12-6-2")))
    to_phase(game, StrategicPhase.MOVEMENT)
    state = state_of(game)
    assert all(getattr(state.pieces[u], "aboard", None)
               for u in ("un-w12-6-1", "un-w12-6-2", "butler"))

    def need(difficulty: Difficulty) -> tuple[float, str]:
        staff = Staff(Side.UNION, STRATEGIC_WEIGHTS[difficulty], random.Random(0))
        return CommandForces(staff)._need(staff.look(game), "butler")

    normal, hard = need(Difficulty.NORMAL), need(Difficulty.HARD)
    assert hard[1].startswith("to land its 12 SP (the force's 12 SP to ")
    assert "over its best marches" in hard[1]
    assert hard[0] > max(normal[0], 1.0)
