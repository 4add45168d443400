"""`gameapp render SCENARIO --png OUT --highlight moves:UNIT` (or fire:UNIT) draws the window's
move highlight (or field of fire) offscreen; unknown, immobile or unable units exit 1, kinds not
built yet exit 2."""

from __future__ import annotations

from pathlib import Path

import pytest
from PySide6.QtGui import QImage
from pytestqt.qtbot import QtBot

from gameapp.cli import main
from gameapp.core.engine import Game
from gameapp.core.rulesets.tactical import tactical
from gameapp.ui.board.geometry import HEX_SIZE, BoardGeometry
from gameapp.ui.board.scene import MARGIN

from .play import DEMO

demo_only = pytest.mark.skipif(not DEMO.exists(), reason="scenarios/demo.yaml not shipped")


@demo_only
def test_a_highlighted_hex_differs_from_the_plain_render(
    qtbot: QtBot, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    plain, lit = tmp_path / "plain.png", tmp_path / "lit.png"
    assert main(["render", str(DEMO), "--png", str(plain)]) == 0
    assert main(["render", str(DEMO), "--png", str(lit), "--highlight", "moves:US-9NH"]) == 0
    assert capsys.readouterr().out.splitlines() == [f"wrote {plain}", f"wrote {lit}"]
    game = Game.from_scenario(DEMO)
    reach = tactical(game).movement.reachable("US-9NH")
    occupied = {u.hex for u in game.state.units.values()}
    geometry = BoardGeometry(game.map.numbering, margin=HEX_SIZE * MARGIN)
    before, after = QImage(str(plain)), QImage(str(lit))
    scale = before.width() / geometry.map_rect.width()  # the default width: counters read
    assert before.size() == after.size()
    changed = 0
    for h in reach:
        if h in occupied:
            continue
        edge = geometry.centre(h)  # between the chip and the hexside
        x, y = round(edge.x() * scale), round((edge.y() + 0.6 * HEX_SIZE) * scale)
        changed += before.pixelColor(x, y) != after.pixelColor(x, y)
    assert changed == len([h for h in reach if h not in occupied])
    far = geometry.centre(game.map.numbering.parse("2418"))  # far from the unit: untouched
    x, y = round(far.x() * scale), round(far.y() * scale)
    assert before.pixelColor(x, y) == after.pixelColor(x, y)


@demo_only
def test_the_field_of_fire_differs_from_the_plain_render(
    qtbot: QtBot, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    plain, lit = tmp_path / "plain.png", tmp_path / "fire.png"
    assert main(["render", str(DEMO), "--png", str(plain)]) == 0
    assert main(["render", str(DEMO), "--png", str(lit), "--highlight", "fire:US-21MA"]) == 0
    assert capsys.readouterr().out.splitlines() == [f"wrote {plain}", f"wrote {lit}"]
    game = Game.from_scenario(DEMO)
    field = tactical(game).fire.field("US-21MA")
    occupied = {u.hex for u in game.state.units.values()}
    geometry = BoardGeometry(game.map.numbering, margin=HEX_SIZE * MARGIN)
    before, after = QImage(str(plain)), QImage(str(lit))
    scale = before.width() / geometry.map_rect.width()  # the default width: counters read
    assert before.size() == after.size() and before != after
    empty = [h for h in field if h not in occupied]
    assert len(empty) > 20
    for h in empty:
        centre = geometry.centre(h)
        x, y = round(centre.x() * scale), round(centre.y() * scale)
        assert before.pixelColor(x, y) != after.pixelColor(x, y), game.map.hex_id(h)
    far = geometry.centre(game.map.numbering.parse("0118"))  # outside the field: untouched
    x, y = round(far.x() * scale), round(far.y() * scale)
    assert before.pixelColor(x, y) == after.pixelColor(x, y)


@demo_only
@pytest.mark.parametrize(
    ("kind", "unit", "says"),
    [
        ("moves", "US-NOPE", "there is no unit 'US-NOPE'"),
        ("moves", "CS-50GA", "50th Georgia is not yours to move this phase (1.22)"),
        ("moves", "US-DPA", "cannot move in unlimbered: limber first (TEC movement cost)"),
        ("fire", "US-NOPE", "there is no unit 'US-NOPE'"),
        ("fire", "US-Nagle", "Brig. Gen. J. Nagle: leaders are not combat units (003 5.2c)"),
        ("fire", "CS-Brown", "a unit in limbered has no front to fire through (3.310)"),
    ],
)
def test_a_highlight_the_unit_cannot_have_now_exits_1(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], kind: str, unit: str, says: str
) -> None:
    out = tmp_path / "x.png"
    spec = f"{kind}:{unit}"
    assert main(["render", str(DEMO), "--png", str(out), "--highlight", spec]) == 1
    err = capsys.readouterr().err
    assert err.startswith(f"--highlight {spec}: ") and says in err
    assert "Traceback" not in err
    assert not out.exists()


@pytest.mark.parametrize(
    ("value", "says"),
    [
        ("moves", "expected one of moves:UNIT, fire:UNIT, retreat:UNIT"),
        ("charge:US-9NH", "expected one of moves:UNIT"),
    ],
)
def test_kinds_not_built_yet_or_malformed_exit_2(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], value: str, says: str
) -> None:
    out = tmp_path / "x.png"
    assert main(["render", str(DEMO), "--png", str(out), "--highlight", value]) == 2
    assert says in capsys.readouterr().err
    assert not out.exists()
