"""Playing the fire phase through the window, mouse on the viewport: whose shot it is in the
phase bar, Pass; a firer selected lights its targets; a click on one opens the combat dialog with
the whole breakdown; Roll (with forced dice) applies casualties and morale checks, on the board
and in the log; Ctrl+click combines firers; refusals give their reason and rule."""

from __future__ import annotations

from PySide6.QtCore import QRectF, Qt
from PySide6.QtGui import QImage, QPainter
from pytestqt.qtbot import QtBot

from gameapp.core.actions import Fire
from gameapp.core.dice import Dice
from gameapp.core.hexgrid import Hex
from gameapp.core.phases import Phase
from gameapp.core.rulesets.tactical import tactical
from gameapp.core.units import Side
from gameapp.ui.board.scene import BoardScene
from gameapp.ui.dialogs.fire_dialog import FireDialog
from gameapp.ui.main_window import MainWindow

from .fire_positions import duel
from .play import board_of, click_hex, game_of, open_window


def duel_window(qtbot: QtBot) -> MainWindow:
    return open_window(qtbot, duel())


def _press(qtbot: QtBot, window: MainWindow, action_id: str) -> None:
    """Click the phase bar's button for a registry action."""
    action = window.actions_by_id[action_id]
    button = window.phase_bar.pass_button if action_id == "pass" else \
        window.phase_bar.widgetForAction(action)
    assert button is not None
    qtbot.waitUntil(button.isVisible)  # the bar lays its buttons out on the next pass
    assert button.isEnabled()
    qtbot.mouseClick(button, Qt.MouseButton.LeftButton)


def _to_union_shot(qtbot: QtBot, window: MainWindow) -> None:
    """End the Union movement phase; the Confederates, who shoot first, pass."""
    bar = window.phase_bar
    assert bar.pass_button is not None and not bar.pass_button.isVisible()  # movement phase
    passing = window.actions_by_id["pass"]
    assert not passing.isEnabled()
    assert "no firing in the movement phase (1.23)" in passing.toolTip()
    _press(qtbot, window, "end_phase")
    game = game_of(window)
    assert (game.phase, game.acting_side) == (Phase.FIRE, Side.CONFEDERATE)
    assert passing.isEnabled()
    assert "the Confederate pass" in window.actions_by_id["end_phase"].toolTip()
    assert "Confederate to fire" in bar.plain_text() and "Union fire phase" in bar.plain_text()
    _press(qtbot, window, "pass")
    assert game_of(window).acting_side is Side.UNION
    assert "Union to fire" in bar.plain_text() and "Confederate passed" in bar.plain_text()
    tactical = window.ruleset_ui
    assert tactical.fire_dock.isVisible() and not tactical.fire_panel.visibleRegion().isEmpty()


def _open_dialog(qtbot: QtBot, window: MainWindow, target: Hex) -> FireDialog:
    click_hex(qtbot, window, target)
    dialog = window.ruleset_ui.fire_presenter.dialog
    assert dialog is not None and dialog.isVisible()
    return dialog


def _counter_picture(board: BoardScene, h: Hex) -> QImage:
    rect = board.hex_rect(h)
    image = QImage(round(rect.width()), round(rect.height()), QImage.Format.Format_RGB32)
    painter = QPainter(image)
    board.render(painter, QRectF(image.rect()), rect)
    painter.end()
    return image


def test_a_shot_from_selection_to_roll(qtbot: QtBot) -> None:
    window = duel_window(qtbot)
    game, board = game_of(window), board_of(window)
    _to_union_shot(qtbot, window)
    u, c = game.state.units["u"], game.state.units["c"]
    click_hex(qtbot, window, u.hex)
    assert window.ruleset_ui.fire_controller.firers == ("u",)
    lit = set(tactical(game).fire.targets("u"))
    assert set(board.fire.targets) == lit == {c.hex}
    assert board.fire.firers == {u.hex}
    assert board.fire.targets[c.hex] == "33%"  # 12 of the 36 throws have an effect
    panel = window.ruleset_ui.fire_panel
    assert "0604" in panel.plain_text() and "NE 66.7%" in panel.plain_text()

    dialog = _open_dialog(qtbot, window, c.hex)
    text = dialog.plain_text()
    plan = tactical(game).fire.plan(Fire(("u",), c.hex), Side.UNION)
    assert "6.0 step 1\n5 SPs\n=5\n→ 5" in text  # a fire-point step with its rule
    range_step = next(t for t in plan.points.firers[0].terms if t.rule.startswith("Range"))
    assert f"{range_step.rule}\n{range_step.label}\n×1/3\n→ 5/3" in text
    assert "5/3 fire points: column FCRT small arms 1½" in text
    density = next(iter(plan.modifiers))
    assert f"{density.rule}\ntarget density 8 SPs\n+2" in text  # a modifier with its rule
    assert "NE\n66.7%" in text and "C1\n11.1%" in text and "officer hit\n2.8%" in text
    before = _counter_picture(board, c.hex)

    game.dice = Dice.forcing([63, 41])  # C1, then c's morale check
    qtbot.mouseClick(dialog.roll_button, Qt.MouseButton.LeftButton)
    assert game.state.units["c"].losses == 1  # the casualty, in the state
    item = board.counter_item("c")
    assert item is not None and item.unit is not None and item.unit.strength == 7
    assert _counter_picture(board, c.hex) != before  # and on the counter
    result = dialog.plain_text()
    assert "fire at 0604: rolled 63, +2 → 65 on FCRT small arms 1½: C1" in result
    assert "c loses 1 casualty step (FCRT results)" in result
    assert "7.31 morale check of c" in result and "roll 41" in result
    assert not dialog.roll_button.isVisible() and dialog.cancel_button.text() == "&Close"
    log = window.log_panel.lines()
    assert log[-1 - len(window.controller.notes[len(game.log) - 1])].endswith(
        "fire u 0604  [rolled 63 (fire at 0604), 41 (morale c)]")
    assert any(line.strip() == "7.31 morale check of c" for line in log)
    assert window.controller.undo_stack.count() == 0  # the dice were seen: no undo across them
    assert not window.actions_by_id["undo"].isEnabled()
    dialog.accept()

    assert window.ruleset_ui.fire_controller.firers == ()  # u has fired
    assert board.fire.targets == {}
    _press(qtbot, window, "pass")  # the Union passes too: the phase ends
    assert game.phase is Phase.RALLY
    assert "Rally phase" in window.phase_bar.plain_text()
    button = window.phase_bar.pass_button
    assert button is not None
    qtbot.waitUntil(lambda: not button.isVisible())


def test_cancel_fires_nothing(qtbot: QtBot) -> None:
    window = duel_window(qtbot)
    game = game_of(window)
    _to_union_shot(qtbot, window)
    click_hex(qtbot, window, game.state.units["u"].hex)
    log, state = list(game.log), game.state.copy()
    dialog = _open_dialog(qtbot, window, game.state.units["c"].hex)
    qtbot.mouseClick(dialog.cancel_button, Qt.MouseButton.LeftButton)
    assert not dialog.isVisible()
    assert game.log == log and game.state == state


def test_ctrl_click_combines_firers(qtbot: QtBot) -> None:
    window = duel_window(qtbot)
    game = game_of(window)
    _to_union_shot(qtbot, window)
    u, u2, c = (game.state.units[i] for i in ("u", "u2", "c"))
    click_hex(qtbot, window, u.hex)
    qtbot.mouseClick(window.view.viewport(), Qt.MouseButton.LeftButton,
                     Qt.KeyboardModifier.ControlModifier, window.view.mapFromScene(
                         board_of(window).geometry.centre(u2.hex)))
    assert window.ruleset_ui.fire_controller.firers == ("u", "u2")
    assert window.controller.selected == "u"  # Ctrl+click adds; it does not reselect
    both = set(tactical(game).fire.targets("u")) & set(tactical(game).fire.targets("u2"))
    assert set(board_of(window).fire.targets) == both == {c.hex}
    assert board_of(window).fire.firers == {u.hex, u2.hex}
    text = _open_dialog(qtbot, window, c.hex).plain_text()
    assert "u (u), at 2 hexes" in text and "u2 (u2), at" in text
    assert "1.23\nfire points of u, u2" in text


def test_a_refused_attack_says_why_and_opens_nothing(qtbot: QtBot) -> None:
    window = duel_window(qtbot)
    game, board = game_of(window), board_of(window)
    _to_union_shot(qtbot, window)
    d, c = game.state.units["d"], game.state.units["c"]
    click_hex(qtbot, window, d.hex)
    assert board.fire.targets == {c.hex: ""}  # in its field, but the attack would be refused
    click_hex(qtbot, window, c.hex)
    assert window.ruleset_ui.fire_presenter.dialog is None
    message = window.message_label.text()
    assert message.startswith("Not allowed: 1/16 fire points") and "(6.0 step 7)" in message
    assert "refused: 1/16 fire points" in window.ruleset_ui.fire_panel.plain_text()
    qtbot.keyClick(window.view, Qt.Key.Key_Escape)  # no firers: c is no target now
    assert board.fire.targets == {}
    click_hex(qtbot, window, c.hex)  # so a click on it selects it
    assert window.controller.selected == "c"
    assert "is not yours to fire now: it is the Union shot (1.23)" in \
        window.ruleset_ui.fire_panel.plain_text()
