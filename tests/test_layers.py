"""The layer rule: gameapp.core, gameapp.ai and gameapp.present never load PySide6 (DESIGN.md)."""

import pkgutil
import subprocess
import sys

import gameapp.ai
import gameapp.core
import gameapp.present


def _all_modules(package: object) -> list[str]:
    path = package.__path__  # type: ignore[attr-defined]
    prefix = package.__name__ + "."  # type: ignore[attr-defined]
    return [m.name for m in pkgutil.walk_packages(path, prefix)]


def test_core_and_ai_import_no_qt() -> None:
    modules = (_all_modules(gameapp.core) + _all_modules(gameapp.ai)
               + _all_modules(gameapp.present))
    assert "gameapp.core.hexgrid" in modules
    assert "gameapp.present.fire_text" in modules
    script = (
        "import importlib, sys\n"
        f"for name in {modules!r}:\n"
        "    importlib.import_module(name)\n"
        "print(sorted(m for m in sys.modules if m.split('.')[0] in ('PySide6', 'shiboken6')))\n"
    )
    result = subprocess.run(
        [sys.executable, "-c", script], capture_output=True, text=True, check=True
    )
    assert result.stdout.strip() == "[]", f"Qt loaded by core/ai/present: {result.stdout}"
