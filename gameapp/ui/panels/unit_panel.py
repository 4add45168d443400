"""The side panel: every unit of the selected stack in full detail, top counter first.

Each unit gets a card: its counter drawn large by the same code as the board, and a line for each
thing the counter and its markers say. The panel is one QTextBrowser, which wraps and scrolls."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from html import escape

from PySide6.QtCore import QUrl
from PySide6.QtGui import QColor, QImage, QPainter, QTextDocument
from PySide6.QtWidgets import QTextBrowser, QWidget

from gameapp.core.numbering import Numbering
from gameapp.core.units import Unit, UnitKind
from gameapp.present.labels import KIND_WORDS, facing_words, status_words
from gameapp.present.markers import NO_MARKERS, Marker, marker_words
from gameapp.ui.board.counter_art import CounterArt

CARD_COUNTER = 72  # counter side in the panel, pixels


def unit_rows(
    unit: Unit, numbering: Numbering | None, markers: frozenset[Marker] = NO_MARKERS
) -> list[tuple[str, str]]:
    """The (label, value) rows shown for a unit; `markers` are its derived markers."""
    d = unit.defn
    rows = [("Side", d.side.label), ("Type", KIND_WORDS[d.kind])]
    command = [
        (label, value)
        for label, value in (("Brigade", d.brigade), ("Division", d.division), ("Corps", d.corps))
        if value
    ]
    rows += command
    if d.kind is UnitKind.LEADER:
        rows += [("Morale bonus", f"+{d.leader_morale_bonus}"), ("Command", str(d.leader_command))]
    else:
        rows.append(
            (
                "Guns" if d.kind is UnitKind.ARTILLERY else "Strength",
                f"{d.strength} SP" if d.kind is not UnitKind.ARTILLERY else str(d.strength),
            )
        )
    rows.append(("Morale", str(d.morale)))
    if d.kind is UnitKind.ARTILLERY:
        gun = d.gun_label or (d.gun.value if d.gun else "?")
        rows.append(("Guns type", gun + (" (horse artillery)" if d.horse_artillery else "")))
    elif d.weapon is not None:
        rows.append(("Weapon", f"{d.weapon.value}, fire power {d.fire_power:g}"))
    facing = facing_words(numbering, unit.facing) if numbering else f"hexside {unit.facing}"
    rows += [
        ("Facing", facing),
        ("Formation", unit.formation.value),
        ("Status", status_words(unit.status)),
    ]
    if markers:
        rows.append(("Markers", marker_words(markers)))
    if d.source:
        rows.append(("Source", d.source))
    return rows


def unit_html(
    unit: Unit,
    numbering: Numbering | None,
    picture: str,
    selected: bool = False,
    markers: frozenset[Marker] = NO_MARKERS,
) -> str:
    """One unit's card: its counter picture beside its name and a line per row. The selected
    unit's card is shaded and says so."""
    rows = "".join(
        f"<br><span style='color:#555'>{escape(k)}:</span> {escape(v)}"
        for k, v in unit_rows(unit, numbering, markers)
    )
    shade = " bgcolor='#fff3b0'" if selected else ""
    mark = " <i>(selected)</i>" if selected else ""
    return (
        f"<table cellspacing='0' cellpadding='4' width='100%' style='margin-bottom:6px'{shade}>"
        f"<tr><td valign='top'><img src='{picture}'></td>"
        f"<td valign='top'><b>{escape(unit.defn.name)}</b>{mark}{rows}</td>"
        "</tr></table><hr>"
    )


def counter_image(
    unit: Unit, art: CounterArt, markers: frozenset[Marker] = NO_MARKERS
) -> QImage:
    """The counter drawn upright, as on the board, on a transparent square."""
    bounds = art.bounds()
    size = round(bounds.height()) + 2
    image = QImage(size, size, QImage.Format.Format_ARGB32_Premultiplied)
    image.fill(QColor(0, 0, 0, 0))
    p = QPainter(image)
    p.translate(size / 2, size / 2 + art.tick / 2)
    art.paint(p, unit, art.side, selected=False, markers=markers)
    p.end()
    return image


class UnitPanel(QTextBrowser):
    """Shows the units of one stack, top counter first; a hint when nothing is selected."""

    HINT = "Click a counter to see its stack here."

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setMinimumWidth(300)
        self.setOpenLinks(False)
        self._art = CounterArt(CARD_COUNTER)
        self._numbering: Numbering | None = None
        self._units: list[Unit] = []
        self._markers: dict[str, frozenset[Marker]] = {}
        self.show_units([])

    def set_numbering(self, numbering: Numbering | None) -> None:
        """The map's numbering, to name facings by the compass."""
        self._numbering = numbering

    def set_markers(self, markers: Mapping[str, frozenset[Marker]]) -> None:
        """The derived markers (unit id -> markers) the next `show_units` describes."""
        self._markers = dict(markers)

    @property
    def units(self) -> list[Unit]:
        return list(self._units)

    def show_units(self, units: Sequence[Unit], selected: str | None = None) -> None:
        """The stack, top counter first; the card of unit `selected` is marked."""
        self._units = list(units)
        doc = self.document()
        doc.clear()
        if not self._units:
            self.setHtml(f"<p style='color:#666'>{escape(self.HINT)}</p>")
            return
        parts = []
        for n, unit in enumerate(self._units):
            url = f"counter://{n}/{unit.id}"
            markers = self._markers.get(unit.id, NO_MARKERS)
            doc.addResource(
                QTextDocument.ResourceType.ImageResource,
                QUrl(url),
                counter_image(unit, self._art, markers),
            )
            parts.append(unit_html(unit, self._numbering, url, unit.id == selected, markers))
        self.setHtml("".join(parts))

    def plain_text(self) -> str:
        """What the panel says about the units, as plain text (empty when nothing is shown)."""
        return self.toPlainText() if self._units else ""
