"""The fire panel: whose shot it is and the firers chosen, the targets they can combine on (each
with its odds, or the reason and rule it would be refused), the legend of the field of fire with
the hexes in each band, the exposure of the selected unit, and the line of sight last measured.
The panel shows what the fire presenter hands it; it computes nothing."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from html import escape

from PySide6.QtGui import QColor
from PySide6.QtWidgets import QTextBrowser, QWidget

from gameapp.present.html import REFUSAL_INK, para, table


@dataclass(frozen=True)
class ShotView:
    """The fire phase as the panel shows it."""

    side: str  # "Confederate to fire"
    firers: Sequence[str] = ()  # "50th Georgia (CS-50GA) in 2005"
    targets: Sequence[tuple[str, str, bool]] = ()  # (hex id, odds or refusal, legal)
    note: str = ""  # why the selected unit cannot fire


@dataclass(frozen=True)
class FieldView:
    title: str  # "Field of fire of Battery D (US-DPA)"
    bands: Sequence[tuple[QColor, str, int]] = field(default_factory=tuple)  # colour, band, hexes
    note: str = ""  # why there is none


@dataclass(frozen=True)
class ExposureView:
    title: str  # "Enemy units that can fire at 20th Georgia now"
    rows: Sequence[tuple[str, str]] = ()  # (hex id, the units there)
    note: str = ""  # stands in for the rows (no unit selected)


@dataclass(frozen=True)
class SightView:
    text: str  # "Line of sight 0607 → 0603: blocked at 0605: … (LOS obstacles)"
    clear: bool


class FirePanel(QTextBrowser):
    HINT = ("Fire phase: click one of your units to fire with it, Ctrl+click to add more firers, "
            "then click a ringed hex to fire at it. Pass (P) when your side is done.")
    IDLE = ("Turn on View ▸ Field of fire or Exposure to see where the selected unit can fire, "
            "or who can fire at it; the line of sight tool (L) measures any line.")

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setMinimumWidth(300)
        self.setOpenLinks(False)
        self.show_sections()

    def show_sections(self, shot: ShotView | None = None, field_view: FieldView | None = None,
                      exposure: ExposureView | None = None,
                      sight: SightView | None = None) -> None:
        """Show these sections (None leaves one out), rendering once."""
        body = "".join((
            _shot_html(shot, self.HINT) if shot is not None else "",
            _field_html(field_view) if field_view is not None else "",
            _exposure_html(exposure) if exposure is not None else "",
            _sight_html(sight) if sight is not None else "",
        ))
        self.setHtml(body or para(self.IDLE, "#666"))

    def plain_text(self) -> str:
        return self.toPlainText()


def _shot_html(shot: ShotView, hint: str) -> str:
    parts = [para(shot.side, bold=True)]
    if shot.firers:
        parts.append(para("Firing: " + "; ".join(shot.firers)))
        if shot.targets:
            rows = [(hex_id, text) for hex_id, text, _ in shot.targets]
            parts.append(para("Targets (click one to see the whole breakdown):")
                         + table(rows, muted=()))
        else:
            parts.append(para("No hex that every firer can hit.", REFUSAL_INK))
    else:
        parts.append(para(hint, "#666"))
    if shot.note:
        parts.append(para(shot.note, REFUSAL_INK))
    return "".join(parts)


def _field_html(view: FieldView) -> str:
    rows = "".join(
        f"<tr><td bgcolor='{colour.name()}' width='22'>&nbsp;</td>"
        f"<td>{escape(label)}</td><td align='right'>{count}</td></tr>"
        for colour, label, count in view.bands)
    body = (f"<table cellspacing='2' cellpadding='2'>{rows}</table>" if rows
            else para(view.note, REFUSAL_INK))
    return "<hr>" + para(view.title, bold=True) + body


def _exposure_html(view: ExposureView) -> str:
    if view.note:
        body = para(view.note, "#666")
    elif view.rows:
        body = table(view.rows, muted=())
    else:
        body = para("No enemy unit can fire at it now.")
    return "<hr>" + para(view.title, bold=True) + body


def _sight_html(view: SightView) -> str:
    return "<hr>" + para(view.text, "#1b5e20" if view.clear else REFUSAL_INK, bold=True)
