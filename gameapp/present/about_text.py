"""Help > About: the program's version and licence, and each library it runs on with the version
installed and the licence that library declares (read from its installed metadata, never typed
in here). Pure Python: the window adds Qt's own version."""

from __future__ import annotations

import re
from dataclasses import dataclass
from importlib import metadata

DISTRIBUTION = "rally-and-charge"
MAP_DATA_NOTE = (
    "The theatre maps contain GeoNames data (geonames.org), CC BY 4.0; shorelines from GSHHG "
    "(Wessel and Smith), LGPL 3.0 or later; rivers and boundaries from CIA World Data Bank II "
    "and relief from ETOPO1 (NOAA NGDC), public domain (maps/theatre_SOURCES.md)."
)


@dataclass(frozen=True)
class Component:
    name: str
    version: str
    licence: str


def licence_of(meta: metadata.PackageMetadata) -> str:
    """A distribution's licence: its SPDX expression, else its short License field, else its
    licence classifiers, else "not stated"."""
    expression = _field(meta, "License-Expression")
    if expression:
        return expression
    text = _field(meta, "License").strip()
    if text and len(text) <= 80 and "\n" not in text:
        return text
    classifiers = [c.split(" :: ")[-1] for c in meta.get_all("Classifier") or []
                   if c.startswith("License ::")]
    return ", ".join(classifiers) or "not stated"


def program() -> Component:
    """This program: its version and licence (from its own metadata when installed)."""
    try:
        meta = metadata.metadata(DISTRIBUTION)
    except metadata.PackageNotFoundError:  # run from a tree never installed
        return Component("Rally & Charge", "unknown (not installed)", "MIT")
    return Component("Rally & Charge", _field(meta, "Version"), licence_of(meta))


def libraries() -> list[Component]:
    """The libraries the program requires to run (not its test or build extras)."""
    try:
        requires = metadata.requires(DISTRIBUTION) or []
    except metadata.PackageNotFoundError:
        return []
    found = []
    for requirement in requires:
        if "extra ==" in requirement:
            continue
        name = re.split(r"[\s<>=!~;\[]", requirement, maxsplit=1)[0]
        try:
            meta = metadata.metadata(name)
        except metadata.PackageNotFoundError:
            found.append(Component(name, "not installed", ""))
            continue
        found.append(Component(_field(meta, "Name") or name, _field(meta, "Version"),
                               licence_of(meta)))
    return found


def _field(meta: metadata.PackageMetadata, key: str) -> str:
    return str(meta[key]) if key in meta else ""
