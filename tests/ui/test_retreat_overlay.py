"""The retreat highlight: every legal path drawn, the chosen one bold, a tooltip on each hex
saying which priority chose it, the owner's equally good paths clickable when asked; and
`gameapp render --highlight retreat:UNIT`."""

from __future__ import annotations

from pathlib import Path

import pytest
from PySide6.QtCore import Qt
from PySide6.QtGui import QImage
from pytestqt.qtbot import QtBot

from gameapp.cli import main
from gameapp.core.engine import Game
from gameapp.core.rulesets.tactical import tactical
from gameapp.core.units import Side
from gameapp.present.retreat_text import PathRole
from gameapp.ui.board.label_stamps import ChipStyle, LabelStamps
from gameapp.ui.board.retreat_overlay import LINE_STYLE, PATH_FILL, HexTipItem, RetreatOverlay
from gameapp.ui.board.scene import BoardScene
from tests.core.positions import N, S, blank_map, game_on, infantry, place

from .play import DEMO


def _flanked() -> Game:
    """US-1 in 0606 with CS-1 north of it (0605) and CS-2 south-east (0707): the nearest
    enemies, so both caused the retreat."""
    m = blank_map()
    return game_on(m, [place(infantry("US-1"), m, "0606", N),
                       place(infantry("CS-1", Side.CONFEDERATE), m, "0605", S),
                       place(infantry("CS-2", Side.CONFEDERATE), m, "0707", S)])


def _alone() -> Game:
    """US-1 in 0606 with only CS-1 north of it: several paths are equally good."""
    m = blank_map()
    return game_on(m, [place(infantry("US-1"), m, "0606", N),
                       place(infantry("CS-1", Side.CONFEDERATE), m, "0605", S)])


def _overlay(game: Game) -> tuple[BoardScene, RetreatOverlay]:
    scene = BoardScene(game.map, game.state.units.values())
    overlay = RetreatOverlay(scene.geometry, LabelStamps())
    overlay.add_to(scene)
    return scene, overlay


def test_every_path_is_drawn_and_the_chosen_one_is_bold(qtbot: QtBot) -> None:
    game = _flanked()
    _, overlay = _overlay(game)
    options = tactical(game).retreat_options("US-1")
    overlay.show(options, game.map.hex_id)
    ids = game.map.hex_id
    # Away from CS-1 (0605) and CS-2 (0707): only 0507 is next to neither; from there 0407
    # moves furthest from the enemy (no own edge on this blank map). 10 legal paths in all.
    lines = overlay.lines.lines
    assert len(lines) == 10
    assert [" ".join(map(ids, h)) for r, h in lines if r is PathRole.CHOSEN] == ["0606 0507 0407"]
    assert lines[-1][0] is PathRole.CHOSEN  # painted last, over the others
    assert {r for r, _ in lines[:-1]} == {PathRole.OTHER}  # no equally good path here
    assert LINE_STYLE[PathRole.CHOSEN][1] > 2 * LINE_STYLE[PathRole.OTHER][1]  # bold
    on_paths = {h for _, hexes in lines for h in hexes[1:]}
    assert set(overlay.marks.hexes) == on_paths
    assert all(c == PATH_FILL for c in overlay.marks.hexes.values())
    assert overlay.hexes == on_paths | {game.map.parse("0606")}
    assert overlay.chosen_hexes == tuple(map(game.map.parse, ("0606", "0507", "0407")))
    assert overlay.chips.labels == []  # the retreat completes: no Broken Box chip


def test_each_hex_tells_which_priority_chose_it(qtbot: QtBot) -> None:
    game = _flanked()
    scene, overlay = _overlay(game)
    overlay.show(tactical(game).retreat_options("US-1"), game.map.hex_id)
    p = game.map.parse
    tip = overlay.tooltip(p("0507"))
    # 0507 leads the chosen path and two lower ones (to 0406 and 0508): explained once
    assert tip.splitlines()[:3] == [
        "0507: on the chosen path and on another legal path, ranked lower",
        "hex 1 of 2: chosen over 0506: keeps clear of the units that caused the retreat "
        "(000 15.4 (1))",
        "  · clear of the units that caused the retreat (000 15.4 (1))",
    ]
    assert "hex 2 of 2: chosen over 0406: gets closer to the own map edge (000 15.4)" in \
        overlay.tooltip(p("0407"))
    lower = overlay.tooltip(p("0506")).splitlines()
    assert lower[1] == ("hex 1 of 2 (other): 0507 was better: it keeps clear of the units that "
                        "caused the retreat (000 15.4 (1))")
    assert "  · next to CS-1, which caused the retreat (000 15.4 (1))" in lower
    assert "  · leaving it draws disengagement fire from CS-1 (000 15.4 / 000 13.7)" in lower
    start = overlay.tooltip(p("0606")).splitlines()
    assert start[:2] == ["0606: the start", "US-1 retreats 2 hexes (000 15.4)"]
    # the board shows these tooltips: an invisible item under the hex, no mouse button taken
    items = [i for i in scene.items(scene.geometry.centre(p("0507")))
             if isinstance(i, HexTipItem)]
    assert len(items) == 1 and items[0].toolTip() == tip
    assert items[0].acceptedMouseButtons() == Qt.MouseButton.NoButton
    overlay.clear()
    assert not [i for i in scene.items() if isinstance(i, HexTipItem)]
    assert overlay.lines.lines == [] and overlay.marks.hexes == {}
    assert overlay.tooltip(p("0507")) == ""


def test_the_retreat_runs_from_the_nearest_enemies(qtbot: QtBot) -> None:
    """tactical(game).retreat_options: the enemy combat units nearest the unit caused the retreat
    (CS-1, 1 hex away); CS-3, 2 hexes away in 0608, counts only as another enemy unit."""
    m = blank_map()
    game = game_on(m, [place(infantry("US-1"), m, "0606", N),
                       place(infantry("CS-1", Side.CONFEDERATE), m, "0605", S),
                       place(infantry("CS-3", Side.CONFEDERATE), m, "0608", S)])
    _, overlay = _overlay(game)
    overlay.show(tactical(game).retreat_options("US-1"), m.hex_id)
    assert "  · next to other enemy units: CS-3 (000 15.4 (2))" in \
        overlay.tooltip(m.parse("0508")).splitlines()
    assert "  · next to CS-1, which caused the retreat (000 15.4 (1))" in \
        overlay.tooltip(m.parse("0506")).splitlines()


def test_the_owner_picks_one_of_the_equally_good_paths_by_clicking(qtbot: QtBot) -> None:
    game = _alone()
    _, overlay = _overlay(game)
    options = tactical(game).retreat_options("US-1")
    p = game.map.parse
    # Seven paths of 2 hexes keep clear of CS-1 and move 2 hexes from it: ends 0407, 0508,
    # 0608, 0708, 0807 (0407 first by the printed ids)
    assert len(options.choices) == 7
    overlay.show(options, game.map.hex_id)
    assert overlay.path_at(p("0508")) is None  # not asked: clicks pick nothing
    overlay.show(options, game.map.hex_id, choosing=True)
    roles = [r for r, _ in overlay.lines.lines]
    assert roles.count(PathRole.CHOICE) == 6 and roles.count(PathRole.CHOSEN) == 1
    chosen = overlay.path_at(p("0508"))
    assert chosen is not None and chosen.hex_ids == ("0606", "0507", "0508")  # ends there
    through = overlay.path_at(p("0707"))
    assert through is not None and through.hex_ids == ("0606", "0707", "0708")
    assert overlay.path_at(p("0406")) is None  # on a lower path only
    assert p("0807") in overlay and p("0606") not in overlay
    assert overlay.tooltip(p("0807")).endswith("Click to take this path")
    assert overlay.tooltip(p("0807")).splitlines()[:2] == [
        "0807: on an equally good path: the owner may choose it",
        "hex 2 of 2 (choice): as good as 0708: the owner's choice (000 15.4)"]


def test_no_legal_path_is_broken_box_3(qtbot: QtBot) -> None:
    m = blank_map()
    units = [place(infantry("US-1"), m, "0606", N)]
    # every hex 2 away from 0606 held by the enemy: no path can end legally
    ring = [h for h in m.numbering.hexes() if h.distance(m.parse("0606")) == 2]
    units += [place(infantry(f"CS-{i}", Side.CONFEDERATE), m, m.hex_id(h), S)
              for i, h in enumerate(ring)]
    game = game_on(m, units)
    _, overlay = _overlay(game)
    options = tactical(game).retreat_options("US-1")
    overlay.show(options, m.hex_id)
    assert options.paths == () and overlay.lines.lines == []
    assert [(text, style) for _, text, style in overlay.chips.labels] == [("BB3", ChipStyle.STOP)]
    assert "Broken Box 3: no path ends 2 hexes away" in overlay.tooltip(m.parse("0606"))


@pytest.mark.skipif(not DEMO.exists(), reason="scenarios/demo.yaml not shipped")
def test_render_draws_the_retreat_paths(
    qtbot: QtBot, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    plain, lit = tmp_path / "plain.png", tmp_path / "retreat.png"
    assert main(["render", str(DEMO), "--png", str(plain)]) == 0
    assert main(["render", str(DEMO), "--png", str(lit), "--highlight", "retreat:US-35MA"]) == 0
    assert capsys.readouterr().out.splitlines() == [f"wrote {plain}", f"wrote {lit}"]
    game = Game.from_scenario(DEMO)
    options = tactical(game).retreat_options("US-35MA")
    assert options.chosen is not None
    scene = BoardScene(game.map)
    before, after = QImage(str(plain)), QImage(str(lit))
    scale = before.width() / scene.geometry.map_rect.width()  # the default width: counters read
    assert before.size() == after.size()
    for h in options.chosen.hexes[1:]:  # the bold line runs through each hex's centre
        c = scene.geometry.centre(h)
        x, y = round(c.x() * scale), round(c.y() * scale)
        assert before.pixelColor(x, y) != after.pixelColor(x, y), game.map.hex_id(h)
    far = scene.geometry.centre(game.map.parse("2418"))
    x, y = round(far.x() * scale), round(far.y() * scale)
    assert before.pixelColor(x, y) == after.pixelColor(x, y)


def test_render_of_an_unknown_unit_exits_1(tmp_path: Path,
                                           capsys: pytest.CaptureFixture[str]) -> None:
    out = tmp_path / "x.png"
    assert main(["render", str(DEMO), "--png", str(out), "--highlight", "retreat:US-NOPE"]) == 1
    assert capsys.readouterr().err.strip() == "--highlight retreat:US-NOPE: there is no unit " \
                                              "'US-NOPE' (R&C actions)"
    assert not out.exists()
