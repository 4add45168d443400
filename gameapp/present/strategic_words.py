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
from gameapp.core.rulesets.strategic.sieges import FortRazed, FortTaken, Hunger, SiegeRoll
from gameapp.core.rulesets.strategic.supply import Attrition, SupplyBurned, SupplyCaptured
from gameapp.core.rulesets.strategic.transit import TransitFire
from gameapp.present.strategic import chance_text, terms_text

HexId = Callable[[Hex], str]


def _losses(lines: Iterable[LossLine]) -> str:
    """'c1 -2 (the stronger first, 004 8.16), c2 -1 (...)'"""
    return ", ".join(f"{line.piece} -{line.sp} ({line.why}, {line.rule})" for line in lines)


def _with_terms(head: str, terms: Any) -> str:
    return f"{head} · {terms_text(terms)}" if terms else head


def _initiative(e: InitiativeDecided, hex_id: HexId) -> list[str]:
    rolls = ", ".join(f"{s.label} {r}" for s, r in e.rolls.items())
    chance = ", ".join(f"{s.label} {chance_text(c)}" for s, c in e.chance_first.items())
    return [f"Initiative: {rolls}: the {e.first.label} side moves first (the chances were "
            f"{chance}; {e.rule})"]


def _command(e: CommandGiven, hex_id: HexId) -> list[str]:
    if e.by_order:
        return [f"{e.leader} is commanded by an order ({e.rule})"]
    verdict = "commanded" if e.success else "not commanded"
    return [_with_terms(f"{e.leader}: rolled {e.roll}, needed {e.needed} or less (chance "
                        f"{chance_text(e.chance)}): {verdict}", e.terms)]


def _marched(e: Marched, hex_id: HexId) -> list[str]:
    forced = ", forced" if e.forced else ""
    zoc = ", stopped by an enemy zone of control (004 6.24)" if e.stopped_by_zoc else ""
    return [_with_terms(f"{e.piece} marched to {hex_id(e.path[-1])}: {float(e.cost):g} of "
                        f"{float(e.allowance):g} MP{forced}{zoc}", e.terms)]


def _forced_loss(e: ForcedMarchLoss, hex_id: HexId) -> list[str]:
    where = "in friendly territory" if e.friendly else "outside friendly territory"
    return [_with_terms(f"{e.piece}'s forced march ends {where}: rolled {e.roll}, loses on "
                        f"{e.lose_on} or more (chance {chance_text(e.chance)}): {e.loss} SP "
                        "lost", e.terms)]


def _control(e: ControlChanged, hex_id: HexId) -> list[str]:
    return [f"{hex_id(e.hex)} is now held by the {e.side.label} side ({e.rule})"]


def _month(e: MonthEnded, hex_id: HexId) -> list[str]:
    return [f"The month ends after week {e.turn}: the monthly interphase ({e.rule})"]


def _rail(e: RailMoved, hex_id: HexId) -> list[str]:
    return [_with_terms(f"{e.piece} went by rail from {hex_id(e.frm)} to {hex_id(e.to)}, "
                        f"weighing {e.weight} SP ({e.capacity_left} SP of rail capacity left "
                        "this week)", e.terms)]


def _left_train(e: LeftTrain, hex_id: HexId) -> list[str]:
    return [_with_terms(f"{e.piece} got off the train at {hex_id(e.at)}", e.terms)]


def _sailed(e: Sailed, hex_id: HexId) -> list[str]:
    return [_with_terms(f"{e.ship} sailed to {hex_id(e.path[-1])}", e.terms)]


def _boarded(e: Boarded, hex_id: HexId) -> list[str]:
    ships = "; ".join(f"{', '.join(pieces)} {'off' if e.landed else 'on'} {ship}"
                      for ship, pieces in e.ships.items())
    verb = "landed at" if e.landed else "embarked at"
    return [_with_terms(f"{e.piece} {verb} {hex_id(e.at)} ({ships})", e.terms)]


def _offmap(e: WentOffMap, hex_id: HexId) -> list[str]:
    return [_with_terms(f"{e.piece} left the map at {hex_id(e.left_from)} on the detour "
                        f"{e.detour}, to come back at {hex_id(e.entry)}", e.terms)]


def _reentered(e: ReEntered, hex_id: HexId) -> list[str]:
    return [_with_terms(f"{e.piece} came back from the detour {e.detour} at "
                        f"{hex_id(e.entry)}", e.terms)]


def _split(e: BrigadeSplit, hex_id: HexId) -> list[str]:
    return [f"{e.division} split off the brigade {e.brigade} of {e.sp} SP ({e.rule})"]


def _roster(e: RosterChanged, hex_id: HexId) -> list[str]:
    if e.hq is None:
        return [f"{e.unit} left its HQ's roster ({e.rule})"]
    return [f"{e.unit} joined {e.hq}'s roster ({e.rule})"]


def _battle(e: BattleFought, hex_id: HexId) -> list[str]:
    p = e.preview
    kind = "An amphibious assault" if p.amphibious else "A battle"
    lines = [f"{kind} at {hex_id(p.target)}: the {p.side.label} side's {', '.join(p.attackers)} "
             f"({p.attacker_sp} SP) against {', '.join(p.defenders) or 'no ground units'} "
             f"({p.defender_sp} SP) at {p.odds_label}: rolled {e.roll}, {e.outcome}"]
    lines.append(f"Losses: attacker {e.attacker_loss} SP"
                 + (f" ({_losses(e.attacker_lines)})" if e.attacker_lines else "")
                 + f"; defender {e.defender_loss} SP"
                 + (f" ({_losses(e.defender_lines)})" if e.defender_lines else ""))
    if e.tripled:
        lines.append("The assault failed: the attacker's losses are tripled (004 7.24)")
    if e.landed:
        lines.append("The assault's survivors land in the hex (004 7.24)")
    return lines


def _detrained(e: Detrained, hex_id: HexId) -> list[str]:
    if e.lost == 0:  # a train held out of the battle (8.17)
        return [f"{e.unit}, caught aboard a train, gets off with the troops ({e.rule})"]
    return [f"{e.unit}, caught aboard a train, detrains at half strength: {e.lost} SP lost "
            f"({e.rule})"]


def _retreated(e: Retreated, hex_id: HexId) -> list[str]:
    path = " - ".join(hex_id(h) for h in e.path)
    return [f"{', '.join(e.pieces)} retreated to {path}: {e.why} ({e.rule})"]


def _surrendered(e: Surrendered, hex_id: HexId) -> list[str]:
    return [f"{', '.join(e.pieces)} surrendered: {e.why} ({e.rule})"]


def _naval(e: NavalBattle, hex_id: HexId) -> list[str]:
    losses = "; ".join(x for x in (_losses(e.attacker_lines), _losses(e.defender_lines)) if x)
    return [_with_terms(f"A naval battle at {hex_id(e.at)}: rolled {e.roll}, {e.outcome}"
                        + (f"; {losses}" if losses else ""), e.terms)]


def _transit(e: TransitFire, hex_id: HexId) -> list[str]:
    roll = f"rolled {e.roll}, " if e.roll is not None else ""
    back = f" (the voyage ends at {hex_id(e.stopped_at)})" if e.stopped_at is not None else ""
    lost = _losses(line for line in e.lines if line.piece)
    return [_with_terms(f"The guns of {e.fort} at {hex_id(e.at)} fired on "
                        f"{', '.join(e.ships)}: {roll}{e.words}{back}"
                        + (f"; {lost}" if lost else ""), e.terms)]


def _advanced(e: Advanced, hex_id: HexId) -> list[str]:
    return [_with_terms(f"{', '.join(e.units)} advanced into {hex_id(e.target)}", e.terms)]


def _income(e: SupplyIncome, hex_id: HexId) -> list[str]:
    return [_with_terms(f"The {e.side.label} side's monthly supply: {e.received} of "
                        f"{e.income} points received ({e.rule})", e.terms)]


def _attrition(e: Attrition, hex_id: HexId) -> list[str]:
    odds = ", ".join(f"{loss} SP {chance_text(c)}" for loss, c in sorted(e.chances.items()))
    lost = f" ({_losses(e.lines)})" if e.lines else ""
    return [_with_terms(f"Out of supply at {hex_id(e.hex)}: {e.force_sp} SP rolled {e.roll}, "
                        f"row {e.row}: {e.loss} SP lost{lost} (the chances were {odds})",
                        e.terms)]


def _burned(e: SupplyBurned, hex_id: HexId) -> list[str]:
    return [f"{e.piece} burned {e.points} supply point(s) ({e.rule})"]


def _captured(e: SupplyCaptured, hex_id: HexId) -> list[str]:
    return [f"{e.piece} and its {e.points} supply point(s) fell to the {e.side.label} side "
            f"({e.rule})"]


def _fort_taken(e: FortTaken, hex_id: HexId) -> list[str]:
    return [f"The empty fort {e.fort} is taken by the {e.side.label} side ({e.rule})"]


def _fort_razed(e: FortRazed, hex_id: HexId) -> list[str]:
    return [f"The fort {e.fort} is razed by its own side ({e.rule})"]


def _siege(e: SiegeRoll, hex_id: HexId) -> list[str]:
    verdict = f"breached: now {e.now}" if e.breached else "it holds"
    return [_with_terms(f"Siege of {e.fort} by {e.train}: rolled {e.roll}, needed {e.needed} "
                        f"or more (chance {chance_text(e.chance)}): {verdict}", e.terms)]


def _hunger(e: Hunger, hex_id: HexId) -> list[str]:
    return [f"Hunger in the besieged {e.fort}: {e.loss} SP lost ({_losses(e.lines)}; {e.rule})"]


def _hqs(e: HQsDeployed, hex_id: HexId) -> list[str]:
    rolls = ", ".join(str(r) for r in e.rolls)
    made = f"{len(e.deployed)} HQ(s) deployed: {', '.join(e.deployed)}" if e.deployed else \
        "no HQ deployed"
    return [f"The {e.side.label} HQ roll: {rolls}: {made} (none {chance_text(e.chances[0])}; "
            f"{e.rule})"]


def _militia(e: MilitiaDemobilised, hex_id: HexId) -> list[str]:
    sent = f"{e.loss} militia SP go home ({_losses(e.lines)})" if e.loss else "the militia stay"
    return [_with_terms(f"{e.side.label} militia: rolled {e.roll} (chance of going home "
                        f"{chance_text(e.chance)}): {sent}", e.terms)]


def _scheduled(e: ScheduleEvent, hex_id: HexId) -> list[str]:
    side = f"{e.side.label}: " if e.side is not None else ""
    option = f" [option {e.option}]" if e.option else ""
    if e.waits:
        return [_with_terms(f"Week {e.week}, {side}{e.what}{option}: not yet", e.terms)]
    came = f"; {e.sp_in} SP came" if e.sp_in else ""
    went = f"; {e.sp_out} SP left" if e.sp_out else ""
    return [_with_terms(f"Week {e.week}, {side}{e.what}{option}{came}{went} (source: "
                        f"{e.source}; {e.rule})", e.terms)]


STRATEGIC_WORDS: dict[type, Callable[[Any, HexId], list[str]]] = {
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
    HQsDeployed: _hqs,
    MilitiaDemobilised: _militia,
    ScheduleEvent: _scheduled,
}
