"""Battles on the Hazel test map (8.0, 8.12, 8.16, 8.17, 8.21/8.23, 9.31, 9.32, 10.34, 7.24,
6.58, 13.38). Each test says its working in comments; the breakdowns are asserted."""

from __future__ import annotations

from dataclasses import replace
from fractions import Fraction

import pytest

from gameapp.core.breakdown import IllegalActionError
from gameapp.core.engine import Game
from gameapp.core.rulesets.strategic.actions import (
    Attack,
    DeclareSpan,
    EndPhase,
    GiveOrder,
    RollInitiative,
)
from gameapp.core.rulesets.strategic.combat import BattleFought, Detrained, Retreated, Surrendered
from gameapp.core.rulesets.strategic.crt import combat_tables, loss_of
from gameapp.core.rulesets.strategic.losses import share_losses, sp_lost
from gameapp.core.rulesets.strategic.pieces import (
    HQ,
    Arm,
    Depot,
    Echelon,
    Fort,
    Leader,
    Ship,
    Vessel,
)
from gameapp.core.rulesets.strategic.retreat import retreat_path, step_refusal
from gameapp.core.rulesets.strategic.ruleset import ATTACK
from gameapp.core.rulesets.strategic.sequence import StrategicPhase
from gameapp.core.rulesets.strategic.zoc import Board
from gameapp.core.units import Side
from tests.rulesets.strategic.battles import (
    commanded_force,
    empty_board,
    ready_to_attack_0503,
    train,
    unit,
)
from tests.rulesets.strategic.positions import add, command, refused, state_of, to_phase

U, C = Side.UNION, Side.CONFEDERATE


def at(game: Game, hex_id: str) -> object:
    return game.map.parse(hex_id)


def battle(events: list) -> BattleFought:
    return next(e for e in events if isinstance(e, BattleFought))


def two_hex_attack() -> Game:
    """x (12 SP) at 0603 and y (6) at 0602, both next to c (6) at 0503 and to each other; a
    Union supply train with 5 points beside x; the Union's combat phase, the army commanded."""
    return ready_to_attack_0503(defender_sp=6, tactical=1)


def test_every_battle_shows_odds_shifts_modifiers_and_each_results_chance() -> None:
    game = two_hex_attack()
    action = Attack(at(game, "0503"), ("x", "y"))
    preview = ATTACK.preview(game._context(), action, U)
    # 12 + 6 = 18 SP attack 6 in clear ground: 3 to 1, no shift; combat supply: 18 SP need
    # ceil(18/10) = 2 points, drawn from the train beside them
    assert [(t.label, t.value, t.rule) for t in preview.attack_terms] == [
        ("x x", 12, "R&C strategic combat"), ("y y", 6, "R&C strategic combat"),
        ("combat supply: 2 point(s) for 18 SP attacking", 2, "R&C strategic combat supply"),
        ("drawn from ut", 2, "R&C strategic combat supply")]
    assert preview.odds_label == "3:1" and preview.column == preview.base_column == 5
    # the General's tactical +1, no defending leader: the die is read one row lower down
    assert [(t.label, t.value) for t in preview.modifier_terms] == [
        ("General leads the attack", 1)]
    # dice 1-4 read rows 2-5, dice 5 and 6 both read row 6 (0/35 is not there: 3:1 column)
    chances = {r.outcome.text: (r.chance, r.attacker_loss, r.defender_loss)
               for r in preview.results}
    # losses: 10 % of 18 = 1.8 -> 2; 5 % -> 0.9 -> 1; 15 % of 6 = 0.9 -> 1; 25 % -> 1.5 -> 2
    assert chances == {"10/15 r": (Fraction(1, 6), 2, 1), "10/20 r": (Fraction(1, 6), 2, 1),
                       "5/20 r": (Fraction(1, 6), 1, 1), "5/25 R": (Fraction(1, 6), 1, 2),
                       "5/30 R": (Fraction(1, 3), 1, 2)}
    assert sum(r.chance for r in preview.results) == 1
    game.dice.forced = [6]
    events = game.apply(action)
    fought = battle(events)
    assert fought.roll == 6 and fought.outcome == "5/30 R"
    # the attacker's 1 SP: one point for two units, so the stronger (x) takes it (8.16)
    assert [(line.piece, line.sp) for line in fought.attacker_lines] == [("x", 1)]
    assert [(line.piece, line.rule) for line in fought.defender_lines] == [
        ("c", "004 8.16"), ("c", "004 8.16")]
    state = state_of(game)
    assert state.pieces["x"].sp == 11 and state.pieces["c"].sp == 4  # type: ignore[union-attr]
    # R: two hexes back, never into an enemy-occupied hex (9.32)
    retreat = next(e for e in events if isinstance(e, Retreated))
    assert len(retreat.path) == 2 and retreat.rule == "004 9.32"
    assert state.pieces["c"].hex == retreat.path[-1]
    assert state.supply_gone == {"spent": 2} and state.pieces["ut"].supply == 3  # type: ignore[union-attr]


def test_leaders_commands_are_all_tried_before_the_first_battle_8_0() -> None:
    game = two_hex_attack()
    add(game, Leader("other", U, "Other", 1, 3, 0, 2, at(game, "0303")))
    game.dice.forced = [4]
    game.apply(Attack(at(game, "0503"), ("x", "y")))
    # once a battle is fought, no leader may try for a command to attack
    error = refused(game, RollInitiative("other"))
    assert error.rule == "004 8.0"
    assert not any(isinstance(a, RollInitiative) for a in game.legal_actions())


def test_a_unit_attacks_once_from_march_and_once_in_combat_8_12() -> None:
    game = empty_board()
    unit(game, "x", U, "0604", 9)
    unit(game, "c", C, "0504", 9)
    unit(game, "c2", C, "0705", 9)
    train(game, "ut", U, "0604", 5)
    command(game, "x", "ut")  # the movement phase: x's force is the one moving
    game.dice.forced = [1]  # 9 : 9 is 1:1, die 1: 20/10, nobody retreats
    battle(game.apply(Attack(at(game, "0705"), ("x",))))  # attack from march
    state = state_of(game)
    assert "movement:x" in state.attacked and "x" in state.halted
    # 9 SP lose 20 %: 1.8 -> 2
    assert state.pieces["x"].sp == 7  # type: ignore[union-attr]
    assert refused(game, Attack(at(game, "0504"), ("x",))).rule == "004 8.12"
    to_phase(game, StrategicPhase.COMBAT)
    game.apply(DeclareSpan("gen", ("x", "ut")))  # spans are declared again for combat (10.1)
    game.dice.forced = [1]  # the General's initiative 6: a 1 commands him to attack
    game.apply(RollInitiative("gen"))
    game.dice.forced = [3]
    battle(game.apply(Attack(at(game, "0504"), ("x",))))  # and once in combat
    assert "combat:x" in state.attacked
    assert refused(game, Attack(at(game, "0705"), ("x",))).rule == "004 8.12"


def test_attacking_hexes_must_touch_each_other_8_21() -> None:
    # the errata's example in small: units either side of the target (0602 and 0504 both touch
    # 0503, but not each other) cannot join in one attack
    game = empty_board()
    unit(game, "z", U, "0603", 6)
    unit(game, "x", U, "0602", 6)
    unit(game, "y", U, "0504", 6)
    unit(game, "c", C, "0503", 6)
    train(game, "ut", U, "0603", 5)
    to_phase(game, StrategicPhase.COMBAT)
    # one army: the General at 0603 takes in the corps leaders either side of him
    commanded_force(game, {"0603": ["z", "ut"], "0602": ["x"], "0504": ["y"]})
    assert at(game, "0602").distance(at(game, "0504")) == 2  # type: ignore[attr-defined]
    error = refused(game, Attack(at(game, "0503"), ("x", "y")))
    assert error.rule == "004 8.21"
    # nor from three hexes, though each pair but one touches
    assert refused(game, Attack(at(game, "0503"), ("x", "y", "z"))).rule == "004 8.21"
    # two hexes that touch each other are fine: 12 : 6 is 2:1, die 1: 15/10, c stays
    game.dice.forced = [1]
    battle(game.apply(Attack(at(game, "0503"), ("z", "x"))))
    assert state_of(game).pieces["c"].hex == at(game, "0503")
    # 8.23: the defender may be attacked again in the phase, by other units
    game.dice.forced = [3]
    assert battle(game.apply(Attack(at(game, "0503"), ("y",)))).preview.defenders == ("c",)


def test_attacking_is_voluntary_9_31() -> None:
    game = two_hex_attack()
    legal = list(game.legal_actions())
    assert any(isinstance(a, Attack) for a in legal) and EndPhase() in legal
    game.apply(EndPhase())  # no battle is owed
    assert game.phase is StrategicPhase.COMMAND


def test_units_of_different_commanders_do_not_combine_10_14() -> None:
    game = empty_board()
    unit(game, "x", U, "0603", 6)
    unit(game, "y", U, "0602", 6)
    unit(game, "c", C, "0503", 3)
    to_phase(game, StrategicPhase.COMBAT)
    add(game, Leader("a", U, "A", 1, 6, 0, 2, at(game, "0603")))
    add(game, Leader("b", U, "B", 1, 6, 0, 2, at(game, "0602")))
    game.apply(DeclareSpan("a", ("x",)))
    game.apply(DeclareSpan("b", ("y",)))
    game.dice.forced = [1, 1]
    game.apply(RollInitiative("a"))
    game.apply(RollInitiative("b"))
    error = refused(game, Attack(at(game, "0503"), ("x", "y")))
    assert error.rule == "004 10.14" and "different commanders" in error.reason


def test_losses_spread_evenly_the_errata_example_8_16() -> None:
    # a 4-4 cavalry, a 7-3 infantry, a 3-2 militia and two (5)-1 garrisons lose 6: one point
    # from each, the two garrisons counting as one unit (4 points), then two more: the
    # garrisons first, then the militia (the errata's own presumption)
    game = empty_board()
    units = [unit(game, "cav", U, "0101", 4, Arm.CAVALRY), unit(game, "inf", U, "0101", 7),
             unit(game, "mil", U, "0101", 3, Arm.MILITIA),
             unit(game, "g1", U, "0101", 5, Arm.GARRISON),
             unit(game, "g2", U, "0101", 5, Arm.GARRISON)]
    lines = share_losses(units, [], 6)
    assert sp_lost(lines) == {"cav": 1, "inf": 1, "mil": 2, "g1": 1, "g2": 1}
    first = [line for line in lines if line.why.startswith("round 1")]
    assert len(first) == 4 and "the 2 garrisons count as one unit" in first[0].why
    assert all(line.rule == "004 8.16" for line in lines)


def test_losses_with_ships_the_errata_naval_example_8_16() -> None:
    # three naval flotillas (20 each) beside three 10-3 divisions: 90 SP defend; 10 % is 9.
    # Half, rounded up (5), falls on the divisions (2, 2, 1); the other 4 sink one flotilla
    game = empty_board()
    divisions = [unit(game, f"d{i}", C, "0503", 10) for i in range(3)]
    flotillas = [Ship(f"f{i}", C, Vessel.GUNBOAT, 20, at(game, "0503")) for i in range(3)]
    assert loss_of(90, 10, combat_tables().loss_floor_percent) == 9
    lines = share_losses(divisions, flotillas, 9)
    lost = sp_lost(lines)
    assert sum(lost[f"d{i}"] for i in range(3)) == 5 and sorted(lost[f"d{i}"] for i in range(3)) \
        == [1, 2, 2]
    assert [p for p in lost if p.startswith("f")] == ["f0"]
    assert "5 SP (half of 9, rounded up) fall on the troops, 4 on the ships" in lines[0].why
    # and in a battle the flotillas stand in the defence at their strength
    for ship in flotillas:
        add(game, ship)
    unit(game, "x", U, "0603", 20)
    to_phase(game, StrategicPhase.COMBAT)
    commanded_force(game, {"0603": ["x"]})
    preview = ATTACK.preview(game._context(), Attack(at(game, "0503"), ("x",)), U)
    assert preview.defence == 90 and preview.ships == ("f0", "f1", "f2")


def test_trains_and_depots_are_held_out_8_17() -> None:
    game = two_hex_attack()
    train(game, "ct", C, "0503", 4)
    add(game, Depot("cd", C, at(game, "0503"), 6))
    preview = ATTACK.preview(game._context(), Attack(at(game, "0503"), ("x", "y")), U)
    assert preview.held_out == ("cd", "ct") and preview.defence == 6
    assert ("cd held out of the battle", 0, "004 8.17") in [
        (t.label, t.value, t.rule) for t in preview.defence_terms]
    game.dice.forced = [6]  # 5/30 R: c retreats; its train goes along, the depot is destroyed
    events = game.apply(Attack(at(game, "0503"), ("x", "y")))
    state = state_of(game)
    assert state.pieces["ct"].hex == state.pieces["c"].hex != at(game, "0503")
    assert "cd" not in state.pieces and state.gone["cd"] == "destroyed"
    assert state.supply_gone["destroyed"] == 6
    assert any(isinstance(e, Surrendered) and e.rule == "004 8.17" for e in events)


def test_held_out_pieces_die_with_the_last_defender_and_a_lone_leader_retreats_10_34() -> None:
    game = two_hex_attack()
    state = state_of(game)
    state.put(replace(state.pieces["c"], sp=1))  # type: ignore[type-var]
    add(game, Leader("jeb", C, "Jeb", 1, 5, 0, 2, at(game, "0503")))
    add(game, HQ("chq", C, "Corps", Echelon.CORPS, at(game, "0503"), commander="jeb"))
    train(game, "ct", C, "0503", 4)
    game.dice.forced = [6]  # 30 % of 1 SP: at least 1 SP at 10 % or more: c is gone
    events = game.apply(Attack(at(game, "0503"), ("x", "y")))
    assert "c" not in state.pieces and state.gone["c"] == "battle"
    assert "ct" not in state.pieces  # held out, it dies with the last defender (8.17)
    lone = next(e for e in events if isinstance(e, Retreated) and e.rule == "004 10.34")
    assert set(lone.pieces) == {"jeb", "chq"} and len(lone.path) == 1
    assert state.pieces["jeb"].hex == state.pieces["chq"].hex == lone.path[0]
    assert state.lost[C] == 1


def test_retreats_never_enter_enemy_hexes_nor_cross_a_river_into_an_enemy_zoc_9_32() -> None:
    game = empty_board()
    unit(game, "c", C, "0503", 4)
    unit(game, "x", U, "0603", 6)
    unit(game, "w", U, "0303", 6)  # its zone of control covers 0402 and 0403 across the river
    board = Board.of(state_of(game), game.rules.terrain)
    terrain = game.rules.terrain
    assert step_refusal(board, terrain, C, at(game, "0503"), at(game, "0603")) == \
        "an enemy-occupied hex"
    assert step_refusal(board, terrain, C, at(game, "0503"), at(game, "0403")) == \
        "across a river into an enemy zone of control"
    # into an enemy zone of control on the same bank is allowed (8.23): 0504 is in x's zone
    assert board.enemy_zoc(C, at(game, "0504"))
    assert step_refusal(board, terrain, C, at(game, "0503"), at(game, "0504")) is None
    path = retreat_path(game._context(), C, at(game, "0503"), 1, [state_of(game).pieces["c"]],
                        board)  # type: ignore[list-item]
    assert path is not None and path.path[0] not in (at(game, "0603"), at(game, "0403"),
                                                     at(game, "0402"))


def test_a_force_with_no_retreat_surrenders() -> None:
    # c at 0503 hemmed in: every neighbour enemy-held, or across the river into a Union zone
    game = empty_board()
    unit(game, "c", C, "0503", 4)
    add(game, Leader("jeb", C, "Jeb", 1, 5, 0, 2, at(game, "0503")))
    for i, hid in enumerate(("0603", "0602", "0502", "0504")):
        unit(game, f"u{i}", U, hid, 7)
    unit(game, "w", U, "0303", 3)
    train(game, "ut", U, "0603", 5)
    to_phase(game, StrategicPhase.COMBAT)
    commanded_force(game, {"0603": ["u0", "ut"], "0602": ["u1"]})
    game.dice.forced = [6]
    events = game.apply(Attack(at(game, "0503"), ("u0", "u1")))
    gone = next(e for e in events if isinstance(e, Surrendered))
    assert gone.pieces == ("c",) and "no retreat" in gone.why
    assert state_of(game).gone["c"] == "surrendered"
    # left alone, the leader has nowhere to go either (10.34): taken, to the leader pool (22.5)
    taken = [e for e in events if isinstance(e, Surrendered) and e.rule == "004 10.34"]
    assert taken and taken[0].pieces == ("jeb",)
    assert state_of(game).gone["jeb"] == "leader pool"


def test_entrained_defenders_are_halved_6_58() -> None:
    game = two_hex_attack()
    state = state_of(game)
    state.put(replace(state.pieces["c"], sp=8, entrained=True))  # type: ignore[type-var]
    preview = ATTACK.preview(game._context(), Attack(at(game, "0503"), ("x", "y")), U)
    assert ("c caught aboard a train: detrains at half strength", -4, "004 6.58") in [
        (t.label, t.value, t.rule) for t in preview.defence_terms]
    assert preview.defence == 4 and preview.odds_label == "4:1"  # 18 : 4
    game.dice.forced = [1]  # die 1 +1 = row 2 at 4:1: 10/20 r
    events = game.apply(Attack(at(game, "0503"), ("x", "y")))
    assert Detrained("c", 4, "004 6.58") in events
    # 20 % of the 4 SP left = 0.8 -> 1
    assert state.pieces["c"].sp == 3 and not state.pieces["c"].entrained  # type: ignore[union-attr]


def test_forts_are_not_attacked_from_march_13_38_but_stormed_in_combat() -> None:
    game = empty_board()
    add(game, Fort("ridley", C, at(game, "0804"), 5))
    unit(game, "g", C, "0804", 2, Arm.GARRISON)
    unit(game, "x", U, "0704", 9)
    train(game, "ut", U, "0704", 5)
    command(game, "x", "ut")
    error = refused(game, Attack(at(game, "0804"), ("x",)))
    assert error.rule == "004 13.38" and "from march" in error.reason
    to_phase(game, StrategicPhase.COMBAT)
    game.apply(DeclareSpan("gen", ("x", "ut")))
    game.dice.forced = [1]
    game.apply(RollInitiative("gen"))
    preview = ATTACK.preview(game._context(), Attack(at(game, "0804"), ("x",)), U)
    # 9 : 2 is 4:1; the fort shifts 2 columns left (the town itself shifts none): 2:1
    assert [(t.label, t.value) for t in preview.shift_terms] == [
        ("odds 4.50 : 1, column 4:1", 6), ("fort ridley", -2),
        ("town: not counted beside the works", 0)]
    assert preview.odds_label == "2:1"




def test_amphibious_assault_7_24() -> None:
    game = empty_board()
    add(game, Ship("tr", U, Vessel.TRANSPORT, 0, at(game, "0403"), capacity=6, cargo=("x",)))
    unit(game, "x", U, "0403", 8, aboard="tr")
    unit(game, "m", U, "0403", 3, Arm.CAVALRY, aboard="tr")
    unit(game, "c", C, "0503", 2)
    add(game, Leader("gen", U, "General", 2, 6, 0, 6, at(game, "0403")))
    game.apply(DeclareSpan("gen", ("x", "m")))
    to_phase(game, StrategicPhase.MOVEMENT)
    game.dice.forced = [1]
    game.apply(RollInitiative("gen"))  # won by his own roll
    target = at(game, "0503")
    assert refused(game, Attack(target, ("m",), amphibious=True)).rule == "004 7.24"
    preview = ATTACK.preview(game._context(), Attack(target, ("x",), True), U)
    # 8 SP halved to 4, and no combat supply is asked: 4 : 2 = 2:1
    assert [(t.label, t.value, t.rule) for t in preview.attack_terms] == [
        ("x x", 8, "R&C strategic combat"),
        ("amphibious assault: half, and no combat supply needed", -4.0, "004 7.24")]
    assert preview.supply is None and preview.odds_label == "2:1"
    game.dice.forced = [1]  # 2:1, die 1: 15/10, no retreat: the assault fails
    fought = battle(game.apply(Attack(target, ("x",), True)))
    # 15 % of 8 = 1.2 -> 1, tripled: 3; the survivors stay aboard
    assert fought.tripled and fought.attacker_loss == 3 and not fought.landed
    state = state_of(game)
    assert state.pieces["x"].sp == 5 and state.pieces["x"].aboard == "tr"  # type: ignore[union-attr]


def test_an_amphibious_assault_that_drives_the_defender_off_lands_7_24() -> None:
    game = empty_board()
    add(game, Ship("tr", U, Vessel.TRANSPORT, 0, at(game, "0403"), capacity=12, cargo=("x",)))
    unit(game, "x", U, "0403", 12, aboard="tr")
    unit(game, "c", C, "0503", 2)
    add(game, Leader("gen", U, "General", 2, 6, 0, 6, at(game, "0403")))
    game.apply(DeclareSpan("gen", ("x",)))
    to_phase(game, StrategicPhase.MOVEMENT)
    game.apply(GiveOrder("gen"))
    error = refused(game, Attack(at(game, "0503"), ("x",), True))
    assert error.rule == "004 7.24" and "not by an order" in error.reason


def test_amphibious_landing_after_a_retreat_7_24() -> None:
    game = empty_board()
    add(game, Ship("tr", U, Vessel.TRANSPORT, 0, at(game, "0403"), capacity=12, cargo=("x",)))
    unit(game, "x", U, "0403", 12, aboard="tr")
    unit(game, "c", C, "0503", 2)
    add(game, Leader("gen", U, "General", 2, 6, 0, 6, at(game, "0403")))
    game.apply(DeclareSpan("gen", ("x",)))
    to_phase(game, StrategicPhase.MOVEMENT)
    game.dice.forced = [1]
    game.apply(RollInitiative("gen"))
    # 12 halved = 6 : 2 = 3:1; die 6: 5/30 R: the defender leaves, the assault lands
    game.dice.forced = [6]
    fought = battle(game.apply(Attack(at(game, "0503"), ("x",), True)))
    state = state_of(game)
    assert fought.landed and not fought.tripled
    assert state.pieces["x"].hex == at(game, "0503") and state.pieces["x"].aboard is None  # type: ignore[union-attr]
    assert state.pieces["tr"].cargo == ()  # type: ignore[union-attr]


def test_attack_notation_round_trips() -> None:
    game = two_hex_attack()
    for action in (Attack(at(game, "0503"), ("x", "y")), Attack(at(game, "0503"), ("x",), True)):
        text = action.to_text(game.map.numbering)  # type: ignore[arg-type]
        assert game.ruleset.parse_action(text, game.map.numbering) == action  # type: ignore[arg-type]




def test_battles_save_undo_and_replay_through_the_driver(tmp_path) -> None:  # type: ignore[no-untyped-def]
    import random

    from gameapp.core.savegame import load_game, save_game
    from tests.rulesets.strategic.test_strategic_random_play import SCENARIOS

    skirmish = next(p for p in SCENARIOS if p.stem == "east_skirmish")
    # random play on the East skirmish map until a battle is fought (seeded: the same each run)
    for seed in range(1, 30):
        game = Game.from_scenario(skirmish, seed=seed)
        rng = random.Random(seed)
        fought = None
        while fought is None and not game.is_over and len(game.log) < 300:
            legal = list(game.legal_actions())
            attacks = [a for a in legal if isinstance(a, Attack)]
            if attacks:
                before = state_of(game).copy()
                fought = battle(game.apply(attacks[0]))
            else:
                game.apply(EndPhase() if rng.random() < 0.2 else rng.choice(legal))
        if fought is not None:
            break
    assert fought is not None
    state = state_of(game)
    path = tmp_path / "battle.yaml"
    save_game(game, path)
    assert "attack " in path.read_text(encoding="utf-8")
    back = load_game(path)
    assert state_of(back).pieces == state.pieces and state_of(back).lost == state.lost
    assert state_of(back).supply_gone == state.supply_gone and state_of(back).gone == state.gone
    # the battle's die was seen: undo never crosses it (R&C undo)
    with pytest.raises(IllegalActionError) as error:
        game.undo()
    assert error.value.rule == "R&C undo" and state_of(game).pieces == state.pieces
    assert before.pieces != state.pieces  # the battle changed the position



def _falling_back(y_sp: int, x_sp: int, idle_sp: int = 0) -> tuple[Game, list]:
    """y at 0602 and x at 0603 attack c at 0503, which has twice their SP, y listed first; y's
    other neighbours are held by Confederate divisions, and a Union division z of `idle_sp`
    that does not attack may stand with x. A 1 at 1:2 reads "25/5 a": the attackers fall back
    a hex, y's hex first."""
    game = empty_board()
    unit(game, "x", U, "0603", x_sp)
    if idle_sp:
        unit(game, "z", U, "0603", idle_sp)
    unit(game, "y", U, "0602", y_sp)
    unit(game, "c", C, "0503", 2 * (x_sp + y_sp))
    train(game, "ut", U, "0604", 5)
    for i, hid in enumerate(("0703", "0702", "0601", "0502")):
        unit(game, f"w{i}", C, hid, 9)
    to_phase(game, StrategicPhase.COMBAT)
    commanded_force(game, {"0603": ["x", *(["z"] if idle_sp else [])], "0602": ["y"]})
    game.dice.forced = [1]
    events = game.apply(Attack(at(game, "0503"), ("y", "x")))
    assert battle(events).outcome == "25/5 a"
    return game, events


def test_a_group_with_no_way_back_surrenders_and_the_next_still_falls_back() -> None:
    # y's only way back is x's hex, full with z (30 SP with x, the stacking limit): y
    # surrenders; x then falls back (East '63 seed 47, session 11, failed here)
    game, events = _falling_back(y_sp=12, x_sp=8, idle_sp=22)
    gone = [e for e in events if isinstance(e, Surrendered) and "y" in e.pieces]
    assert gone and "no retreat" in gone[0].why
    # y's corps leader and HQ, left alone, get away on their own (10.34); x falls back
    back = [e for e in events if isinstance(e, Retreated) and set(e.pieces) & {"x", "y", "z"}]
    assert [(set(e.pieces) & {"x", "y", "z"}, len(e.path)) for e in back] == [({"x"}, 1)]
    state = state_of(game)
    assert "y" not in state.pieces and state.pieces["z"].hex == at(game, "0603")


def test_a_group_falling_back_into_the_next_groups_hex_is_not_moved_twice() -> None:
    # y's only way back is into x's hex; x then falls back alone, and y stays where it went
    game, events = _falling_back(y_sp=6, x_sp=10)
    back = [e for e in events if isinstance(e, Retreated)]
    assert [(set(e.pieces) & {"x", "y"}, len(e.path)) for e in back] == [({"y"}, 1),
                                                                        ({"x"}, 1)]
    state = state_of(game)
    assert state.pieces["y"].hex == at(game, "0603") != state.pieces["x"].hex
