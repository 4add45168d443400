"""The strategic game in the window: the theatre board with its stacks, a span declared and a
force commanded and marched with the board tool and the dock, the cost of a march shown term
by term before it is made, a refusal with its rule, and End phase (forced dice throughout)."""

from __future__ import annotations

import html
import re
from pathlib import Path

from PySide6.QtCore import Qt
from PySide6.QtGui import QColor, QImage
from PySide6.QtWidgets import QDockWidget, QLabel
from pytestqt.qtbot import QtBot

from gameapp.cli import main
from gameapp.core.ruleset import load_scenario_file
from gameapp.core.rulesets.strategic.actions import DeclareSpan, March, RollInitiative
from gameapp.core.rulesets.strategic.pieces import HQ
from gameapp.core.rulesets.strategic.queries import march_options
from gameapp.core.rulesets.strategic.sequence import StrategicPhase
from gameapp.core.units import Side
from gameapp.ui.app import build_window
from gameapp.ui.board.counter_art import SIDE_COLOURS
from gameapp.ui.board.theatre_board import TheatreBoardScene
from gameapp.ui.end_screen import how_it_ended, level_text
from gameapp.ui.main_window import MainWindow
from gameapp.ui.new_game_dialog import map_preview, scenario_facts
from gameapp.ui.rulesets.strategic.ui import StrategicUI, theatre_board
from tests.rulesets.strategic.positions import (
    HAZEL,
    east_62_worked_example,
    hazel_game,
    place,
    state_of,
)
from tests.ui.play import board_of, click_hex, game_of, hover_hex


def plain(label: QLabel) -> str:
    """What a rich-text label says."""
    return html.unescape(re.sub(r"<br>", "\n", re.sub(r"<(?!br)[^>]+>", "", label.text())))


def open_hazel(qtbot: QtBot) -> tuple[MainWindow, StrategicUI]:
    window = build_window(str(HAZEL))
    qtbot.addWidget(window)
    window.resize(1400, 900)
    window.show()
    qtbot.waitExposed(window)
    window.start_game(hazel_game(first=Side.UNION))  # the opening initiative dice forced
    window.view.set_zoom(1.0)
    ui = window.ruleset_ui
    assert isinstance(ui, StrategicUI)
    return window, ui


def test_a_strategic_week_is_played_in_the_window(qtbot: QtBot) -> None:
    window, ui = open_hazel(qtbot)
    game = game_of(window)
    m = game.map
    assert isinstance(board_of(window), TheatreBoardScene)
    docks = {d.objectName() for d in window.findChildren(QDockWidget) if d.isVisible()}
    assert docks == {"strategic_dock", "log_dock"}  # none of the tactical docks
    assert ui.layer is not None
    stack = ui.layer.items[m.parse("0302"), Side.UNION]
    assert [p.id for p in stack.pieces] == ["army-va", "mcdowell", "u3", "ut1"]  # HQ on top
    assert "u3 Ricketts: infantry, 6 SP" in stack.toolTip()
    assert "Week 1 of 8" in plain(ui.panel.week) and "Union command phase" in \
        plain(ui.panel.week)
    assert "Turn 1 of 8" in window.phase_bar.plain_text()

    click_hex(qtbot, window, m.parse("0302"))  # McDowell's stack: declare his span (10.1)
    assert isinstance(game.log[-1].action, DeclareSpan)
    assert game.log[-1].notation == "span mcdowell u3 banks"  # the rules' proposal
    assert "Stack in 0302" in plain(ui.panel.stack)
    assert "roster" in plain(ui.panel.stack)  # the army HQ's roster is listed

    window.controller.end_phase()  # the Union movement phase
    assert game.phase is StrategicPhase.MOVEMENT and game.current_side is Side.UNION
    click_hex(qtbot, window, m.parse("0302"))  # no force commanded yet: the dock offers it
    roll = next(b for b in ui.panel.command_buttons if "McDowell's initiative" in b.text())
    assert "3 in 6 (50%), a d6 ≤ 3" in roll.text()  # his initiative 3, the chance before the die
    game.dice.forced = [2]
    qtbot.mouseClick(roll, Qt.MouseButton.LeftButton)
    assert game.log[-1].action == RollInitiative("mcdowell")
    assert "rolled 2, needed 3 or less (chance 3 in 6 (50%)): commanded" in plain(ui.panel.last)

    click_hex(qtbot, window, m.parse("0302"))  # the force's top piece there is picked
    assert ui.tool.picked == "army-va"
    click_hex(qtbot, window, m.parse("0302"))  # again: the next piece in the stack
    assert ui.tool.picked == "mcdowell"
    click_hex(qtbot, window, m.parse("0302"))
    assert ui.tool.picked == "u3"
    options = march_options(game, "u3")
    board = board_of(window)
    assert set(board.moves.remaining) == set(options)  # every reachable hex lit, no other
    to = m.parse("0402")
    assert to in options and not options[to].action.forced
    hover_hex(qtbot, window, to)
    route = plain(ui.panel.route)
    assert "u3 to 0402: 1 of 3 MP" in route  # infantry MA 3, clear terrain 1
    assert "has 3: movement allowance 3 (R&C strategic movement)" in route
    assert "costs 1: 0402 clear 1 (R&C strategic movement)" in route
    assert all(t.rule in route for t in options[to].terms)
    assert board.route.hexes == (m.parse("0302"), *options[to].action.path)  # drawn too

    click_hex(qtbot, window, to)  # march
    assert game.log[-1].action == March("u3", options[to].action.path)
    assert state_of(game).pieces["u3"].hex == to
    assert "u3" in {p.id for p in ui.pieces_at(to)}
    assert "Ricketts marched to 0402" in plain(ui.panel.last)
    assert any("Ricketts marched to 0402" in line for line in window.log_panel.lines())

    click_hex(qtbot, window, to)  # u3 again: a hex across the map is out of its reach
    assert ui.tool.picked == "u3"
    far = m.parse("1006")
    assert far not in march_options(game, "u3")
    click_hex(qtbot, window, far)
    assert window.message_label.text().startswith("Not allowed:")
    assert "(004 " in window.message_label.text()  # the refusal names its rule
    assert state_of(game).pieces["u3"].hex == to

    window.controller.end_phase()
    assert game.phase is StrategicPhase.COMBAT
    assert "Union combat phase" in plain(ui.panel.week)
    spans = len(state_of(game).forces)
    click_hex(qtbot, window, m.parse("0303"))  # Banks's stack: his span for combat (10.1)
    assert game.log[-1].notation == "span banks" and len(state_of(game).forces) == spans + 1
    hq = state_of(game).pieces["army-va"]
    assert isinstance(hq, HQ) and hq.hex == m.parse("0302")  # only u3 marched


def test_the_dock_says_a_leader_taken_in_has_not_declared_his_own_span_10_1(
        qtbot: QtBot) -> None:
    window, ui = open_hazel(qtbot)
    game = game_of(window)
    place(game, "bayard", "0202")  # next to McDowell, with Sigel's division
    place(game, "u6", "0202")
    window.controller.apply(DeclareSpan("mcdowell", ("bayard",)))
    assert "Bayard at 0202: in McDowell's span; his own not declared" in plain(ui.panel.forces)
    click_hex(qtbot, window, game.map.parse("0202"))  # Bayard's stack: his span (10.1)
    assert game.log[-1].notation == "span bayard u6"
    rows = plain(ui.panel.forces).splitlines()
    assert any(r.startswith("★ Bayard at 0202: declared") and "Sigel" in r for r in rows)
    assert any(r.startswith("★★★ McDowell at 0302: declared") and "Sigel" in r for r in rows)


def test_gameapp_render_draws_a_strategic_scenario_with_its_stacks(tmp_path: Path) -> None:
    out = tmp_path / "hazel.png"
    assert main(["render", str(HAZEL), "--png", str(out), "--width", "800"]) == 0
    image = QImage(str(out))
    scenario = load_scenario_file(HAZEL)
    board = theatre_board(scenario)
    scale = 800 / board.geometry.map_rect.width()

    def pixel(hex_id: str) -> QColor:
        centre = board.geometry.centre(scenario.map.parse(hex_id)) - \
            board.geometry.map_rect.topLeft()
        return image.pixelColor(round(centre.x() * scale), round(centre.y() * scale + 8))

    union = SIDE_COLOURS[Side.UNION].body
    assert pixel("0302") == union  # McDowell's stack, a Union counter's face
    assert pixel("0902") != union  # open ground
    assert main(["render", str(HAZEL), "--png", str(out), "--highlight", "moves:u1"]) == 2


def test_the_new_game_dialog_describes_a_strategic_scenario(qtbot: QtBot) -> None:
    scenario = load_scenario_file(HAZEL)
    assert scenario_facts(scenario) == ("8 weeks from the week of 1 Mar 1862; Union moves "
                                        "first; 23 pieces on the map")
    preview = map_preview(scenario, width=300)
    assert preview.width() == 300 and not preview.isNull()
    union = SIDE_COLOURS[Side.UNION].body
    image = preview.toImage()
    colours = {image.pixelColor(x, y).name() for x in range(0, 300, 3)
               for y in range(0, image.height(), 3)}
    assert union.name() in colours  # the stacks are drawn on the preview


def test_the_end_of_a_strategic_game_opens_the_end_screen(qtbot: QtBot) -> None:
    window, _ui = open_hazel(qtbot)
    game = game_of(window)
    while not game.is_over:
        assert window.controller.end_phase()
    screen = window.end_of_game.screen
    assert screen is not None and screen.isVisible()
    assert window.end_of_game.plain is None  # the end screen, not a plain box
    # nothing moved in eight weeks: the Confederates still hold Hazelton (0702, a town: 1
    # point), the Union holds no victory place (0 points); 1 : 0 is scored as 1 : 1, a ratio of
    # 1, which is a marginal win
    assert screen.title.text() == "Confederate marginal victory"
    assert screen.summary.text().startswith("After turn 8: Union 0, Confederate 1 points")
    cells = [screen.points_table.item(r, 1).text()
             for r in range(screen.points_table.rowCount())]
    assert "Hazelton, VA (town)" in cells
    # the chart: the start and each of the eight weeks; the losses table by division
    assert [p.label for p in screen.chart.points] == ["start"] + [f"turn {t}" for t in
                                                                  range(1, 9)]
    heading = screen.brigade_table.horizontalHeaderItem(1)
    assert heading is not None and heading.text() == "Division"
    assert "Game over" in window.phase_bar.plain_text()


def test_the_end_screen_says_how_far_from_par_a_strategic_result_is() -> None:
    """East '62 (par -3, balance -3.5): the rules' worked example, Union 26 to 24, is 8.5
    above the balanced par, substantive; the summary says so instead of a points ratio."""
    game = east_62_worked_example()
    assert how_it_ended(game, game.result()) == (
        "In turn 1 (the game goes on): Union 26, Confederate 24 points; 8.5 from par, the "
        "Union side's way: substantive, from 4.")
    # and the terms that reach it, each with its rule: +2 - 16 + 20 - 1 + 3.5 = 8.5
    shown = level_text(game.result())
    assert "(26 - 24) +2 [R&C strategic par]" in shown
    assert "-1 [004 25.3]" in shown
    assert "less balance: -3.5, equal players' distance from history +3.5 [R&C strategic " \
        "balance]" in shown
