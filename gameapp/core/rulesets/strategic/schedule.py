"""A scenario's schedule, played (docs/strategic-rules.md, "Schedules"; wbts.md 7.9).

Three lists of a strategic scenario, each entry dated by week with its source:
`reinforcements` (divisions, ships and HQs arriving; withdrawn units coming back),
`withdrawals` (named units, or "N SP of infantry" after WBTS's "(6i)", leaving the map) and
`leader_events` (leaders arriving, replacing another, or leaving). An entry may hang on an
option (`option`, `default`, `played_if`), which the scenario's `options.events` turns on or
off: the historical leader changes are options, on by default.

Our design (`R&C strategic schedule`):
- every entry is played at the start of its week, before the initiative dice, and each gives
  one `ScheduleEvent` that says what happened, why (its words and source) and where each piece
  went; an entry with nothing to move is still told;
- an arrival stands on its hex when its side holds it, no enemy piece is there and the stack
  has room; otherwise on the nearest hex that qualifies (ties by hex id). Troops `aboard`
  arrive on the transports arriving with them, and so does the entry's leader (Butler with
  his troops at the Head of Passes): he does not wait for a post ashore;
- "N SP of an arm" leave one SP at a time from the side's largest unit of that arm, as
  militia go home (22.6); a unit brought to nothing leaves whole. Withdrawn SP are not losses:
  they score no victory points;
- with the scenario's 22.22 option on (`options.hq_deployment.option`, `hq_roll`), the
  schedule's corps HQs of that side do not come: the monthly roll brings HQs instead; their
  leaders still arrive (and wait, without an HQ, until one is given them);
- a replacement puts the new leader on the old one's hex (or on the HQ the old one commanded)
  and gives him every HQ the old one commanded; the old one leaves play. A leader leaving
  (recalled, or killed with the `historical_deaths` option) leaves his HQs without commander.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, replace
from typing import Any, Protocol

from gameapp.core.breakdown import Term
from gameapp.core.hexgrid import Hex
from gameapp.core.ruleset import RuleContext
from gameapp.core.rulesets.strategic.pieces import (
    HQ,
    Arm,
    Division,
    Echelon,
    Leader,
    Piece,
    Quality,
    Ship,
    Train,
    Vessel,
    ship_name,
)
from gameapp.core.rulesets.strategic.state import StrategicState
from gameapp.core.rulesets.strategic.tables import tables
from gameapp.core.rulesets.strategic.zoc import Board
from gameapp.core.theatre.chart import TheatreTerrain
from gameapp.core.units import Side
from gameapp.core.yamlsource import Problem

SCHEDULE = "R&C strategic schedule"
HQ_ROLL = "004 22.22"
KINDS = (("reinforcement", "reinforcements"), ("withdrawal", "withdrawals"),
         ("leader", "leader_events"))
WATER = (TheatreTerrain.SEA, TheatreTerrain.LAKE)


@dataclass(frozen=True)
class Scheduled:
    """One entry of the schedule, read and checked."""

    kind: str  # reinforcement, withdrawal, leader
    week: int
    side: Side | None  # None: both sides
    what: str
    source: str
    at: Hex | None = None
    with_piece: str | None = None  # arrivals stand with this piece while it is in play
    arrive: tuple[Piece, ...] = ()  # new pieces; a leader or HQ without `at` stands at Hex(0, 0)
    aboard: bool = False
    returns: tuple[str, ...] = ()  # withdrawn units coming back at `at`
    withdraw: tuple[str, ...] = ()
    withdraw_sp: int = 0
    withdraw_arm: Arm = Arm.INFANTRY
    replaces: str | None = None
    by: str | None = None
    leaves: tuple[str, ...] = ()
    takes: tuple[str, ...] = ()  # HQs the entry's leader takes command of
    ranks: tuple[tuple[str, int], ...] = ()  # (leader, stars): a new rank
    option: str | None = None
    default: bool = True
    played_if: bool = True

    def played(self, options: dict[str, object]) -> bool:
        if self.option is None:
            return True
        chosen = dict(options.get("events", {}) or {})  # type: ignore[call-overload]
        return bool(chosen.get(self.option, self.default)) is self.played_if


@dataclass(frozen=True)
class ScheduleEvent:
    """A scheduled entry played: what came and went, and where each piece stands."""

    kind: str
    week: int
    side: Side | None
    what: str
    source: str
    arrived: tuple[str, ...]  # pieces come into play (new, or back from a withdrawal)
    withdrawn: tuple[str, ...]  # pieces taken out whole
    sp_in: int  # division SP that came
    sp_out: int  # division SP that left (whole units and SP taken off)
    terms: tuple[Term, ...]  # where each piece went and why
    option: str | None
    rule: str
    waits: bool = False  # not played yet: a leader waits for his post (tried again next week)


class _Reader(Protocol):
    where: dict[str, tuple[str | int, ...]]
    problems: list[Problem]

    def hex_of(self, key: tuple[str | int, ...], text: str) -> Hex: ...

    def place_name(self, text: str, h: Hex) -> str: ...

    def problem(self, key: tuple[str | int, ...], message: str) -> None: ...


def read_schedule(reader: _Reader, data: dict[str, Any]) -> tuple[Scheduled, ...]:
    """The three lists as `Scheduled` entries, by week; problems go to the reader."""
    withdrawn = {u for e in data.get("withdrawals", []) for u in _ids(e)} | {
        u for e in data.get("leader_events", []) for u in (*e.get("leaves", ()),
                                                            *_listed(e.get("replaces")))}
    new_ids: set[str] = set()
    found: list[Scheduled] = []
    for kind, key in KINDS:
        for i, e in enumerate(data.get(key, [])):
            found.append(_entry(reader, kind, (key, i), e, withdrawn, new_ids))
    known = set(reader.where) | new_ids
    for _, key in KINDS:
        for i, e in enumerate(data.get(key, [])):
            for field_name in ("unit", "units", "replaces", "by", "leaves", "with", "takes",
                               "ranks"):
                for piece_id in _listed(e.get(field_name)):
                    if piece_id not in known:
                        reader.problem((key, i, field_name),
                                       f"{field_name} names {piece_id}, but no piece "
                                       f"{piece_id} is defined in this scenario nor brought "
                                       "in by its schedule")
    return tuple(sorted(found, key=lambda s: s.week))


def _listed(value: object) -> list[str]:
    if value is None:
        return []
    return [value] if isinstance(value, str) else list(value)  # type: ignore[call-overload]


def _ids(e: dict[str, Any]) -> list[str]:
    return [e["unit"]] if "unit" in e else list(e.get("units", []))


def _entry(reader: _Reader, kind: str, key: tuple[str | int, ...], e: dict[str, Any],
           withdrawn: set[str], new_ids: set[str]) -> Scheduled:
    side = None if e["side"] == "both" else Side(e["side"])
    at = reader.hex_of((*key, "at"), e["at"]) if "at" in e else None
    ids = _ids(e)
    base = Scheduled(kind, e["week"], side, e.get("what") or e.get("event") or "", e["source"],
                     at, e.get("with"), option=e.get("option"), default=e.get("default", True),
                     played_if=e.get("played_if", "on") == "on", replaces=e.get("replaces"),
                     by=e.get("by"), leaves=tuple(e.get("leaves", ())),
                     takes=tuple(e.get("takes", ())),
                     ranks=tuple(sorted(dict(e.get("ranks", {})).items())))
    if kind == "withdrawal":
        return replace(base, withdraw=tuple(ids), withdraw_sp=0 if ids else e.get("sp", 0),
                       withdraw_arm=Arm(e.get("arm", "infantry")))
    returns = tuple(i for i in ids if i in withdrawn)
    pieces: list[Piece] = []
    side_of = side or Side.UNION

    def claim(piece_id: str, field_name: str) -> str:
        if piece_id in reader.where or piece_id in new_ids:
            reader.problem((*key, field_name), f"the id {piece_id} is used twice")
        new_ids.add(piece_id)
        return piece_id

    prefix = f"{side_of.value[:2]}-w{e['week']}-{key[1]}"
    if e.get("sp") and not returns:
        if at is None:
            reader.problem(key, "arriving units need `at`: the hex or place they come to")
        pieces += _divisions(e, side_of, at or Hex(0, 0), ids, prefix, claim)
    ships = e.get("ships", [])
    for j, s in enumerate(ships):
        vessel = Vessel(s["vessel"])
        alike = [i for i, x in enumerate(ships) if x["vessel"] == vessel.value]
        number = alike.index(j) + 1 if len(alike) > 1 else None
        place = reader.place_name(e.get("at", ""), at or Hex(0, 0))
        name = s.get("name") or ship_name(side_of, vessel, place, number)
        pieces.append(Ship(claim(f"{prefix}-s{j + 1}", "ships"), side_of, vessel,
                           0 if vessel is Vessel.TRANSPORT else s.get("strength", 4),
                           at or Hex(0, 0), s.get("capacity", tables().transport_capacity
                                                  if vessel is Vessel.TRANSPORT else 0),
                           name=name))
    if "leader" in e:
        lead = e["leader"]
        there = (reader.hex_of((*key, "leader", "at"), lead["at"]) if "at" in lead else at)
        if there is None and e.get("replaces") is None and e.get("with") is None:
            reader.problem((*key, "leader"), "an arriving leader needs `at`, or `replaces`")
        pieces.append(Leader(claim(lead["id"], "leader"), side_of, lead["name"], lead["stars"],
                             lead["initiative"], lead["tactical"], lead["span"],
                             there or Hex(0, 0), lead.get("cavalry", False),
                             lead.get("subordinate_to"), lead.get("source", "")))
    for h in e.get("hqs", []):
        pieces.append(HQ(claim(h["id"], "hqs"), side_of, h["name"],
                         Echelon(h.get("echelon", "corps")), at or Hex(0, 0), h.get("commander")))
    return replace(base, arrive=tuple(pieces), aboard=e.get("aboard", False), returns=returns)


def _divisions(e: dict[str, Any], side: Side, at: Hex, ids: list[str], prefix: str,
               claim: Callable[[str, str], str]) -> list[Division]:
    arm = Arm(e.get("arm", "infantry"))
    count = 1 if ids else e.get("divisions", 1)
    name = e.get("name") or f"reinforcements of week {e['week']}"
    sp, extra = divmod(e["sp"], count)
    made = []
    for n in range(count):
        piece_id = ids[0] if ids else (prefix if count == 1 else f"{prefix}-{n + 1}")
        label = name if count == 1 else f"{name} {n + 1}"
        made.append(Division(claim(piece_id, "unit" if ids else "sp"), side, label, arm,
                             sp + (n < extra), tables().movement_allowance[arm.value], at,
                             Quality(e.get("quality", "seasoned"))))
    return made


def hq_roll_on(options: dict[str, Any], side: Side | None) -> bool:
    """22.22 instead of the schedule's corps HQs: the scenario's `hq_deployment` names an
    option (`hq_roll`) that is on, and lists months for `side`."""
    deployment = options.get("hq_deployment")
    if not isinstance(deployment, dict) or "option" not in deployment or side is None:
        return False
    chosen = dict(options.get("events", {}) or {})
    return bool(chosen.get(deployment["option"], False)) and bool(deployment.get(side.value))


def _hq_roll_choice(scenario: Any) -> Any | None:
    """The 22.22 option as the new-game dialog offers it (off unless chosen)."""
    from gameapp.core.newgame import OptionChoice

    deployment = scenario.options.get("hq_deployment")
    if not isinstance(deployment, dict) or "option" not in deployment:
        return None
    name = deployment["option"]
    months = "; ".join(f"{side} after month(s) {', '.join(str(m) for m in deployment[side])}"
                       for side in ("union", "confederate") if deployment.get(side))
    chosen = dict(scenario.options.get("events", {}) or {})
    return OptionChoice(name, "22.22: the scheduled corps HQs do not come; instead a die at "
                        f"the end of the month ({months}): on a 1, a second die of corps HQs",
                        "bool", (), {}, bool(chosen.get(name, False)))


def schedule_choices(scenario: Any) -> list[Any]:
    """The schedule's options, once each, as the new-game dialog offers them (on or off, the
    scenario's default; the entries' words as their description)."""
    from gameapp.core.newgame import OptionChoice

    chosen = dict(scenario.options.get("events", {}) or {})
    found: dict[str, list[Scheduled]] = {}
    for entry in scenario.schedule:
        if entry.option is not None:
            found.setdefault(entry.option, []).append(entry)
    choices = [OptionChoice(name, "; ".join(f"week {e.week}: {e.what}" for e in entries),
                            "bool", (), {}, bool(chosen.get(name, entries[0].default)))
               for name, entries in found.items()]
    rolled = _hq_roll_choice(scenario)
    return choices + ([rolled] if rolled is not None else [])


def with_schedule_options(scenario: Any, options: dict[str, Any]) -> dict[str, Any]:
    """The scenario's options with `options` (a save's or the dialog's) laid over them: a
    schedule option's value goes into `events`."""
    names = {e.option for e in scenario.schedule if e.option is not None}
    deployment = scenario.options.get("hq_deployment")
    if isinstance(deployment, dict) and "option" in deployment:
        names.add(deployment["option"])
    events = dict(scenario.options.get("events", {}) or {})
    merged = dict(scenario.options)
    for name, value in options.items():
        if name == "events":
            events.update(value)
        elif name in names:
            events[name] = bool(value)
        else:
            merged[name] = value
    if events:
        merged["events"] = events
    return merged


# --- playing -----------------------------------------------------------------------------------
@dataclass(frozen=True)
class ScheduledWeek:
    """The week's scheduled entries, played before the initiative dice."""

    label: str = "the week's reinforcements, withdrawals and leader changes"

    def __call__(self, ctx: RuleContext) -> list[Any]:
        state: StrategicState = ctx.state
        options = dict(ctx.scenario.options)
        events: list[Any] = []
        waiting: list[int] = []
        for i, entry in enumerate(ctx.scenario.schedule):
            if not (entry.week == state.turn or i in state.waiting) or not entry.played(options):
                continue
            far = _no_post(ctx, entry)
            if far is not None:
                waiting.append(i)
                events.append(ScheduleEvent(entry.kind, entry.week, entry.side, entry.what,
                                            entry.source, (), (), 0, 0, (far,), entry.option,
                                            SCHEDULE, waits=True))
                continue
            events.append(play(ctx, entry))
        state.waiting = tuple(waiting)
        return events


LEADER_REACH = 6  # a leader arriving farther than this from his post waits for it


def _no_post(ctx: RuleContext, entry: Scheduled) -> Term | None:
    """Why an arriving leader waits (None if he may come): his side holds no hex free of the
    enemy within LEADER_REACH of his post (Butler before New Orleans falls)."""
    if entry.replaces is not None or entry.with_piece is not None or entry.aboard:
        return None  # an entry arriving aboard comes with its ships
    for piece in entry.arrive:
        if isinstance(piece, Leader):
            h, _ = arrival_hex(ctx, piece, piece.hex)
            if h.distance(piece.hex) > LEADER_REACH:
                post = ctx.scenario.map.hex_id(piece.hex)
                return Term(f"{piece.name} waits: his side holds no hex free of the enemy within "
                            f"{LEADER_REACH} of {post}", 0, SCHEDULE)
    return None


def play(ctx: RuleContext, entry: Scheduled) -> ScheduleEvent:
    terms: list[Term] = []
    out, sp_out = _withdraw(ctx, entry, terms)
    arrived, sp_in = _arrive(ctx, entry, terms)
    out += _leaders(ctx, entry, arrived, terms)
    return ScheduleEvent(entry.kind, entry.week, entry.side, entry.what, entry.source,
                         tuple(arrived), tuple(out), sp_in, sp_out, tuple(terms), entry.option,
                         SCHEDULE)


def take_out(state: StrategicState, piece_id: str) -> Piece | None:
    """Take a piece out of play for the schedule (off rosters and ships; a detour too)."""
    piece = state.pieces.pop(piece_id, None)
    if piece is None:
        away = state.offmap.pop(piece_id, None)
        piece = away.unit if away is not None else None
    if piece is None:
        return None
    state.leave_roster(piece_id)
    state.leave_ships(piece_id)
    if isinstance(piece, Ship):
        for unit_id in piece.cargo:
            take_out(state, unit_id)
    state.withdrawn[piece_id] = piece
    return piece


def _withdraw(ctx: RuleContext, entry: Scheduled, terms: list[Term]) -> tuple[list[str], int]:
    state: StrategicState = ctx.state
    out: list[str] = []
    sp = 0
    for piece_id in entry.withdraw:
        piece = take_out(state, piece_id)
        if piece is None:
            terms.append(Term(f"{piece_id} is no longer in play: nothing leaves", 0, SCHEDULE))
            continue
        out.append(piece_id)
        sp += piece.sp if isinstance(piece, Division) else 0
        terms.append(Term(f"{_name(piece)} leaves the map", getattr(piece, "sp", 0), SCHEDULE))
    if entry.withdraw_sp and entry.side is not None:
        units = [u for u in state.divisions(entry.side) if u.arm is entry.withdraw_arm]
        left = {u.id: u.sp for u in units}
        for _ in range(entry.withdraw_sp):
            if not any(left.values()):
                terms.append(Term(f"no {entry.withdraw_arm.value} left to go", 0, SCHEDULE))
                break
            biggest = min((u for u in units if left[u.id]), key=lambda u: (-left[u.id], u.id))
            left[biggest.id] -= 1
            sp += 1
        for unit in units:
            taken = unit.sp - left[unit.id]
            if not taken:
                continue
            terms.append(Term(f"{unit.name}: {taken} SP leave, the largest "
                              f"{entry.withdraw_arm.value} unit first", taken, SCHEDULE))
            if left[unit.id]:
                state.put(replace(unit, sp=left[unit.id]))
            else:
                take_out(state, unit.id)
                out.append(unit.id)
    return out, sp


def _arrive(ctx: RuleContext, entry: Scheduled, terms: list[Term]) -> tuple[list[str], int]:
    state: StrategicState = ctx.state
    arrived: list[str] = []
    sp = 0
    comers: list[Piece] = []
    for piece_id in entry.returns:
        back = state.withdrawn.pop(piece_id, None)
        if back is None:
            terms.append(Term(f"{piece_id} is not away: nothing comes back", 0, SCHEDULE))
            continue
        want = entry.at or back.hex
        if isinstance(back, Division):
            back = replace(back, entrained=False, aboard=None)
        elif isinstance(back, Train | Leader | HQ):
            back = replace(back, entrained=False)
        comers.append(replace(back, hex=want))
    # ships first, so that troops arriving aboard find their transports
    comers += sorted(entry.arrive, key=lambda p: not isinstance(p, Ship))
    transports = [p.id for p in comers if isinstance(p, Ship) and p.vessel is Vessel.TRANSPORT]
    rolled = hq_roll_on(ctx.scenario.options, entry.side)
    for piece in comers:
        if rolled and isinstance(piece, HQ) and piece.echelon is Echelon.CORPS:
            terms.append(Term(f"{_name(piece)} does not come: with the HQ roll on, corps HQs "
                              "come by the monthly die instead", 0, HQ_ROLL))
            continue
        piece = _placed(ctx, entry, piece, transports, terms)
        state.put(piece)
        arrived.append(piece.id)
        sp += piece.sp if isinstance(piece, Division) else 0
    return arrived, sp


def _placed(ctx: RuleContext, entry: Scheduled, piece: Piece, transports: list[str],
            terms: list[Term]) -> Piece:
    """The piece where it arrives, with the term that says where and why."""
    state: StrategicState = ctx.state
    where = ctx.scenario.map.hex_id
    if isinstance(piece, Ship):
        terms.append(Term(f"{_name(piece)} arrives at {where(piece.hex)}", 0, SCHEDULE))
        return piece
    if entry.aboard and isinstance(piece, Division | Leader):
        weight = piece.sp if isinstance(piece, Division) else 0  # a leader weighs nothing
        for ship_id in transports:
            ship = state.pieces.get(ship_id)
            carried = sum(u.sp for u in state.divisions() if u.aboard == ship_id)
            if isinstance(ship, Ship) and carried + weight <= ship.capacity:
                state.put(replace(ship, cargo=(*ship.cargo, piece.id)))
                terms.append(Term(f"{_name(piece)} arrives aboard {_name(ship)}", weight,
                                  SCHEDULE))
                return replace(piece, hex=ship.hex, aboard=ship_id)
    if entry.with_piece in state.pieces:
        piece = replace(piece, hex=state.pieces[entry.with_piece].hex)
    if isinstance(piece, HQ) and entry.at is None and piece.commander in state.pieces:
        piece = replace(piece, hex=state.pieces[piece.commander].hex)
    if isinstance(piece, Leader) and entry.replaces is not None and entry.at is None:
        old = state.pieces.get(entry.replaces)
        led = [hq.hex for hq in state.hqs() if hq.commander == entry.replaces]
        piece = replace(piece, hex=old.hex if old is not None else (led[0] if led else piece.hex))
    want = piece.hex
    h, why = arrival_hex(ctx, piece, want)
    terms.append(Term(f"{_name(piece)} arrives at {where(h)}{why}",
                      piece.sp if isinstance(piece, Division) else 0, SCHEDULE))
    return replace(piece, hex=h)


def arrival_hex(ctx: RuleContext, piece: Piece, want: Hex) -> tuple[Hex, str]:
    """Where an arriving piece stands: `want` if its side holds it, no enemy is there and the
    stack has room; else the nearest land hex that qualifies (ties by hex id)."""
    from gameapp.core.rulesets.strategic.movement import room_for

    state: StrategicState = ctx.state
    scenario = ctx.scenario
    board = Board.of(state, ctx.rules.terrain)
    side = piece.side
    sp = piece.sp if isinstance(piece, Division) else 0

    def fits(h: Hex) -> bool:
        if not scenario.map.contains(h) or ctx.rules.terrain.terrain(h) in WATER:
            return False
        if state.control.get(h, scenario.home[h]) is not side or board.enemy_in(side, h):
            return False
        return not sp or room_for(state, side, h, 1, sp) is None

    if fits(want):
        return want, ""
    for radius in range(1, max(scenario.map.width, scenario.map.height) * 2):
        ring = [h for h in want.ring(radius) if fits(h)]
        if ring:
            h = min(ring, key=scenario.map.hex_id)
            return h, (f", {radius} hex{'es' if radius > 1 else ''} from "
                       f"{scenario.map.hex_id(want)}: the nearest hex its side holds, free of "
                       "the enemy, with room")
    return want, ""


def _leaders(ctx: RuleContext, entry: Scheduled, arrived: list[str],
             terms: list[Term]) -> list[str]:
    """Replacements, HQs taken, promotions and departures; the leaders gone."""
    state: StrategicState = ctx.state
    out: list[str] = []
    if entry.by is not None and entry.by not in state.pieces and entry.by in state.withdrawn:
        back = state.withdrawn.pop(entry.by)  # a leader the schedule took out comes back
        state.put(back)
        arrived.append(back.id)
        terms.append(Term(f"{_name(back)} comes back into play", 0, SCHEDULE))
    if entry.replaces is not None:
        new_id = entry.by or next((i for i in arrived if isinstance(state.pieces.get(i), Leader)),
                                  None)
        new = state.pieces.get(new_id or "")
        old = state.pieces.get(entry.replaces)
        commanded = [hq for hq in state.hqs() if hq.commander == entry.replaces]
        if isinstance(new, Leader):
            spot = old.hex if old is not None else (commanded[0].hex if commanded else new.hex)
            if new.id in arrived and entry.at is not None:
                spot = new.hex  # an arriving leader with a place of his own keeps it
            state.put(replace(new, hex=spot))
            for hq in commanded:
                state.put(replace(hq, commander=new.id))
            gone = _name(old) if old else entry.replaces
            hqs = f" and command of {', '.join(h.name for h in commanded)}" if commanded else ""
            terms.append(Term(f"{new.name} takes the place of {gone}{hqs}", 0, SCHEDULE))
        if old is not None and take_out(state, entry.replaces) is not None:
            out.append(entry.replaces)
    elif entry.by in state.pieces and entry.at is not None:  # a leader sent to a new post
        sent = state.pieces[entry.by]
        h, why = arrival_hex(ctx, sent, entry.at)
        state.put(replace(sent, hex=h))
        terms.append(Term(f"{_name(sent)} goes to {ctx.scenario.map.hex_id(h)}{why}", 0,
                          SCHEDULE))
    _take_hqs(ctx, entry, arrived, terms)
    for leader_id, stars in entry.ranks:
        leader = state.pieces.get(leader_id)
        if isinstance(leader, Leader):
            state.put(replace(leader, stars=stars))
            terms.append(Term(f"{leader.name} now ranks {'★' * stars} ({stars} stars)", stars,
                              SCHEDULE))
    for leader_id in entry.leaves:
        piece = take_out(state, leader_id)
        if piece is not None:
            out.append(leader_id)
            terms.append(Term(f"{_name(piece)} leaves", 0, SCHEDULE))
    return out


def _take_hqs(ctx: RuleContext, entry: Scheduled, arrived: list[str],
              terms: list[Term]) -> None:
    """`takes`: the entry's leader (the one arriving, else `by`) commands these HQs now, and
    goes to the first one's hex."""
    state: StrategicState = ctx.state
    leader_id = next((i for i in arrived if isinstance(state.pieces.get(i), Leader)), entry.by)
    leader = state.pieces.get(leader_id or "")
    if not entry.takes or not isinstance(leader, Leader):
        return
    for hq_id in entry.takes:
        hq = state.pieces.get(hq_id)
        if not isinstance(hq, HQ):
            terms.append(Term(f"{hq_id} is not in play: {leader.name} takes nothing", 0,
                              SCHEDULE))
            continue
        was = state.pieces.get(hq.commander or "")
        state.put(replace(hq, commander=leader.id))
        terms.append(Term(f"{leader.name} takes command of {hq.name}"
                          + (f" from {_name(was)}" if was is not None else ""), 0, SCHEDULE))
    first = state.pieces.get(entry.takes[0])
    if first is not None and leader.hex != first.hex:
        state.put(replace(leader, hex=first.hex))
        terms.append(Term(f"{leader.name} goes to {ctx.scenario.map.hex_id(first.hex)}", 0,
                          SCHEDULE))


def _name(piece: Piece | None) -> str:
    return str(getattr(piece, "name", "") or getattr(piece, "id", ""))
