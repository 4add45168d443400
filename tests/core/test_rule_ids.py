"""Every rule id the tables and the code produce has the shape docs/rules.md ("Rule ids") gives,
so a player can find the rule and a developer the code that cites it.

The ids are gathered from the loaded data tables (every `rule`, `*_rule` and `rules` entry), the
scenarios' special rules (`case`), the events of a game of random legal actions, and the source:
`rule=` / `*_rule=` arguments, `RULE` / `*_RULE` constants, and the rule argument of breakdown
terms, steps, errors, decisions and every dataclass with a `rule` field. The shape cannot tell a
case of the wrong document (`22.2` was `000 22.2`): reading the ids for that is a review's job.
"""

from __future__ import annotations

import ast
import dataclasses
import random
import re
from collections.abc import Iterator
from pathlib import Path

import pytest
import yaml

import gameapp
from gameapp.core.breakdown import IllegalActionError
from gameapp.core.engine import Game
from gameapp.core.rules.charge.tables import charge_tables
from gameapp.core.rules.fire.tables import fire_tables
from gameapp.core.rules.fire.weapons import weapon_tables
from gameapp.core.rules.sight.obstacles import los_tables
from gameapp.core.rules.tables import movement_tables, terrain_effects
from gameapp.core.scenario import load_scenario

PACKAGE = Path(gameapp.__file__).parent
RULES_DOC = PACKAGE.parent / "docs" / "rules.md"

# A case of a document: 8.13, 2.53.b, 5.2c, 3.310, 15–17 (no leading zero: "000" is a document)
CASE = r"[1-9]\d*(?:\.\d+)*(?:\.?[a-z])?(?:–[1-9]\d*(?:\.\d+)*)?"
# the base document's tables, by the abbreviations it uses itself; a table id names its part
TABLES = ("FCRT", "TEC", "Range", "MPA", "Morale")
WORD = r"[\w½¼¾⅓&'’.>()–-]+"
QUALIFIER = rf"(?: {WORD})*"
BASE = rf"(?:{CASE}{QUALIFIER}|(?:{'|'.join(TABLES)})(?: {WORD})+)"
OTHER = rf"(?:000|002|003|004) {CASE}{QUALIFIER}"
OURS = r"R&C [a-z][a-z ]*[a-z]"
ONE = rf"(?:{OTHER}|{OURS}|{BASE})"
RULE_ID = re.compile(rf"{ONE}(?: / {ONE})*")
# an f-string's {…} parts stand for a word or a number
PLACEHOLDER = "1"


def our_cases() -> set[str]:
    """The named cases of our own decisions, listed in docs/rules.md's "Rule ids" section."""
    text = RULES_DOC.read_text(encoding="utf-8")
    section = text.split("\n## Rule ids\n", 1)[1].split("\n## ", 1)[0]
    return set(re.findall(r"`(R&C [a-z ]+)`", section))


# --- the data tables ------------------------------------------------------------------------
def _walk(value: object, name: str, seen: set[int]) -> Iterator[str]:
    if id(value) in seen:
        return
    seen.add(id(value))
    if isinstance(value, str):
        if name == "rule" or name.endswith("_rule") or name == "rules":
            yield value
    elif isinstance(value, dict):
        for key, item in value.items():
            yield from _walk(item, name if name == "rules" else str(key), seen)
    elif isinstance(value, list | tuple | set | frozenset):
        for item in value:
            yield from _walk(item, name, seen)
    elif not isinstance(value, type) and type(value).__module__.startswith("gameapp.") and (
            dataclasses.is_dataclass(value) or hasattr(value, "__dict__")):
        names = [f.name for f in dataclasses.fields(value)] if dataclasses.is_dataclass(value) \
            else list(vars(value))
        for field in names:
            yield from _walk(getattr(value, field), field, seen)
        rule = getattr(type(value), "rule", None)
        if isinstance(rule, property):
            yield from _walk(value.rule, "rule", seen)


def table_rule_ids() -> set[str]:
    seen: set[int] = set()
    tables = (charge_tables(), fire_tables(), weapon_tables(), los_tables(), movement_tables(),
              terrain_effects())
    return {rule for table in tables for rule in _walk(table, "", seen)}


def scenario_rule_ids() -> dict[str, str]:
    """The `case` of every special rule of the shipped scenarios (and the tests' own)."""
    found: dict[str, str] = {}
    folders = (PACKAGE.parent / "scenarios", PACKAGE.parent / "tests" / "data" / "scenarios")
    for path in sorted(p for folder in folders for p in folder.glob("*.yaml")):
        data = yaml.safe_load(path.read_text(encoding="utf-8"))
        rules = data.get("special_rules") if isinstance(data, dict) else None
        for i, entry in enumerate(rules or []):
            if isinstance(entry, dict) and "case" in entry:
                found[str(entry["case"])] = f"{path.name} special_rules[{i}]"
    return found


def played_rule_ids(seed: int, actions: int) -> dict[str, str]:
    """The rules cited by the events of a game of random legal actions on the demo scenario."""
    game = Game.from_scenario(load_scenario(PACKAGE.parent / "scenarios" / "demo.yaml"),
                              seed=seed)
    rng, found = random.Random(seed), {}
    for _ in range(actions):
        if game.is_over or game.acting_side is None:
            break
        try:
            events = game.apply(rng.choice(list(game.legal_actions())))
        except IllegalActionError as refused:  # a legal action refused is another test's matter
            found.setdefault(refused.rule, "a refusal")
            continue
        for event in events:
            for rule in _walk(event, "", set()):
                if rule:  # "" is a default meaning "no rule", never shown
                    found.setdefault(rule, type(event).__name__)
    return found


# --- the code ---------------------------------------------------------------------------------
POSITIONS = {"Term": 2, "note": 1, "IllegalActionError": 1, "CannotMove": 1, "CannotFire": 1}


def _rule_positions(trees: dict[Path, ast.Module]) -> dict[str, int]:
    """Class name -> index of its `rule` field, for every dataclass with one."""
    found = dict(POSITIONS)
    for tree in trees.values():
        for node in ast.walk(tree):
            if not isinstance(node, ast.ClassDef):
                continue
            fields = [s.target.id for s in node.body
                      if isinstance(s, ast.AnnAssign) and isinstance(s.target, ast.Name)]
            if "rule" in fields:
                found[node.name] = fields.index("rule")
    found["FpTerm"] = found["Step"] = found["FigureStep"]
    return found


def _text(node: ast.expr) -> str | None:
    """A string constant, or an f-string with its {…} parts filled in; None for other values."""
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        return node.value
    if isinstance(node, ast.JoinedStr):
        return "".join(str(v.value) if isinstance(v, ast.Constant) else PLACEHOLDER
                       for v in node.values)
    if isinstance(node, ast.IfExp):
        return _text(node.body) if _text(node.body) is not None else _text(node.orelse)
    return None


def _rule_nodes(tree: ast.Module, positions: dict[str, int]) -> Iterator[ast.expr]:
    for node in ast.walk(tree):
        if isinstance(node, ast.Call):
            func = node.func
            name = func.id if isinstance(func, ast.Name) else \
                func.attr if isinstance(func, ast.Attribute) else ""
            for keyword in node.keywords:
                if keyword.arg and (keyword.arg == "rule" or keyword.arg.endswith("_rule")):
                    yield keyword.value
            at = positions.get(name)
            if at is not None and len(node.args) > at:
                yield node.args[at]
        elif isinstance(node, ast.Assign | ast.AnnAssign) and node.value is not None:
            targets = node.targets if isinstance(node, ast.Assign) else [node.target]
            for target in targets:
                label = target.id if isinstance(target, ast.Name) else \
                    target.attr if isinstance(target, ast.Attribute) else ""
                if label in ("RULE", "rule") or label.endswith(("_RULE", "_rule")):
                    yield node.value
                    if isinstance(node.value, ast.IfExp):
                        yield node.value.orelse


# functions answering (why, rule): their second element is a rule id
NOT_RULES = {"hexside_pair", "read_text"}  # (str, str) functions that return no rule


def _returned_rules(tree: ast.Module) -> Iterator[ast.expr]:
    for fn in ast.walk(tree):
        if not isinstance(fn, ast.FunctionDef) or fn.returns is None or fn.name in NOT_RULES \
                or not ast.unparse(fn.returns).startswith("tuple[str, str]"):
            continue
        for node in ast.walk(fn):
            if isinstance(node, ast.Return) and isinstance(node.value, ast.Tuple) \
                    and len(node.value.elts) == 2:
                yield node.value.elts[1]


def code_rule_ids() -> dict[str, str]:
    """rule id -> 'file:line' of one place the source writes it."""
    trees = {path: ast.parse(path.read_text(encoding="utf-8"))
             for path in sorted(PACKAGE.rglob("*.py")) if path.name != "resources_rc.py"}
    positions = _rule_positions(trees)
    found: dict[str, str] = {}
    for path, tree in trees.items():
        for node in [*_rule_nodes(tree, positions), *_returned_rules(tree)]:
            text = _text(node)
            if text:  # "" is a default meaning "no rule", never shown
                found.setdefault(text, f"{path.relative_to(PACKAGE)}:{node.lineno}")
    return found


# --- the checks -------------------------------------------------------------------------------
def _problems(ids: dict[str, str]) -> list[str]:
    cases = our_cases()
    out = []
    for rule, where in sorted(ids.items()):
        if not RULE_ID.fullmatch(rule):
            out.append(f"{where}: {rule!r} is not a rule id")
        for ours in re.findall(OURS, rule):
            if ours not in cases:
                out.append(f"{where}: {ours!r} is not listed in docs/rules.md (Rule ids)")
    return out


def test_the_tables_rule_ids_have_the_accepted_shape() -> None:
    ids = table_rule_ids()
    assert {"8.13", "FCRT DRM sun", "TEC N1"} <= ids  # the walk reaches every table
    assert _problems(dict.fromkeys(ids, "data")) == []


def test_the_scenarios_special_rules_cite_rule_ids() -> None:
    ids = scenario_rule_ids()
    assert "000 22.2" in ids  # Slaughter Mountain's held until released
    assert _problems(ids) == []


def test_the_rules_a_game_cites_have_the_accepted_shape() -> None:
    ids = played_rule_ids(seed=5, actions=100)
    assert len(ids) >= 3  # the game got far enough to cite rules
    assert _problems(ids) == []


def test_the_codes_rule_ids_have_the_accepted_shape() -> None:
    ids = code_rule_ids()
    assert {"000 15.4", "7.75", "R&C ammunition"} <= set(ids)  # the scan reaches the code
    assert _problems(ids) == []


@pytest.mark.parametrize("rule", [
    "8.13", "2.53.b", "6.0 step 7", "8.0 orientation", "000 15.4", "002 15–17", "003 5.2c",
    "TEC N1", "FCRT DRM sun", "MPA exhaustion 5–8", "Range R 3-4", "R&C ammunition",
    "7.71 / 7.73", "000 15.4 / 000 13.7",
])
def test_accepted_ids(rule: str) -> None:
    assert RULE_ID.fullmatch(rule)


@pytest.mark.parametrize("rule", [
    "-", "", "MPA", "TEC", "ML", "note 3", "docs/rules.md", "docs/rules.md ammunition",
    "10 (docs/rules.md)", "000", "R&C", "001 8.13", "8.13 /", "000 15.4, 13.7",
])
def test_refused_ids(rule: str) -> None:
    assert not RULE_ID.fullmatch(rule)


def test_an_unlisted_case_of_ours_is_refused() -> None:
    assert _problems({"R&C no such decision": "here"}) == \
        ["here: 'R&C no such decision' is not listed in docs/rules.md (Rule ids)"]
