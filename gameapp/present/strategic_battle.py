"""A strategic battle and a side's supply in words, for the window (Qt-free): the units the
attacker may tick (`attack_plan`: each with why it cannot join, and the battle the ticked ones
would fight, or the rules' refusal of it), the battle before
the die (the odds, each strength term, the shifts, the die modifier and each outcome's exact
chance), the battle after it (the roll, the outcome and each SP lost with the reason it fell
there), and where a stack traces its supply."""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass
from fractions import Fraction

from gameapp.core.breakdown import Term
from gameapp.core.engine import Game
from gameapp.core.hexgrid import Hex
from gameapp.core.rulesets.strategic.actions import Attack
from gameapp.core.rulesets.strategic.combat import BattleFought
from gameapp.core.rulesets.strategic.losses import LossLine
from gameapp.core.rulesets.strategic.odds import BattlePreview, ResultChance
from gameapp.core.rulesets.strategic.pieces import Division
from gameapp.core.rulesets.strategic.previews import (
    SupplyPicture,
    attacker_choices,
    battle_preview,
    check_attack,
)
from gameapp.core.rulesets.strategic.queries import strategic_state

HexId = Callable[[Hex], str]


def exact_chance(chance: Fraction) -> str:
    """'1 in 3 (33.3%)': the fraction in lowest terms and its percentage."""
    return f"{chance.numerator} in {chance.denominator} ({float(chance):.1%})"


def _term(t: Term) -> str:
    return f"{t.label}: {t.value:+g} ({t.rule})"


def outcome_line(r: ResultChance) -> str:
    """'die 1-2, 1 in 3 (33.3%): 20/10 r (attacker loses 2 SP, defender 1 SP, retreats 1 hex)'"""
    dice = ", ".join(str(d) for d in r.dice)
    o = r.outcome
    extra = ""
    if o.defender_retreats:
        extra += f", the defender retreats {o.defender_retreats} hex(es)"
    if o.attacker_falls_back:
        extra += ", the attacker falls back"
    return (f"die {dice} — {exact_chance(r.chance)}: {o.text} (attacker loses "
            f"{r.attacker_loss} SP, defender {r.defender_loss} SP{extra})")


def preview_sections(p: BattlePreview, hex_id: HexId) -> list[tuple[str, list[str]]]:
    """The battle before the die, as titled sections of lines."""
    kind = "Amphibious assault" if p.amphibious else "Battle"
    head = [f"{kind} at {hex_id(p.target)}: the {p.side.label} side attacks",
            f"attackers {', '.join(p.attackers)} ({p.attacker_sp} SP); defenders "
            f"{', '.join(p.defenders) or 'none'} ({p.defender_sp} SP)"
            + (f"; held out: {', '.join(p.held_out)}" if p.held_out else "")]
    odds = [f"attack {float(p.attack):g} against defence {float(p.defence):g}: "
            f"column {p.odds_label}"]
    supply_terms = p.supply.terms if p.supply is not None else ()
    odds_term, *shifts = p.shift_terms  # the first says the odds and their column
    sections: list[tuple[str, list[str]]] = [
        ("The battle", head), ("Odds", odds),
        ("Attack", [_term(t) for t in p.attack_terms if t not in supply_terms]),
        ("Defence", [_term(t) for t in p.defence_terms]),
        ("Column and shifts", [f"{odds_term.label} ({odds_term.rule})"]
         + ([_term(t) for t in shifts] or ["no column shift"])
         + [f"the column played: {p.odds_label}"]),
        ("Die modifier", [_term(t) for t in p.modifier_terms]
         + [f"in all {p.modifier:+d}: each die is read on the row {p.modifier:+d} from it "
            "(kept within 1-6)"]),
    ]
    if p.supply is not None:
        enough = "enough" if p.supply.enough else "NOT enough: the attack is refused"
        sections.append(("Combat supply", [_term(t) for t in p.supply.terms] + [enough]))
    total = sum((r.chance for r in p.results), Fraction(0))
    sections.append(("Each outcome's chance",
                     [outcome_line(r) for r in p.results] + [f"in all {exact_chance(total)}"]))
    return sections


@dataclass(frozen=True)
class AttackerBox:
    """A unit's tick box: its words, and whether it may be ticked at all."""

    unit: str
    text: str
    enabled: bool


@dataclass(frozen=True)
class AttackPlan:
    """The attack the ticked units would make: its sections (the battle before the die, or
    the rules' refusal with its rule), and whether Roll may fight it."""

    action: Attack
    sections: list[tuple[str, list[str]]]
    allowed: bool
    preview: BattlePreview | None


def attacker_boxes(game: Game, proposal: Attack) -> list[AttackerBox]:
    """One box a unit that could attack `proposal.target` (the forces commanded now)."""
    state = strategic_state(game)
    hex_id = game.map.hex_id
    boxes = []
    for choice in attacker_choices(game, proposal):
        unit = state.pieces[choice.unit]
        assert isinstance(unit, Division)
        leader = state.pieces.get(choice.force)
        text = (f"{unit.name} ({unit.id}): {unit.arm.value}, {unit.sp} SP at "
                f"{hex_id(unit.hex)} — {getattr(leader, 'name', choice.force)}'s force")
        if choice.problem is not None:
            text += f" — cannot: {choice.problem.reason} ({choice.problem.rule})"
        boxes.append(AttackerBox(unit.id, text, choice.problem is None))
    return boxes


def attack_plan(game: Game, proposal: Attack, ticked: Iterable[str]) -> AttackPlan:
    """The battle the `ticked` units (in the boxes' order) would fight on the proposal's
    target, or why the rules refuse it."""
    action = Attack(proposal.target, tuple(ticked), proposal.amphibious)
    hex_id = game.map.hex_id
    if not action.attackers:
        return AttackPlan(action, [("No attack", ["tick the units that attack "
                                                  f"{hex_id(action.target)}"])], False, None)
    error = check_attack(game, action)
    if error is not None:
        return AttackPlan(action, [("Not allowed", [
            f"{', '.join(action.attackers)} on {hex_id(action.target)}: {error.reason} "
            f"({error.rule})"])], False, None)
    preview = battle_preview(game, action)
    return AttackPlan(action, preview_sections(preview, hex_id), True, preview)


def loss_lines(lines: Iterable[LossLine], name: Callable[[str], str]) -> list[str]:
    """One line a unit, by `name` (present/strategic_names.py): its SP lost and each reason
    they fell on it."""
    by_piece: dict[str, list[LossLine]] = {}
    notes: list[str] = []
    for line in lines:
        if not line.piece:
            notes.append(f"{line.why} ({line.rule})")
            continue
        by_piece.setdefault(line.piece, []).append(line)
    rows = list(notes)
    for piece, found in by_piece.items():
        reasons = "; ".join(dict.fromkeys(f"{x.why} ({x.rule})" for x in found))
        rows.append(f"{name(piece)} loses {sum(x.sp for x in found)} SP — {reasons}")
    return rows


def result_sections(e: BattleFought, name: Callable[[str], str]
                    ) -> list[tuple[str, list[str]]]:
    """The battle after the die: the roll, the outcome, and the losses spread with reasons,
    each unit by `name`."""
    rolled = [f"rolled {e.roll}: {e.outcome}"
              + (" — the assault failed: the attacker's losses are tripled (004 7.24)"
                 if e.tripled else "")
              + (" — the survivors land (004 7.24)" if e.landed else "")]
    return [("Result", rolled),
            (f"Attacker's losses: {e.attacker_loss} SP",
             loss_lines(e.attacker_lines, name) or ["none"]),
            (f"Defender's losses: {e.defender_loss} SP",
             loss_lines(e.defender_lines, name) or ["none"])]


def supply_text(picture: SupplyPicture, h: Hex, hex_id: HexId) -> str:
    """Where the stack in `h` traces its supply, or why it cannot."""
    if h in picture.unsupplied:
        return f"{hex_id(h)}: out of supply — " + "; ".join(
            f"{t.label} ({t.rule})" for t in picture.net.terms(h))
    path = picture.path(h)
    if not path:
        return f"{hex_id(h)}: no {picture.side.label} unit needing supply"
    what, far = picture.net.reach[h]
    route = " → ".join(hex_id(x) for x in path)
    return f"{hex_id(h)}: in supply, {far} hex(es) to {what}: {route}"
