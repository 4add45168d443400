"""The movement panel: the selected unit's allowance term by term, and the hovered route's cost
term by term, each term with its rule (`TEC woods  enter woods  +10`). The panel shows what the
presenter hands it; it computes nothing."""

from __future__ import annotations

from collections.abc import Iterable
from html import escape

from PySide6.QtWidgets import QTextBrowser, QWidget

from gameapp.core.breakdown import Breakdown, Term
from gameapp.present.html import table
from gameapp.present.labels import mps
from gameapp.present.moves import Route

STOP_RULE = "3.310"


def term_row(term: Term) -> tuple[str, str, str]:
    """(rule, label, value) of one term, the value signed: ('TEC woods', 'enter woods', '+10')."""
    return term.rule, term.label, f"{term.value:+g}"


def _table(rows: Iterable[tuple[str, str, str]], total: tuple[str, str] | None = None) -> str:
    return table(rows, ("", *total) if total is not None else None, right=(2,))


class MovePanel(QTextBrowser):
    HINT = "Select one of your units to see where it can move."
    ROUTE_HINT = "Hover a highlighted hex to see the route and its cost; click it to move there."

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setMinimumWidth(300)
        self.setOpenLinks(False)
        self._title_html = ""
        self._unit_html = ""
        self._route_html = ""
        self._may_move = False
        self.show_unit(None)

    def show_unit(
        self,
        title: str | None,
        allowance: Breakdown | None = None,
        spent: int = 0,
        left: int = 0,
        note: str = "",
    ) -> None:
        """The selected unit (None: nothing selected), its allowance and MPs spent and left;
        `note` says why it cannot move, when it cannot."""
        self._may_move = title is not None and allowance is not None and not note
        self._title_html = ""
        if title is None:
            self._unit_html = f"<p style='color:#666'>{escape(self.HINT)}</p>"
        else:
            self._title_html = f"<p><b>{escape(title)}</b></p>"
            parts = []
            if allowance is not None:
                rows = [term_row(t) for t in allowance]
                rows.append(("", "spent this phase", f"{-spent:+d}" if spent else "0"))
                parts.append("<p>Movement allowance</p>" + _table(rows, ("left", mps(left))))
            if note:
                parts.append(f"<p style='color:#a31515'>{escape(note)}</p>")
            self._unit_html = "".join(parts)
        self._route_html = ""
        self._render()

    def show_route(self, route: Route | None, target: str = "") -> None:
        """The hovered route to hex `target` (None: no route hovered)."""
        if route is None:
            self._route_html = ""
        else:
            rows = [term_row(t) for t in route.cost]
            if route.pike_bonus is not None:
                rows.append(term_row(route.pike_bonus))
            steps = len(route.path)
            head = (
                f"<p><b>Move to {escape(target)}</b>: {steps} hex{'es' if steps > 1 else ''}, "
                f"{mps(route.cost.total)}</p>"
            )
            total = ("left there", mps(route.remaining))
            stop = ""
            if route.must_stop:
                stop = (
                    "<p style='color:#a31515'><b>Stop:</b> "
                    f"the hex is in an enemy front; the unit must stop there ({STOP_RULE})</p>"
                )
            self._route_html = head + _table(rows, total) + stop + "<hr>"
        self._render()

    def _render(self) -> None:
        """The unit, then the hovered route (what the player looks at now, so it shows without
        scrolling), then the unit's allowance."""
        hint = ""
        if self._may_move and not self._route_html:
            hint = f"<p style='color:#666'>{escape(self.ROUTE_HINT)}</p>"
        self.setHtml(self._title_html + self._route_html + self._unit_html + hint)

    def plain_text(self) -> str:
        return self.toPlainText()
