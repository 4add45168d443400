"""The strategic monthly report (docs/strategic-window.md, "The monthly report"): for each month
of a strategic game, its reinforcements (who, where), withdrawals, leader changes, supply income
(points per depot) and sieges (the rolls, and each fort besieged at the month's end), each line
with its rule.

The report is derived from the game's history, never stored: `month_reports(history, terrain)`
reads the events of every logged action (`History.events_at`), so a saved game, a replay and
the live game give the same report. A month is four weeks (weeks 1-4 are month 1); it holds the
schedule entries played at the start of its weeks and the monthly interphase after its fourth
week. A month not ended yet is reported so far, its sieges as they stand now.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from datetime import timedelta
from html import escape
from typing import Any

from gameapp.core.breakdown import Term
from gameapp.core.hexgrid import Hex
from gameapp.core.history import History
from gameapp.core.rulesets.strategic.events import MonthEnded
from gameapp.core.rulesets.strategic.income import SupplyIncome
from gameapp.core.rulesets.strategic.pieces import Division, Fort, Haul, Train
from gameapp.core.rulesets.strategic.scenario import WEEKS_A_MONTH
from gameapp.core.rulesets.strategic.scenario_rules import HQsDeployed, MilitiaDemobilised
from gameapp.core.rulesets.strategic.schedule import ScheduleEvent
from gameapp.core.rulesets.strategic.sieges import (
    BESIEGED,
    FortRazed,
    FortTaken,
    Hunger,
    SiegeRoll,
    StarvedOut,
    besieged,
)
from gameapp.core.rulesets.strategic.state import StrategicState
from gameapp.core.rulesets.strategic.terrain import TerrainCosts
from gameapp.present.html import RULE_INK
from gameapp.present.strategic import chance_text
from gameapp.present.strategic_names import (
    PieceNames,
    fort_name,
    names_list,
    scenario_names,
    train_name,
)

HexId = Callable[[Hex], str]
REINFORCEMENTS, WITHDRAWALS, LEADERS = "Reinforcements", "Withdrawals", "Leader changes"
INCOME, SIEGES = "Supply income", "Sieges"
SECTIONS = (REINFORCEMENTS, WITHDRAWALS, LEADERS, INCOME, SIEGES)
SCHEDULE_SECTION = {"reinforcement": REINFORCEMENTS, "withdrawal": WITHDRAWALS,
                    "leader": LEADERS}
LAST_DAY = timedelta(days=6)  # a week's last day after its first
INTERPHASE = (SupplyIncome, SiegeRoll, Hunger, StarvedOut, HQsDeployed, MilitiaDemobilised)


@dataclass(frozen=True)
class ReportLine:
    text: str
    rule: str
    details: tuple[tuple[str, str], ...] = ()  # (text, rule): where each piece went, each depot


@dataclass(frozen=True)
class MonthReport:
    month: int
    title: str  # "Month 1: weeks 1-4 (1 Mar - 28 Mar 1862)"
    ended: bool  # its monthly interphase has been played
    sections: tuple[tuple[str, tuple[ReportLine, ...]], ...]

    def section(self, title: str) -> tuple[ReportLine, ...]:
        return dict(self.sections)[title]


def month_of(week: int) -> int:
    return (week - 1) // WEEKS_A_MONTH + 1


def month_reports(history: History, terrain: TerrainCosts) -> list[MonthReport]:
    """A report for every month the game has reached, the first month first."""
    scenario: Any = history.scenario
    clock, hex_id = scenario.clock, scenario.map.hex_id
    found: dict[int, list[Any]] = defaultdict(list)
    ended: dict[int, int] = {}  # month -> the log index whose action played its interphase
    for index in range(len(history) + 1):
        turn_before = history.state_at(max(index - 1, 0)).turn
        interphase: int | None = None
        for event in history.events_at(index):
            if isinstance(event, MonthEnded):
                interphase = month_of(event.turn)
                ended[interphase] = index
            elif isinstance(event, ScheduleEvent):
                found[month_of(event.week)].append(event)
            elif isinstance(event, INTERPHASE):
                found[interphase or month_of(turn_before)].append(event)
            elif isinstance(event, (FortTaken, FortRazed)):
                found[month_of(turn_before)].append(event)
    now = len(history)
    first, last = month_of(clock.first_turn), month_of(history.state_at(now).turn)
    reports = []
    for month in range(first, min(last, month_of(clock.last_turn)) + 1):
        state: StrategicState = history.state_at(ended.get(month, now))  # type: ignore[assignment]
        weeks = (max(clock.first_turn, (month - 1) * WEEKS_A_MONTH + 1),
                 min(clock.last_turn, month * WEEKS_A_MONTH))
        names = scenario_names(scenario, state.pieces)
        reports.append(_report(month, weeks, clock, month in ended, found[month],
                               siege_status(state, terrain, hex_id, month in ended, names),
                               hex_id, names))
    return reports


def _report(month: int, weeks: tuple[int, int], clock: Any, ended: bool, events: list[Any],
            status: list[ReportLine], hex_id: HexId, names: PieceNames) -> MonthReport:
    start, end = clock.date_of(weeks[0]), clock.date_of(weeks[1]) + LAST_DAY
    so_far = "" if ended else ", so far"
    title = (f"Month {month}: weeks {weeks[0]}-{weeks[1]} ({start.day} {start:%b} - "
             f"{end.day} {end:%b %Y}){so_far}")
    lines: dict[str, list[ReportLine]] = {title: [] for title in SECTIONS}
    for event in events:
        section, line = report_line(event, hex_id, names)
        lines[section].append(line)
    lines[SIEGES] += status
    return MonthReport(month, title, ended,
                       tuple((name, tuple(rows)) for name, rows in lines.items()))


def report_line(event: Any, hex_id: HexId,
                names: PieceNames | None = None) -> tuple[str, ReportLine]:
    """The event's line in the month's report, the pieces by name (by id without `names`)."""
    name = names or PieceNames.none()
    if isinstance(event, ScheduleEvent):
        return SCHEDULE_SECTION.get(event.kind, REINFORCEMENTS), _scheduled(event)
    if isinstance(event, SupplyIncome):
        return INCOME, ReportLine(
            f"{event.side.label}: {event.received} of {event.income} points received",
            event.rule, _details(event.terms, points=True))
    if isinstance(event, HQsDeployed):
        made = names_list(event.deployed, name) if event.deployed else "none"
        rolls = ", ".join(str(r) for r in event.rolls)
        return REINFORCEMENTS, ReportLine(
            f"{event.side.label} HQ roll {rolls}: HQs deployed: {made} (none "
            f"{chance_text(event.chances[0])})", event.rule)
    if isinstance(event, MilitiaDemobilised):
        sent = (f"{event.loss} militia SP go home" if event.loss else "the militia stay")
        return WITHDRAWALS, ReportLine(
            f"{event.side.label} militia rolled {event.roll}: {sent}", event.rule,
            tuple((f"{name(line.piece)} -{line.sp}", line.rule) for line in event.lines))
    return SIEGES, _siege_line(event, name)


def _scheduled(event: ScheduleEvent) -> ReportLine:
    side = f"{event.side.label}: " if event.side is not None else ""
    option = f" [option {event.option}]" if event.option else ""
    sp = "".join((f"; {event.sp_in} SP came" if event.sp_in else "",
                  f"; {event.sp_out} SP left" if event.sp_out else ""))
    waits = ": not yet, tried again next week" if event.waits else ""
    return ReportLine(f"Week {event.week}, {side}{event.what}{option}{sp}{waits}", event.rule,
                      (*_details(event.terms), (f"source: {event.source}", "")))


def _details(terms: Iterable[Term], points: bool = False) -> tuple[tuple[str, str], ...]:
    """Each term's words; its value only where it counts (a depot's points)."""
    return tuple((f"{t.label}: +{t.value:g}" if points and t.value else t.label, t.rule)
                 for t in terms)


def _siege_line(event: Any, name: PieceNames) -> ReportLine:
    if isinstance(event, SiegeRoll):
        verdict = f"breached: now {event.now}" if event.breached else "it holds"
        return ReportLine(
            f"Siege of the {fort_name(event.fort, name)} by the {train_name(event.train, name)}: "
            f"rolled {event.roll}, needed "
            f"{event.needed} or more ({chance_text(event.chance)}): {verdict}",
            event.terms[0].rule if event.terms else BESIEGED,
            tuple((f"{t.label} {t.value:+g}", t.rule) for t in event.terms[1:]))
    if isinstance(event, Hunger):
        return ReportLine(f"Hunger in the besieged {fort_name(event.fort, name)}: {event.loss} "
                          "SP lost", event.rule,
                          tuple((f"{name(line.piece)} -{line.sp}", line.rule)
                                for line in event.lines))
    if isinstance(event, StarvedOut):
        return ReportLine(f"Starved out: the {fort_name(event.fort, name)} surrenders with "
                          f"{event.loss} SP after {event.months} month-ends besieged; the fort "
                          "falls", event.rule,
                          (*((f"{name(line.piece)} -{line.sp}", line.rule)
                             for line in event.lines),
                           *((f"{name(p)} taken with it", event.rule) for p in event.taken)))
    if isinstance(event, FortTaken):
        return ReportLine(f"The empty {fort_name(event.fort, name)} is taken by the "
                          f"{event.side.label} side", event.rule)
    assert isinstance(event, FortRazed)
    return ReportLine(f"The {fort_name(event.fort, name)} is razed by its own side", event.rule)


def fort_text(fort: Fort, name: PieceNames) -> str:
    """'The Confederate fortress at Fort Ridley, VA'; where the names do not know it, its id,
    side and kind: 'ridley, a Confederate fortress'."""
    named = name(fort.id)
    if named != fort.id:
        return f"The {named}"
    return f"{fort.id}, a {fort.side.label} {'fortress' if fort.fortress else 'fort'}"


def siege_status(state: StrategicState, terrain: TerrainCosts, hex_id: HexId,
                  ended: bool, names: PieceNames | None = None) -> list[ReportLine]:
    """Each fort besieged at the month's end (or now), with its garrison and the siege trains
    next to it."""
    when = "at the month's end" if ended else "now"
    name = names or PieceNames.none()
    lines = []
    for fort in sorted(state.of_type(Fort), key=lambda f: f.id):
        if not besieged(state, terrain, fort):
            continue
        garrison = sum(p.sp for p in state.at(fort.hex)
                       if isinstance(p, Division) and p.side is fort.side)
        trains = sorted(name(p.id) for n in fort.hex.neighbors() for p in state.at(n)
                        if isinstance(p, Train) and p.haul is Haul.SIEGE_TRAIN
                        and p.side is not fort.side)
        rolls = (f"siege train(s) {', '.join(trains)} roll each month" if trains
                 else "no siege train next to it: hunger only")
        lines.append(ReportLine(f"{fort_text(fort, name)} ({hex_id(fort.hex)}; garrison "
                                f"{garrison} SP) is besieged {when}: {rolls}", BESIEGED))
    if not lines:
        lines.append(ReportLine(f"No fort is besieged {when}", BESIEGED))
    return lines


def report_html(report: MonthReport) -> str:
    """The report as rich text: a heading per section, a line per event with its rule in grey,
    its details indented under it."""
    def rule(text: str) -> str:
        return f" <span style='color:{RULE_INK}'>({escape(text)})</span>" if text else ""

    parts = [f"<h3>{escape(report.title)}</h3>"]
    for title, lines in report.sections:
        parts.append(f"<p><b>{escape(title)}</b></p>")
        if not lines:
            parts.append(f"<p style='color:{RULE_INK}'>&nbsp;&nbsp;none this month</p>")
        for line in lines:
            details = "".join(f"<br>&nbsp;&nbsp;&nbsp;&nbsp;· {escape(text)}{rule(r)}"
                              for text, r in line.details)
            parts.append(f"<p>&nbsp;&nbsp;{escape(line.text)}{rule(line.rule)}{details}</p>")
    return "".join(parts)
