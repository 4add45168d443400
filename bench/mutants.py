"""Mutated data files, loaded as a stranger's download would be (issue 23).

Each mutant is one shipped file (a scenario, a map, a counters file) or a save, changed by one
operator: mostly a single-line edit (a line deleted, doubled or swapped, a character or a number
changed, a value of another type, a bad tag, a deep nest, an alias bomb, a stray byte), or the
file cut short, emptied or replaced by junk. The mutant is written over its file in a copy of
the game's folders and loaded with the program's own loader. The outcome is one of: it loaded,
it gave a DataError (whose lines are then judged), or something else escaped (a bug).

The error is "at the right line" when one of its problems points within NEAR lines of the edit,
cites such a line ("first on line N"), names a duplicate key whose two lines enclose the edit
(a line lost between two mappings made them one), or, for a field that is missing or unknown,
points at a mapping that encloses the edit. An emptied file is exempt (no line to point at).

Used by tests/core/test_fuzz_files.py (a few hundred mutants, fixed seeds) and
bench/fuzz_files.py (ten thousand and more, with times and memory).
"""

from __future__ import annotations

import random
import re
import shutil
import time
from collections import Counter, defaultdict
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path

from gameapp.core import scenario as scenario_module
from gameapp.core.counters import load_counters
from gameapp.core.datafiles import load_any
from gameapp.core.engine import Game
from gameapp.core.mapfile import load_map
from gameapp.core.savegame import load_saved_game, save_game
from gameapp.core.yamlsource import DataError, Problem, parse_yaml

ROOT = Path(__file__).resolve().parents[1]
KINDS = ("scenarios", "maps", "counters")
SAVE = "saves/game.yaml"
SAVE_SCENARIO = "scenarios/tutorial_crossroads.yaml"
NEAR = 3


def shipped_files() -> list[str]:
    """Every shipped data file, relative to the game's folder, and the save."""
    found = [f"{kind}/{p.name}" for kind in KINDS for p in sorted((ROOT / kind).glob("*.yaml"))]
    return [*found, SAVE]


@dataclass(frozen=True)
class Mutant:
    source: str  # the file mutated, such as "maps/demo.yaml" or "saves/game.yaml"
    operator: str
    data: bytes
    span: tuple[int, int] | None  # the lines edited, 1-based, in the mutant; None: exempt
    enclosing: frozenset[int] = frozenset()  # lines of the mappings around the edit
    removed: str = ""  # the original text that a deleted line or a cut file took away


@dataclass
class Outcome:
    mutant: Mutant
    result: str  # "loaded", "DataError" or "uncaught <type>"
    seconds: float
    problems: list[Problem] = field(default_factory=list)
    right_line: bool | None = None  # None: nothing to judge (loaded, or exempt)
    detail: str = ""


# --- the operators ------------------------------------------------------------------------------
JUNK_CHARS = [*list(":-[]{}\"'&*!#|>%@,?\t"), "\\", "  ", "0", "a", "é", "\u2028"]
OTHER_VALUES = ["[]", "{}", "null", "yes", "~", '"x"', "[1, [2]]", "-1", "0", "1e999",
                "10000000000000000000000000000000000000000", "9223372036854775808",
                "2020-13-45", "!!binary AAAA", "*nowhere", "&a", "'", "{a: 1"]
TAGS = ["!!python/object/apply:os.system [\"true\"] ", "!foo ", "!!set ", "!!omap ",
        "!!python/name:os.system "]
BOMB = ["lol0: &a0 [x, x, x, x, x, x, x, x, x, x]"] + [
    f"lol{i}: &a{i} [{', '.join([f'*a{i - 1}'] * 10)}]" for i in range(1, 8)]
NUMBER = re.compile(r"-?\d+(\.\d+)?")


def _value_start(line: str) -> int:
    """Where the value of `key: value` or `- value` starts (or the line's end)."""
    match = re.search(r":\s|^\s*-\s", line)
    return match.end() if match else len(line.rstrip("\n"))


def _edit_line(  # noqa: C901 - one flat branch per mutation operator
    lines: list[str], rng: random.Random, operator: str
) -> tuple[list[str], int, int]:
    """(new lines, first and last edited line in the new text, 0-based)."""
    i = rng.randrange(len(lines))
    line = lines[i]
    body = line.rstrip("\n")
    at = _value_start(body)
    if operator == "delete line":
        return lines[:i] + lines[i + 1:], max(0, i - 1), min(i, len(lines) - 2)
    if operator == "double line":
        return [*lines[:i + 1], line, *lines[i + 1:]], i, i + 1
    if operator == "swap lines" and i + 1 < len(lines):
        return [*lines[:i], lines[i + 1], line, *lines[i + 2:]], i, i + 1
    if operator == "change character" and body:
        k = rng.randrange(len(body))
        body = body[:k] + rng.choice(JUNK_CHARS) + body[k + 1:]
    elif operator == "change number":
        numbers = list(NUMBER.finditer(body))
        if numbers:
            hit = rng.choice(numbers)
            new = rng.choice(["0", "-1", "1000000", str(10 ** 39), str(2 ** 63), "3.5",
                              str(rng.randrange(100))])
            body = body[:hit.start()] + new + body[hit.end():]
        else:
            body = body + " 7"
    elif operator == "other value":
        body = body[:at] + rng.choice(OTHER_VALUES)
    elif operator == "indent":
        body = (" " * rng.choice([1, 2, 3])) + body if rng.random() < 0.6 else body[1:]
    elif operator == "cut line":
        body = body[:rng.randrange(len(body) + 1)]
    elif operator == "bad tag":
        body = body[:at] + rng.choice(TAGS) + body[at:]
    elif operator == "deep nest":
        depth = rng.choice([70, 600, 5000])
        body = body[:at] + "[" * depth + "1" + "]" * depth
    elif operator == "stray byte":
        k = rng.randrange(len(body) + 1)
        body = body[:k] + rng.choice(["\udcff", "\x00", "\x07", "\ufeff", "\t"]) + body[k:]
    elif operator == "alias bomb":
        top = [j for j, text in enumerate(lines) if text[:1].isalpha()]
        j = rng.choice(top) if top else 0
        return lines[:j] + [b + "\n" for b in BOMB] + lines[j:], j, j + len(BOMB) - 1
    return [*lines[:i], body + ("\n" if line.endswith("\n") else ""), *lines[i + 1:]], i, i


LINE_OPERATORS = ("delete line", "double line", "swap lines", "change character",
                  "change number", "other value", "indent", "cut line", "bad tag", "deep nest",
                  "stray byte", "alias bomb")
FILE_OPERATORS = ("cut file", "empty file", "junk")
WEIGHTS = {**dict.fromkeys(LINE_OPERATORS, 10), "deep nest": 3, "alias bomb": 3,
           "cut file": 8, "empty file": 1, "junk": 2}


def _encode(text: str) -> bytes:
    return text.encode("utf-8", "surrogateescape")


def mutate(source: str, text: str, rng: random.Random) -> Mutant:
    operators = list(WEIGHTS)
    operator = rng.choices(operators, weights=[WEIGHTS[o] for o in operators])[0]
    lines = text.splitlines(keepends=True)
    if operator == "empty file":
        return Mutant(source, operator, b"", None)
    if operator == "junk":
        data = bytes(rng.randrange(256) for _ in range(rng.randrange(1, 400)))
        return Mutant(source, operator, data, (1, data.count(b"\n") + 1))
    if operator == "cut file":
        whole = _encode(text)
        data = whole[: rng.randrange(1, len(whole))]
        last = data.count(b"\n") + 1
        return Mutant(source, operator, data, (last, last), _enclosing(text, last),
                      whole[len(data):].decode("utf-8", "replace"))
    new, first, last = _edit_line(lines, rng, operator)
    return Mutant(source, operator, _encode("".join(new)), (first + 1, last + 1),
                  _enclosing(text, first + 1), _deleted(lines, new, operator))


def _deleted(lines: list[str], new: list[str], operator: str) -> str:
    """The line a "delete line" edit took away (the first where the texts part)."""
    if operator != "delete line":
        return ""
    k = next((k for k, (a, b) in enumerate(zip(lines, new, strict=False)) if a != b), len(new))
    return lines[k]


@cache
def _line_paths(text: str) -> dict[int, list[tuple[str | int, ...]]]:
    lines: dict[int, list[tuple[str | int, ...]]] = defaultdict(list)
    for path, line in parse_yaml(text).lines.items():
        lines[line].append(path)
    return lines


def _enclosing(text: str, line: int) -> frozenset[int]:
    """The lines of the mappings and lists that enclose `line` in the original text."""
    by_line = _line_paths(text)
    before = [n for n in by_line if n <= line]
    if not before:
        return frozenset({1})
    deepest = max(by_line[max(before)], key=len)
    lines_of = {p: n for n, paths in by_line.items() for p in paths}
    return frozenset(lines_of[deepest[:k]] for k in range(len(deepest) + 1)
                     if deepest[:k] in lines_of)


def mutants(source: str, text: str, seed: int, count: int) -> Iterator[Mutant]:
    rng = random.Random(f"{source}:{seed}")
    for _ in range(count):
        yield mutate(source, text, rng)


# --- loading them -------------------------------------------------------------------------------
class Workspace:
    """A copy of the game's folders and a save, where mutants are written and loaded."""

    def __init__(self, folder: Path) -> None:
        self.folder = folder
        for kind in KINDS:
            shutil.copytree(ROOT / kind, folder / kind, dirs_exist_ok=True)
        save = folder / SAVE
        save.parent.mkdir(parents=True, exist_ok=True)
        save_game(_short_game(folder / SAVE_SCENARIO), save)
        self.originals = {name: (folder / name).read_bytes() for name in shipped_files()}

    def text(self, source: str) -> str:
        return self.originals[source].decode("utf-8")

    def load(self, mutant: Mutant, timer: Callable[[], float] = time.perf_counter) -> Outcome:
        path = self.folder / mutant.source
        path.write_bytes(mutant.data)
        start = timer()
        try:
            with _reuse_unchanged_map_and_counters():
                if mutant.source == SAVE:
                    load_saved_game(path)
                else:
                    load_any(path)
        except DataError as error:
            outcome = Outcome(mutant, "DataError", timer() - start, error.problems)
            outcome.right_line = _judge(mutant, path, error.problems)
        except Exception as error:  # what the loaders must never let out
            outcome = Outcome(mutant, f"uncaught {type(error).__name__}", timer() - start,
                              detail=str(error)[:200])
        else:
            outcome = Outcome(mutant, "loaded", timer() - start)
        finally:
            path.write_bytes(self.originals[mutant.source])
        return outcome


def _short_game(scenario: Path) -> Game:
    """A few phases of the tutorial, with moves and dice, to be saved and mutated."""
    from gameapp.ai.random_player import RandomPlayer
    from gameapp.core.units import Side

    game = Game.from_scenario(scenario, seed=7)
    players = {side: RandomPlayer(side, 7, end_chance=0.3, max_per_phase=2) for side in Side}
    for _ in range(30):
        if game.is_over:
            break
        side = game.acting_side
        action = (players[side].choose(game) if side is not None
                  else sorted(game.legal_actions(), key=str)[0])
        game.apply(action)
    return game


_MAPS: dict[Path, object] = {}
_COUNTERS: dict[Path, object] = {}


class _reuse_unchanged_map_and_counters:
    """A mutated scenario or save names the same map and counters files each time: load each
    once (a mutant of a map or counters file is loaded afresh, by load_any)."""

    def __enter__(self) -> None:
        self.saved = (scenario_module.load_map_file, scenario_module.load_counters)
        scenario_module.load_map_file = (  # type: ignore
            lambda p: _MAPS.setdefault(Path(p), load_map(p)))
        scenario_module.load_counters = (  # type: ignore
            lambda p: _COUNTERS.setdefault(Path(p), load_counters(p)))

    def __exit__(self, *exc: object) -> None:
        scenario_module.load_map_file, scenario_module.load_counters = self.saved


def _judge(mutant: Mutant, path: Path, problems: list[Problem]) -> bool | None:
    if mutant.span is None:
        return None
    first, last = mutant.span
    near = range(first - NEAR, last + NEAR + 1)
    for problem in problems:
        if problem.file != str(path):
            continue
        if problem.line in near:
            return True
        cited = [int(n) for n in re.findall(r"line (\d+)", problem.message)]
        if any(n in near for n in cited):
            return True
        block = re.search(r"that starts on line (\d+)\)$", problem.message)
        if block and int(block.group(1)) <= first and last <= problem.line:
            return True  # a YAML block the parser names, from its start to where it broke
        twice = re.match(r"duplicate key .* \(first on line (\d+)\)$", problem.message)
        if twice and int(twice.group(1)) <= first and last <= problem.line:
            return True  # a line lost between two mappings made them one: both keys named
        if _names_what_was_removed(problem.message, mutant.removed):
            return True
        structural = any(words in problem.message for words in (
            "missing required field", "unknown field", "give exactly one of"))
        if structural and problem.line in mutant.enclosing:
            return True
    return False


# "roster names us_porter, but no union division or train us_porter is defined in this scenario"
UNDEFINED = re.compile(r"\bnames (\S+), but no [a-z ]+ \1 is defined in this scenario\b")
# "Harrisburg, PA is not one of this scenario's victory places" (a par's place)
NOT_A_PLACE = re.compile(r"^(.+) is not one of this scenario's victory places$")


def _names_what_was_removed(message: str, removed: str) -> bool:
    """A reference to an id or a victory place that the edit's deleted text defined: the
    deletion left it dangling, and the referring line, which says plainly that it is defined
    nowhere, is the place to look (a strategic scenario's rosters, commanders and superiors,
    and the places its par names)."""
    if not removed:
        return False
    named = UNDEFINED.search(message)
    if named is not None:
        key, value = "id", named.group(1)
    elif (place := NOT_A_PLACE.match(message)) is not None:
        key, value = "place", place.group(1)
    else:
        return False
    quoted = re.escape(value)
    definition = (rf"(?:^|[{{,\s]){key}:[ \t]*"
                  rf"(?:\"{quoted}\"|'{quoted}'|{quoted}[ \t]*(?:[,}}#]|$))")
    return re.search(definition, removed, re.MULTILINE) is not None


# --- the table ----------------------------------------------------------------------------------
def table(outcomes: list[Outcome], by: Callable[[Outcome], str], title: str) -> str:
    rows: dict[str, list[Outcome]] = defaultdict(list)
    for outcome in outcomes:
        rows[by(outcome)].append(outcome)
    head = (f"| {title} | mutants | loaded | DataError | uncaught | right line | wrong line "
            "| slowest s |")
    lines = [head, "|---|---:|---:|---:|---:|---:|---:|---:|"]
    for name in sorted(rows):
        lines.append(_row(name, rows[name]))
    lines.append(_row("**all**", outcomes))
    return "\n".join(lines)


def _row(name: str, outcomes: list[Outcome]) -> str:
    results = Counter("uncaught" if o.result.startswith("uncaught") else o.result
                      for o in outcomes)
    judged = [o.right_line for o in outcomes if o.right_line is not None]
    slowest = max((o.seconds for o in outcomes), default=0.0)
    return (f"| {name} | {len(outcomes)} | {results['loaded']} | {results['DataError']} | "
            f"{results['uncaught']} | {sum(judged)} | {len(judged) - sum(judged)} | "
            f"{slowest:.2f} |")
