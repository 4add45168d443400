"""The strategic board's Ctrl+click menu for the actions issue 26 left without a gesture,
each played with the mouse in the window: a unit sent off the map on a detour and brought back
at its entry hex (7.54), a fort razed (13.4), a naval battle (11.11), supply burned (12.0,
asking how many points), a leader's force commanded by an order or a die (5.2, 10.14), and
any advance the rules list after a battle (not only the strongest a plain click takes)."""

from __future__ import annotations

import pytest
from PySide6.QtWidgets import QInputDialog
from pytestqt.qtbot import QtBot

from gameapp.core.rulesets.strategic.actions import (
    Advance,
    BurnSupply,
    EndPhase,
    GiveOrder,
    GoOffMap,
    NavalAttack,
    RazeFort,
    ReEnter,
    RollInitiative,
)
from gameapp.core.rulesets.strategic.naval_battle import NavalBattle
from gameapp.core.rulesets.strategic.pieces import Fort, Leader, Ship, Train, Vessel
from gameapp.core.rulesets.strategic.sequence import StrategicPhase
from gameapp.core.units import Side
from tests.rulesets.strategic.battles import commanded_force, emptied_0503, empty_board, train, unit
from tests.rulesets.strategic.positions import add, command, hazel_game, state_of, to_phase
from tests.rulesets.strategic.test_map_anomalies import ANOMALIES
from tests.rulesets.strategic.test_strategic_gestures_window import choose, ctrl_click
from tests.rulesets.strategic.windows import open_game

U, C = Side.UNION, Side.CONFEDERATE


def texts(menu: object) -> list[str]:
    return [a.text() for a in menu.actions()]  # type: ignore[attr-defined]


def test_ctrl_click_sends_a_unit_off_the_map_and_brings_it_back_at_the_entry_7_54(
        qtbot: QtBot) -> None:
    game = hazel_game(path=ANOMALIES)
    command(game, "u1")  # Granger's Galveston division, commanded in the movement phase
    window, _ui = open_game(qtbot, game, ANOMALIES)
    menu = ctrl_click(qtbot, window, "0705")  # Galveston, the detour's departure
    go = ("Send Galveston division off the map (round the head of Sable Bay), back at 0501 "
          "next turn at the earliest (7.54)")
    assert go in texts(menu)
    choose(menu, go)
    assert game.log[-1].action == GoOffMap("u1") and "u1" in state_of(game).offmap
    # this turn it stays away: the entry hex offers nothing for it yet
    menu = ctrl_click(qtbot, window, "0501")
    assert not any("Bring" in t for t in texts(menu))
    menu.close()
    while state_of(game).turn == 1:
        game.apply(EndPhase())
    to_phase(game, StrategicPhase.MOVEMENT, U)
    menu = ctrl_click(qtbot, window, "0501")  # the empty entry hex
    choose(menu, "Bring Galveston division back onto the map here (7.54)")
    assert game.log[-1].action == ReEnter("u1")
    assert state_of(game).pieces["u1"].hex == game.map.parse("0501")


def test_ctrl_click_razes_ones_own_fort_in_the_command_phase_13_4(qtbot: QtBot) -> None:
    game = hazel_game()
    add(game, Fort("westfort", U, game.map.parse("0303"), 5))
    window, _ui = open_game(qtbot, game)  # the Union command phase
    menu = ctrl_click(qtbot, window, "0303")
    choose(menu, "Raze westfort (13.4)")
    assert game.log[-1].action == RazeFort("westfort")
    assert state_of(game).gone["westfort"] == "razed"
    menu = ctrl_click(qtbot, window, "0804")  # the enemy's Fort Ridley is not ours to raze
    assert not any(t.startswith("Raze") for t in texts(menu))
    menu.close()


def test_ctrl_click_on_shared_water_fights_the_naval_battle_11_11(qtbot: QtBot) -> None:
    game = empty_board()
    h = game.map.parse("0405")
    add(game, Ship("gb", U, Vessel.GUNBOAT, 10, h))
    add(game, Ship("ic", C, Vessel.IRONCLAD, 5, h))
    to_phase(game, StrategicPhase.COMBAT)
    window, _ui = open_game(qtbot, game)
    game.dice.forced = [6]
    menu = ctrl_click(qtbot, window, "0405")
    choose(menu, "Naval battle: every warship here attacks the enemy's ships (11.11)")
    assert game.log[-1].action == NavalAttack(h)
    assert any(isinstance(e, NavalBattle) for e in window.controller.last_events)


@pytest.mark.parametrize(("answer", "burned"), [((2, True), 2), ((5, False), 0)])
def test_ctrl_click_burns_the_points_asked_for_12_0(
        qtbot: QtBot, monkeypatch: pytest.MonkeyPatch, answer: tuple[int, bool],
        burned: int) -> None:
    game = empty_board()
    unit(game, "x", U, "0603", 6)
    unit(game, "c", C, "0503", 6)
    train(game, "ut", U, "0603", 5)
    to_phase(game, StrategicPhase.COMBAT)
    commanded_force(game, {"0603": ["x", "ut"]})
    window, _ui = open_game(qtbot, game)
    asked: list[int] = []

    def get_int(*args: object) -> tuple[int, bool]:
        asked.append(int(args[-1]))  # type: ignore[call-overload]
        return answer

    monkeypatch.setattr(QInputDialog, "getInt", get_int)
    before = len(game.log)
    menu = ctrl_click(qtbot, window, "0603")
    choose(menu, "Burn supply points of ut (holds 5) (12.0)…")
    assert asked == [5]  # at most what the train holds
    held = state_of(game).pieces["ut"]
    assert isinstance(held, Train) and held.supply == 5 - burned
    if burned:
        assert game.log[-1].action == BurnSupply("ut", burned)
    else:
        assert len(game.log) == before  # cancelled: nothing burned


def test_ctrl_click_on_a_leader_commands_his_force_by_order_or_die_5_2(qtbot: QtBot) -> None:
    game = hazel_game()
    banks = state_of(game).pieces["banks"]
    assert isinstance(banks, Leader)
    to_phase(game, StrategicPhase.MOVEMENT)
    window, _ui = open_game(qtbot, game)
    where = game.map.hex_id(banks.hex)
    menu = ctrl_click(qtbot, window, where)
    roll = next(t for t in texts(menu) if t.startswith("Roll for Banks's command:"))
    assert "in 6" in roll and roll.endswith("(10.14)")
    choose(menu, "Order Banks's force to move, no die (5.2)")
    assert game.log[-1].action == GiveOrder("banks")
    assert state_of(game).forces["banks"].commanded
    assert RollInitiative("banks") not in list(game.legal_actions())


def test_ctrl_click_on_the_emptied_hex_lists_every_advance(qtbot: QtBot) -> None:
    game = emptied_0503()  # x and y took 0503: c, 1 SP, is gone
    target = game.map.parse("0503")
    listed = [a for a in game.legal_actions() if isinstance(a, Advance)]
    assert Advance(target, ("y",)) in listed and len(listed) > 1
    window, _ui = open_game(qtbot, game)
    menu = ctrl_click(qtbot, window, "0503")
    assert [t for t in texts(menu) if t.startswith("Advance")] == [
        f"Advance {', '.join(a.units)} into 0503" for a in listed]
    choose(menu, "Advance y into 0503")  # not the strongest: only y goes in
    assert game.log[-1].action == Advance(target, ("y",))
    assert state_of(game).pieces["y"].hex == target != state_of(game).pieces["x"].hex
