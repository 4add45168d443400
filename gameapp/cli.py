"""The `gameapp` command: the window by default, and sub-commands for headless work.

    gameapp                              the window, with the start screen
    gameapp play SCENARIO                the window, with a scenario open
    gameapp validate FILE...             exit 1 with file:line messages when a file is wrong
    gameapp render SCENARIO --png OUT [--highlight moves:UNIT|fire:UNIT|retreat:UNIT]
                                         the board as a picture, no screen needed (a
                                         strategic scenario: its theatre map and stacks)
    gameapp render THEATRE_MAP --png OUT [--year Y] [--borders 1861|1863]
                                         a bare theatre map as a picture
    gameapp view THEATRE_MAP             a theatre map in a window (hover a hex to read it)
    gameapp compile-maps [FOLDER]        compile the shipped maps where the window reads them
                                         first (run at install: scripts/bootstrap.sh,
                                         build_installer.py)
    gameapp --self-test                  check the installation works (gameapp/selftest.py)

Qt is imported only by the sub-commands that draw, so `validate` runs on a machine without Qt's
system libraries. Each sub-command imports what it needs when it runs, so the window starts
without the rules it does not use yet.
"""

from __future__ import annotations

import argparse
import os
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from gameapp import paths
from gameapp.core.yamlsource import DataError


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="gameapp", description="Rally & Charge: American Civil War hex-and-counter battles."
    )
    parser.add_argument(
        "--self-test", action="store_true",
        help="check the installation: load the scenarios, play a turn, draw offscreen",
    )
    commands = parser.add_subparsers(dest="command", metavar="COMMAND")

    play = commands.add_parser("play", help="open a scenario in the window")
    play.add_argument("scenario", type=Path)
    play.add_argument("--seed", type=int, default=None,
                      help="the dice's seed (a fresh one unless given; the window shows it)")

    run = commands.add_parser("run", help="play a scenario headless, computer against computer")
    run.add_argument("scenario", type=Path)
    run.add_argument("--ai", choices=["both", "usa", "csa", "none"], default="both",
                     help="the sides the computer player plays; the others play at random")
    run.add_argument("--difficulty", choices=["easy", "normal", "hard"], default="normal")
    run.add_argument("--csa-difficulty", choices=["easy", "normal", "hard"], default=None,
                     help="the Confederate computer's level, when it differs (--difficulty is "
                          "then the Union's)")
    run.add_argument("--seed", type=int, default=1)
    run.add_argument("--turns", type=int, default=None, help="stop after this many turns")
    run.add_argument("--fog", action="store_true",
                     help="the computer sees only what its side can see (fog of war)")
    run.add_argument("--option", action="append", default=[], metavar="NAME=VALUE",
                     help="play with a rules option set (the scenario schema's options: "
                          "g88_zoc=true, stacking=flat_8, ...); may be repeated")

    validate = commands.add_parser("validate", help="check scenario, map and counters files")
    validate.add_argument("files", type=Path, nargs="+", metavar="FILE")

    render = commands.add_parser(
        "render", help="draw a scenario's board, or a theatre map, to a PNG, offscreen"
    )
    render.add_argument("scenario", type=Path, help="a scenario or a theatre map file")
    render.add_argument("--png", type=Path, required=True, metavar="OUT")
    render.add_argument("--width", type=int, default=None,
                        help="image width in pixels (default: a scenario's board wide enough "
                             "for its counters to read, at least 1600; a theatre map 1600)")
    render.add_argument(
        "--highlight",
        metavar="KIND:UNIT",
        help="draw what the window highlights for a unit at the start of the game: "
        "moves:UNIT (its legal moves), fire:UNIT (its field of fire) or retreat:UNIT (the paths "
        "it would have if it had to retreat two hexes now)",
    )
    view = commands.add_parser("view", help="show a theatre map in a window")
    view.add_argument("theatre_map", type=Path)
    for command in (render, view):
        command.add_argument("--year", type=int, default=None,
                             help="theatre maps: draw the rail lines open in this year")
        command.add_argument("--borders", choices=["1861", "1863"], default="1861",
                             help="theatre maps: the state lines of 1861, or of 1863 with "
                             "West Virginia")
    compile_maps = commands.add_parser(
        "compile-maps", help="compile the maps (at install) into compiled/ beside them, where "
        "the window reads them before compiling")
    compile_maps.add_argument("folder", type=Path, nargs="?", default=None,
                              help="the maps folder (default: the shipped maps)")
    return parser


def one_blas_thread() -> None:
    """numpy's BLAS (OpenBLAS) starts one thread per core when numpy is imported, and they spin
    waiting for work: on two busy cores that costs the start of the window up to 100 ms of CPU
    and more of wall-clock time (issue 28). The program's numpy work is element by element, not
    matrix algebra, so one thread does it as fast. A value the user set is kept. It must be set
    before numpy is first imported: OpenBLAS reads it when it is loaded."""
    os.environ.setdefault("OPENBLAS_NUM_THREADS", "1")


def main(argv: Sequence[str] | None = None) -> int:
    one_blas_thread()
    args = build_parser().parse_args(argv)
    if args.self_test:
        from gameapp.selftest import run_self_test

        return run_self_test()
    if args.command == "validate":
        return validate(args.files)
    if args.command == "run":
        return run_headless(args.scenario, args.seed, args.turns, args.ai, args.difficulty,
                            args.fog, args.option, args.csa_difficulty)
    if args.command == "render":
        if _is_theatre_map(args.scenario):
            return render_theatre(args.scenario, args.png, args.width or 1600, args.year,
                                  args.borders)
        return render(args.scenario, args.png, args.width, args.highlight)
    if args.command == "view":
        return view_theatre(args.theatre_map, args.year, args.borders)
    if args.command == "compile-maps":
        return compile_maps(args.folder if args.folder is not None else paths.maps_dir())
    from gameapp.core.mapcache import use_map_cache

    use_map_cache(paths.map_cache_dir())  # the window's maps compiled once, not every start
    try:
        if args.command == "play":
            # read before Qt is imported: PySide6 inspects the source of every module imported
            # after it (its __feature__ switch), so the loader's modules are imported first
            opened = scenario_opens(args.scenario)
            if opened is None:
                return 1  # said on the terminal: no message box that might show on no screen
            from gameapp.ui.app import run_app

            return run_app(scenario=str(args.scenario), seed=args.seed, loaded=opened)
        from gameapp.ui.app import run_app

        return run_app()
    finally:
        use_map_cache(None)  # for the window's life only (a test calling main goes on without)


def compile_maps(folder: Path) -> int:
    """Compile the maps in `folder` at install (core/mapcache.py, compile_shipped); print what
    was done to each; exit 1 when one would not compile or the folder cannot be written."""
    from gameapp.core.mapcache import compile_shipped

    try:
        done = compile_shipped(folder)
    except OSError as error:
        print(f"compile-maps: cannot write the compiled maps: {error}", file=sys.stderr)
        return 1
    for path, what in done:
        print(f"{path.name}: {what}")
    return 1 if any(what.startswith("not compiled") for _, what in done) else 0


def run_headless(scenario: Path, seed: int, turns: int | None, ai: str = "both",
                 difficulty: str = "normal", fog: bool = False,
                 options: list[str] | None = None, csa_difficulty: str | None = None) -> int:
    """Play headless (the AI on the `ai` sides, random players on the others, with `fog` seeing
    only what their side can see; the Confederates at `csa_difficulty` when given), with the
    rules `options` ("name=value") set; print the log, each AI choice with its reason, what
    each action did, and the result."""
    from gameapp.ai.registry import UnknownAIError
    from gameapp.ai.settings import Difficulty
    from gameapp.core.engine import Game
    from gameapp.core.ruleset import load_scenario_file, ruleset_named
    from gameapp.core.units import Side
    from gameapp.headless import log_lines, make_players, play

    try:
        loaded = load_scenario_file(scenario)
        chosen = option_values(options or [])
        if chosen:
            loaded = ruleset_named(loaded.ruleset).with_options(loaded, chosen)
        game = Game.from_scenario(loaded, seed=seed)
        levels = {Side.UNION: Difficulty(difficulty),
                  Side.CONFEDERATE: Difficulty(csa_difficulty or difficulty)}
        outcome = play(game, seed, turns, players=make_players(
            seed, ai, levels, fog, ruleset=game.scenario.ruleset))
    except (DataError, UnknownAIError, ValueError) as error:
        print(error, file=sys.stderr)
        return 1
    for line in log_lines(outcome.game, outcome.reasons, outcome.notes):
        print(line)
    game = outcome.game
    last = game.scenario.clock.last_turn
    played = last if game.is_over else game.state.turn
    print(f"{outcome.actions} actions; {'the game is over' if game.is_over else 'stopped'} "
          f"after turn {played} of {last}")
    for line in outcome.result.lines():
        print(line)
    return 0


def option_values(texts: list[str]) -> dict[str, str | bool | int]:
    """`--option name=value` texts as an options map, checked against the scenario schema's
    options (ValueError saying what is wrong)."""
    from gameapp.core.yamlsource import load_schema

    known: dict[str, Any] = load_schema("scenario")["properties"]["options"]["properties"]
    out: dict[str, str | bool | int] = {}
    for text in texts:
        name, _, value = text.partition("=")
        spec = known.get(name)
        if spec is None or not value:
            raise ValueError(f"--option {text!r}: expected NAME=VALUE, NAME one of "
                             f"{', '.join(sorted(known))}")
        if spec.get("type") == "boolean":
            if value not in ("true", "false"):
                raise ValueError(f"--option {text!r}: {name} is true or false")
            out[name] = value == "true"
        elif "enum" in spec:
            if value not in spec["enum"]:
                raise ValueError(f"--option {text!r}: {name} is one of "
                                 f"{', '.join(spec['enum'])}")
            out[name] = value
        else:
            raise ValueError(f"--option {text!r}: {name} cannot be set from the command line")
    return out


def scenario_opens(path: Path) -> Any:
    """The scenario `gameapp play` opens, loaded once here (the window shows this one); None
    if it cannot, having said why on stderr (file:line, or for a missing file only its name)."""
    from gameapp.core.ruleset import load_scenario_file

    if not path.is_file():
        print(f"{path}: no such file", file=sys.stderr)
        return None
    try:
        return load_scenario_file(path)
    except DataError as error:
        for problem in error.problems:
            print(problem, file=sys.stderr)
        return None


def validate(files: Sequence[Path]) -> int:
    """Check each file; print every problem as file:line: message. Exit status 1 on any."""
    from gameapp.core.datafiles import load_with_warnings

    failed = False
    for path in files:
        try:
            kind, warnings = load_with_warnings(path)
        except DataError as error:
            failed = True
            for problem in error.problems:
                print(problem, file=sys.stderr)
        else:
            for warning in warnings:  # they do not fail the check: the file loads and plays
                print(warning, file=sys.stderr)
            hints = _check_ai_hints(path) if kind == "scenario" else []
            for hint_problem in hints:
                print(hint_problem, file=sys.stderr)
            failed = failed or bool(hints)
            print(f"{path}: {'ok' if not hints else 'bad AI hints'} ({kind})")
    return 1 if failed else 0


def _check_ai_hints(path: Path) -> list[str]:
    """The computer player's hints beside a tactical scenario (scenarios/ai/<stem>.yaml,
    docs/ai.md), if it has any: their problems as file:line: message."""
    from gameapp.ai.hints import hints_path, load_hints
    from gameapp.core.scenario import load_scenario

    scenario = load_scenario(path)
    if not hints_path(scenario).is_file():
        return []
    try:
        load_hints(scenario)
    except DataError as error:
        return [str(problem) for problem in error.problems]
    return []


def _is_theatre_map(path: Path) -> bool:
    from gameapp.core.datafiles import kind_of

    try:
        return kind_of(path) == "theatre map"
    except DataError:
        return False  # the scenario loader reports the problem


def _load_theatre(path: Path) -> object:
    from gameapp.core.theatre.file import load_theatre

    try:
        return load_theatre(path)
    except DataError as error:
        print(error, file=sys.stderr)
        return None


def render_theatre(path: Path, out: Path, width: int, year: int | None, borders: str) -> int:
    """Draw a bare theatre map to a PNG. Exit 1 for a broken map file."""
    from gameapp.core.theatre.theatremap import TheatreMap
    from gameapp.ui.render import render_theatre_png

    theatre = _load_theatre(path)
    if not isinstance(theatre, TheatreMap):
        return 1
    out.parent.mkdir(parents=True, exist_ok=True)
    render_theatre_png(theatre, out, width, year, borders)
    print(f"wrote {out}")
    return 0


def view_theatre(path: Path, year: int | None, borders: str) -> int:
    from gameapp.core.theatre.theatremap import TheatreMap
    from gameapp.ui.theatre_window import run_theatre_window

    theatre = _load_theatre(path)
    if not isinstance(theatre, TheatreMap):
        return 1
    return run_theatre_window(theatre, year, borders)


def render_strategic(scenario: Any, out: Path, width: int | None, highlight: str | None) -> int:
    """Draw a strategic scenario's board and pieces to a PNG. Exit 2 for a --highlight (a
    tactical unit's moves, fire or retreat: not in the strategic game)."""
    from gameapp.ui.rulesets.strategic.render import render_strategic_png

    if highlight is not None:
        print("--highlight draws a tactical unit's moves, fire or retreat: a strategic "
              "scenario has none", file=sys.stderr)
        return 2
    out.parent.mkdir(parents=True, exist_ok=True)
    render_strategic_png(scenario, out, width or 1600)
    print(f"wrote {out}")
    return 0


def render(scenario_path: Path, out: Path, width: int | None,
           highlight: str | None = None) -> int:
    """Draw the board to a PNG. Exit 1 for a broken scenario or a unit that cannot be
    highlighted, 2 for a malformed or not yet available --highlight."""
    from gameapp.core.ruleset import load_scenario_file
    from gameapp.present.highlight_spec import HighlightSpecError, parse_highlight

    try:
        request = parse_highlight(highlight) if highlight is not None else None
    except HighlightSpecError as error:
        print(error, file=sys.stderr)
        return 2
    try:
        scenario = load_scenario_file(scenario_path)  # whichever ruleset it names
    except DataError as error:
        print(error, file=sys.stderr)
        return 1
    if scenario.ruleset == "strategic":
        return render_strategic(scenario, out, width, highlight)
    from gameapp.core.breakdown import IllegalActionError
    from gameapp.core.engine import Game
    from gameapp.core.rules.retreat import RetreatOptions
    from gameapp.core.rulesets.tactical import tactical
    from gameapp.present.fire import CannotFire, FieldHighlight, field_highlight
    from gameapp.present.moves import CannotMove, MoveHighlight, movement_highlight
    from gameapp.ui.render import render_scenario_png

    units = list(scenario.units)
    moves: MoveHighlight | None = None
    fire: FieldHighlight | None = None
    retreat: RetreatOptions | None = None
    if request is not None:
        game = Game.from_scenario(scenario)
        units = list(game.state.units.values())
        try:
            if request.kind.name == "fire":
                fire = field_highlight(game, request.unit_id)
            elif request.kind.name == "retreat":
                retreat = tactical(game).retreat_options(request.unit_id)
            else:
                moves = movement_highlight(game, request.unit_id)
        except (CannotMove, CannotFire, IllegalActionError) as error:
            print(f"--highlight {highlight}: {error.reason} ({error.rule})", file=sys.stderr)
            return 1
    out.parent.mkdir(parents=True, exist_ok=True)
    render_scenario_png(scenario, out, width=width, units=units, moves=moves, fire=fire,
                        retreat=retreat)
    print(f"wrote {out}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
