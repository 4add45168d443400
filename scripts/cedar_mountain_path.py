"""Find a path of legal actions from East '62's first week to the battle of Cedar Mountain.

    python scripts/cedar_mountain_path.py [--seed 5] [--out FILE]

(FILE: tests/campaign/data/cedar_mountain_path.txt by default.)

The campaign test (tests/campaign/test_cedar_mountain_campaign.py) replays the list this writes,
action by action, and asserts that each one is among the legal actions of its moment. The list
is found by a plain policy, played on the seeded game (the strategic dice come from the seed):

- nobody moves but the commands of the summer of 1862 (`MOVERS`), each from its week: Jackson
  from Winchester by Front Royal and the railways to Gordonsville from week 17 (his troops
  start in the Valley; Lee sent him to Gordonsville on 13 Jul, week 20), Ewell off Lee's army
  roster and by rail from week 20, A. P. Hill's Light Division by rail from Richmond from week
  22 (sent 27 Jul), Banks's corps from Charles Town to Culpeper from week 20 (Pope's advance
  of July; at Culpeper 8 Aug); in week 24 Jackson's command, Ewell and Hill cross to C2112;
- a moving command's leader declares his span as the rules list it (strongest first), is given
  one of the week's orders, gets off the train at his journey's end (6.58), and each of its
  pieces (a unit on a roster: its HQ) takes the listed march or rail that brings it nearest its
  next waypoint or goal (no forced marches); the leader follows his troops;
- the three Confederate divisions join Jackson's command (its HQ comes with the schedule in
  week 20) once they stand with it off the train, and in the Confederate combat phase of week
  24 (9-15 Aug) Jackson's force (commanded by an order, else by his initiative with the die
  forced to 1, written `dice 1` before it) attacks C2211, the Culpeper hex of Cedar Mountain;
- every other phase is ended; a question of the rules is answered with its first option.

It stops at the attack (the campaign's offer comes next). Each line written is an action's
notation, the week and phase in a comment after `#`.
"""

from __future__ import annotations

import argparse
from dataclasses import dataclass
from pathlib import Path

from gameapp.core.engine import Game
from gameapp.core.hexgrid import Hex
from gameapp.core.rulesets.strategic.actions import (
    Assign,
    Attack,
    DeclareSpan,
    Detrain,
    EndPhase,
    GiveOrder,
    March,
    Rail,
    Release,
    RollInitiative,
)
from gameapp.core.rulesets.strategic.sequence import StrategicPhase
from gameapp.core.units import Side

ROOT = Path(__file__).resolve().parents[1]
EAST_62 = ROOT / "scenarios" / "east_1862.yaml"
PATH_FILE = ROOT / "tests" / "campaign" / "data" / "cedar_mountain_path.txt"
CEDAR_MOUNTAIN = "C2211"
GORDONSVILLE = "C2113"
JACKSON_HQ = "cs_jackson_cmd"
ATTACK_WEEK = 24


@dataclass(frozen=True)
class Mover:
    """A command that moves: its leader, the pieces that go with him, where and from when."""
    side: Side
    leader: str
    pieces: tuple[str, ...]
    goal: str
    from_week: int
    release: tuple[str, ...] = ()   # off the army HQ's roster first (16.16)
    by: tuple[str, ...] = ()        # hexes to pass on the way, in order


MOVERS = (
    Mover(Side.CONFEDERATE, "jackson", ("cs_jackson",), GORDONSVILLE, 17, by=("C2109",)),
    Mover(Side.CONFEDERATE, "ap_hill", ("cs_ap_hill",), GORDONSVILLE, 22),
    Mover(Side.CONFEDERATE, "ewell", ("cs_ewell",), GORDONSVILLE, 20, release=("cs_ewell",)),
    Mover(Side.UNION, "banks", ("us_v_corps",), CEDAR_MOUNTAIN, 20),
    # over the Rapidan: Jackson's command, Ewell and Hill with their divisions
    Mover(Side.CONFEDERATE, "jackson", (JACKSON_HQ,), "C2112", 24),
    Mover(Side.CONFEDERATE, "ap_hill", (), "C2112", 24),
    Mover(Side.CONFEDERATE, "ewell", (), "C2112", 24),
)
ATTACKERS = ("cs_ap_hill", "cs_ewell", "cs_jackson")


class PathFinder:
    def __init__(self, seed: int) -> None:
        self.game = Game.from_scenario(EAST_62, seed=seed)
        self.lines: list[str] = []
        self.passed: dict[Mover, int] = {}   # the waypoints behind each mover

    def at(self, piece_id: str) -> Hex | None:
        piece = self.game.state.pieces.get(piece_id)
        return None if piece is None else piece.hex

    def apply(self, action: object) -> None:
        game = self.game
        legal = list(game.legal_actions())
        assert action in legal, action
        text = action.to_text(game.map)  # type: ignore[attr-defined]
        side = game.current_side.value if game.current_side else "-"
        self.lines.append(f"{text}  # week {game.state.turn} {side} {game.phase.name.lower()}")
        game.apply(action)

    def listed(self, kind: type) -> list[object]:
        return [a for a in self.game.legal_actions() if isinstance(a, kind)]

    def movers(self) -> list[Mover]:
        game = self.game
        latest = {m.leader: m for m in MOVERS if game.state.turn >= m.from_week}
        return [m for m in latest.values() if m.side is game.current_side
                and m.leader in game.state.pieces and not self.arrived(m)]

    def arrived(self, mover: Mover) -> bool:
        goal, state = self.game.map.parse(mover.goal), self.game.state
        return all(self.at(p) == goal and not state.entrained(state.pieces[p])
                   for p in (*mover.pieces, mover.leader))

    def run(self) -> list[str]:
        game = self.game
        while not game.is_over:
            if game.pending_decision is not None:
                self.apply(next(iter(game.legal_actions())))
            elif game.phase is StrategicPhase.COMMAND:
                self.command()
            elif game.phase is StrategicPhase.MOVEMENT:
                self.movement()
            elif (game.phase is StrategicPhase.COMBAT and game.state.turn == ATTACK_WEEK
                  and game.current_side is Side.CONFEDERATE):
                self.attack()
                return self.lines
            else:
                self.apply(EndPhase())
        raise SystemExit("the game ended before the battle")

    def command(self) -> None:
        for mover in self.movers():
            for unit in mover.release:
                if Release(unit) in self.listed(Release):
                    self.apply(Release(unit))
            self.declare(mover.leader)
        self.join_jackson()
        self.apply(EndPhase())

    def join_jackson(self) -> None:
        if self.game.current_side is Side.CONFEDERATE:
            state = self.game.state
            for unit in ATTACKERS:  # a train's riders join once off it (6.58)
                hq = state.pieces.get(JACKSON_HQ)
                if hq is None or state.entrained(hq) or state.entrained(state.pieces[unit]):
                    continue
                if Assign(unit, JACKSON_HQ) in self.listed(Assign):
                    self.apply(Assign(unit, JACKSON_HQ))

    def declare(self, leader: str) -> None:
        span = next((a for a in self.listed(DeclareSpan)
                     if isinstance(a, DeclareSpan) and a.leader == leader), None)
        if span is not None:
            self.apply(span)

    def movement(self) -> None:
        for mover in MOVERS:  # off the train at the journey's end (6.58)
            for piece in (*mover.pieces, mover.leader):
                if mover.side is self.game.current_side and Detrain(piece) in self.listed(
                        Detrain):
                    self.apply(Detrain(piece))
        self.join_jackson()
        for mover in self.movers():
            if GiveOrder(mover.leader) not in self.listed(GiveOrder):
                continue
            self.apply(GiveOrder(mover.leader))
            goal = self.goal(mover)
            for piece in mover.pieces:
                hq = self.game.state.hq_of(piece)  # a unit on a roster moves with its HQ
                self.step(piece if hq is None else hq.id, goal)
            followed = self.at(mover.pieces[0]) if mover.pieces else goal
            if followed is not None:
                self.step(mover.leader, followed)
        self.apply(EndPhase())

    def goal(self, mover: Mover) -> Hex:
        """The next waypoint not yet reached, else the goal."""
        done = self.passed.get(mover, 0)
        while done < len(mover.by) and self.at(mover.pieces[0]) == self.game.map.parse(
                mover.by[done]):
            done += 1
        self.passed[mover] = done
        return self.game.map.parse((*mover.by, mover.goal)[done])

    def step(self, piece: str, goal: Hex) -> None:
        """The listed march or rail that brings `piece` nearest `goal`, if any brings it nearer
        (no forced marches); shortest move first among equals."""
        here = self.at(piece)
        if Detrain(piece) in self.listed(Detrain):
            self.apply(Detrain(piece))
        if here is None or here == goal:
            return
        options = []
        for action in self.game.legal_actions():
            if isinstance(action, March) and action.piece == piece and not action.forced:
                options.append((action.path[-1].distance(goal), len(action.path), 0, action))
            elif isinstance(action, Rail) and action.piece == piece:
                options.append((action.to.distance(goal), 0, 1, action))
        if not options:
            return
        best = min(options, key=lambda o: (o[0], o[1], o[2], str(o[3])))
        if best[0] < here.distance(goal):
            self.apply(best[3])

    def attack(self) -> None:
        self.declare("jackson")
        if GiveOrder("jackson") in self.listed(GiveOrder):
            self.apply(GiveOrder("jackson"))
        else:  # the week's orders are spent: his initiative, the die forced to 1 (5.2)
            self.game.dice.forced = [1]
            self.lines.append("dice 1  # forced for the next action")
            self.apply(RollInitiative("jackson"))
        target = self.game.map.parse(CEDAR_MOUNTAIN)
        attack = next(a for a in self.listed(Attack) if isinstance(a, Attack)
                      and a.target == target and set(ATTACKERS) <= set(a.attackers))
        self.apply(attack)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seed", type=int, default=5)
    parser.add_argument("--out", type=Path, default=PATH_FILE)
    args = parser.parse_args()
    finder = PathFinder(args.seed)
    lines = finder.run()
    args.out.parent.mkdir(parents=True, exist_ok=True)
    args.out.write_text(f"# East '62, seed {args.seed}: scripts/cedar_mountain_path.py\n"
                        + "\n".join(lines) + "\n")
    print(f"{len(lines)} actions to the attack on {CEDAR_MOUNTAIN} "
          f"(week {finder.game.state.turn}) -> {args.out}")


if __name__ == "__main__":
    main()
