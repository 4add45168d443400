"""Small HTML pieces for the rich-text panels and dialogs: escaped tables of breakdown rows.
Pure Python."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from html import escape

RULE_INK = "#555"
REFUSAL_INK = "#a31515"


def table(rows: Iterable[Sequence[str]], total: Sequence[str] | None = None,
          right: Iterable[int] = (), muted: Iterable[int] = (0,),
          widths: Sequence[int] = ()) -> str:
    """An HTML table of text cells; columns in `right` align right, those in `muted` are grey
    (the rule column), `widths` are the columns' shares of the width in per cent (so that
    tables one under another line up), and `total` is a last row in bold. A cell may be raw
    HTML when wrapped in `Raw`."""
    right, muted = set(right), set(muted)

    def cell(i: int, text: str, bold: bool = False) -> str:
        style = f" style='color:{RULE_INK}'" if i in muted and not bold else ""
        align = " align='right'" if i in right else ""
        width = f" width='{widths[i]}%'" if i < len(widths) else ""
        body = text if isinstance(text, Raw) else escape(text)
        body = f"<b>{body}</b>" if bold and text else body
        return f"<td{width}{align}{style}>{body}</td>"

    body = "".join("<tr>" + "".join(cell(i, c) for i, c in enumerate(row)) + "</tr>"
                   for row in rows)
    if total is not None:
        body += "<tr>" + "".join(cell(i, c, True) for i, c in enumerate(total)) + "</tr>"
    return f"<table cellspacing='0' cellpadding='2' width='100%'>{body}</table>"


class Raw(str):
    """Text that is already HTML: `table` puts it in its cell as it is."""


def para(text: str, colour: str = "", bold: bool = False) -> str:
    body = f"<b>{escape(text)}</b>" if bold else escape(text)
    style = f" style='color:{colour}'" if colour else ""
    return f"<p{style}>{body}</p>"
