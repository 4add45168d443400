"""Write a theatre map as YAML text, deterministically: fixed key order, coordinates rounded to
0.001 hex unit and wrapped at 100 columns, strings double-quoted where YAML needs it."""

from __future__ import annotations

import hashlib
import json
from typing import Any

WIDTH = 100


def scalar(value: Any) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, int | float):
        return repr(value)
    text = str(value)
    plain = text and text[0].isalpha() and not any(c in text for c in ":#'\"{}[],&*!|>%@`")
    if plain and text.lower() not in ("yes", "no", "true", "false", "null", "on", "off"):
        return text
    return json.dumps(text, ensure_ascii=False)


def flow(value: Any) -> str:
    if isinstance(value, list):
        return "[" + ", ".join(flow(v) for v in value) + "]"
    return scalar(value)


def wrapped(key: str, value: list[Any], indent: int) -> list[str]:
    """`key: [a, b, ...]` broken into lines of at most WIDTH columns."""
    items = [flow(v) for v in value]
    lines, current = [], " " * indent + f"{key}: ["
    pad = " " * (indent + len(key) + 3)
    for i, item in enumerate(items):
        piece = item + ("]" if i == len(items) - 1 else ",")
        if len(current) + len(piece) + 1 > WIDTH and not current.endswith("["):
            lines.append(current)
            current = pad + piece
        else:
            current += ("" if current.endswith("[") else " ") + piece
    if not items:
        current += "]"
    lines.append(current)
    return lines


def mapping(data: dict[str, Any], indent: int, first_prefix: str = "") -> list[str]:
    lines: list[str] = []
    for i, (key, value) in enumerate(data.items()):
        lead = first_prefix if i == 0 and first_prefix else " " * indent
        if isinstance(value, dict):
            lines.append(f"{lead}{key}:")
            lines += mapping(value, indent + 2)
        elif isinstance(value, list) and value and isinstance(value[0], dict):
            lines.append(f"{lead}{key}:")
            for item in value:
                lines += mapping(item, indent + 4, " " * (indent + 2) + "- ")
        elif isinstance(value, list):
            text = wrapped(key, value, indent)
            text[0] = lead + text[0].lstrip()
            lines += text
        else:
            lines.append(f"{lead}{key}: {scalar(value)}")
    return lines


CHECKSUM = "sha256 of the lines below: "


def document(header: list[str], data: dict[str, Any]) -> str:
    """The file: the header as comments, a checksum line over the body, then the body. A hand
    edit of the body no longer matches the checksum (tests/core/test_theatre_files.py)."""
    body = "\n".join(mapping(data, 0)) + "\n"
    digest = hashlib.sha256(body.encode("utf-8")).hexdigest()
    lines = [*(f"# {h}".rstrip() for h in header if not h.startswith(CHECKSUM))]
    return "\n".join([*lines, f"# {CHECKSUM}{digest}"]) + "\n" + body


def checksum_holds(text: str) -> bool:
    """Whether a written file's body still matches its checksum line."""
    head, _, body = text.partition(f"# {CHECKSUM}")
    digest, _, body = body.partition("\n")
    return bool(head) and hashlib.sha256(body.encode("utf-8")).hexdigest() == digest
