"""What a tactical game's losses came from, for the history harness (bench/history.py
--causes): each class follows the game's events, action by action, and counts by cause.

- `GunLossCauses`: each battery SP and each gun lost, by the fire, charge, rout or capture
  that took it; the infantry's fire losses too.
- `MenLossCauses`: each side's SPs lost, by what cost them (fire, a charge made or received,
  rout casualties, units gone from the map after what set them running).
- `ChargeSites`: where and when each side charged.
"""

from __future__ import annotations

from collections import Counter

from gameapp.core.engine import Game
from gameapp.core.events import (
    CasualtiesTaken,
    ChargeResolved,
    Event,
    FireResolved,
    GunsCaptured,
    MoraleChecked,
    UnitRouted,
)
from gameapp.core.rules.morale import Outcome
from gameapp.core.rules.victory import guns_lost as victory_guns_lost
from gameapp.core.rules.victory import losses_by_unit
from gameapp.core.units import Side, UnitKind


def guns_lost(game: Game, unit_id: str) -> int:
    """The guns a battery has lost so far, as the victory points count them."""
    return victory_guns_lost(game.state, game.scenario, unit_id)


class GunLossCauses:
    """Follows a tactical game's events and names the cause of every battery SP lost (crews
    shot down or guns lost) and, apart, of every gun lost: the fire (small arms, canister or
    shell, at the crews or at the guns), a charge's casualties (8.52), guns left by crews
    routed in a charge (7.33), guns captured on a rout (7.71-7.75), batteries gone off the map.
    """

    def __init__(self, game: Game) -> None:
        self.sps: dict[Side, Counter[str]] = {s: Counter() for s in Side}
        self.guns: dict[Side, Counter[str]] = {s: Counter() for s in Side}
        self.last_fire = "fire"
        self.batteries = {d.id: d.side for d in game.scenario.order_of_battle.values()
                          if d.kind is UnitKind.ARTILLERY}
        self.infantry = {d.id: d.side for d in game.scenario.order_of_battle.values()
                         if d.kind is UnitKind.INFANTRY}
        self.foot: dict[Side, Counter[str]] = {s: Counter() for s in Side}
        self.lost = dict.fromkeys(self.batteries, 0)

    def __call__(self, game: Game, events: list[Event]) -> None:
        aimed_at_guns = bool(game.log) and "at=guns" in game.log[-1].notation
        cause = captured = ""
        for event in events:
            if isinstance(event, FireResolved):
                self.last_fire = self._fire_kind(game, event, aimed_at_guns)
                cause = self.last_fire
            elif isinstance(event, CasualtiesTaken) and event.unit_id in self.batteries:
                why = (self.last_fire if event.rule == "FCRT results"
                       else "rout casualties, guns captured (7.71-7.75)"
                       if event.rule == "7.71" else f"charge casualties ({event.rule})")
                self.sps[self.batteries[event.unit_id]][why] += event.steps
                cause = cause or why
            elif isinstance(event, CasualtiesTaken) and event.unit_id in self.infantry:
                why = (self.last_fire.replace(" at the crews", "").replace(" at the guns", "")
                       if event.rule == "FCRT results" else f"casualties ({event.rule})")
                self.foot[self.infantry[event.unit_id]][why] += event.steps
            elif isinstance(event, GunsCaptured):  # a capture names the cause, whatever came first
                captured = ("left by crews routed in a charge, captured (7.33)"
                            if event.rule == "7.33" else "captured on a rout (7.71-7.75)")
        for uid, side in self.batteries.items():
            now = guns_lost(game, uid)
            if now != self.lost[uid]:
                gone = uid not in game.state.units
                why = captured or ("battery gone off the map" if not cause
                                   else f"left when the last crew fell ({cause})" if gone
                                   else cause)
                self.guns[side][why] += now - self.lost[uid]
                self.lost[uid] = now

    def _is_battery(self, unit_id: str) -> bool:
        return unit_id in self.batteries

    def _fire_kind(self, game: Game, fire: FireResolved, at_guns: bool) -> str:
        guns = [f for f in fire.firers if self._is_battery(f)]
        ranges = [game.state.units[f].hex.distance(fire.target)
                  for f in guns if f in game.state.units]
        if not guns:
            kind = "small arms"
        elif len(guns) < len(fire.firers):
            kind = "small arms with guns"
        else:
            kind = "canister" if ranges and max(ranges) <= 4 else "shell"
        return f"fire: {kind} at the {'guns' if at_guns else 'crews'}"

    def finish(self) -> dict[Side, Counter[str]]:
        """Battery SPs by cause ("SPs: ...") and guns by cause ("guns: ...")."""
        return {side: Counter({**{f"SPs: {k}": v for k, v in self.sps[side].items()},
                               **{f"infantry: {k}": v for k, v in self.foot[side].items()},
                               **{f"guns: {k}": v for k, v in self.guns[side].items()}})
                for side in Side}


TROUBLE = {"7.31": "fire", "7.32": "fire", "7.34": "fire", "7.37": "a friend's rout (7.37)",
           "7.36": "prolong", "7.38": "a leader lost", "3.312": "a front change"}


class MenLossCauses:
    """Follows a tactical game's events and names what cost each side its men (SPs of every
    arm): fire (FCRT steps), the casualties of a charge (8.52, 8.53) to the charging side or
    the charged one, rout casualties (7.71), and the SPs gone with a unit off the map or to
    the Broken Track, each by what set the unit running: fire, a charge it made, a charge it
    received, a friend's rout (7.37)."""

    def __init__(self, game: Game) -> None:
        self.side = {d.id: d.side for d in game.scenario.order_of_battle.values()
                     if d.kind is not UnitKind.LEADER}
        self.trouble: dict[str, str] = {}  # unit -> what shook or routed it last
        self.taken: Counter[str] = Counter()  # SPs each unit lost to an event named below
        self.sps: dict[Side, Counter[str]] = {s: Counter() for s in Side}

    def __call__(self, game: Game, events: list[Event]) -> None:
        charge = next((e for e in events if isinstance(e, ChargeResolved)), None)
        attackers = set(charge.attackers) if charge is not None else set()
        for event in events:
            if isinstance(event, MoraleChecked) and event.check.outcome in (
                    Outcome.SHAKEN, Outcome.ROUT, Outcome.ROUT_MOVEMENT):
                kind = event.check.kind.value
                if kind != "7.35":  # a failed rally keeps what shook the unit
                    self.trouble[event.check.unit_id] = TROUBLE.get(kind, kind)
            elif isinstance(event, UnitRouted) and charge is not None:
                self.trouble[event.unit_id] = ("a charge it made" if event.unit_id in attackers
                                               else "a charge it received")
            elif isinstance(event, CasualtiesTaken) and event.unit_id in self.side:
                uid = event.unit_id
                if event.rule == "FCRT results":
                    why = "fire"
                elif event.rule.startswith("8.5"):
                    why = ("charge casualties, charging" if uid in attackers
                           else "charge casualties, charged")
                else:
                    why = f"rout casualties after {self.trouble.get(uid, 'a rout')}"
                self.sps[self.side[uid]][why] += event.steps
                self.taken[uid] += event.steps

    def finish(self, game: Game) -> dict[Side, Counter[str]]:
        """SPs lost by cause, the units gone from the map included (their remaining SPs)."""
        for uid, (defn, lost) in losses_by_unit(game.state, game.scenario).items():
            rest = lost - self.taken[uid]
            if defn.kind is not UnitKind.LEADER and rest > 0:
                why = self.trouble.get(uid, "an unknown cause")
                self.sps[defn.side][f"gone from the map after {why}"] += rest
        return {s: Counter({f"men: {k}": v for k, v in c.items()}) for s, c in self.sps.items()}


class ChargeSites:
    """Where and when each side charged: every charge resolved, by the victory place within
    `NEAR` hexes of the charged hex (the nearest; "elsewhere" when none) and by turn, to set
    beside the record's attack (Slaughter Mountain: the Federal attack struck the gate and the
    Crittenden house about 5:45 pm, turn 9)."""

    NEAR = 3

    def __init__(self, game: Game) -> None:
        self.side = {d.id: d.side for d in game.scenario.order_of_battle.values()}
        self.places = [(v.hex, v.name or game.map.hex_id(v.hex))
                       for v in game.scenario.victory_hexes]
        self.counts: dict[Side, Counter[str]] = {s: Counter() for s in Side}

    def __call__(self, game: Game, events: list[Event]) -> None:
        for event in events:
            if not isinstance(event, ChargeResolved) or not event.attackers:
                continue
            side = self.side.get(event.attackers[0])
            if side is None:
                continue
            near = sorted((h.distance(event.target), name) for h, name in self.places
                          if h.distance(event.target) <= self.NEAR)
            place = f"at {near[0][1]}" if near else "elsewhere"
            self.counts[side][f"charges: {place}"] += 1
            self.counts[side][f"charges: turn {game.state.turn:02}"] += 1


def merged(*parts: dict[Side, Counter[str]]) -> dict[Side, Counter[str]]:
    """The followers' counts, side by side, added up."""
    out: dict[Side, Counter[str]] = {s: Counter() for s in Side}
    for part in parts:
        for side, counts in part.items():
            out[side].update(counts)
    return out
