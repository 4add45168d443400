"""The strategic events in words: each event of gameapp/core/rulesets/strategic/ its sentence,
with its terms and rules where it has them. event_words.py looks a strategic event up here (on
the first one met, so a tactical game never imports this), so `words` and `report_lines` (the
log, `gameapp run`, the strategic dock) say every event of both rulesets
(tests/present/test_strategic_words.py checks none is missing).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Any

from gameapp.core.hexgrid import Hex
from gameapp.core.rulesets.strategic.advance import Advanced
from gameapp.core.rulesets.strategic.combat import BattleFought, Detrained, Retreated, Surrendered
from gameapp.core.rulesets.strategic.events import (
    Boarded,
    BrigadeSplit,
    CommandGiven,
    ControlChanged,
    ForcedMarchLoss,
    InitiativeDecided,
    LeftTrain,
    Marched,
    MonthEnded,
    RailMoved,
    ReEntered,
    RosterChanged,
    Sailed,
    WentOffMap,
)
from gameapp.core.rulesets.strategic.income import SupplyIncome
from gameapp.core.rulesets.strategic.losses import LossLine
from gameapp.core.rulesets.strategic.naval_battle import NavalBattle
from gameapp.core.rulesets.strategic.scenario_rules import HQsDeployed, MilitiaDemobilised
from gameapp.core.rulesets.strategic.schedule import ScheduleEvent
from gameapp.core.rulesets.strategic.sieges import (
    FortRazed,
    FortTaken,
    Hunger,
    SiegeRoll,
    StarvedOut,
)
from gameapp.core.rulesets.strategic.supply import Attrition, SupplyBurned, SupplyCaptured
from gameapp.core.rulesets.strategic.transit import TransitFire
from gameapp.present.strategic import chance_text, terms_text
from gameapp.present.strategic_names import (
    PieceNames,
    fort_name,
    names_list,
    train_name,
    with_names,
)

HexId = Callable[[Hex], str]


def _losses(lines: Iterable[LossLine], name: PieceNames) -> str:
    """'Jackson's division -2 (the stronger first, 004 8.16); Ewell's division -1 (...)'"""
    return "; ".join(f"{name(line.piece)} -{line.sp} ({line.why}, {line.rule})"
                     for line in lines)


def _with_terms(head: str, terms: Any, name: PieceNames) -> str:
    """The sentence, then its terms (whose labels the rules write with piece ids: named)."""
    return f"{head} · {with_names(terms_text(terms), name)}" if terms else head


def _initiative(e: InitiativeDecided, hex_id: HexId, name: PieceNames) -> list[str]:
    rolls = ", ".join(f"{s.label} {r}" for s, r in e.rolls.items())
    chance = ", ".join(f"{s.label} {chance_text(c)}" for s, c in e.chance_first.items())
    return [f"Initiative: {rolls}: the {e.first.label} side moves first (the chances were "
            f"{chance}; {e.rule})"]


def _command(e: CommandGiven, hex_id: HexId, name: PieceNames) -> list[str]:
    if e.by_order:
        return [f"{name(e.leader)} is commanded by an order ({e.rule})"]
    verdict = "commanded" if e.success else "not commanded"
    return [_with_terms(f"{name(e.leader)}: rolled {e.roll}, needed {e.needed} or less (chance "
                        f"{chance_text(e.chance)}): {verdict}", e.terms, name)]


def _marched(e: Marched, hex_id: HexId, name: PieceNames) -> list[str]:
    forced = ", forced" if e.forced else ""
    zoc = ", stopped by an enemy zone of control (004 6.24)" if e.stopped_by_zoc else ""
    return [_with_terms(f"{name(e.piece)} marched to {hex_id(e.path[-1])}: "
                        f"{float(e.cost):g} of {float(e.allowance):g} MP{forced}{zoc}",
                        e.terms, name)]


def _forced_loss(e: ForcedMarchLoss, hex_id: HexId, name: PieceNames) -> list[str]:
    where = "in friendly territory" if e.friendly else "outside friendly territory"
    return [_with_terms(f"{name(e.piece)}'s forced march ends {where}: rolled {e.roll}, "
                        f"loses on {e.lose_on} or more (chance {chance_text(e.chance)}): "
                        f"{e.loss} SP lost", e.terms, name)]


def _control(e: ControlChanged, hex_id: HexId, name: PieceNames) -> list[str]:
    return [f"{hex_id(e.hex)} is now held by the {e.side.label} side ({e.rule})"]


def _month(e: MonthEnded, hex_id: HexId, name: PieceNames) -> list[str]:
    return [f"The month ends after week {e.turn}: the monthly interphase ({e.rule})"]


def _rail(e: RailMoved, hex_id: HexId, name: PieceNames) -> list[str]:
    return [_with_terms(f"{name(e.piece)} went by rail from {hex_id(e.frm)} to "
                        f"{hex_id(e.to)}, weighing {e.weight} SP ({e.capacity_left} SP of rail "
                        "capacity left this week)", e.terms, name)]


def _left_train(e: LeftTrain, hex_id: HexId, name: PieceNames) -> list[str]:
    return [_with_terms(f"{name(e.piece)} got off the train at {hex_id(e.at)}", e.terms, name)]


def _sailed(e: Sailed, hex_id: HexId, name: PieceNames) -> list[str]:
    return [_with_terms(f"{name(e.ship)} sailed to {hex_id(e.path[-1])}", e.terms, name)]


def _boarded(e: Boarded, hex_id: HexId, name: PieceNames) -> list[str]:
    ships = "; ".join(f"{names_list(pieces, name)} {'off' if e.landed else 'on'} {name(ship)}"
                      for ship, pieces in e.ships.items())
    verb = "landed at" if e.landed else "embarked at"
    return [_with_terms(f"{name(e.piece)} {verb} {hex_id(e.at)} ({ships})", e.terms, name)]


def _offmap(e: WentOffMap, hex_id: HexId, name: PieceNames) -> list[str]:
    return [_with_terms(f"{name(e.piece)} left the map at {hex_id(e.left_from)} on the "
                        f"detour {e.detour}, to come back at {hex_id(e.entry)}", e.terms, name)]


def _reentered(e: ReEntered, hex_id: HexId, name: PieceNames) -> list[str]:
    return [_with_terms(f"{name(e.piece)} came back from the detour {e.detour} at "
                        f"{hex_id(e.entry)}", e.terms, name)]


def _split(e: BrigadeSplit, hex_id: HexId, name: PieceNames) -> list[str]:
    return [f"{name(e.division)} split off the brigade {name(e.brigade)} of {e.sp} SP ({e.rule})"]


def _roster(e: RosterChanged, hex_id: HexId, name: PieceNames) -> list[str]:
    if e.hq is None:
        return [f"{name(e.unit)} left its HQ's roster ({e.rule})"]
    return [f"{name(e.unit)} joined the roster of {name(e.hq)} ({e.rule})"]


def _battle(e: BattleFought, hex_id: HexId, name: PieceNames) -> list[str]:
    p = e.preview
    kind = "An amphibious assault" if p.amphibious else "A battle"
    lines = [f"{kind} at {hex_id(p.target)}: the {p.side.label} side's "
             f"{names_list(p.attackers, name)} ({p.attacker_sp} SP) against "
             f"{names_list(p.defenders, name) or 'no ground units'} ({p.defender_sp} SP) at "
             f"{p.odds_label}: rolled {e.roll}, {e.outcome}"]
    lines.append(f"Losses: attacker {e.attacker_loss} SP"
                 + (f" ({_losses(e.attacker_lines, name)})" if e.attacker_lines else "")
                 + f"; defender {e.defender_loss} SP"
                 + (f" ({_losses(e.defender_lines, name)})" if e.defender_lines else ""))
    if e.tripled:
        lines.append("The assault failed: the attacker's losses are tripled (004 7.24)")
    if e.landed:
        lines.append("The assault's survivors land in the hex (004 7.24)")
    return lines


def _detrained(e: Detrained, hex_id: HexId, name: PieceNames) -> list[str]:
    if e.lost == 0:  # a train held out of the battle (8.17)
        return [f"{name(e.unit)}, caught aboard a train, gets off with the troops ({e.rule})"]
    return [f"{name(e.unit)}, caught aboard a train, detrains at half strength: {e.lost} SP lost "
            f"({e.rule})"]


def _retreated(e: Retreated, hex_id: HexId, name: PieceNames) -> list[str]:
    path = " - ".join(hex_id(h) for h in e.path)
    return [f"{names_list(e.pieces, name)} retreated to {path}: {e.why} ({e.rule})"]


def _surrendered(e: Surrendered, hex_id: HexId, name: PieceNames) -> list[str]:
    return [f"{names_list(e.pieces, name)} surrendered: {e.why} ({e.rule})"]


def _naval(e: NavalBattle, hex_id: HexId, name: PieceNames) -> list[str]:
    losses = "; ".join(x for x in (_losses(e.attacker_lines, name),
                                      _losses(e.defender_lines, name)) if x)
    return [_with_terms(f"A naval battle at {hex_id(e.at)}: rolled {e.roll}, {e.outcome}"
                        + (f"; {losses}" if losses else ""), e.terms, name)]


def _transit(e: TransitFire, hex_id: HexId, name: PieceNames) -> list[str]:
    roll = f"rolled {e.roll}, " if e.roll is not None else ""
    back = f" (the voyage ends at {hex_id(e.stopped_at)})" if e.stopped_at is not None else ""
    lost = _losses((line for line in e.lines if line.piece), name)
    return [_with_terms(f"The guns of the {name(e.fort)} fired on "
                        f"{names_list(e.ships, name)}: {roll}{e.words}{back}"
                        + (f"; {lost}" if lost else ""), e.terms, name)]


def _advanced(e: Advanced, hex_id: HexId, name: PieceNames) -> list[str]:
    return [_with_terms(f"{names_list(e.units, name)} advanced into {hex_id(e.target)}",
                        e.terms, name)]


def _income(e: SupplyIncome, hex_id: HexId, name: PieceNames) -> list[str]:
    return [_with_terms(f"The {e.side.label} side's monthly supply: {e.received} of "
                        f"{e.income} points received ({e.rule})", e.terms, name)]


def _attrition(e: Attrition, hex_id: HexId, name: PieceNames) -> list[str]:
    odds = ", ".join(f"{loss} SP {chance_text(c)}" for loss, c in sorted(e.chances.items()))
    lost = f" ({_losses(e.lines, name)})" if e.lines else ""
    return [_with_terms(f"Out of supply at {hex_id(e.hex)}: {e.force_sp} SP rolled {e.roll}, "
                        f"row {e.row}: {e.loss} SP lost{lost} (the chances were {odds})",
                        e.terms, name)]


def _burned(e: SupplyBurned, hex_id: HexId, name: PieceNames) -> list[str]:
    return [f"{name(e.piece)} burned {e.points} supply point(s) ({e.rule})"]


def _captured(e: SupplyCaptured, hex_id: HexId, name: PieceNames) -> list[str]:
    return [f"{name(e.piece)} and its {e.points} supply point(s) fell to the {e.side.label} side "
            f"({e.rule})"]


def _fort_taken(e: FortTaken, hex_id: HexId, name: PieceNames) -> list[str]:
    return [f"The empty {fort_name(e.fort, name)} is taken by the {e.side.label} side ({e.rule})"]


def _fort_razed(e: FortRazed, hex_id: HexId, name: PieceNames) -> list[str]:
    return [f"The {fort_name(e.fort, name)} is razed by its own side ({e.rule})"]


def _siege(e: SiegeRoll, hex_id: HexId, name: PieceNames) -> list[str]:
    verdict = f"breached: now {e.now}" if e.breached else "it holds"
    return [_with_terms(f"Siege of the {fort_name(e.fort, name)} by the "
                        f"{train_name(e.train, name)}: rolled {e.roll}, needed {e.needed} or "
                        f"more (chance {chance_text(e.chance)}): {verdict}",
                        e.terms, name)]


def _hunger(e: Hunger, hex_id: HexId, name: PieceNames) -> list[str]:
    return [f"Hunger in the besieged {fort_name(e.fort, name)}: {e.loss} SP lost "
            f"({_losses(e.lines, name)}; {e.rule})"]


def _starved(e: StarvedOut, hex_id: HexId, name: PieceNames) -> list[str]:
    taken = f"; taken with it: {', '.join(name(p) for p in e.taken)}" if e.taken else ""
    return [f"Starved out: the {fort_name(e.fort, name)}, besieged at {e.months} month-ends "
            f"running, surrenders with {e.loss} SP ({_losses(e.lines, name)}){taken}; the fort "
            f"falls ({e.rule})"]


def _hqs(e: HQsDeployed, hex_id: HexId, name: PieceNames) -> list[str]:
    rolls = ", ".join(str(r) for r in e.rolls)
    made = f"{len(e.deployed)} HQ(s) deployed: {names_list(e.deployed, name)}" if e.deployed else \
        "no HQ deployed"
    return [f"The {e.side.label} HQ roll: {rolls}: {made} (none {chance_text(e.chances[0])}; "
            f"{e.rule})"]


def _militia(e: MilitiaDemobilised, hex_id: HexId, name: PieceNames) -> list[str]:
    sent = f"{e.loss} militia SP go home ({_losses(e.lines, name)})" if e.loss else \
        "the militia stay"
    return [_with_terms(f"{e.side.label} militia: rolled {e.roll} (chance of going home "
                        f"{chance_text(e.chance)}): {sent}", e.terms, name)]


def _scheduled(e: ScheduleEvent, hex_id: HexId, name: PieceNames) -> list[str]:
    side = f"{e.side.label}: " if e.side is not None else ""
    option = f" [option {e.option}]" if e.option else ""
    if e.waits:
        return [_with_terms(f"Week {e.week}, {side}{e.what}{option}: not yet", e.terms, name)]
    came = f"; {e.sp_in} SP came" if e.sp_in else ""
    went = f"; {e.sp_out} SP left" if e.sp_out else ""
    return [_with_terms(f"Week {e.week}, {side}{e.what}{option}{came}{went} (source: "
                        f"{e.source}; {e.rule})", e.terms, name)]


STRATEGIC_WORDS: dict[type, Callable[[Any, HexId, PieceNames], list[str]]] = {
    InitiativeDecided: _initiative,
    CommandGiven: _command,
    Marched: _marched,
    ForcedMarchLoss: _forced_loss,
    ControlChanged: _control,
    MonthEnded: _month,
    RailMoved: _rail,
    LeftTrain: _left_train,
    Sailed: _sailed,
    Boarded: _boarded,
    WentOffMap: _offmap,
    ReEntered: _reentered,
    BrigadeSplit: _split,
    RosterChanged: _roster,
    BattleFought: _battle,
    Detrained: _detrained,
    Retreated: _retreated,
    Surrendered: _surrendered,
    NavalBattle: _naval,
    TransitFire: _transit,
    Advanced: _advanced,
    SupplyIncome: _income,
    Attrition: _attrition,
    SupplyBurned: _burned,
    SupplyCaptured: _captured,
    FortTaken: _fort_taken,
    FortRazed: _fort_razed,
    SiegeRoll: _siege,
    Hunger: _hunger,
    StarvedOut: _starved,
    HQsDeployed: _hqs,
    MilitiaDemobilised: _militia,
    ScheduleEvent: _scheduled,
}
