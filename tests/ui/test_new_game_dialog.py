"""The new-game dialog: scenarios from a folder (a broken one listed but not playable), the
description and map preview, who plays each side, the optional rules the scenario allows, and the
game the window starts from it."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
from PySide6.QtCore import Qt
from pytestqt.qtbot import QtBot

from gameapp import paths
from gameapp.core.newgame import GameSetup, PlayerKind, option_choices, with_options
from gameapp.core.options import RuleOptions
from gameapp.core.scenario import load_scenario
from gameapp.core.units import Side
from gameapp.ui.computer import RANDOM
from gameapp.ui.main_window import MainWindow
from gameapp.ui.new_game_dialog import PREVIEW_WIDTH, NewGameDialog

DATA = Path(__file__).resolve().parents[1] / "data"
DUEL = DATA / "scenarios" / "duel.yaml"


@pytest.fixture
def folder(tmp_path: Path) -> Path:
    """duel.yaml and a broken scenario, beside the maps and counters duel.yaml names."""
    for kind in ("maps", "counters"):
        shutil.copytree(DATA / kind, tmp_path / kind)
    shutil.copytree(DATA / "scenarios", tmp_path / "scenarios")
    (tmp_path / "scenarios" / "broken.yaml").write_text("name: [unclosed\n")
    return tmp_path / "scenarios"


def dialog_on(qtbot: QtBot, folder: Path, selected: Path | None = None) -> NewGameDialog:
    dialog = NewGameDialog(folder, selected=selected)
    qtbot.addWidget(dialog)
    return dialog


def test_the_list_has_every_scenario_and_a_broken_one_cannot_be_chosen(
    qtbot: QtBot, folder: Path
) -> None:
    dialog = dialog_on(qtbot, folder, folder / "duel.yaml")
    texts = [dialog.list.item(i).text() for i in range(dialog.list.count())]
    assert "broken.yaml: cannot be opened" in texts and "Duel" in texts
    broken = dialog.list.item(texts.index("broken.yaml: cannot be opened"))
    assert not broken.flags() & Qt.ItemFlag.ItemIsEnabled
    assert dialog.title.text() == "Duel"
    assert dialog.description.text().startswith("Two regiments two hexes apart")
    preview = dialog.preview.pixmap()
    assert not preview.isNull() and preview.width() == PREVIEW_WIDTH


def test_the_shipped_scenarios_are_offered(qtbot: QtBot) -> None:
    dialog = dialog_on(qtbot, paths.scenarios_dir())
    shipped = {p.resolve() for p in paths.shipped_scenarios()}
    assert {e.path.resolve() for e in dialog.entries} == shipped


def test_by_default_two_humans_at_one_screen_with_the_scenarios_rules(
    qtbot: QtBot, folder: Path
) -> None:
    setup = dialog_on(qtbot, folder, folder / "duel.yaml").setup()
    assert isinstance(setup, GameSetup)
    assert all(p.kind is PlayerKind.HUMAN for p in setup.players.values())
    assert setup.hot_seat and not setup.hide_unseen and setup.options == {}


def test_a_computer_side_is_carried_in_the_players_and_ends_hot_seat(
    qtbot: QtBot, folder: Path
) -> None:
    dialog = dialog_on(qtbot, folder, folder / "duel.yaml")
    dialog.set_player(Side.CONFEDERATE, RANDOM)
    assert not dialog.hot_seat.isEnabled()
    assert "random legal moves" in dialog.player_boxes[Side.CONFEDERATE].currentText()
    setup = dialog.setup()
    assert setup is not None and not setup.hot_seat
    assert setup.players[Side.UNION].kind is PlayerKind.HUMAN
    assert setup.players[Side.CONFEDERATE].kind is PlayerKind.COMPUTER
    assert setup.players[Side.CONFEDERATE].difficulty == RANDOM


def test_a_changed_option_goes_into_the_game_and_can_be_restored(
    qtbot: QtBot, folder: Path
) -> None:
    dialog = dialog_on(qtbot, folder, folder / "duel.yaml")
    combo = dialog.option_editors["stacking"].combo
    assert combo is not None and combo.currentData() == "tec_sl"  # duel says nothing: default
    combo.setCurrentIndex(combo.findData("flat_8"))
    dialog.option_editors["los"].members["same_hill"].setChecked(True)
    setup = dialog.setup()
    assert setup is not None
    assert setup.options == {"stacking": "flat_8", "los": ("same_hill",)}
    game = setup.start()
    assert game.scenario.options["stacking"] == "flat_8"
    assert game.scenario.los_conventions == ("same_hill",)
    dialog.restore_options()
    assert dialog.setup().options == {}  # type: ignore[union-attr]


def test_the_artillery_three_quarters_rule_is_a_check_box_of_its_own(
    qtbot: QtBot, folder: Path
) -> None:
    # 000 6.1a is optional apart from 6.1's flat limit: a box of its own, on by default
    dialog = dialog_on(qtbot, folder, folder / "duel.yaml")
    editor = dialog.option_editors["artillery_three_quarters"]
    assert editor.box is not None and editor.box.isChecked()
    assert "6.1a" in editor.toolTip()
    dialog.option_editors["stacking"].combo.setCurrentIndex(  # type: ignore[union-attr]
        dialog.option_editors["stacking"].combo.findData("flat_8"))  # type: ignore[union-attr]
    editor.box.setChecked(False)
    setup = dialog.setup()
    assert setup is not None
    game = setup.start()
    assert game.scenario.options["artillery_three_quarters"] is False
    assert RuleOptions.of(game.scenario.options).stacking_rule == "flat_8_whole_guns"


def test_historical_events_are_offered_only_where_the_scenario_has_one() -> None:
    duel = load_scenario(DUEL)
    assert "historical_events" not in {c.name for c in option_choices(duel)}
    mountain = load_scenario(paths.scenarios_dir() / "slaughter_mountain.yaml")
    choices = {c.name: c for c in option_choices(mountain)}
    assert choices["historical_events"].default is False
    assert choices["stacking"].default == "flat_8"  # the scenario's own choice
    # an option with a single value is no choice
    assert "broken_track_return" not in choices


def test_with_options_leaves_the_scenario_itself_alone() -> None:
    duel = load_scenario(DUEL)
    changed = with_options(duel, {"engagement": True, "los": ("same_hill",)})
    assert changed.options["engagement"] is True and changed.los_conventions == ("same_hill",)
    assert duel.options["engagement"] is False and duel.los_conventions == ()


def test_file_new_game_starts_the_game_the_dialog_sets_up(
    qtbot: QtBot, folder: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    def accept(dialog: NewGameDialog) -> int:
        dialog.select_path(folder / "duel.yaml")
        dialog.set_player(Side.CONFEDERATE, RANDOM)
        return NewGameDialog.DialogCode.Accepted.value

    monkeypatch.setattr(NewGameDialog, "exec", accept)
    window = MainWindow(scenarios_dir=folder)
    qtbot.addWidget(window)
    window.actions_by_id["new_game"].trigger()
    game = window.controller.game
    assert game is not None and game.scenario.name == "Duel"
    assert window.players[Side.CONFEDERATE].kind is PlayerKind.COMPUTER
    assert window.pages.currentWidget() is window.view  # one human: no handover cover
    assert "Confederate: computer (random)" in window.windowTitle()


def test_each_value_says_what_it_does_in_the_schemas_words() -> None:
    choices = {c.name: c for c in option_choices(load_scenario(DUEL))}
    assert choices["stacking"].value_help == {"tec_sl": "the terrain chart's SL column",
                                              "flat_8": "a flat limit per hex"}
    assert choices["retreat"].value_help["ss15_4"] == (
        "the retreat priorities of Stonewall's Sword 15.4")
    assert choices["movement_allowances"].value_help["sharpsburg"] == ""  # just "(default)"


def test_each_new_game_dialog_offers_a_fresh_seed_and_the_game_takes_it(
    qtbot: QtBot, folder: Path
) -> None:
    """Issue 27, item 10: the seed is drawn afresh (not 0), shown, and can still be set."""
    dialogs = [dialog_on(qtbot, folder, folder / "duel.yaml") for _ in range(3)]
    assert len({d.seed.value() for d in dialogs}) == 3
    dialog = dialog_on(qtbot, folder, folder / "duel.yaml")
    setup = dialog.setup()
    assert setup is not None and setup.start().dice.seed == dialog.seed.value()
    dialog.seed.setValue(1234)
    setup = dialog.setup()
    assert setup is not None and setup.start().dice.seed == 1234


def test_a_scenario_chosen_on_the_start_screen_goes_through_the_new_game_choices(
    qtbot: QtBot, folder: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Issue 27, item 4: Open (or a double click) on the start screen asks who plays, on the
    scenario chosen; the hot-seat handover then covers the board for two humans."""
    seen: list[str] = []

    def accept(dialog: NewGameDialog) -> int:
        seen.append(dialog.title.text())
        return NewGameDialog.DialogCode.Accepted.value

    monkeypatch.setattr(NewGameDialog, "exec", accept)
    window = MainWindow(scenarios_dir=folder)
    qtbot.addWidget(window)
    window.start_screen.select_path(folder / "duel.yaml")
    window.start_screen.open_button.click()
    assert seen == ["Duel"]
    game = window.controller.game
    assert game is not None and game.scenario.name == "Duel"
    assert window.hot_seat.handover and window.hot_seat.covered  # two humans: handovers


def test_a_scenario_file_from_elsewhere_joins_the_list_and_is_chosen(
    qtbot: QtBot, folder: Path, tmp_path: Path
) -> None:
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    dialog = dialog_on(qtbot, elsewhere, folder / "duel.yaml")
    assert dialog.title.text() == "Duel" and dialog.setup() is not None


def test_option_values_read_as_words_not_codes(qtbot: QtBot, folder: Path) -> None:
    """Issue 27, item 9: "Stonewall's Sword 15.4 retreat priorities", not `ss15_4`."""
    dialog = dialog_on(qtbot, folder, folder / "duel.yaml")
    combo = dialog.option_editors["retreat"].combo
    assert combo is not None
    texts = [combo.itemText(i) for i in range(combo.count())]
    assert "Stonewall's Sword 15.4 retreat priorities (scenario)" in texts
    assert not any("ss15_4" in text or "g88" in text for text in texts)
    assert combo.currentData() == "ss15_4"  # the value the game gets is still the code
