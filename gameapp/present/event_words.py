"""Events in words: the one place where what an action caused becomes sentences.

`words(event, hex_id)` gives every event type of gameapp/core/events.py its sentence (a few
give several lines: a morale check, a charge's breakdown), and every strategic event its own
(written in present/strategic_words.py, looked up there when a strategic event is first met, so
a tactical game never imports the strategic rules; `WORDS` is the two tables merged). The log
panel's notes, the fire and charge dialogs' reports, the replay window and `gameapp run` read
`report_lines`; the status bar reads `status_messages`. Where two places used to say one thing
two ways, the rules' own term won (docs/playing.md, "The words of the log"): an officer hit by
fire or lost in a charge "is incapacitated" (6.75-6.77, 8.0), and a loss is counted in casualty
steps (the FCRT's "steps of casualties"; 7.71: a step is one SP).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import TYPE_CHECKING, Any

from gameapp.core.breakdown import Breakdown
from gameapp.core.dice import D66
from gameapp.core.events import (
    AmmunitionSpent,
    CasualtiesTaken,
    ChargeDeclared,
    ChargeResolved,
    ClosingRoll,
    DecisionPending,
    EngagementChanged,
    Event,
    ExhaustionChanged,
    FireResolved,
    FireShotPassed,
    GunsCaptured,
    LeaderReplaced,
    MarkersRemoved,
    MoraleChecked,
    MoraleCheckIgnored,
    MoraleCheckPending,
    OfficerIncapacitated,
    PhaseStarted,
    RallyAttempted,
    ReinforcementsArrived,
    RoutCasualties,
    RoutMoved,
    RoutMovementPending,
    UnitBroken,
    UnitEliminated,
    UnitMoved,
    UnitReformed,
    UnitRouted,
    UnitsReleased,
    WithdrawalAttempted,
)
from gameapp.core.hexgrid import Hex
from gameapp.present.fire_text import result_meaning, signed, steps_words

if TYPE_CHECKING:  # a tactical game never imports the strategic pieces
    from gameapp.core.engine import Game
    from gameapp.present.strategic_names import PieceNames

HexId = Callable[[Hex], str]


def _ids(unit_ids: Iterable[str]) -> str:
    return ", ".join(unit_ids) or "none"


def _mp(cost: Breakdown) -> str:
    return f"{cost.total:g} MP"


def _level(level: Breakdown) -> str:
    """A morale level: the printed ML moved along the d66 sequence by each modifier."""
    if not level.terms:
        return "?"
    printed, *mods = level.terms
    return str(D66.of(int(printed.value)) + int(sum(t.value for t in mods)))


def _phase_started(e: PhaseStarted, hex_id: HexId) -> list[str]:
    side = f"{e.side.label} " if e.side is not None else ""
    return [f"Turn {e.turn}, {e.clock}: {side}{e.phase.value} phase"]


def _markers_removed(e: MarkersRemoved, hex_id: HexId) -> list[str]:
    markers = ", ".join(sorted(m.value for m in e.markers))
    return [f"{e.unit_id}: {markers} marker{'' if len(e.markers) == 1 else 's'} removed "
            f"({e.rule})"]


def _unit_moved(e: UnitMoved, hex_id: HexId) -> list[str]:
    return [f"{e.unit_id} moves {' '.join(hex_id(h) for h in e.path)}, {_mp(e.cost)}"]


def advance_words(e: UnitMoved, hex_id: HexId) -> list[str]:
    """A move a charge's resolution made: the victors' advance (8.54)."""
    return [f"{e.unit_id} advances into {hex_id(e.path[-1])}"]


def _unit_reformed(e: UnitReformed, hex_id: HexId) -> list[str]:
    return [f"{e.unit_id} in {e.formation.value}, facing {e.facing}, {_mp(e.cost)}"]


def _morale_check_pending(e: MoraleCheckPending, hex_id: HexId) -> list[str]:
    return [f"{e.unit_id} must check morale: {e.reason} ({e.rule})"]


def _fire_resolved(e: FireResolved, hex_id: HexId) -> list[str]:
    return [f"fire at {hex_id(e.target)}: rolled {e.roll}, {signed(int(e.modifiers.total))} → "
            f"{e.modified} on {e.rule}: {e.result} ({result_meaning(e.result)})"]


def _casualties_taken(e: CasualtiesTaken, hex_id: HexId) -> list[str]:
    return [f"{e.unit_id} loses {steps_words(e.steps)} ({e.rule})"]


def _unit_eliminated(e: UnitEliminated, hex_id: HexId) -> list[str]:
    return [f"{e.unit_id} is eliminated ({e.rule})"]


def _officer_incapacitated(e: OfficerIncapacitated, hex_id: HexId) -> list[str]:
    return [f"{e.unit_id} is incapacitated and leaves the map ({e.rule})"]


def _leader_replaced(e: LeaderReplaced, hex_id: HexId) -> list[str]:
    return [f"{e.successor_id} takes the command of {e.unit_id}, in {hex_id(e.hex)} ({e.rule})"]


def _morale_checked(e: MoraleChecked, hex_id: HexId) -> list[str]:
    return e.check.lines()


def _rout_movement_pending(e: RoutMovementPending, hex_id: HexId) -> list[str]:
    return [f"{e.unit_id} must make rout movement ({e.rule})"]


def _ammunition_spent(e: AmmunitionSpent, hex_id: HexId) -> list[str]:
    state = "out of ammunition" if e.level == "none" else f"ammunition {e.level}"
    return [f"{e.unit_id}: {state} (rule {e.rule})"]


def _fire_shot_passed(e: FireShotPassed, hex_id: HexId) -> list[str]:
    return [f"{e.side.label} to fire" if e.side is not None else "no one left to fire"]


def _units_released(e: UnitsReleased, hex_id: HexId) -> list[str]:
    return [f"{e.name}: {_ids(e.unit_ids)} released, {e.why} ({e.rule})"]


def _reinforcements_arrived(e: ReinforcementsArrived, hex_id: HexId) -> list[str]:
    where = hex_id(e.hex)
    if e.hex != e.planned:
        where += f" (their entry hex {hex_id(e.planned)} was blocked)"
    return [f"{_ids(e.unit_ids)} arrive at {where} ({e.rule})"]


def _exhaustion_changed(e: ExhaustionChanged, hex_id: HexId) -> list[str]:
    return [f"brigade {e.brigade} exhaustion level {e.level}",
            *(f"  {line}" for line in e.terms.lines())]


def _charge_declared(e: ChargeDeclared, hex_id: HexId) -> list[str]:
    when = ", resolved at once (3.411.a)" if e.immediate else ""
    return [f"{e.unit_id} declares a charge on {hex_id(e.target)}, {e.mp_spent} MP spent{when} "
            f"({e.rule})"]


def _charge_resolved(e: ChargeResolved, hex_id: HexId) -> list[str]:
    return [f"charge on {hex_id(e.target)} by {', '.join(e.attackers)}: {e.outcome} ({e.rule})",
            *(f"  {line}" for line in e.lines)]


def _unit_routed(e: UnitRouted, hex_id: HexId) -> list[str]:
    return [f"{e.unit_id} routs ({e.rule})"]


def _rout_moved(e: RoutMoved, hex_id: HexId) -> list[str]:
    path = " ".join(hex_id(h) for h in e.path)
    return [f"{e.unit_id} rout movement {path}: {e.outcome}, {e.reason} ({e.rule})"]


def _unit_broken(e: UnitBroken, hex_id: HexId) -> list[str]:
    return [f"{e.unit_id} goes to {e.box} of the Broken Track ({e.rule})"]


def _rally_attempted(e: RallyAttempted, hex_id: HexId) -> list[str]:
    was = "routed" if e.was_routed else "shaken"
    done = "rallies" if e.rallied else "fails to rally"
    return [f"{e.unit_id} ({was}) {done}: rolled {e.roll} against morale level "
            f"{_level(e.level)} ({e.rule})", *(f"  {line}" for line in e.level.lines())]


def _morale_check_ignored(e: MoraleCheckIgnored, hex_id: HexId) -> list[str]:
    return [f"{e.unit_id} makes no {e.check} morale check: {e.why} ({e.rule})"]


def _rout_casualties(e: RoutCasualties, hex_id: HexId) -> list[str]:
    steps = int(e.losses.total)
    return [f"{e.unit_id} loses {steps_words(steps)} in its rout movement ({e.rule})",
            *(f"  {line}" for line in e.losses.lines())]


def _guns_captured(e: GunsCaptured, hex_id: HexId) -> list[str]:
    guns = f"{e.guns} gun" + ("" if e.guns == 1 else "s")
    return [f"{e.by.label} captures {guns} of {e.unit_id} ({e.rule})"]


def _engagement_changed(e: EngagementChanged, hex_id: HexId) -> list[str]:
    parts = [f"{what} {_ids(ids)}" for what, ids in
             (("engaged", e.engaged), ("disengaged", e.disengaged)) if ids]
    return [f"{'; '.join(parts) or 'engagement unchanged'} ({e.rule})"]


def _decision_pending(e: DecisionPending, hex_id: HexId) -> list[str]:
    d = e.decision
    return [f"{d.side.label} to decide: {d.question} ({d.rule})"]


def _withdrawal_attempted(e: WithdrawalAttempted, hex_id: HexId) -> list[str]:
    how = "gets away" if e.passed else "fails to get away"
    if e.roll is None:
        return [f"{e.unit_id} {how} without a roll ({e.rule})"]
    return [f"{e.unit_id} {how}: rolled {e.roll} against morale level {_level(e.level)} "
            f"({e.rule})", *(f"  {line}" for line in e.level.lines())]


def _closing_roll(e: ClosingRoll, hex_id: HexId) -> list[str]:
    how = "closes" if e.passed else "fails to close"
    if e.roll is None:
        return [f"{e.unit_id} {how} on {hex_id(e.target)} without a roll: "
                f"{e.level.terms[0].label} ({e.rule})"]
    return [f"{e.unit_id} {how} on {hex_id(e.target)}: rolled {e.roll} against morale level "
            f"{_level(e.level)} ({e.rule})", *(f"  {line}" for line in e.level.lines())]


# every event type -> its words (tests/present/test_event_words.py checks none is missing)
_TACTICAL_WORDS: dict[type, Callable[[Any, HexId], list[str]]] = {
    PhaseStarted: _phase_started,
    MarkersRemoved: _markers_removed,
    UnitMoved: _unit_moved,
    UnitReformed: _unit_reformed,
    MoraleCheckPending: _morale_check_pending,
    FireResolved: _fire_resolved,
    CasualtiesTaken: _casualties_taken,
    UnitEliminated: _unit_eliminated,
    OfficerIncapacitated: _officer_incapacitated,
    LeaderReplaced: _leader_replaced,
    MoraleChecked: _morale_checked,
    RoutMovementPending: _rout_movement_pending,
    AmmunitionSpent: _ammunition_spent,
    FireShotPassed: _fire_shot_passed,
    UnitsReleased: _units_released,
    ReinforcementsArrived: _reinforcements_arrived,
    ExhaustionChanged: _exhaustion_changed,
    ChargeDeclared: _charge_declared,
    ChargeResolved: _charge_resolved,
    UnitRouted: _unit_routed,
    RoutMoved: _rout_moved,
    UnitBroken: _unit_broken,
    RallyAttempted: _rally_attempted,
    MoraleCheckIgnored: _morale_check_ignored,
    RoutCasualties: _rout_casualties,
    GunsCaptured: _guns_captured,
    EngagementChanged: _engagement_changed,
    DecisionPending: _decision_pending,
    WithdrawalAttempted: _withdrawal_attempted,
    ClosingRoll: _closing_roll,
}
STRATEGIC_EVENTS = "gameapp.core.rulesets.strategic."  # the package of every strategic event


def _describer(kind: type) -> Callable[[Any, HexId, PieceNames | None], list[str]] | None:
    """The words of an event type: a tactical one's from the table here, a strategic one's from
    present/strategic_words.py (imported at the first strategic event: its rules are loaded
    by then, having made the event), which also takes the pieces' names."""
    tactical = _TACTICAL_WORDS.get(kind)
    if tactical is not None:
        return lambda event, hex_id, _names: tactical(event, hex_id)
    if kind.__module__.startswith(STRATEGIC_EVENTS):
        from gameapp.present.strategic_names import PieceNames
        from gameapp.present.strategic_words import STRATEGIC_WORDS

        strategic = STRATEGIC_WORDS.get(kind)
        if strategic is not None:
            return lambda event, hex_id, names: strategic(event, hex_id,
                                                          names or PieceNames.none())
    return None


def __getattr__(name: str) -> Any:
    """`WORDS`: every event type's words, tactical and strategic (this imports the strategic
    rules, so the program itself looks words up through `_describer`)."""
    if name == "WORDS":
        from gameapp.present.strategic_words import STRATEGIC_WORDS

        return {**_TACTICAL_WORDS, **STRATEGIC_WORDS}
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")

# Events whose words are not repeated under the action in a report: the log already shows
# the turn and phase (PhaseStarted) and the action's own notation (a move, a facing), the
# status bar says whose shot it is, and markers cleared at a phase's start are routine.
NOT_REPORTED = frozenset({PhaseStarted, FireShotPassed, UnitMoved, UnitReformed,
                          MarkersRemoved})
# Events the status bar tells as they happen (besides the shot's summary)
STATUS = frozenset({PhaseStarted, MoraleCheckPending})


def words(event: Event, hex_id: HexId, names: PieceNames | None = None) -> list[str]:
    """The event's sentence(s), tactical or strategic; none for an unknown event. `names`: a
    strategic game's piece names (present/strategic_names.py `piece_names(game)`; without it
    the pieces go by their ids)."""
    describe = _describer(type(event))
    return describe(event, hex_id, names) if describe is not None else []


def report_lines(events: Iterable[Event], hex_id: HexId,
                 names: PieceNames | None = None) -> list[str]:
    """What an action did, line by line, for the log, the dialogs and `gameapp run`: every
    event's words but those NOT_REPORTED; a move after a charge's resolution is the victors'
    advance, a move before it (an immediate charge's approach) is the action itself."""
    lines: list[str] = []
    resolved = False
    for event in events:
        resolved = resolved or isinstance(event, ChargeResolved)
        if isinstance(event, UnitMoved) and resolved:
            lines += advance_words(event, hex_id)
        elif type(event) not in NOT_REPORTED:
            lines += words(event, hex_id, names)
    return lines


def game_names(game: Game) -> PieceNames | None:
    """The names the words give a game's pieces: a strategic game's by piece_names (imported
    only for a strategic game); None for a tactical game, whose words say unit ids."""
    if game.scenario.ruleset != "strategic":
        return None
    from gameapp.present.strategic_names import piece_names

    return piece_names(game)


def reason_words(game: Game, why: str) -> str:
    """The computer's reason for an action as the log shows it: a strategic game's piece ids
    named (the computer writes them as ids: 'marches cs_dh_hill' -> 'marches D. H. Hill's
    command, Leesburg'); a tactical game's as it is."""
    names = game_names(game)
    if names is None:
        return why
    from gameapp.present.strategic_names import with_names

    return with_names(why, names)


def shot_message(events: Iterable[Event]) -> str:
    """The status bar's summary of a shot: the result, and whose shot it is now."""
    parts = []
    for event in events:
        if isinstance(event, FireResolved):
            parts.append(f"{'+'.join(event.firers)} fired: {event.roll} → {event.modified}, "
                         f"{event.result} ({event.rule})")
        elif isinstance(event, FireShotPassed) and event.side is not None:
            parts += words(event, str)  # no hexes in it
    return "; ".join(parts)


def status_messages(events: Iterable[Event], hex_id: HexId) -> list[str]:
    """What the status bar says after an action: a phase begun, a morale check due, then the
    shot's summary."""
    events = list(events)
    messages = [line for e in events if type(e) in STATUS for line in words(e, hex_id)]
    shot = shot_message(events)
    return messages + ([shot] if shot else [])
