"""Every action the strategic rules list is offered by a gesture on the board (a click, a
Shift+click, a pick then a click, the battle dialog) or by a stack's Ctrl+click menu, not only
by a list (issue 26). `board_offers` is what the board's tool and menus draw from; these tests
hold the listing against it in positions that list every kind of action the ruleset routes,
and in a few seeded random walks from them.

What counts as the same offer: a march or a voyage to the same hex (the board offers the
cheapest way there: a forced march only where no plain march reaches); an attack whose units
all have a tick box, enabled, in the battle dialog a click on its target opens; every other
action exactly."""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

import pytest

from gameapp.core.engine import Game
from gameapp.core.rulesets.strategic.actions import (
    Attack,
    BurnSupply,
    DeclareSpan,
    EndPhase,
    GoOffMap,
    March,
    Rail,
    RollInitiative,
    Sail,
)
from gameapp.core.rulesets.strategic.pieces import Arm, Division, Fort, Leader, Ship, Vessel
from gameapp.core.rulesets.strategic.ruleset import ROUTES
from gameapp.core.rulesets.strategic.sequence import StrategicPhase
from gameapp.core.units import Side
from gameapp.present.strategic_battle import attacker_boxes
from gameapp.present.strategic_gestures import board_offers
from tests.rulesets.strategic.battles import (
    commanded_force,
    empty_board,
    ready_to_attack_0503,
    unit,
)
from tests.rulesets.strategic.positions import add, command, hazel_game, state_of, to_phase
from tests.rulesets.strategic.test_map_anomalies import ANOMALIES

U, C = Side.UNION, Side.CONFEDERATE


def key(action: Any) -> Any:
    if isinstance(action, March):
        return "march", action.piece, action.path[-1]
    if isinstance(action, Sail):
        return "sail", action.ship, action.path[-1]
    return action


def tickable(game: Game, attack: Attack, offers: list[Any]) -> bool:
    """Whether the battle dialog a click on the attack's target opens can tick its units."""
    proposal = next((a for a in offers if isinstance(a, Attack) and a.target == attack.target),
                    None)
    if proposal is None:
        return False
    boxes = {b.unit for b in attacker_boxes(game, proposal) if b.enabled}
    return set(attack.attackers) <= boxes and attack.amphibious == proposal.amphibious


def unoffered(game: Game) -> list[Any]:
    """The listed actions no gesture offers."""
    offers = board_offers(game)
    offered = {key(a) for a in offers}
    return [a for a in game.legal_actions() if key(a) not in offered
            and not (isinstance(a, Attack) and tickable(game, a, offers))]


def opening() -> Game:
    game = hazel_game()  # the Union command phase: spans, brigades, rosters
    add(game, Fort("westfort", U, game.map.parse("0303"), 5))  # one to raze (13.4)
    return game


def marching() -> Game:
    game = hazel_game()
    command(game, "u3", "ut1", at="0302")  # on the railroad: marches and rail moves
    return game


def railed() -> Game:
    game = marching()
    game.apply(Rail("u3", game.map.parse("0102")))  # entrained: detrain
    return game


def ships() -> Game:
    game = hazel_game()
    m = game.map
    add(game, Ship("ut", U, Vessel.TRANSPORT, 0, m.parse("0402"), capacity=6, cargo=("y",)))
    add(game, Division("x", U, "x", Arm.INFANTRY, 3, 3, m.parse("0402")))
    add(game, Division("y", U, "y", Arm.INFANTRY, 3, 3, m.parse("0402"), aboard="ut"))
    command(game, "x", "y", at="0402")  # embark x, land y, sail ut
    return game


def naval() -> Game:
    game = empty_board()
    add(game, Ship("gb", U, Vessel.GUNBOAT, 10, game.map.parse("0405")))
    add(game, Ship("ic", C, Vessel.IRONCLAD, 5, game.map.parse("0405")))
    to_phase(game, StrategicPhase.COMBAT)
    return game


def battle() -> Game:
    return ready_to_attack_0503()


def two_forces() -> Game:
    """Two commanded forces next to one enemy stack: the rules list an attack for each; the
    click opens the first, the other's unit is a box to tick."""
    game = empty_board()
    unit(game, "x", U, "0603", 12)
    unit(game, "y", U, "0602", 6)
    unit(game, "c", C, "0503", 6)
    to_phase(game, StrategicPhase.COMBAT)
    commanded_force(game, {"0603": ["x"]})
    add(game, Leader("l2", U, "Other", 2, 6, 0, 4, game.map.parse("0602")))
    game.apply(DeclareSpan("l2", ("y",)))
    game.dice.forced = [1]
    game.apply(RollInitiative("l2"))
    attacks = [a for a in game.legal_actions() if isinstance(a, Attack)]
    assert [a.attackers for a in attacks] == [("x",), ("y",)]
    return game


def advancing() -> Game:
    game = battle()
    game.dice.forced = [6]
    game.apply(Attack(game.map.parse("0503"), ("x", "y")))  # c is gone: advance
    return game


def detour() -> Game:
    game = hazel_game(path=ANOMALIES)
    command(game, "u1")
    return game


def back_from_detour() -> Game:
    game = detour()
    game.apply(GoOffMap("u1"))
    while state_of(game).turn == 1:
        game.apply(EndPhase())
    to_phase(game, StrategicPhase.MOVEMENT, U)
    return game


POSITIONS: dict[str, Callable[[], Game]] = {
    "opening": opening, "marching": marching, "railed": railed, "ships": ships,
    "naval": naval, "battle": battle, "two_forces": two_forces, "advancing": advancing,
    "detour": detour, "back_from_detour": back_from_detour}


@pytest.mark.parametrize("name", POSITIONS)
def test_every_listed_action_is_offered_by_the_board(name: str) -> None:
    game = POSITIONS[name]()
    assert unoffered(game) == []


def test_the_positions_list_every_kind_of_action_the_ruleset_routes() -> None:
    """So the test above reaches every kind (BurnSupply is never listed: its menu entry is
    asked of the rules' check, test_strategic_menu_gestures_window.py)."""
    routed = {kind for routes in ROUTES.values() for kind in routes}
    seen = {type(a) for make in POSITIONS.values() for a in make().legal_actions()}
    assert routed - seen == {BurnSupply}


@pytest.mark.parametrize(("name", "seed"), [("opening", 1), ("ships", 2), ("battle", 3)])
def test_every_listed_action_stays_offered_in_a_random_walk(name: str, seed: int) -> None:
    game = POSITIONS[name]()
    rng = random.Random(seed)
    for _ in range(25):
        if game.is_over:
            break
        assert unoffered(game) == [], f"after {[e.notation for e in game.log[-3:]]}"
        game.apply(rng.choice(list(game.legal_actions())))
