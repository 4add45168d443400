"""The layer rules (DESIGN.md): nothing below the ui loads PySide6, and each part of the package
imports only the parts below it.

The import direction is checked on the source with `ast` rather than with import-linter: the
rule is a dozen lines, it sees imports inside functions and under TYPE_CHECKING alike, and the
same checker runs on a synthetic tree to show that an upward import fails.
"""

import ast
import importlib
import importlib.util
import pkgutil
import subprocess
import sys
from pathlib import Path

import gameapp
import gameapp.ai
import gameapp.core
import gameapp.editor


def _all_modules(package: object) -> list[str]:
    path = package.__path__  # type: ignore[attr-defined]
    prefix = package.__name__ + "."  # type: ignore[attr-defined]
    return [m.name for m in pkgutil.walk_packages(path, prefix)]


def test_core_ai_editor_and_present_import_no_qt() -> None:
    packages = [gameapp.core, gameapp.ai, gameapp.editor]
    if importlib.util.find_spec("gameapp.present") is not None:  # the view-models, when moved
        packages.append(importlib.import_module("gameapp.present"))
    modules = [name for package in packages for name in _all_modules(package)]
    assert "gameapp.core.hexgrid" in modules
    script = (
        "import importlib, sys\n"
        f"for name in {modules!r}:\n"
        "    importlib.import_module(name)\n"
        "print(sorted(m for m in sys.modules if m.split('.')[0] in ('PySide6', 'shiboken6')))\n"
    )
    result = subprocess.run(
        [sys.executable, "-c", script], capture_output=True, text=True, check=True
    )
    assert result.stdout.strip() == "[]", f"Qt loaded below the ui: {result.stdout}"


# --- the import direction -------------------------------------------------------------------
# Each part of the package may import only the parts listed (and itself). Parts not listed
# (cli, headless, selftest, __main__) sit on top and may import anything. `present` is the
# Qt-free view-model package: like ai and editor it stands on core alone.
ALLOWED: dict[str, frozenset[str]] = {
    "core": frozenset({"paths"}),  # where the program's own data folders are (confinement)
    "paths": frozenset(),
    "ai": frozenset({"core"}),
    "editor": frozenset({"core"}),
    "present": frozenset({"core"}),
    "ui": frozenset({"core", "ai", "editor", "present", "paths"}),
}


def _imported(tree: ast.Module, module: str, is_package: bool) -> list[tuple[int, str]]:
    """(line, absolute module name) of every import in a module, relative ones resolved."""
    package = module if is_package else module.rpartition(".")[0]
    found = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            found += [(node.lineno, alias.name) for alias in node.names]
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = package.split(".")[:len(package.split(".")) - node.level + 1]
                name = ".".join([*base, node.module] if node.module else base)
            else:
                name = node.module or ""
            # `from gameapp import paths` imports the part named after the dot
            found += [(node.lineno, f"{name}.{alias.name}") for alias in node.names]
    return found


def layer_violations(root: Path, package: str = "gameapp") -> list[str]:
    """'file:line part imports other' for every import against ALLOWED under `root/package`."""
    problems = []
    for path in sorted((root / package).rglob("*.py")):
        rel = path.relative_to(root).with_suffix("").parts
        is_package = rel[-1] == "__init__"
        module = ".".join(rel[:-1] if is_package else rel)
        part = module.split(".")[1] if "." in module else ""
        if part not in ALLOWED:
            continue
        tree = ast.parse(path.read_text(encoding="utf-8"), str(path))
        for line, name in _imported(tree, module, is_package):
            pieces = name.split(".")
            if pieces[0] != package or len(pieces) < 2:
                continue
            other = pieces[1]
            if other != part and other not in ALLOWED[part]:
                problems.append(f"{path.relative_to(root)}:{line} {part} imports {other}")
    return problems


def test_each_layer_imports_only_the_layers_below_it() -> None:
    root = Path(gameapp.__file__).parent.parent
    assert layer_violations(root) == []


def _tree(tmp_path: Path, files: dict[str, str]) -> Path:
    for name, text in {"gameapp/__init__.py": "", **files}.items():
        path = tmp_path / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")
    return tmp_path


def test_an_upward_import_is_caught(tmp_path: Path) -> None:
    root = _tree(tmp_path, {
        "gameapp/core/__init__.py": "",
        "gameapp/core/engine.py": "from gameapp.core import rules\nimport gameapp.ui.window\n",
        "gameapp/ai/__init__.py": "",
        "gameapp/ai/bot.py": "from gameapp.core import engine\n\ndef f():\n"
                             "    from ..ui import board\n",
        "gameapp/present/__init__.py": "",
        "gameapp/present/words.py": "from gameapp import ai\nfrom gameapp.editor.doc import D\n",
        "gameapp/ui/__init__.py": "",
        "gameapp/ui/window.py": "from gameapp.present import words\nfrom gameapp import paths\n"
                                "from gameapp.cli import main\n",
        "gameapp/cli.py": "from gameapp.ui import window\n",
    })
    assert layer_violations(root) == [
        "gameapp/ai/bot.py:4 ai imports ui",
        "gameapp/core/engine.py:2 core imports ui",
        "gameapp/present/words.py:1 present imports ai",
        "gameapp/present/words.py:2 present imports editor",
        "gameapp/ui/window.py:3 ui imports cli",
    ]
