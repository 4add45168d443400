"""Sharing a battle's losses over the units in it (8.16), each SP with its reason.

- 8.16: losses are spread as evenly as possible. Round by round, every unit in the battle
  loses one SP (all the garrisons of the force together count as one unit); a round that cannot
  go all the way round falls first on the arms the owner would spare least for (our design,
  after the errata's own presumption): garrisons, then militia, then infantry, then cavalry,
  the stronger unit of an arm first.
- 8.16 (ships): when warships fight beside ground units, half the loss, rounded up, falls on the
  ground units; the rest on the ships, where any remainder sinks the weakest warship and each
  further loss as large as a warship's strength sinks another. Transports share the warships'
  fate (11.13): they sink when the last warship does.
"""

from __future__ import annotations

from dataclasses import dataclass

from gameapp.core.rulesets.strategic.pieces import Arm, Division, Ship

EVEN = "004 8.16"
TRANSPORTS = "004 11.13"
SPARE_ORDER = (Arm.GARRISON, Arm.MILITIA, Arm.INFANTRY, Arm.CAVALRY)


@dataclass(frozen=True)
class LossLine:
    """One SP (or one ship) lost, and why it fell there."""

    piece: str
    sp: int  # SP lost (a ship's whole strength when it sinks)
    why: str
    rule: str


def share_losses(units: list[Division], ships: list[Ship], loss: int) -> list[LossLine]:
    """Where `loss` SP fall among `units` and `ships` (8.16), one line per SP or ship."""
    warships = [s for s in ships if s.vessel.is_warship]
    lines: list[LossLine] = []
    ground = loss
    if warships and units:
        ground = (loss + 1) // 2
        naval = loss - ground
        lines.append(LossLine("", 0, f"ships fight beside the troops: {ground} SP (half of "
                              f"{loss}, rounded up) fall on the troops, {naval} on the ships",
                              EVEN))
        lines += _sink(warships, ships, naval)
    elif warships:
        lines += _sink(warships, ships, loss)
        ground = 0
    return lines + _spread(units, ground)


def _spread(units: list[Division], loss: int) -> list[LossLine]:
    left = {u.id: u.sp for u in units}
    garrisons = [u for u in units if u.arm is Arm.GARRISON]
    others = [u for u in units if u.arm is not Arm.GARRISON]
    lines: list[LossLine] = []
    round_no = 0
    while loss > 0 and any(left.values()):
        round_no += 1
        # the round's takers: each unit with SP, and the garrisons as one (the strongest)
        takers = [u for u in others if left[u.id] > 0]
        pool = sorted((g for g in garrisons if left[g.id] > 0), key=lambda g: (-left[g.id], g.id))
        if pool:
            takers.append(pool[0])
        if len(takers) <= loss:
            why = f"round {round_no}: one SP from every unit in the battle"
            if len(pool) > 1:
                why += f" (the {len(pool)} garrisons count as one unit)"
        else:
            takers.sort(key=lambda u: (SPARE_ORDER.index(u.arm), -left[u.id], u.id))
            takers = takers[:loss]
            why = (f"round {round_no}: {loss} SP left for {len(takers)} of the units: "
                   "garrisons, then militia, infantry, cavalry, the stronger first")
        for unit in takers:
            left[unit.id] -= 1
            loss -= 1
            lines.append(LossLine(unit.id, 1, why, EVEN))
    return lines


def _sink(warships: list[Ship], ships: list[Ship], naval: int) -> list[LossLine]:
    lines: list[LossLine] = []
    afloat = sorted(warships, key=lambda s: (s.strength, s.id))
    first = True
    while naval > 0 and afloat:
        ship = afloat.pop(0)
        why = ("the ships' share sinks one warship, the weakest" if first
               else f"{naval} more points: another warship")
        lines.append(LossLine(ship.id, ship.strength, why, EVEN))
        naval -= max(ship.strength, 1)
        first = False
    if not afloat:  # the last warship is gone: the transports go with it (11.13)
        for ship in ships:
            if not ship.vessel.is_warship:
                lines.append(LossLine(ship.id, 0, "a transport shares its warships' fate",
                                      TRANSPORTS))
    return lines


def sp_lost(lines: list[LossLine]) -> dict[str, int]:
    """Each piece's loss, added up."""
    total: dict[str, int] = {}
    for line in lines:
        if line.piece:
            total[line.piece] = total.get(line.piece, 0) + line.sp
    return total
