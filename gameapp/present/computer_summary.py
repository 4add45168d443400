"""What the computer did to you, in words (issue 27, item 12): the result of each of its shots,
drawn on the board beside the shot's line, and a summary of its turn when it hands back
("Confederate: 3 shots, 4 moves. Your 51st Pennsylvania lost 1 casualty step and is shaken").

Built from the events its actions caused, the same events the log words (event_words.py). Pure
Python: no Qt.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field

from gameapp.core.actions import Fire, Move
from gameapp.core.events import (
    CasualtiesTaken,
    ChargeDeclared,
    Event,
    FireResolved,
    GunsCaptured,
    MoraleChecked,
    OfficerIncapacitated,
    UnitBroken,
    UnitEliminated,
    UnitRouted,
)
from gameapp.core.rules.morale import Outcome
from gameapp.core.units import Side
from gameapp.present.fire_text import result_meaning, steps_words

NameOf = Callable[[str], str]  # unit id -> the unit's name
SideOf = Callable[[str], "Side | None"]  # unit id -> its side (None: not known)

MORALE_HARM = {
    Outcome.SHAKEN: "is shaken",
    Outcome.ROUT: "routs",
    Outcome.ROUT_MOVEMENT: "routs",
}


def harm_of(events: Sequence[Event]) -> dict[str, list[str]]:
    """What the events did to each unit, in order, each thing once: "lost 1 casualty step",
    "is shaken", "routs", "is eliminated"..."""
    harm: dict[str, list[str]] = {}

    def add(unit_id: str, words: str) -> None:
        said = harm.setdefault(unit_id, [])
        if words not in said:
            said.append(words)

    for event in events:
        if isinstance(event, CasualtiesTaken) and event.steps:
            add(event.unit_id, f"lost {steps_words(event.steps)}")
        elif isinstance(event, MoraleChecked) and event.check.outcome in MORALE_HARM:
            add(event.check.unit_id, MORALE_HARM[event.check.outcome])
        elif isinstance(event, UnitRouted):
            add(event.unit_id, "routs")
        elif isinstance(event, UnitEliminated):
            add(event.unit_id, "is eliminated")
        elif isinstance(event, OfficerIncapacitated):
            add(event.unit_id, "is incapacitated")
        elif isinstance(event, UnitBroken):
            add(event.unit_id, "goes to the Broken Track")
        elif isinstance(event, GunsCaptured):
            add(event.unit_id, f"loses {event.guns} gun{'' if event.guns == 1 else 's'} "
                               "captured")
    return harm


def _joined(parts: Sequence[str]) -> str:
    return parts[0] if len(parts) == 1 else ", ".join(parts[:-1]) + " and " + parts[-1]


def shot_words(events: Sequence[Event], name_of: NameOf) -> str:
    """A shot's result in a few words for the board: "C1: 51st Pennsylvania lost 1 casualty
    step, is shaken", or "NE: no effect"."""
    fired = next((e for e in events if isinstance(e, FireResolved)), None)
    harm = harm_of(events)
    head = f"{fired.result}: " if fired is not None else ""
    if not harm:
        meaning = result_meaning(fired.result) if fired is not None else "no effect"
        return f"{head}{meaning}"
    return head + "; ".join(f"{name_of(unit)} {', '.join(words)}"
                            for unit, words in harm.items())


@dataclass
class TurnTally:
    """The computer's actions since it took over the screen, and their events."""

    side: Side
    shots: int = 0
    moves: int = 0
    charges: int = 0
    events: list[Event] = field(default_factory=list)

    def add(self, action: object, events: Sequence[Event]) -> None:
        if isinstance(action, Fire):
            self.shots += 1
        elif isinstance(action, Move):
            self.moves += 1
        self.charges += sum(isinstance(e, ChargeDeclared) for e in events)
        self.events.extend(events)

    @property
    def acted(self) -> bool:
        return bool(self.shots or self.moves or self.charges)

    def summary(self, name_of: NameOf, side_of: SideOf) -> str:
        """"Confederate: 3 shots, 2 moves. Your 51st Pennsylvania lost 1 casualty step and is
        shaken." (what it did to the other side's units; its own losses are not yours)."""
        counts = [f"{n} {word}{'' if n == 1 else 's'}" for n, word in
                  ((self.shots, "shot"), (self.moves, "move"), (self.charges, "charge")) if n]
        done = ", ".join(counts) if counts else "no shots or moves"
        yours = [f"your {name_of(unit)} {_joined(words)}"
                 for unit, words in harm_of(self.events).items()
                 if side_of(unit) is self.side.other]
        if not yours:
            harm = "No harm to your units." if self.shots or self.charges else ""
        else:
            harm = "; ".join(yours) + "."
            harm = harm[0].upper() + harm[1:]
        return f"{self.side.label}: {done}. {harm}".strip()
