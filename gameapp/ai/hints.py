"""Optional per-side hints for the computer player, kept beside the scenario, not in it:

    scenarios/ai/<scenario stem>.yaml
        union:
          posture: attack              # attack, defend or delay
          attack: ["1407", "2208"]     # hexes to attack toward
          hold: [{hex: "0907", until: 9}]   # stand on these hexes until that turn
        confederate:
          posture: defend

The scenario schema forbids unknown keys, so hints live in their own file (the start screen
only lists the top level of scenarios/). Without a file, or for a side it leaves out, the side
that is behind, level or one point ahead on the score (victory hexes held and strength points
lost) attacks and a side further ahead defends, phase by phase (`posture_now`). Bad files raise
DataError with the file and line.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any

from gameapp.ai.settings import Posture
from gameapp.core.engine import Game
from gameapp.core.hexgrid import Hex
from gameapp.core.numbering import HexIdError, Numbering
from gameapp.core.scenario import Scenario
from gameapp.core.units import Side
from gameapp.core.yamlsource import DataError, YamlDocument, load_yaml

SAFE_LEAD = 2  # points: a lead this big is worth defending rather than adding to


@dataclass(frozen=True)
class Hold:
    hex: Hex
    until: int  # the last turn it matters


@dataclass(frozen=True)
class SideHints:
    posture: Posture
    attack: tuple[Hex, ...] = ()
    hold: tuple[Hold, ...] = ()
    given: bool = False  # the posture comes from a hints file (else it follows the score)


def hints_path(scenario: Scenario) -> Path:
    return scenario.path.parent / "ai" / f"{scenario.path.stem}.yaml"


def load_hints(scenario: Scenario) -> dict[Side, SideHints]:
    """Each side's hints: from the hints file where it has them, else the default posture."""
    path = hints_path(scenario)
    given: dict[Side, SideHints] = {}
    if path.is_file():
        given = _parse(load_yaml(path), scenario.map.numbering)
    return {side: given.get(side, SideHints(default_posture(scenario, side))) for side in Side}


def posture_now(game: Game, side: Side) -> Posture:
    """Behind, level or barely ahead on the score now: attack (a draw is not a win, and one
    strength point lost turns a one-point lead into one); clearly ahead: defend."""
    points = game.result().points
    lead = points[side].total - points[side.other].total
    return Posture.ATTACK if lead < SAFE_LEAD else Posture.DEFEND


def default_posture(scenario: Scenario, side: Side) -> Posture:
    held = {s: sum(v.points for v in scenario.victory_hexes if v.holder is s) for s in Side}
    if held[side] < held[side.other]:
        return Posture.ATTACK
    if held[side] == held[side.other]:
        return Posture.ATTACK if side is scenario.first_side else Posture.DEFEND
    return Posture.DEFEND


def _parse(doc: YamlDocument, numbering: Numbering) -> dict[Side, SideHints]:
    if not isinstance(doc.data, dict):
        raise DataError([doc.problem((), "expected a mapping of side -> hints")])
    out: dict[Side, SideHints] = {}
    for key, body in doc.data.items():
        try:
            side = Side(key)
        except ValueError:
            raise DataError([doc.problem((key,), f"unknown side {key!r}: expected union or "
                                         "confederate")]) from None
        out[side] = _side(doc, (key,), body or {}, numbering)
    return out


def _side(doc: YamlDocument, at: tuple[str | int, ...], body: Any,
          numbering: Numbering) -> SideHints:
    if not isinstance(body, dict):
        raise DataError([doc.problem(at, "expected posture, attack and hold")])
    unknown = set(body) - {"posture", "attack", "hold"}
    if unknown:
        raise DataError([doc.problem(at, f"unknown key {sorted(unknown)[0]!r}: expected "
                                     "posture, attack or hold")])
    try:
        posture = Posture(body.get("posture", "defend"))
    except ValueError:
        raise DataError([doc.problem((*at, "posture"), "posture: expected attack, defend or "
                                     "delay")]) from None
    attack = tuple(_hex(doc, (*at, "attack", i), h, numbering)
                   for i, h in enumerate(body.get("attack") or []))
    hold = []
    for i, item in enumerate(body.get("hold") or []):
        where: tuple[str | int, ...] = (*at, "hold", i)
        if not isinstance(item, dict) or "hex" not in item or not isinstance(
                item.get("until", 0), int):
            raise DataError([doc.problem(where, "expected {hex: ID, until: TURN}")])
        hold.append(Hold(_hex(doc, where, item["hex"], numbering), int(item.get("until", 999))))
    return SideHints(posture, attack, tuple(hold), given="posture" in body)


def _hex(doc: YamlDocument, at: tuple[str | int, ...], text: Any, numbering: Numbering) -> Hex:
    try:
        return numbering.parse(str(text))
    except HexIdError as exc:
        raise DataError([doc.problem(at, f"hex {text!r}: {exc}")]) from None
