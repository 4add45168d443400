"""`gameapp --self-test`: a quick check that an installation works, run on the source tree by the
tests, and on the frozen bundle by `build_installer.py --smoke`.

    1. load every shipped scenario (its map, counters, the schemas and the rules' tables);
    2. play one full turn of each, headless, random players on both sides;
    3. draw each board offscreen, and the program's icon from the compiled resources (which needs
       Qt's offscreen platform and SVG image plugins);
    4. report success.

One line per step on stdout; exit status 0. On a failure, one line saying which step failed and
why on stderr (then the traceback, for an unexpected error), and exit status 1.
"""

from __future__ import annotations

import os
import sys
import tempfile
import time
import traceback
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import TextIO

from gameapp import paths
from gameapp.ai.random_player import RandomPlayer
from gameapp.core.engine import Game
from gameapp.core.rulesets.strategic.scenario import load_strategic
from gameapp.core.scenario import Scenario, load_scenario
from gameapp.core.units import Side
from gameapp.core.yamlsource import DataError, load_yaml

MAX_ACTIONS_PER_TURN = 2000  # a turn of random play that takes more has stopped making progress
RENDER_WIDTH = 800


class SelfTestFailure(Exception):
    """A check that failed, with a message that says what was expected."""


@dataclass
class SelfTest:
    seed: int = 1
    scenarios: list[tuple[Path, Scenario]] = field(default_factory=list)
    games: list[tuple[Path, Game]] = field(default_factory=list)
    current: str | None = None  # the scenario being worked on, for a failure's message

    def load_scenarios(self) -> str:
        location = paths.data_location()
        files = paths.shipped_scenarios()
        if not files:
            raise SelfTestFailure(f"no scenario files (*.yaml) in {location.dir('scenarios')}")
        strategic = [path for path in files if _is_strategic(path)]
        files = [path for path in files if path not in strategic]
        for path in strategic:  # loaded and checked; the tactical turn below is not theirs
            self.current = path.name
            load_strategic(path)
        for path in files:
            self.current = path.name
            self.scenarios.append((path, load_scenario(path)))
        self.current = None
        names = ", ".join(path.name for path in files)
        also = f"; {len(strategic)} strategic scenario(s) loaded" if strategic else ""
        return f"loaded {len(files)} scenario(s) from {location}: {names}{also}"

    def play_turn(self) -> str:
        done = []
        for path, scenario in self.scenarios:
            self.current = path.name
            game = Game.from_scenario(scenario, seed=self.seed)
            actions = play_one_turn(game, self.seed)
            self.games.append((path, game))
            done.append(f"{path.name} turn {scenario.clock.first_turn} in {actions} actions")
        self.current = None
        return "played one turn with random players: " + ", ".join(done)

    def render(self) -> str:
        os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
        sizes = []
        with tempfile.TemporaryDirectory(prefix="rally-selftest-") as tmp:
            for path, game in self.games:
                self.current = path.name
                sizes.append(render_board(game, Path(tmp) / f"{path.stem}.png", RENDER_WIDTH))
        self.current = None
        icon = check_icon()
        boards = ", ".join(f"{p.name} {w}x{h}" for (p, _), (w, h) in zip(self.games, sizes,
                                                                         strict=True))
        platform = os.environ["QT_QPA_PLATFORM"]
        return f"drew the boards ({boards}) and the icon ({icon}) on Qt platform {platform!r}"


def render_board(game: Game, out: Path, width: int) -> tuple[int, int]:
    """Draw the game's board to `out` as `gameapp render` does; check the picture has content."""
    from PySide6.QtGui import QImage

    from gameapp.ui.render import render_scenario_png

    render_scenario_png(game.scenario, out, width=width, units=game.state.units.values())
    image = QImage(str(out))
    if image.isNull() or image.width() != width:
        raise SelfTestFailure(f"the board drawn to {out.name} could not be read back as a "
                              f"{width} pixel wide PNG")
    samples = {image.pixel(x * image.width() // 16, y * image.height() // 16)
               for x in range(16) for y in range(16)}
    if len(samples) < 3:
        raise SelfTestFailure(f"the board drawn to {out.name} is blank ({len(samples)} colours)")
    return image.width(), image.height()


def check_icon() -> str:
    """The program's icon from the compiled resources, read by Qt's SVG image plugin."""
    from PySide6.QtGui import QImage, QImageReader

    import gameapp.ui.resources_rc  # noqa: F401  (registers the :/icons resources)

    if b"svg" not in [bytes(f.data()) for f in QImageReader.supportedImageFormats()]:
        raise SelfTestFailure("Qt cannot read SVG images: the imageformats/qsvg plugin is missing")
    image = QImage(":/icons/app.svg")
    if image.isNull():
        raise SelfTestFailure("the icon :/icons/app.svg could not be read from the resources")
    return f":/icons/app.svg {image.width()}x{image.height()}"


def _is_strategic(path: Path) -> bool:
    """A strategic scenario (`ruleset: strategic`): the self-test loads it but plays only the
    tactical ones (the random player and the board renderer are tactical)."""
    data = load_yaml(path).data
    return isinstance(data, dict) and data.get("ruleset") == "strategic"


def play_one_turn(game: Game, seed: int) -> int:
    """Play from now to the start of the next turn (or the end of the game) with a random
    player on each side; return the number of actions taken."""
    players = {side: RandomPlayer(side, seed) for side in Side}
    turn = game.state.turn
    actions = 0
    while game.state.turn == turn and not game.is_over:
        side = game.acting_side
        if side is None:
            raise SelfTestFailure(f"turn {turn}, {game.phase.value} phase: no side to act")
        game.apply(players[side].choose(game))
        actions += 1
        if actions > MAX_ACTIONS_PER_TURN:
            raise SelfTestFailure(f"turn {turn} did not end after {MAX_ACTIONS_PER_TURN} actions "
                                  f"(stuck in the {game.phase.value} phase)")
    return actions


def run_self_test(out: TextIO | None = None, err: TextIO | None = None, seed: int = 1) -> int:
    out = out or sys.stdout
    err = err or sys.stderr
    test = SelfTest(seed)
    steps: list[tuple[str, Callable[[], str]]] = [
        ("load every shipped scenario", test.load_scenarios),
        ("play one turn headless", test.play_turn),
        ("render offscreen", test.render),
    ]
    total = len(steps) + 1
    for number, (title, step) in enumerate(steps, 1):
        start = time.perf_counter()
        try:
            detail = step()
        except (SelfTestFailure, DataError, paths.DataNotFoundError) as error:
            print(f"self-test {number}/{total} FAILED ({title}): {error}", file=err)
            return 1
        except Exception as error:
            where = f", {test.current}" if test.current else ""
            print(f"self-test {number}/{total} FAILED ({title}{where}): unexpected "
                  f"{type(error).__name__}: {error}", file=err)
            traceback.print_exc(file=err)
            return 1
        print(f"self-test {number}/{total} ok ({time.perf_counter() - start:.1f} s): {detail}",
              file=out, flush=True)
    print(f"self-test {total}/{total} ok: all checks passed, exit status 0", file=out, flush=True)
    return 0
