"""The campaign's own strategic actions: the answers to a battle's offer, and the result a
tactical battle sends back (docs/campaigns.md). Notation, as saves write it:

    battle-choice HEX tactical|table       fight the battle at HEX tactically, or on the table
    tactical-result HEX WINNER LEVEL UNION_MEN CONFEDERATE_MEN [LEADER ...] [DIVISION=MEN ...]
                                           what the tactical game at HEX ended with: the
                                           winner (union, confederate or none), the level
                                           (decisive, substantive, marginal or draw), the men
                                           each side lost, the strategic leaders lost, and the
                                           men each strategic division's formations lost
"""

from __future__ import annotations

from dataclasses import dataclass

from gameapp.core.hexgrid import Hex
from gameapp.core.numbering import Numbering
from gameapp.core.units import Side

VERBS = ("battle-choice", "tactical-result")
SHAPES = {
    "battle-choice": "battle-choice HEX tactical|table",
    "tactical-result": "tactical-result HEX WINNER LEVEL UNION_MEN CONFEDERATE_MEN [LEADER ...] "
                       "[DIVISION=MEN ...]",
}
LEVELS = ("decisive", "substantive", "marginal", "draw")


@dataclass(frozen=True)
class BattleChoice:
    target: Hex
    tactical: bool  # fight it out on the tactical map; False: resolve on the strategic table

    def to_text(self, numbering: Numbering) -> str:
        how = "tactical" if self.tactical else "table"
        return f"battle-choice {numbering.hex_id(self.target)} {how}"


@dataclass(frozen=True)
class TacticalResult:
    target: Hex
    winner: Side | None
    level: str  # one of LEVELS ("draw" when there is no winner)
    union_men: int
    confederate_men: int
    leaders: tuple[str, ...] = ()  # strategic leader ids lost in the battle
    bled: tuple[tuple[str, int], ...] = ()  # (strategic division id, men its formations lost)

    def men(self, side: Side) -> int:
        return self.union_men if side is Side.UNION else self.confederate_men

    def to_text(self, numbering: Numbering) -> str:
        winner = self.winner.value if self.winner is not None else "none"
        tail = "".join(f" {leader}" for leader in self.leaders)
        tail += "".join(f" {division}={men}" for division, men in self.bled)
        return (f"tactical-result {numbering.hex_id(self.target)} {winner} {self.level} "
                f"{self.union_men} {self.confederate_men}{tail}")


CampaignAction = BattleChoice | TacticalResult


def parse_campaign_action(text: str, numbering: Numbering) -> CampaignAction:
    words = text.split()
    verb, args = (words[0], words[1:]) if words else ("", [])
    try:
        if verb == "battle-choice" and len(args) == 2 and args[1] in ("tactical", "table"):
            return BattleChoice(numbering.parse(args[0]), args[1] == "tactical")
        if verb == "tactical-result" and len(args) >= 5 and args[2] in LEVELS:
            winner = None if args[1] == "none" else Side(args[1])
            union, confederate = int(args[3]), int(args[4])
            leaders = tuple(word for word in args[5:] if "=" not in word)
            bled = tuple((division, int(men)) for division, men in
                         (word.split("=", 1) for word in args[5:] if "=" in word))
            if union >= 0 and confederate >= 0 and all(men >= 0 and division
                                                       for division, men in bled):
                return TacticalResult(numbering.parse(args[0]), winner, args[2], union,
                                      confederate, leaders, bled)
    except (ValueError, IndexError):
        pass
    raise ValueError(f"{text!r}: expected {SHAPES.get(verb, ' or '.join(SHAPES.values()))}")
