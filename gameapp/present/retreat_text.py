"""A retreat's paths in words: the tooltip of each hex on them and the lines that sum the retreat
up. Pure Python: the retreat overlay, the charge window, the log and the tests read the same text.

Each path plays one of three parts: the chosen path (drawn bold), one of the owner's equally good
choices, or another legal path that a priority of the rules ranks lower.
"""

from __future__ import annotations

from collections.abc import Callable
from enum import Enum

from gameapp.core.hexgrid import Hex
from gameapp.core.rules.retreat import Outcome, PathHex, RetreatOptions, RetreatPath

MAX_EXPLANATIONS = 3  # per tooltip; more are summed up as "and N more"


class PathRole(Enum):
    CHOSEN = "the chosen path"
    CHOICE = "an equally good path: the owner may choose it"
    OTHER = "another legal path, ranked lower"


def role_of(options: RetreatOptions, path: RetreatPath) -> PathRole:
    if path is options.chosen:
        return PathRole.CHOSEN
    if any(path is p for p in options.choices):
        return PathRole.CHOICE
    return PathRole.OTHER


def summary_lines(options: RetreatOptions, unit_name: str = "") -> list[str]:
    """What the retreat would do, in a few lines: who, how far, under which rules, the outcome,
    how many legal paths and whether the owner has a choice."""
    who = unit_name or options.unit_id
    hexes = f"{options.distance} hex" + ("" if options.distance == 1 else "es")
    lines = [f"{who} retreats {hexes} ({_rules(options)})",
             f"{options.outcome.label}: {options.reason}"]
    count = len(options.paths)
    if count:
        more = " (and more not listed)" if options.truncated else ""
        lines.append(f"{count} legal path{'' if count == 1 else 's'}{more}; "
                     f"the chosen one: {options.chosen.describe() if options.chosen else '-'}")
    if options.owner_has_choice:
        lines.append(f"{len(options.choices)} paths are equally good: the owner chooses")
    return lines


def hex_tips(options: RetreatOptions, hex_id: Callable[[Hex], str],
             choosing: bool = False) -> dict[Hex, str]:
    """The tooltip of every hex the retreat highlights: the start, and each hex on a path with
    the priority that chose it there (and its notes). `choosing`: the owner is asked to pick."""
    found: dict[Hex, list[tuple[PathRole, int, int, PathHex]]] = {}
    for path in options.paths:
        role = role_of(options, path)
        for i, step in enumerate(path.steps, start=1):
            found.setdefault(step.hex, []).append((role, i, path.length, step))
    tips = {h: _hex_tip(hex_id(h), entries, options, choosing) for h, entries in found.items()}
    start = [f"{hex_id(options.start)}: the start", *summary_lines(options)]
    if choosing and options.owner_has_choice:
        start.append("Click a highlighted end hex to choose the path")
    tips[options.start] = "\n".join(start)
    return tips


def _hex_tip(name: str, entries: list[tuple[PathRole, int, int, PathHex]],
             options: RetreatOptions, choosing: bool) -> str:
    order = list(PathRole)
    entries.sort(key=lambda e: (order.index(e[0]), e[1]))
    shown: list[PathHex] = []
    lines: list[str] = []
    parts = sorted({e[0] for e in entries}, key=order.index)
    lines.append(f"{name}: on {' and on '.join(p.value for p in parts)}")
    for role, i, length, step in entries:
        if any(step is s for s in shown):
            continue
        if len(shown) == MAX_EXPLANATIONS:
            lines.append(f"and {_distinct(entries) - len(shown)} more ways through this hex")
            break
        shown.append(step)
        where = f"hex {i} of {length}" + ("" if role is PathRole.CHOSEN else
                                          f" ({role.name.lower()})")
        lines.append(f"{where}: {step.decided_by}")
        lines += [f"  · {note}" for note in step.notes]
    if choosing and options.owner_has_choice and any(
            e[0] is not PathRole.OTHER and e[1] == e[2] for e in entries):
        lines.append("Click to take this path")
    return "\n".join(lines)


def _distinct(entries: list[tuple[PathRole, int, int, PathHex]]) -> int:
    seen: list[PathHex] = []
    for entry in entries:
        if not any(entry[3] is s for s in seen):
            seen.append(entry[3])
    return len(seen)


def _rules(options: RetreatOptions) -> str:
    return {"ss15_4": "000 15.4", "g88": "002 15–17"}.get(options.option, options.option)


def broken_box_label(outcome: Outcome) -> str:
    """The short chip of a retreat that leaves the map ("BB1", "BB3"), else ""."""
    return {Outcome.BROKEN_BOX_1: "BB1", Outcome.BROKEN_BOX_3: "BB3"}.get(outcome, "")
