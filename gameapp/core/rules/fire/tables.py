"""The fire combat tables: `data/fire.yaml`, typed and checked.

`fcrt_column(fp, artillery)` finds the results-table column for a fire attack's points, with the
dice-roll modifier the column brings (above the highest column, or guns under the first);
`fcrt_result(column, modified)` reads the result of a modified d66 roll; `officer_hit(column,
unmodified)` says whether an officer in the target hex is incapacitated. `fire_tables()` also holds
the dice-roll modifier figures and the fire-point effects of formation, morale and orientation.
"""

from __future__ import annotations

import math
import re
from dataclasses import dataclass
from enum import Enum
from fractions import Fraction
from functools import cache
from itertools import pairwise
from pathlib import Path
from typing import Any

from gameapp.core.breakdown import Term
from gameapp.core.dice import D66
from gameapp.core.rules.datafile import obj, parse_figure, read_rules_data, show
from gameapp.core.units import GunType
from gameapp.core.yamlsource import DataError, Problem, YamlDocument

_NUMBER = re.compile(r"^(?:(\d+)/(\d+)|(\d*)([¼½¾])?)$")
_VULGAR = {"¼": Fraction(1, 4), "½": Fraction(1, 2), "¾": Fraction(3, 4)}
_RANGE = re.compile(r"^([1-7][1-6])(?:-([1-7][1-6]))?$")


class MoraleCheck(Enum):
    NONE = "none"
    A = "A"  # every unit in the hex checks, only if artillery alone fired at it
    C = "C"  # every unit in the hex checks


@dataclass(frozen=True)
class Column:
    """One column of the FCRT chosen for a fire attack."""

    index: int  # 0..15
    heading: str  # as printed: "12", "4½"
    artillery: bool  # which heading row: artillery, or small arms and canister
    fire_points: Fraction  # the attack's total on that row's scale
    modifier: Term | None = None  # above the highest column (+), guns under the first (-)
    no_effect: bool = False  # small arms or canister under the first heading (6.0 step 7)
    sharpshooter_at_officer: bool = False  # step 7's exception: only an unmodified 66

    @property
    def rule(self) -> str:
        return f"FCRT {'artillery' if self.artillery else 'small arms'} {self.heading}"


@dataclass(frozen=True)
class FireResult:
    result: str  # the row: NE, A, A1, C1 ... C6
    steps: int  # casualty steps
    morale: MoraleCheck
    roll: int | None  # the modified roll as read (76 at most); None below 11
    column: Column

    @property
    def rule(self) -> str:
        return self.column.rule

    def morale_check_required(self, artillery_only: bool) -> bool:
        """C always; A only when artillery alone (regular or canister) fired at the hex."""
        return self.morale is MoraleCheck.C or (self.morale is MoraleCheck.A and artillery_only)

    def __str__(self) -> str:
        return f"{self.rule}: {self.roll or 'below 11'} -> {self.result}"


@dataclass(frozen=True)
class Row:
    result: str
    steps: int
    morale: MoraleCheck
    cells: tuple[tuple[int, int] | None, ...]  # per column: first and last d66 index, or none


@dataclass(frozen=True)
class Modifiers:
    """The dice-roll modifier figures; `rules` holds each group's rule for breakdowns."""

    density_standard: int
    density_under: int
    density_over: int
    artillery_personnel_weight: int
    moved: int
    charge_half_moved: int
    target_movement: dict[str, int]
    exhaustion: tuple[tuple[int, int], ...]  # (from level, drm), ascending
    target_type: dict[str, int]
    above_top_per: Fraction
    above_top_drm: int
    artillery_under_per: Fraction
    artillery_under_drm: int
    target_officer: int
    target_officer_sharpshooter: int
    sun: dict[str, int]
    rules: dict[str, str]


@dataclass(frozen=True)
class FirePointEffects:
    """Formation, morale and orientation effects on fire points, and where each rule comes from."""

    enfilade: dict[str, Fraction]  # front, partial, full
    column_share: Fraction
    road_column_fires: bool
    square_target: Fraction
    general_order_target: Fraction
    shaken_firer: Fraction
    routed_target: Fraction
    routed_firer_fires: bool
    small_arms_minimum: Fraction
    artillery_factor: Fraction  # range note 4
    artillery_min_range: int
    artillery_max_range: dict[GunType, int]
    rules: dict[str, str]


# --- schema ----------------------------------------------------------------------------------
_INT: dict[str, Any] = {"type": "integer"}
_STR: dict[str, Any] = {"type": "string"}
_NUM = {"type": "string", "pattern": _NUMBER.pattern,
        "description": "a number written as a string: '3', '½', '4½' or '1/5'"}
_CELL = {"type": "string", "pattern": r"^([1-7][1-6](-[1-7][1-6])?|-)$",
         "description": "a d66 range such as '11-56' or '41', or '-'"}
_COLS = {"type": "array", "minItems": 16, "maxItems": 16}
_RULE = {"rule": _STR}
_SCHEMA = obj({
    "fcrt": obj({
        "headings": obj({"artillery": {**_COLS, "items": _NUM},
                          "small_arms": {**_COLS, "items": _NUM}}),
        "artillery_fp_per_small_arms_fp": {"type": "integer", "minimum": 1},
        "rows": {"type": "array", "minItems": 1, "items": obj({
            "result": _STR, "steps": {"type": "integer", "minimum": 0},
            "morale": {"enum": [m.value for m in MoraleCheck]}, "cells": {**_COLS, "items": _CELL},
        })},
        "officer": {**_COLS, "items": _CELL},
    }),
    "modifiers": obj({
        "density": obj({"standard_sps": _INT, "per_sp_under": _INT, "per_sp_over": _INT,
                         "artillery_personnel_weight": _INT, **_RULE}),
        "firer_moved": obj({"moved": _INT, "charge_half_moved": _INT, **_RULE}),
        "target_movement": obj({"regular_charge": _INT, "immediate_charge": _INT,
                                 "auto_victory_half_moved": _INT, "auto_victory_moved": _INT,
                                 **_RULE}),
        "exhaustion": obj({"levels": {"type": "array", "minItems": 1,
                                       "items": obj({"from": _INT, "drm": _INT})}, **_RULE}),
        "target_type": obj({"mounted_or_limbered": _INT,
                             "dismounted_or_artillery_under_cover": _INT,
                             "us_sharpshooter_under_cover": _INT, **_RULE}),
        "above_top_column": obj({"per_fp": _NUM, "drm": _INT, **_RULE}),
        "artillery_under_first_column": obj({"per_fp": _NUM, "drm": _INT, **_RULE}),
        "officer_bonus": obj(_RULE),
        "target_officer": obj({"drm": _INT, "sharpshooter_drm": _INT, **_RULE}),
        "sun": obj({"dawn": _INT, "dusk_facing_nw_or_w": _INT, "dusk": _INT, "twilight": _INT,
                     **_RULE}),
    }),
    "fire_points": obj({
        "enfilade": obj({"front": _NUM, "partial": _NUM, "full": _NUM, **_RULE}),
        "column_share": obj({"fraction": _NUM, **_RULE}),
        "road_column_fires": obj({"fires": {"type": "boolean"}, **_RULE}),
        "square_target": obj({"factor": _NUM, **_RULE}),
        "general_order_target": obj({"factor": _NUM, **_RULE}),
        "shaken_firer": obj({"fraction": _NUM, **_RULE}),
        "shaken_target": obj(_RULE),
        "routed_target": obj({"factor": _NUM, **_RULE}),
        "routed_firer_fires": obj({"fires": {"type": "boolean"}, **_RULE}),
        "horse_holders": obj(_RULE),
        "small_arms_minimum": obj({"fp": _NUM, **_RULE}),
        "artillery_under_first_column": obj(_RULE),
        "majority": obj(_RULE),
        "artillery_vs_personnel": obj({
            "factor": _NUM, "min_range": _INT,
            "max_range": obj({g.value: _INT for g in GunType},
                              optional=tuple(g.value for g in GunType)), **_RULE}),
    }),
})


def _span(cell: str) -> tuple[int, int] | None:
    """'11-56' -> (0, 27) as d66 indices; '-' -> None. Raises ValueError for a non-d66 value."""
    if cell == "-":
        return None
    match = _RANGE.match(cell)
    if match is None:
        raise ValueError(f"'{cell}' is not a d66 range")
    low = D66.of(int(match[1])).index
    return low, D66.of(int(match[2] or match[1])).index


def _cells(doc: YamlDocument, path: tuple[str | int, ...], cells: list[str],
           problems: list[Problem]) -> list[tuple[int, int] | None]:
    """The d66 spans of a row of cells; a malformed cell is reported and read as None."""
    out: list[tuple[int, int] | None] = []
    for c, cell in enumerate(cells):
        try:
            out.append(_span(cell))
        except ValueError as exc:
            problems.append(doc.problem((*path, c), str(exc)))
            out.append(None)
    return out


def _rows(doc: YamlDocument, data: list[dict[str, Any]], problems: list[Problem]
          ) -> tuple[list[Row], list[list[tuple[int, int] | None]]]:
    rows, spans = [], []
    for r, row in enumerate(data):
        cells = _cells(doc, ("fcrt", "rows", r, "cells"), row["cells"], problems)
        spans.append(cells)
        rows.append(Row(row["result"], row["steps"], MoraleCheck(row["morale"]), tuple(cells)))
    return rows, spans


def _check_columns(doc: YamlDocument, spans: list[list[tuple[int, int] | None]],
                   printed: tuple[str, ...], problems: list[Problem]) -> None:
    """Each column's ranges run on from 11 to 76 with no gap or overlap."""
    for c in range(16):
        expected = 0
        for r, cells in enumerate(spans):
            span = cells[c]
            if span is None:
                continue
            if span[0] != expected or span[1] < span[0]:
                problems.append(doc.problem(("fcrt", "rows", r, "cells", c),
                                            f"column {c + 1} ({printed[c]}): this "
                                            f"range should start at {D66(expected)}"))
            expected = span[1] + 1
        if expected != D66.of(76).index + 1:
            problems.append(doc.problem(("fcrt", "rows"), f"column {c + 1} "
                                        f"({printed[c]}) does not reach 76"))


def _officer(doc: YamlDocument, cells: list[str], problems: list[Problem]
             ) -> list[tuple[int, int]]:
    spans = _cells(doc, ("fcrt", "officer"), cells, problems)
    return [span or (1, 0) for span in spans]


class FireTables:
    """The FCRT, the dice-roll modifier figures and the fire-point effects."""

    def __init__(self, source: str | Path | None = None) -> None:
        doc = read_rules_data("fire.yaml", _SCHEMA, source)
        problems: list[Problem] = []
        fcrt = doc.data["fcrt"]
        self.headings = {art: tuple(map(parse_figure, fcrt["headings"][key]))
                         for art, key in ((True, "artillery"), (False, "small_arms"))}
        self.printed = {art: tuple(fcrt["headings"][key])
                        for art, key in ((True, "artillery"), (False, "small_arms"))}
        self.artillery_per_small_arms: int = fcrt["artillery_fp_per_small_arms_fp"]
        for art, key in ((True, "artillery"), (False, "small_arms")):
            values = self.headings[art]
            if any(b <= a for a, b in pairwise(values)):
                problems.append(doc.problem(("fcrt", "headings", key), "headings must rise"))
        rows, spans = _rows(doc, fcrt["rows"], problems)
        self.rows = tuple(rows)
        _check_columns(doc, spans, self.printed[False], problems)
        self.officer = _officer(doc, fcrt["officer"], problems)
        if problems:
            raise DataError(sorted(problems, key=lambda p: p.line))
        self.modifiers = _modifiers(doc.data["modifiers"])
        self.effects = _effects(doc.data["fire_points"])

    # --- the FCRT --------------------------------------------------------------------------
    def column(self, fp: Fraction, artillery: bool, sharpshooter_at_officer: bool = False
               ) -> Column:
        fp = Fraction(fp)
        headings, printed = self.headings[artillery], self.printed[artillery]
        index = max((i for i, h in enumerate(headings) if h <= fp), default=-1)
        mods = self.modifiers
        if index < 0:
            if not artillery:
                return Column(0, printed[0], False, fp, no_effect=True,
                              sharpshooter_at_officer=sharpshooter_at_officer)
            short = math.floor((headings[0] - fp) / mods.artillery_under_per)
            under = Term(f"{show(fp)} artillery FP: {mods.artillery_under_drm} per "
                        f"{show(mods.artillery_under_per)} FP under {printed[0]}",
                        short * mods.artillery_under_drm, mods.rules["artillery_under"])
            return Column(0, printed[0], True, fp, under if short else None)
        top = headings[-1]
        over = math.floor((fp - top) / mods.above_top_per) if fp > top else 0
        above = None
        if over:
            above = Term(f"{show(fp)} FP: +{mods.above_top_drm} per {show(mods.above_top_per)} "
                        f"FP above {printed[-1]}", over * mods.above_top_drm,
                        mods.rules["above_top"])
        return Column(index, printed[index], artillery, fp, above)

    def result(self, column: Column, modified: D66) -> FireResult:
        roll = modified.value
        if column.no_effect or roll is None:
            return FireResult("NE", 0, MoraleCheck.NONE, roll, column)
        index = D66.of(roll).index
        for row in self.rows:
            span = row.cells[column.index]
            if span is not None and span[0] <= index <= span[1]:
                return FireResult(row.result, row.steps, row.morale, roll, column)
        raise AssertionError("the loader checked that every column covers 11..76")

    def officer_hit(self, column: Column, unmodified_roll: int) -> bool:
        if column.no_effect:
            return column.sharpshooter_at_officer and unmodified_roll == 66
        low, high = self.officer[column.index]
        return low <= D66.of(unmodified_roll).index <= high


def _modifiers(data: dict[str, Any]) -> Modifiers:
    d, fm, tt = data["density"], data["firer_moved"], data["target_type"]
    top, under, officer = (data["above_top_column"], data["artillery_under_first_column"],
                           data["target_officer"])
    rules = {"density": d["rule"], "moved": fm["rule"], "target_movement":
             data["target_movement"]["rule"], "exhaustion": data["exhaustion"]["rule"],
             "target_type": tt["rule"], "above_top": top["rule"], "artillery_under": under["rule"],
             "officer_bonus": data["officer_bonus"]["rule"], "target_officer": officer["rule"],
             "sun": data["sun"]["rule"]}
    return Modifiers(
        d["standard_sps"], d["per_sp_under"], d["per_sp_over"], d["artillery_personnel_weight"],
        fm["moved"], fm["charge_half_moved"],
        {k: v for k, v in data["target_movement"].items() if k != "rule"},
        tuple(sorted((x["from"], x["drm"]) for x in data["exhaustion"]["levels"])),
        {k: v for k, v in tt.items() if k != "rule"},
        parse_figure(top["per_fp"]), top["drm"], parse_figure(under["per_fp"]), under["drm"],
        officer["drm"], officer["sharpshooter_drm"],
        {k: v for k, v in data["sun"].items() if k != "rule"}, rules)


def _effects(data: dict[str, Any]) -> FirePointEffects:
    art = data["artillery_vs_personnel"]
    return FirePointEffects(
        enfilade={k: parse_figure(v) for k, v in data["enfilade"].items() if k != "rule"},
        column_share=parse_figure(data["column_share"]["fraction"]),
        road_column_fires=data["road_column_fires"]["fires"],
        square_target=parse_figure(data["square_target"]["factor"]),
        general_order_target=parse_figure(data["general_order_target"]["factor"]),
        shaken_firer=parse_figure(data["shaken_firer"]["fraction"]),
        routed_target=parse_figure(data["routed_target"]["factor"]),
        routed_firer_fires=data["routed_firer_fires"]["fires"],
        small_arms_minimum=parse_figure(data["small_arms_minimum"]["fp"]),
        artillery_factor=parse_figure(art["factor"]), artillery_min_range=art["min_range"],
        artillery_max_range={GunType(k): v for k, v in art["max_range"].items()},
        rules={k: v["rule"] for k, v in data.items()},
    )


@cache
def fire_tables() -> FireTables:
    """The packaged fire tables, read once."""
    return FireTables()


def fcrt_column(fp: Fraction, artillery: bool, sharpshooter_at_officer: bool = False) -> Column:
    """The highest column whose heading is not above `fp`, on the artillery or small-arms row.

    Small arms or canister under the first heading (½) have no effect (6.0 step 7) unless
    sharpshooters fire at an officer; guns under the first heading (2) use the first column with
    -1 per ½ FP short (6.57). Beyond the last heading the last column gains +1 per 3 FP over it.
    The column's `modifier` is that dice-roll term, or None.
    """
    return fire_tables().column(fp, artillery, sharpshooter_at_officer)


def fcrt_result(column: Column, modified: D66) -> FireResult:
    """The result of a modified roll on `column`: below 11 no effect, above 76 read as 76."""
    return fire_tables().result(column, modified)


def officer_hit(column: Column, unmodified_roll: int) -> bool:
    """Whether an officer in the target hex is incapacitated by this unmodified roll."""
    return fire_tables().officer_hit(column, unmodified_roll)
