"""Optional per-side hints for the computer player, kept beside the scenario, not in it:

    scenarios/ai/<scenario stem>.yaml
        union:
          posture: attack              # attack, defend or delay
          attack: ["1407", "2208"]     # hexes to attack toward
          hold: [{hex: "0907", until: 9}]   # stand on these hexes until that turn
          opening: {posture: hold, until: 8, unless_enemy_within: 3}
          defend_when_ahead_by: 0      # the posture holds only while not more points ahead
          source: "why, from the record"
        confederate:
          posture: defend

The scenario schema forbids unknown keys, so hints live in their own file (the start screen
only lists the top level of scenarios/). Without a file, or for a side it leaves out, the side
that is behind, level or one point ahead on the score (victory hexes held and strength points
lost) attacks and a side further ahead defends, phase by phase (`posture_now`). Bad files raise
DataError with the file and line.

An `opening` is a plan for the first turns: its posture (usually `hold`: stand on the ground,
nothing pulling the army forward) is played through turn `until`, except by a unit with enemy
infantry or cavalry within `unless_enemy_within` hexes of it, which plays as the side will after
the opening (the test is made unit by unit, from the board as it stands). After it, the side
plays its `posture`, or follows the score.

`defend_when_ahead_by: N` makes a given posture hold only while the side leads on the score by
N points or less; further ahead it defends, phase by phase (`posture_given`). With 0 the side
plays its posture while behind or level and defends any lead it has won.
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
SIDE_KEYS = ("posture", "attack", "hold", "opening", "defend_when_ahead_by", "source")
OPENING_KEYS = ("posture", "until", "unless_enemy_within")


@dataclass(frozen=True)
class Hold:
    hex: Hex
    until: int  # the last turn it matters


@dataclass(frozen=True)
class Opening:
    """The posture of the first turns, played through turn `until`; a unit with enemy
    infantry or cavalry within `within` hexes plays the side's later posture at once (0: no
    unit is freed early). Read by the movement choice (`MoveContext.goals`)."""

    posture: Posture
    until: int
    within: int = 0

    def holds(self, game: Game) -> bool:
        """Is the opening still played this turn?"""
        return int(game.state.turn) <= self.until


@dataclass(frozen=True)
class SideHints:
    posture: Posture
    attack: tuple[Hex, ...] = ()
    hold: tuple[Hold, ...] = ()
    given: bool = False  # the posture comes from a hints file (else it follows the score)
    opening: Opening | None = None
    # while an opening is played: the posture of the units the enemy has closed on (the one
    # the side plays after the opening); None otherwise
    freed: Posture | None = None
    # with a given posture: the lead on the score (points) beyond which the side defends;
    # None: the given posture whatever the score
    defend_lead: float | None = None


def hints_path(scenario: Scenario) -> Path:
    return scenario.path.parent / "ai" / f"{scenario.path.stem}.yaml"


def load_hints(scenario: Scenario) -> dict[Side, SideHints]:
    """Each side's hints: from the hints file where it has them, else the default posture."""
    path = hints_path(scenario)
    given: dict[Side, SideHints] = {}
    if path.is_file():
        given = _parse(load_yaml(path), scenario.map.numbering)
    return {side: given.get(side, SideHints(default_posture(scenario, side))) for side in Side}


def lead_on_score(game: Game, side: Side) -> float:
    """The side's points less the enemy's, were the game scored now."""
    points = game.result().points
    return float(points[side].total - points[side.other].total)


def posture_now(game: Game, side: Side) -> Posture:
    """Behind, level or barely ahead on the score now: attack (a draw is not a win, and one
    strength point lost turns a one-point lead into one); clearly ahead: defend."""
    return Posture.ATTACK if lead_on_score(game, side) < SAFE_LEAD else Posture.DEFEND


def posture_given(game: Game, side: Side, hints: SideHints) -> Posture:
    """The hints file's posture, or `defend` while the side leads the score by more than
    `defend_when_ahead_by` points (`SideHints.defend_lead`)."""
    if hints.defend_lead is not None and lead_on_score(game, side) > hints.defend_lead:
        return Posture.DEFEND
    return hints.posture


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
    _known(doc, at, body, SIDE_KEYS)
    posture = _posture(doc, (*at, "posture"), body.get("posture", "defend"))
    if not isinstance(body.get("source", ""), str):
        raise DataError([doc.problem((*at, "source"), "source: expected text")])
    attack = tuple(_hex(doc, (*at, "attack", i), h, numbering)
                   for i, h in enumerate(body.get("attack") or []))
    hold = []
    for i, item in enumerate(body.get("hold") or []):
        where: tuple[str | int, ...] = (*at, "hold", i)
        if not isinstance(item, dict) or "hex" not in item or not isinstance(
                item.get("until", 0), int):
            raise DataError([doc.problem(where, "expected {hex: ID, until: TURN}")])
        hold.append(Hold(_hex(doc, where, item["hex"], numbering), int(item.get("until", 999))))
    opening = _opening(doc, (*at, "opening"), body["opening"]) if "opening" in body else None
    lead = body.get("defend_when_ahead_by")
    if lead is not None and (isinstance(lead, bool) or not isinstance(lead, int | float)
                             or lead < 0 or "posture" not in body):
        raise DataError([doc.problem((*at, "defend_when_ahead_by"), "defend_when_ahead_by: "
                                     "expected a number of points, 0 or more, beside a "
                                     "posture")])
    return SideHints(posture, attack, tuple(hold), given="posture" in body, opening=opening,
                     defend_lead=None if lead is None else float(lead))


def _opening(doc: YamlDocument, at: tuple[str | int, ...], body: Any) -> Opening:
    if not isinstance(body, dict) or "until" not in body:
        raise DataError([doc.problem(at, "expected {posture: P, until: TURN, "
                                     "unless_enemy_within: HEXES}")])
    _known(doc, at, body, OPENING_KEYS)
    numbers = {key: body.get(key, 0) for key in ("until", "unless_enemy_within")}
    for key, value in numbers.items():
        if not isinstance(value, int) or isinstance(value, bool) or value < 0:
            raise DataError([doc.problem((*at, key), f"{key}: expected a whole number, 0 or "
                                         "more")])
    return Opening(_posture(doc, (*at, "posture"), body.get("posture", "hold")),
                   numbers["until"], numbers["unless_enemy_within"])


def _known(doc: YamlDocument, at: tuple[str | int, ...], body: dict[str, Any],
           keys: tuple[str, ...]) -> None:
    unknown = set(body) - set(keys)
    if unknown:
        raise DataError([doc.problem(at, f"unknown key {sorted(unknown)[0]!r}: expected "
                                     f"{', '.join(keys[:-1])} or {keys[-1]}")])


def _posture(doc: YamlDocument, at: tuple[str | int, ...], text: Any) -> Posture:
    try:
        return Posture(text)
    except ValueError:
        names = [p.value for p in Posture]
        raise DataError([doc.problem(at, f"posture: expected {', '.join(names[:-1])} or "
                                     f"{names[-1]}")]) from None


def _hex(doc: YamlDocument, at: tuple[str | int, ...], text: Any, numbering: Numbering) -> Hex:
    try:
        return numbering.parse(str(text))
    except HexIdError as exc:
        raise DataError([doc.problem(at, f"hex {text!r}: {exc}")]) from None
