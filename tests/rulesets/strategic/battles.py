"""Building battles on the Hazel test map: an empty board, units where a test wants them, and
a commanded force ready to attack in the combat phase.

    game = empty_board()                                    # Union command phase, no pieces
    unit(game, "x", Side.UNION, "0603", sp=12)
    to_phase(game, StrategicPhase.COMBAT)
    commanded_force(game, {"0603": ["x"], "0602": ["y"]})  # an army commander + a corps leader
"""

from __future__ import annotations

from gameapp.core.engine import Game
from gameapp.core.rulesets.strategic.actions import Attack, DeclareSpan, GiveOrder
from gameapp.core.rulesets.strategic.pieces import HQ, Arm, Division, Echelon, Haul, Leader, Train
from gameapp.core.rulesets.strategic.sequence import StrategicPhase
from gameapp.core.units import Side
from tests.rulesets.strategic.positions import add, hazel_game, state_of, to_phase


def empty_board(first: Side = Side.UNION) -> Game:
    game = hazel_game(first=first)
    state_of(game).pieces.clear()
    return game


def unit(game: Game, unit_id: str, side: Side, at: str, sp: int = 6,
         arm: Arm = Arm.INFANTRY, name: str | None = None, **more: object) -> Division:
    piece = Division(unit_id, side, name or unit_id, arm, sp, 3, game.map.parse(at), **more)  # type: ignore[arg-type]
    add(game, piece)
    return piece


def train(game: Game, train_id: str, side: Side, at: str, supply: int = 5) -> None:
    add(game, Train(train_id, side, Haul.SUPPLY_TRAIN, game.map.parse(at), supply))


def commanded_force(game: Game, groups: dict[str, list[str]], tactical: int = 0,
                    order: bool = True) -> None:
    """An army commander ("gen", initiative 6, span 6) on an army HQ in the first hex, a corps
    leader in each other hex, spans declared and the army commanded (an order, or a roll of 1
    against his 6)."""
    hexes = list(groups)
    side = state_of(game).pieces[groups[hexes[0]][0]].side
    first = game.map.parse(hexes[0])
    add(game, Leader("gen", side, "General", 3, 6, tactical, 6, first))
    add(game, HQ("gq", side, "Army HQ", Echelon.ARMY, first, commander="gen"))
    subs = []
    for i, where in enumerate(hexes[1:]):
        sub = f"sub{i}"
        at = game.map.parse(where)
        # the corps leader's units ride on his HQ's roster, so the army commander's span
        # takes them in with him (10.1)
        add(game, Leader(sub, side, f"Brigadier {i}", 1, 4, 0, 6, at))
        add(game, HQ(f"{sub}-hq", side, f"Corps {i}", Echelon.CORPS, at, commander=sub,
                     roster=tuple(groups[where])))
        subs.append(sub)
    game.apply(DeclareSpan("gen", (*subs, *groups[hexes[0]])))
    if order:
        game.apply(GiveOrder("gen"))
    else:
        from gameapp.core.rulesets.strategic.actions import RollInitiative

        game.dice.forced = [1]
        game.apply(RollInitiative("gen"))


def ready_to_attack_0503(defender_sp: int = 1, tactical: int = 0) -> Game:
    """Two Union divisions (x 12 SP with a 5-point supply train at 0603, y 6 SP at 0602),
    commanded in the combat phase (the army commander's `tactical` rating), beside a lone
    Confederate division c of `defender_sp` at 0503."""
    game = empty_board()
    unit(game, "x", Side.UNION, "0603", 12)
    unit(game, "y", Side.UNION, "0602", 6)
    unit(game, "c", Side.CONFEDERATE, "0503", defender_sp)
    train(game, "ut", Side.UNION, "0603", 5)
    to_phase(game, StrategicPhase.COMBAT)
    commanded_force(game, {"0603": ["x", "ut"], "0602": ["y"]}, tactical=tactical)
    return game


def emptied_0503() -> Game:
    """`ready_to_attack_0503` after x and y attacked with a 6: c, 1 SP, is gone and 0503 is
    empty, so an advance may follow."""
    game = ready_to_attack_0503()
    game.dice.forced = [6]
    game.apply(Attack(game.map.parse("0503"), ("x", "y")))
    return game
