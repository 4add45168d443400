"""The offer (docs/campaigns.md, "The offer"): a strategic battle declared on a catalogued field,
inside its window, between forces the field's formations stand for, may be fought out on the
tactical map. The engine asks the attacker, then the defender (pending decisions): resolve on
the strategic table, or fight it tactically. It is fought tactically only if both agree; while
it is fought the campaign waits on a decision only the tactical game's result answers
(`campaign.Campaign` hands it over).

The strategic ruleset calls `offer_for` from its attack handler, and `decide` for the answers;
the rest of the campaign's rules live in this package.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any

from gameapp.core.campaign.actions import BattleChoice, TacticalResult
from gameapp.core.campaign.sites import BattleSite, Formation, catalogue_for
from gameapp.core.decisions import DecisionKind, DecisionOption, PendingDecision
from gameapp.core.ruleset import RuleContext
from gameapp.core.rulesets.strategic.odds import BattlePreview
from gameapp.core.rulesets.strategic.pieces import Division
from gameapp.core.rulesets.strategic.scenario import StrategicScenario
from gameapp.core.rulesets.strategic.state import StrategicState
from gameapp.core.units import Side

OFFER_RULE = "R&C campaign offer"


@dataclass(frozen=True)
class BattleOffer:
    """`state.battle` from the offer to the result: the site, the strategic battle as declared,
    who has agreed to fight it out, and whether it is being fought."""

    site: str  # the catalogue's battle id
    preview: BattlePreview
    agreed: tuple[Side, ...] = ()
    fighting: bool = False


@dataclass(frozen=True)
class BattleOffered:
    site: str
    name: str
    hex_id: str
    rule: str


@dataclass(frozen=True)
class BattleChoiceMade:
    side: Side
    tactical: bool
    rule: str


@dataclass(frozen=True)
class TacticalBattleAgreed:
    site: str
    name: str
    rule: str


@dataclass(frozen=True)
class BattleUnderWay(PendingDecision):
    """The campaign's wait while the battle is fought: answered by the battle's result (a
    `TacticalResult` for its hex), which only the campaign sends; its one listed option is to
    leave the field (so a game driven without the campaign never stalls). A result is taken as
    given here: the campaign makes it from the tactical game, and opening a saved campaign
    replays the battle and refuses a result that is not the battle's (save.py)."""

    def option_for(self, action: object) -> DecisionOption | None:
        if isinstance(action, TacticalResult) and action.target == self.target:
            return DecisionOption(action, "tactical-result", "the tactical battle's result",
                                  self.rule)
        return super().option_for(action)


def matched(formations: tuple[Formation, ...], units: list[Division]) -> dict[str, tuple[str, ...]]:
    """Which of `units` each formation stands for: those it names first, then, for a formation
    that names an arm, any unit of that arm no other formation claimed. A formation that stands
    for none is absent from the result."""
    claimed: dict[str, tuple[str, ...]] = {}
    taken: set[str] = set()
    for formation in sorted(formations, key=lambda f: not f.divisions):  # named ones first
        mine = tuple(u.id for u in units if u.id not in taken and formation.claims(u))
        if mine:
            claimed[formation.name] = mine
            taken.update(mine)
    return {f.name: claimed[f.name] for f in formations if f.name in claimed}


def battle_units(state: StrategicState, preview: BattlePreview, side: Side) -> list[Division]:
    ids = preview.attackers if side is preview.side else preview.defenders
    return [u for u in (state.pieces.get(i) for i in ids) if isinstance(u, Division)]


def site_for(ctx: RuleContext, preview: BattlePreview) -> BattleSite | None:
    """The catalogued field this battle may be fought on, or None: its hex, its window, its
    theatre map, and at least one formation of each side standing for units in the battle."""
    scenario: StrategicScenario = ctx.scenario
    state: StrategicState = ctx.state
    if preview.amphibious:
        return None
    catalogue = catalogue_for(scenario.path)
    if catalogue is None or scenario.map_path is None:
        return None
    week = scenario.clock.date_of(state.turn)
    for site in catalogue.sites:
        if site.theatre != scenario.map_path.resolve() or not site.meets(week):
            continue
        if site.hex_on(scenario.map) != preview.target:
            continue
        if all(matched(site.sides[side].formations, battle_units(state, preview, side))
               for side in Side):
            return site
    return None


def find_site(ctx: RuleContext, site_id: str) -> BattleSite:
    scenario: StrategicScenario = ctx.scenario
    catalogue = catalogue_for(scenario.path)
    assert catalogue is not None
    return next(s for s in catalogue.sites if s.id == site_id)


def offer_for(ctx: RuleContext, preview: BattlePreview) -> list[Any] | None:
    """Offer the battle to be fought out, asking the attacker first; None if it cannot be."""
    site = site_for(ctx, preview)
    if site is None:
        return None
    state: StrategicState = ctx.state
    state.battle = BattleOffer(site.id, preview)
    state.decisions.append(_question(ctx, site, preview.side, preview))
    hex_id = ctx.scenario.map.hex_id(preview.target)
    return [BattleOffered(site.id, site.name, hex_id, OFFER_RULE)]


def _question(ctx: RuleContext, site: BattleSite, side: Side,
              preview: BattlePreview) -> PendingDecision:
    numbering = ctx.scenario.map.numbering
    hex_id = numbering.hex_id(preview.target)
    options = []
    for tactical, label in ((True, f"fight it out on the tactical map of {site.name}"),
                            (False, "resolve it on the strategic table")):
        choice = BattleChoice(preview.target, tactical)
        options.append(DecisionOption(choice, choice.to_text(numbering), label, OFFER_RULE))
    who = "attack" if side is preview.side else "defence"
    question = (f"the battle at {hex_id} can be fought on the field of {site.name}: your "
                f"{who} fights it out only if both sides agree")
    return PendingDecision(side, DecisionKind.BATTLE_OFFER, question, tuple(options),
                           OFFER_RULE, target=preview.target)


def decide(ctx: RuleContext, decision: PendingDecision, action: Any) -> list[Any]:
    """The answers: to the offer (attacker, then defender), and the tactical result."""
    from gameapp.core.campaign.convert_out import settle  # the result's rules, when it comes
    from gameapp.core.rulesets.strategic.combat import fight

    state: StrategicState = ctx.state
    offer = state.battle
    assert isinstance(offer, BattleOffer)
    if isinstance(action, TacticalResult):
        state.battle = None
        return settle(ctx, offer, find_site(ctx, offer.site), action)
    assert isinstance(action, BattleChoice)
    events: list[Any] = [BattleChoiceMade(decision.side, action.tactical, OFFER_RULE)]
    if not action.tactical:  # one side refuses: the table decides
        state.battle = None
        return events + fight(ctx, offer.preview)
    site = find_site(ctx, offer.site)
    agreed = (*offer.agreed, decision.side)
    if decision.side is offer.preview.side:  # the attacker agrees: the defender is asked
        state.battle = replace(offer, agreed=agreed)
        state.decisions.append(_question(ctx, site, decision.side.other, offer.preview))
        return events
    state.battle = replace(offer, agreed=agreed, fighting=True)
    # Only the battle's result answers this (BattleUnderWay). A game played without the
    # campaign (a headless run, a random player) may still go on: its one listed option is to
    # leave the field and resolve the battle on the table.
    numbering = ctx.scenario.map.numbering
    leave = BattleChoice(offer.preview.target, False)
    state.decisions.append(BattleUnderWay(
        offer.preview.side, DecisionKind.TACTICAL_BATTLE,
        f"the battle of {site.name} is being fought on the tactical map",
        (DecisionOption(leave, leave.to_text(numbering),
                        "leave the field: resolve the battle on the strategic table",
                        OFFER_RULE),),
        OFFER_RULE, target=offer.preview.target))
    return [*events, TacticalBattleAgreed(site.id, site.name, OFFER_RULE)]
