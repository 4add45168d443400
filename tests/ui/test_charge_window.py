"""A charge played through the window, mouse on the viewport: declared in the movement phase by
clicking the enemy hex, resolved in the charge phase from the charge dialog with forced dice,
the defender routing along the path the board highlighted before the roll; and the owner
picking a retreat path by clicking it when the engine asks."""

from __future__ import annotations

from PySide6.QtCore import QEvent, Qt
from PySide6.QtGui import QHelpEvent
from PySide6.QtWidgets import QApplication, QToolTip
from pytestqt.qtbot import QtBot

from gameapp.core.actions import ChooseRetreatPath
from gameapp.core.decisions import DecisionKind, DecisionOption, PendingDecision
from gameapp.core.dice import Dice
from gameapp.core.events import RoutMoved
from gameapp.core.phases import Phase
from gameapp.core.units import Side, Status
from gameapp.present.retreat_choice import choice_action, decision_options
from gameapp.present.retreat_text import PathRole
from tests.core.positions import N, S, blank_map, game_on, infantry, place

from .play import aim, board_of, click_hex, game_of, open_window


def test_a_charge_from_declaration_to_the_rout(qtbot: QtBot) -> None:
    m = blank_map()
    p = m.parse
    scenario = game_on(m, [place(infantry("US-1"), m, "0607", N),
                           place(infantry("CS-1", Side.CONFEDERATE), m, "0604", S)]).scenario
    window = open_window(qtbot, scenario)
    game, presenter = game_of(window), window.ruleset_ui.charge_presenter

    # Movement: US-1 selected, the enemy hex it can reach the side of is ringed for a charge
    click_hex(qtbot, window, p("0607"))
    assert window.controller.selected == "US-1"
    assert set(presenter.targets) == {p("0604")}
    assert presenter.charge_marks is not None and presenter.charge_marks.ring_count == 1
    click_hex(qtbot, window, p("0604"))  # the charge: to 0605 (10 MPs), 0604 named last
    us = game.state.units["US-1"]
    assert game.state.charges == {p("0604"): ("US-1",)}
    assert us.hex == p("0605") and Status.CHARGE in us.status
    # 15 MPs with the entry into 0604: not under the 3.411.a limit of 9, so it waits
    decision = game.pending_decision
    assert decision is not None and decision.kind is DecisionKind.RETREAT_BEFORE_COMBAT
    asked = presenter.decision_dialog  # the Confederate player is asked (3.5)
    assert asked is not None and asked.isVisible() and asked.decision == decision
    assert "Confederate: 0604 is charged: retreat before combat? (3.5)" in asked.plain_text()
    stand = asked.buttons[1]
    assert stand.text() == "stand and receive the charge (3.5)"
    qtbot.mouseClick(stand, Qt.MouseButton.LeftButton)  # CS-1 stands
    assert game.pending_decision is None and presenter.decision_dialog is None
    assert game.log[-1].notation == "retreat-before-combat 0604 no"

    # to the charge phase: end the movement phase, both sides pass their fire, end the rally
    while game.phase is not Phase.CHARGE:
        window.actions_by_id["end_phase"].trigger()
    assert game.state.charges == {p("0604"): ("US-1",)}
    click_hex(qtbot, window, p("0604"))
    dialog = presenter.dialog
    assert dialog is not None and dialog.isVisible()
    text = dialog.plain_text()
    assert "Charge on 0604" in text and "Defenders rout\n58.3%" in text  # 21/36 (1-1, 33)

    # before the roll the board draws CS-1's rout paths, 4 hexes away from US-1, chosen bold
    overlay = presenter.overlay
    assert overlay is not None and overlay.options is not None
    assert overlay.options.unit_id == "CS-1" and overlay.options.distance == 4
    highlighted = overlay.chosen_hexes
    assert [m.hex_id(h) for h in highlighted] == ["0604", "0504", "0403", "0303", "0202"]
    assert [r for r, _ in overlay.lines.lines].count(PathRole.CHOSEN) == 1
    assert overlay.tooltip(p("0504")).startswith("0504: on the chosen path")

    # the defender's 8.41 roll: 65 > 33 (35, open flanks -4, density +2), CS-1 routs
    game.dice = Dice.forcing([65])
    qtbot.mouseClick(dialog.roll_button, Qt.MouseButton.LeftButton)
    result = dialog.plain_text()
    assert "roll 65 > 33: rout and rout movement" in result
    # open ground: equally good paths, so the Confederate player picks (7.6); the board draws
    # them, the engine's first best path (the one previewed) bold
    decision = game.pending_decision
    assert decision is not None and decision.rout is not None
    assert overlay.choosing and overlay.chosen_hexes == highlighted
    assert game.state.units["US-1"].hex == p("0605")  # the advance waits for the pick
    dialog.accept()
    click_hex(qtbot, window, highlighted[-1])
    rout = next(e for e in window.controller.last_events if isinstance(e, RoutMoved))
    assert rout.path == highlighted  # along the highlighted path
    cs = game.state.units["CS-1"]
    assert cs.hex == highlighted[-1] and Status.ROUTED in cs.status
    assert game.state.units["US-1"].hex == p("0604")  # 8.54: the victor advances
    assert board_of(window).units_at(highlighted[-1])[0].id == "CS-1"  # on the board too
    assert overlay.options is None and overlay.lines.lines == []
    assert game.state.charges == {}
    assert presenter.charge_marks.ring_count == 0


def test_the_owner_clicks_one_of_the_equal_paths(qtbot: QtBot) -> None:
    """CS-1 retreats 1 hex before US-1's charge (3.5): 0504, 0603 and 0704 are equally good,
    so the engine asks the Confederate player, the board draws the three and a click on 0704
    takes that one."""
    m = blank_map()
    p = m.parse
    scenario = game_on(m, [place(infantry("US-1"), m, "0607", N),
                           place(infantry("CS-1", Side.CONFEDERATE), m, "0604", S)]).scenario
    window = open_window(qtbot, scenario)
    game, presenter = game_of(window), window.ruleset_ui.charge_presenter
    click_hex(qtbot, window, p("0607"))
    click_hex(qtbot, window, p("0604"))  # the charge
    game.dice = Dice.forcing([11])  # the 3.5 roll: 11, at or under CS-1's level, it goes
    asked = presenter.decision_dialog
    assert asked is not None
    qtbot.mouseClick(asked.buttons[0], Qt.MouseButton.LeftButton)  # retreat before combat
    assert game.log[-1].notation == "retreat-before-combat 0604 yes"
    decision = game.pending_decision
    assert decision is not None and decision.kind is DecisionKind.RETREAT_PATH
    overlay = presenter.overlay
    assert overlay is not None and overlay.choosing
    ends = {m.hex_id(path.end) for path in overlay.options.choices} if overlay.options else set()
    assert ends == {"0504", "0603", "0704"}
    roles = [r for r, _ in overlay.lines.lines]
    assert roles.count(PathRole.CHOSEN) == 1 and roles.count(PathRole.CHOICE) == 2
    assert "the owner's choice" in overlay.tooltip(p("0704"))
    assert overlay.tooltip(p("0704")).endswith("Click to take this path")
    assert "click a highlighted path" in window.message_label.text()
    # the board shows the tooltip when the mouse rests on the hex
    at = aim(window, p("0704"))
    QApplication.sendEvent(window.view.viewport(), QHelpEvent(
        QEvent.Type.ToolTip, at, window.view.viewport().mapToGlobal(at)))
    qtbot.waitUntil(lambda: QToolTip.text() == overlay.tooltip(p("0704")))
    QToolTip.hideText()
    click_hex(qtbot, window, p("0704"))
    assert game.pending_decision is None
    assert game.log[-1].notation == "retreat-path CS-1 0704"
    assert game.state.units["CS-1"].hex == p("0704")
    assert not overlay.choosing and overlay.lines.lines == []


def test_a_decision_whose_paths_the_engine_would_not_choose_still_shows(qtbot: QtBot) -> None:
    """Paths the retreat engine does not rank as equal (here a made-up pair) are drawn with the
    decision's own reason, and a click on one still finds its option."""
    m = blank_map()
    p = m.parse
    game = game_on(m, [place(infantry("US-1"), m, "0606", N),
                       place(infantry("CS-1", Side.CONFEDERATE), m, "0605", S)])
    paths = ((p("0606"), p("0506")), (p("0606"), p("0607")))
    options = tuple(DecisionOption(ChooseRetreatPath("US-1", h[1:]), "", "", "000 15.4")
                    for h in paths)
    decision = PendingDecision(Side.UNION, DecisionKind.RETREAT_PATH, "which way?", options,
                               "000 15.4", unit_ids=("US-1",), paths=paths)
    shown = decision_options(game, decision)
    assert shown is not None and [c.hexes for c in shown.choices] == list(paths)
    assert str(shown.choices[0].steps[0].decided_by) == (
        "one of the paths the rules leave to the owner: which way? (000 15.4)")
    assert choice_action(decision, shown.choices[1]) == ChooseRetreatPath("US-1", (p("0607"),))


def test_no_question_for_a_side_the_computer_plays(qtbot: QtBot) -> None:
    m = blank_map()
    p = m.parse
    scenario = game_on(m, [place(infantry("US-1"), m, "0607", N),
                           place(infantry("CS-1", Side.CONFEDERATE), m, "0604", S)]).scenario
    window = open_window(qtbot, scenario)
    window.ruleset_ui.charge_presenter.is_computer = lambda side: side is Side.CONFEDERATE
    click_hex(qtbot, window, p("0607"))
    click_hex(qtbot, window, p("0604"))
    decision = game_of(window).pending_decision
    assert decision is not None and decision.side is Side.CONFEDERATE
    assert window.ruleset_ui.charge_presenter.decision_dialog is None
