"""Recognise which kind of data file a YAML file is, and load it with the right loader."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

from gameapp.core.yamlsource import DataError, Problem, YamlDocument, load_yaml

KINDS = {"scenario": "scenarios", "map": "maps", "counters": "counters"}
# fields only a theatre map has: with one of them and no `chart:`, the line was lost, and the
# theatre schema says so instead of a battle map's schema refusing every theatre field
THEATRE_ONLY = frozenset({"places", "railroads", "fit", "closed_waters", "borders"})
SCHEMA_HINT = re.compile(r"\$schema=\S*?(scenario|map|counters)\.schema\.json")


def kind_of(path: Path, hints: bool = True) -> str:
    """'scenario', 'map', 'theatre map' or 'counters', judged by the file's top-level keys (a
    map whose `chart` is strategic is a theatre map); when they do not
    tell (a key lost or indented by mistake), by the schema the file names in its first line
    comment, then by its folder (maps/, counters/, scenarios/), so its real problems are found.
    `hints` False: by the keys only."""
    return document_kind(path, hints)[0]


def document_kind(path: Path, hints: bool = True) -> tuple[str, YamlDocument]:
    """As kind_of, with the parsed document, so that it need not be read twice (a theatre map
    takes a second or more)."""
    doc = load_yaml(path)
    if not isinstance(doc.data, dict):
        raise DataError([Problem(str(path), doc.line_of(()), "expected a mapping at the top")])
    if "numbering" in doc.data:
        return "theatre map" if _is_theatre(doc.data) else "map", doc
    if "battles" in doc.data:  # the catalogue of tactical fields (core/campaign/sites.py)
        return "battle catalogue", doc
    if "setup" in doc.data or "map" in doc.data:
        return "scenario", doc
    if "sides" in doc.data or "units" in doc.data:
        return "counters", doc
    hint = SCHEMA_HINT.search(doc.text[:1000]) if hints else None
    if hint:
        return hint.group(1), doc
    for kind, folder in KINDS.items():
        if hints and Path(path).parent.name == folder:
            return kind, doc
    raise DataError(
        [Problem(str(path), 1, "not a scenario, map or counters file: no 'map', 'numbering' or "
                 "'sides' field at the top")]
    )


def _is_theatre(data: dict[str, object]) -> bool:
    chart = data.get("chart")
    return chart == "strategic" or (chart is None and not THEATRE_ONLY.isdisjoint(data))


def load_any(path: Path) -> str:
    """Load and fully validate a data file of any kind. Returns its kind; raises DataError."""
    return load_with_warnings(path)[0]


def load_with_warnings(path: Path) -> tuple[str, list[Problem]]:
    """As load_any, with the warnings of what loads but is probably a mistake (a scenario's
    counter neither placed nor arriving)."""
    kind, doc = document_kind(path)
    if kind == "map":
        from gameapp.core.mapfile import compile_map

        compile_map(doc.data, doc)
    elif kind == "theatre map":
        from gameapp.core.theatre.file import compile_theatre_data

        compile_theatre_data(doc.data, doc)
    elif kind == "battle catalogue":
        from gameapp.core.campaign.sites import check_catalogue

        check_catalogue(path)
    elif kind == "scenario":
        scenario = load_scenario_document(path, doc)
        if _ruleset_of(doc.data) == "strategic":
            return "strategic scenario", []
        return kind, list(getattr(scenario, "warnings", ()))
    else:
        from gameapp.core.counters import counters_from_document

        counters_from_document(doc)
    return kind, []


def load_scenario_document(path: Path, doc: YamlDocument) -> Any:
    """A scenario of any ruleset from its parsed document, so that it is parsed once: the
    `ruleset:` key picks the loader (an unknown one is reported by load_scenario_file)."""
    ruleset = _ruleset_of(doc.data)
    if ruleset == "strategic":
        from gameapp.core.rulesets.strategic.scenario import load_strategic

        return load_strategic(path, doc)
    if ruleset == "tactical":
        from gameapp.core.scenario import load_scenario

        return load_scenario(path, doc)
    from gameapp.core.ruleset import load_scenario_file

    return load_scenario_file(path)


def _ruleset_of(data: object) -> str:
    """The scenario's `ruleset:` (tactical when left out or not a name)."""
    ruleset = data.get("ruleset", "tactical") if isinstance(data, dict) else "tactical"
    return ruleset if isinstance(ruleset, str) else "tactical"
