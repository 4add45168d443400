"""gameapp.present sits beside ai and editor: it imports gameapp.core only. And the command line
(gameapp render, run, validate, the self-test) takes from gameapp.ui only Qt drawing: the
view-models and words it prints come from gameapp.present."""

from __future__ import annotations

import ast
import pkgutil
import subprocess
import sys
from pathlib import Path

import gameapp.present

ROOT = Path(gameapp.present.__file__).parent.parent
COMMAND_LINE = ("cli.py", "headless.py", "selftest.py", "ui/render.py")


def test_present_loads_no_other_layer() -> None:
    names = [m.name for m in pkgutil.walk_packages(gameapp.present.__path__, "gameapp.present.")]
    assert "gameapp.present.moves" in names
    script = (
        "import importlib, sys\n"
        f"for name in {names!r}:\n"
        "    importlib.import_module(name)\n"
        "print(sorted(m for m in sys.modules if m.split('.')[:2] in (['gameapp', 'ui'], "
        "['gameapp', 'ai'], ['gameapp', 'editor']) or m.split('.')[0] == 'PySide6'))\n"
    )
    result = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True,
                            check=True)
    assert result.stdout.strip() == "[]", f"gameapp.present loaded: {result.stdout}"


def _ui_imports(path: Path) -> set[str]:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    found = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom) and node.module:
            if node.module.startswith("gameapp.ui."):
                found.add(node.module)
            elif node.module == "gameapp.ui":
                found |= {f"gameapp.ui.{alias.name}" for alias in node.names}
        elif isinstance(node, ast.Import):
            found |= {a.name for a in node.names if a.name.startswith("gameapp.ui.")}
    return found


def _source(module: str) -> Path:
    base = ROOT.joinpath(*module.split(".")[1:])
    return base / "__init__.py" if base.is_dir() else base.with_suffix(".py")


def test_the_command_line_takes_only_qt_drawing_from_ui() -> None:
    taken = {name: _ui_imports(ROOT / name) for name in COMMAND_LINE}
    assert "gameapp.ui.render" in taken["cli.py"]
    not_qt = {f"{name}: {module}" for name, modules in taken.items() for module in modules
              if "PySide6" not in _source(module).read_text(encoding="utf-8")}
    assert not not_qt, f"Qt-free modules the command line takes from gameapp.ui: {not_qt}"
