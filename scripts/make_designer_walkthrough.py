"""The walk-through of docs/designing-scenarios.md, done with the editor itself (offscreen):
a new map, a background picture to trace, a GeoJSON import, a few painted hexes, then a scenario
on it with counters from the palette, a reinforcement, victory hexes and rules options,
validated and test-played. Writes docs/images/designer-*.png.

    .venv/bin/python scripts/make_designer_walkthrough.py [--install] [--keep]

Everything is built in a scratch folder laid out as the project's (maps/, scenarios/,
counters/); with --install the map and the scenario are copied to maps/tutorial_crossroads.yaml
and scenarios/tutorial_crossroads.yaml once they validate; with --keep the folder stays.
"""

from __future__ import annotations

import json
import math
import os
import shutil
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
if not os.environ.get("DISPLAY"):
    os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

from PySide6.QtCore import QPointF, QSettings, Qt  # noqa: E402
from PySide6.QtGui import QColor, QFont, QImage, QPainter, QPainterPath, QPen  # noqa: E402
from PySide6.QtWidgets import QApplication, QWidget  # noqa: E402

from gameapp.core.datafiles import load_any  # noqa: E402
from gameapp.core.hexgrid import Hexside  # noqa: E402
from gameapp.core.terrain import HexsideFeature, Terrain  # noqa: E402
from gameapp.editor.new_map import schema_ref  # noqa: E402
from gameapp.editor.victory_edits import toggle_victory_hex  # noqa: E402
from gameapp.ui.app import application  # noqa: E402
from gameapp.ui.editor import EditorWindow  # noqa: E402

IMAGES = ROOT / "docs" / "images"
GEOJSON = ROOT / "docs" / "examples" / "tutorial_crossroads.geojson"
NAME = "tutorial_crossroads"
PX = 40.0  # sketch pixels per map hex unit
MARGIN = 60.0  # sketch pixels from the picture's corner to the centre of the top-left hex
NAGLE = ["US-Nagle", "US-2MD", "US-6NH", "US-9NH"]
TOOMBS = ["CS-Toombs", "CS-2GA", "CS-15GA", "CS-20GA"]
FERRERO = ["US-Ferrero", "US-21MA", "US-35MA", "US-51PA"]

SCENARIO_SKELETON = """\
# yaml-language-server: $schema=../gameapp/core/schemas/scenario.schema.json
# The scenario of the walk-through in docs/designing-scenarios.md, a made-up action, built with
# the editor by scripts/make_designer_walkthrough.py from this skeleton.
name: Tutorial crossroads
map: ../maps/tutorial_crossroads.yaml
counters: ../counters/demo.yaml
ruleset: tactical
turns: {first: 1, last: 8, start: "16:00", minutes: 20}
first_side: confederate
# the walk-through uses two brigades a side of the demo's counters; the rest stay in the box
left_out: [CS-12VAC, CS-15SC, CS-2VAC, CS-50GA, CS-51GA, CS-Brown, CS-Chew, CS-Drayton,
  CS-Eubank, CS-Jones, CS-Munford, US-1USSS, US-3IN, US-8IL, US-DPA, US-E2US, US-Farnsworth,
  US-M2US, US-Sturgis]
"""


def settle(app: QApplication) -> None:
    for _ in range(3):
        app.processEvents()


def grab(widget: QWidget, name: str) -> Path:
    out = IMAGES / name
    widget.grab().save(str(out))
    print(f"wrote {out}")
    return out


def sketch(path: Path) -> Path:
    """A pencil sketch of the ground, as a scanned field sketch would be: the GeoJSON's shapes
    drawn on paper (PX pixels per map hex unit, the top-left hex centre at MARGIN, MARGIN)."""
    features = json.loads(GEOJSON.read_text(encoding="utf-8"))["features"]
    image = QImage(1120, 940, QImage.Format.Format_RGB32)
    image.fill(QColor("#efe6cf"))
    painter = QPainter(image)
    painter.setRenderHint(QPainter.RenderHint.Antialiasing)

    def point(xy: list[float]) -> QPointF:
        return QPointF(MARGIN + xy[0] * PX, MARGIN + xy[1] * PX)

    def line(coords: list[list[float]], closed: bool = False) -> QPainterPath:
        shape = QPainterPath(point(coords[0]))
        for xy in coords[1:]:
            shape.lineTo(point(xy))
        if closed:
            shape.closeSubpath()
        return shape

    styles = {
        "woods": (QColor("#2f5d2a"), QColor(60, 110, 50, 90)),
        "orchard": (QColor("#5a7d2a"), QColor(120, 160, 60, 70)),
        "cornfield": (QColor("#8a7a20"), QColor(200, 180, 70, 70)),
    }
    font = QFont("DejaVu Sans", 13)
    font.setItalic(True)
    painter.setFont(font)
    for feature in features:
        props, geometry = feature["properties"], feature["geometry"]
        coords = geometry["coordinates"]
        if "height" in props:
            painter.setPen(QPen(QColor("#8b5a2b"), 2, Qt.PenStyle.DashLine))
            painter.setBrush(Qt.BrushStyle.NoBrush)
            painter.drawPath(line(coords[0], True))
            painter.drawText(point(coords[0][1]) + QPointF(-70, -6), f"{props['height']} ft")
        elif "terrain" in props:
            pen, fill = styles[props["terrain"]]
            painter.setPen(QPen(pen, 2))
            painter.setBrush(fill)
            painter.drawPath(line(coords[0], True))
            painter.setPen(pen)
            corner = coords[0][0]
            painter.drawText(point([corner[0] + 0.3, max(corner[1], 0) + 1.2]), props["name"])
        elif props.get("hexside") == "creek":
            painter.setPen(QPen(QColor("#2a5aa8"), 4))
            painter.setBrush(Qt.BrushStyle.NoBrush)
            painter.drawPath(line(coords))
            painter.drawText(point([coords[1][0] + 0.4, coords[1][1] + 2.5]), props["name"])
        elif props.get("hexside") == "ford":
            painter.setPen(QPen(QColor("#2a5aa8"), 2))
            painter.drawText(point(coords) + QPointF(10, 5), "ford")
        elif "road" in props:
            width = 5 if props["road"] == "pike" else 3
            painter.setPen(QPen(QColor("#3a3028"), width))
            painter.setBrush(Qt.BrushStyle.NoBrush)
            painter.drawPath(line(coords))
            at = coords[2] if len(coords) > 2 else coords[0]
            painter.drawText(point([at[0], at[1] - 0.4 if props["road"] == "pike" else 1.5]),
                             props["name"])
    painter.end()
    image.save(str(path))
    return path


def main() -> int:
    install = "--install" in sys.argv[1:]
    app = application()
    work = Path(tempfile.mkdtemp(prefix="rc-tutorial-"))
    QSettings.setPath(QSettings.Format.IniFormat, QSettings.Scope.UserScope, str(work / "ini"))
    for folder in ("maps", "scenarios", "counters"):
        (work / folder).mkdir()
    shutil.copy(ROOT / "counters" / "demo.yaml", work / "counters" / "demo.yaml")
    map_path = work / "maps" / f"{NAME}.yaml"
    scenario_path = work / "scenarios" / f"{NAME}.yaml"
    IMAGES.mkdir(parents=True, exist_ok=True)

    window = EditorWindow()
    window.ask_before_closing = False
    window.resize(1500, 950)
    window.show()
    settle(app)

    # 1. File > New map…
    dialog = window.map_sources.new_map()
    dialog.name.setText("Tutorial crossroads")
    dialog.width_box.setValue(16)
    dialog.height_box.setValue(12)
    dialog.base_elevation.setValue(280)
    dialog.choose_path = lambda _suggested: map_path
    settle(app)
    grab(dialog, "designer-new-map.png")
    dialog.create_map()
    assert window.map_painting.doc is not None, "the new map did not open"

    # 2. File > Background image…: the sketch under the grid, scaled to the hexes
    underlay = window.map_sources.underlay
    assert underlay.load_image(sketch(work / "sketch.png"))
    underlay.update_settings(hex_across=PX * math.sqrt(3), origin_x=MARGIN, origin_y=MARGIN,
                             opacity=0.6)  # fmt: skip
    window.map_sources.show_underlay(choose=False)

    # 3. File > Import GeoJSON…
    result = window.map_sources.import_file(GEOJSON)
    assert result is not None, "the GeoJSON did not import"
    print(result.summary)

    # 4. Paint: the crossroads hamlet, a stone wall along the orchard, friendly edges
    painting = window.map_painting
    doc = painting.doc
    assert doc is not None
    parse = doc.map.parse
    painting.push(doc.paint_terrain([parse("0907"), parse("0906"), parse("1007")], Terrain.TOWN))
    for a, b in (("0709", "0809"), ("0809", "0909"), ("0809", "0910")):
        painting.push(doc.toggle_hexside(Hexside.between(parse(a), parse(b)),
                                         HexsideFeature.STONE_WALL))  # fmt: skip
    painting.push(doc.toggle_friendly_edge("union", "left"))
    painting.push(doc.toggle_friendly_edge("confederate", "right"))
    window.view.fit()
    settle(app)
    grab(window, "designer-map.png")
    assert window.save(), "the map was not saved"

    # 5. The scenario: a skeleton by hand, then the editor
    scenario_path.write_text(SCENARIO_SKELETON, encoding="utf-8")
    assert window.open_path(scenario_path), "the scenario did not open"
    underlay.update_settings(visible=False)
    scenario = window.doc
    assert scenario is not None
    parse = scenario.map.parse
    window.drop_units(NAGLE, parse("0407"))  # the brigade from the palette, onto the ridge
    window.drop_units(TOOMBS, parse("1307"))  # across the creek
    for unit_id in ("CS-Toombs", "CS-2GA", "CS-15GA", "CS-20GA"):
        window.push(scenario.face(unit_id, 3))  # north-west, toward the bridge
    window.push(scenario.add_reinforcement(3, parse("0107"), FERRERO))
    window.push(toggle_victory_hex(scenario, parse("0907"), 3, "the crossroads"))
    window.push(toggle_victory_hex(scenario, parse("1207"), 2, "Sawmill bridge"))
    form = window.metadata_form  # the rules options, as the Scenario tab offers them
    form.option_widgets["engagement"].setChecked(True)  # type: ignore[union-attr]
    form.los_boxes["orchard_endpoints"].setChecked(True)
    window.push(scenario.set_field(("description",),
                                   "A tutorial battle: Nagle's Union brigade holds Garland Ridge "
                                   "while Toombs's Georgians come over Sawmill Creek for the "
                                   "crossroads; Ferrero's brigade marches up the pike at 16:40."))
    problems = window.validate()
    assert problems == [], problems
    assert window.save(), "the scenario was not saved"
    window.tabs.setCurrentIndex(0)
    if window.map_sources.underlay_dock is not None:
        window.map_sources.underlay_dock.hide()
    window.palette_dock.raise_()
    window.oob_palette.search.setText("Nagle")
    window.view.select_unit("US-6NH")
    window.view.fit()
    window.view.set_zoom(window.view.zoom * 1.12)
    board = window.view.board()
    assert board is not None
    window.view.centerOn(board.geometry.centre(parse("0807")))
    settle(app)
    grab(window, "designer-scenario.png")
    errors = [p for p in (map_path, scenario_path) if load_any(p) is None]
    assert not errors

    # 6. Test play, and back
    game = window.test_play()
    assert game is not None, "test play did not open"
    settle(app)
    title = game.windowTitle()
    game.close()
    settle(app)
    print(f"test play opened {title!r} and came back: {window.isVisible()}")
    print(f"built in {work}" + ("" if "--keep" in sys.argv[1:] else " (removed)"))
    if install:
        target_map = ROOT / "maps" / f"{NAME}.yaml"
        lines = map_path.read_text(encoding="utf-8").splitlines(keepends=True)
        lines[0] = f"# yaml-language-server: $schema={schema_ref(target_map)}\n"
        target_map.write_text("".join(lines), encoding="utf-8")
        shutil.copy(scenario_path, ROOT / "scenarios" / f"{NAME}.yaml")
        print(f"installed {target_map} and scenarios/{NAME}.yaml")
    window.close()
    if "--keep" not in sys.argv[1:]:
        shutil.rmtree(work, ignore_errors=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
