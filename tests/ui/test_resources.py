"""The compiled icon resources must match the icons: regenerate them with
`.venv/bin/python scripts/compile_resources.py` after editing an icon or resources.qrc.

rcc runs with `--format-version 1 --no-compress` (see the script): later formats embed each
file's modification time, and compression depends on the zlib/zstd build, so only these options
make the output a pure function of the icons and comparable byte for byte."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path
from types import ModuleType

from PySide6.QtGui import QIcon
from pytestqt.qtbot import QtBot

ROOT = Path(__file__).resolve().parents[2]
# A fresh git checkout writes files in no particular order within a second or two; a compiled
# file older than that against an icon means someone edited the icon after compiling.
CHECKOUT_SLACK_SECONDS = 5.0


def _script() -> ModuleType:
    spec = importlib.util.spec_from_file_location(
        "compile_resources", ROOT / "scripts" / "compile_resources.py"
    )
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules.setdefault("compile_resources", module)
    spec.loader.exec_module(module)
    return module


def test_compiled_file_is_not_older_than_its_sources() -> None:
    script = _script()
    compiled = script.OUTPUT.stat().st_mtime
    sources = [*script.listed_files(), script.QRC]
    stale = [p.name for p in sources if p.stat().st_mtime > compiled + CHECKOUT_SLACK_SECONDS]
    assert not stale, f"{stale} changed after resources_rc.py was compiled; run the script"


def test_compiled_file_matches_a_fresh_compile(tmp_path: Path) -> None:
    script = _script()
    fresh = tmp_path / "resources_rc.py"
    script.compile_resources(fresh)
    assert fresh.read_bytes() == script.OUTPUT.read_bytes(), (
        "gameapp/ui/resources_rc.py is out of date; run scripts/compile_resources.py"
    )


def test_every_listed_icon_loads(qtbot: QtBot) -> None:
    import gameapp.ui.resources_rc  # noqa: F401

    for path in _script().listed_files():
        icon = QIcon(f":/{path.relative_to(ROOT).as_posix()}")
        assert not icon.pixmap(24, 24).isNull(), path.name
