"""A strategic game's past positions, drawn as the tactical game's are: File > Replay steps
through a saved strategic game and the log's history view shows the theatre board at the
step clicked, through the same History and PastBoard (the ruleset gives its placements and
its position board)."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

from PySide6.QtWidgets import QGraphicsScene
from pytestqt.qtbot import QtBot

from gameapp.core.engine import Game
from gameapp.core.hexgrid import Hex
from gameapp.core.history import History, changes_between
from gameapp.core.rulesets.strategic.actions import DeclareSpan, EndPhase, GiveOrder, March
from gameapp.core.savegame import save_game
from gameapp.core.units import Side
from gameapp.ui.app import build_window
from gameapp.ui.board.theatre_board import TheatreBoardScene
from gameapp.ui.replay.replay_window import ReplayWindow, replay_live_game
from gameapp.ui.rulesets.strategic.counters import StackItem
from tests.rulesets.strategic.positions import HAZEL, state_of


def seeded_union_first() -> Game:
    """A game built from a seed (a save replays the opening initiative dice from it) in which
    the Union moves first."""
    return next(g for g in (Game.from_scenario(HAZEL, seed=s) for s in range(1, 40))
                if g.state.first_side is Side.UNION)


def march_ricketts_twice(game: Game) -> None:
    """Ricketts (u3) under McDowell: 0302 until step 3, 0402 after step 4, 0403 after step 5."""
    game.apply(DeclareSpan("mcdowell", ("u3",)))
    game.apply(EndPhase())
    game.apply(GiveOrder("mcdowell"))
    game.apply(March("u3", (game.map.parse("0402"),)))
    game.apply(March("u3", (game.map.parse("0403"),)))


def drawn(scene: QGraphicsScene | None) -> dict[str, Hex]:
    """Where the board's stacks put each piece."""
    assert scene is not None
    return {p.id: item.hex for item in scene.items() if isinstance(item, StackItem)
            for p in item.pieces}


def test_the_replay_window_shows_a_saved_strategic_game_at_each_step(
        qtbot: QtBot, tmp_path: Path) -> None:
    game = seeded_union_first()
    march_ricketts_twice(game)
    path = tmp_path / "hazel-save.yaml"
    save_game(game, path)
    window = ReplayWindow()
    qtbot.addWidget(window)
    assert window.open_file(path), window.last_error
    history = window.history
    assert history is not None and len(history) == 5
    m = game.map
    assert isinstance(window.board.board, TheatreBoardScene)  # the theatre map, not a blank
    for k, where in ((0, "0302"), (3, "0302"), (4, "0402"), (5, "0403"), (4, "0402")):
        window.go_to(k)
        shown = drawn(window.board.board)
        assert shown["u3"] == m.parse(where), k  # where Ricketts stood then, not at the end
        assert shown == {p.id: p.hex for p in history.state_at(k).pieces.values()}
    assert window.board.banner_text().startswith("Viewing turn 1, action 4 of 5")
    assert "Union movement: move u3 0402" in window.board.banner_text()
    board = window.board.board
    assert board.route.hexes == (m.parse("0302"), m.parse("0402"))  # the march, drawn
    assert m.parse("0402") in board.overlay.hexes  # the hex entered, filled
    assert board.overlay.ring_count == 1  # the hex left, ringed
    window.go_to(2)  # ending the command phase moved nothing: no route, no marks
    assert board.route.hexes == () and not board.overlay.hexes and board.overlay.ring_count == 0


def test_the_log_shows_a_strategic_game_as_it_was_while_it_goes_on(qtbot: QtBot) -> None:
    window = build_window(str(HAZEL))
    qtbot.addWidget(window)
    window.resize(1400, 900)
    window.show()
    qtbot.waitExposed(window)
    game = seeded_union_first()
    window.start_game(game)
    assert window.controller.apply(DeclareSpan("mcdowell", ("u3",)))
    assert window.controller.end_phase()
    for action in (GiveOrder("mcdowell"), March("u3", (game.map.parse("0402"),)),
                   March("u3", (game.map.parse("0403"),))):
        assert window.controller.apply(action)
    m = game.map
    window.log_panel.position_chosen.emit(4)  # a click on the log's fourth line
    past = window.history_mode.page
    assert window.pages.currentWidget() is past
    assert drawn(past.board)["u3"] == m.parse("0402")  # as it was after the first march
    assert drawn(window.view.board())["u3"] == m.parse("0403")  # the live board is untouched
    assert state_of(game).pieces["u3"].hex == m.parse("0403")
    window.log_panel.position_chosen.emit(0)
    assert drawn(past.board)["u3"] == m.parse("0302")
    past.back_requested.emit()
    assert window.pages.currentWidget() is window.view


def test_a_strategic_step_marks_the_sp_it_cost_and_not_the_leaders() -> None:
    game = seeded_union_first()
    before = state_of(game).copy()
    after = state_of(game).copy()
    u3 = after.pieces["u3"]
    after.put(replace(u3, sp=u3.sp - 2))  # a battle's loss of 2 SP
    del after.pieces["mcdowell"]  # a leader killed: gone, but no SP lost
    places = game.ruleset.placements
    changes = changes_between(places(before), places(after))
    assert changes.hits == {"u3": 2} and changes.hit_hexes == {u3.hex}
    assert changes.removed == ("mcdowell",) and changes.left == {u3.hex}
    assert History.of(game).changes(0).empty


def test_replaying_the_game_opens_where_the_other_side_s_latest_turn_began(
        qtbot: QtBot) -> None:
    game = seeded_union_first()
    march_ricketts_twice(game)

    def union_played_week_2() -> bool:
        return any(e.turn == 2 and e.side is Side.UNION for e in game.log)

    while not (union_played_week_2() and game.current_side is Side.CONFEDERATE):
        game.apply(EndPhase())
    log = game.log
    window = replay_live_game(None, game)  # type: ignore[arg-type]
    assert window is not None
    qtbot.addWidget(window)
    at = window.position  # what the Confederate player returning to the table missed
    runs = [i for i, e in enumerate(log) if e.side is Side.UNION
            and (i == 0 or log[i - 1].side is not Side.UNION)]
    assert at == runs[-1] > 5 and log[at].turn == 2  # the Union's week-2 turn, from its start
