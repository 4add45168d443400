"""A battle fought out, in words (docs/campaigns.md): the offer, the conversion into the
tactical game and the result carried back, each line with its arithmetic and rule id. The
window's campaign dialogs and the command line show these lines."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from gameapp.core.breakdown import Term
from gameapp.core.campaign.convert_in import ConversionIn
from gameapp.core.campaign.convert_out import TacticalBattleSettled
from gameapp.core.numbering import Numbering
from gameapp.present.event_words import words
from gameapp.present.strategic_battle import loss_lines
from gameapp.present.strategic_names import PieceNames


def term_line(term: Term) -> str:
    return f"{term.label}  [{term.rule}]"


def into_title(name: str) -> str:
    return f"Into the battle of {name}"


def into_lines(conversion: ConversionIn) -> list[str]:
    """The forces the tactical game is loaded with, formation by formation."""
    lines = ["One strategic SP is ten tactical SP; a formation brings at most what the "
             "scenario has."]
    lines += [term_line(term) for term in conversion.terms]
    return lines


def back_title(settled: TacticalBattleSettled) -> str:
    return f"Back to the campaign: {settled.name}"


def back_lines(settled: TacticalBattleSettled, numbering: Numbering, names: PieceNames,
               after: Iterable[Any] = ()) -> list[str]:
    """What the battle's result does to the campaign: losses (and the division each SP came
    off, with why), leaders, retreat; `after`: the events that followed (the retreats, each
    with its path). `names`: the strategic game's piece names."""
    result = settled.result
    if result.winner is None:
        head = "The battle is a draw."
    else:
        head = f"{result.winner.label} {result.level} victory."
    lines = [head, f"Men lost: Union {result.union_men:,}, Confederate "
                   f"{result.confederate_men:,}."]
    lines += [term_line(term) for term in settled.terms]
    lines += loss_lines(settled.lines, names)
    lines += [line for event in after for line in words(event, numbering.hex_id, names)]
    lines.append(f"Logged in the campaign: {result.to_text(numbering)}")
    return lines
