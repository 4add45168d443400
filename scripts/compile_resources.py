"""Regenerate gameapp/ui/resources_rc.py from resources.qrc (the icons) with pyside6-rcc.

    .venv/bin/python scripts/compile_resources.py

The options make the output a pure function of the icon files, so the committed file can be
checked against a fresh compile (tests/ui/test_resources.py):
- `--format-version 1`: later formats store each file's modification time in the resource tree,
  which a git checkout changes, so the same icons would compile to different bytes;
- `--no-compress`: the output then does not depend on the zlib/zstd build, and the SVGs are tiny.
"""

from __future__ import annotations

import shutil
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
QRC = ROOT / "resources.qrc"
OUTPUT = ROOT / "gameapp" / "ui" / "resources_rc.py"
RCC_OPTIONS = ("-g", "python", "--format-version", "1", "--no-compress")


def rcc_command() -> list[str]:
    """pyside6-rcc from the running interpreter's environment, else from PATH."""
    beside = Path(sys.executable).with_name("pyside6-rcc")
    exe = str(beside) if beside.exists() else shutil.which("pyside6-rcc")
    if exe is None:
        raise FileNotFoundError("pyside6-rcc not found; install PySide6-Essentials")
    return [exe]


def compile_resources(output: Path = OUTPUT) -> None:
    """Run rcc in the repository root (paths in the .qrc are relative to it)."""
    subprocess.run(
        [*rcc_command(), *RCC_OPTIONS, QRC.name, "-o", str(output)], cwd=ROOT, check=True
    )


def listed_files() -> list[Path]:
    """Every file resources.qrc lists, as absolute paths."""
    result = subprocess.run(
        [*rcc_command(), "--list", QRC.name], cwd=ROOT, check=True, capture_output=True, text=True
    )
    return [ROOT / line.strip() for line in result.stdout.splitlines() if line.strip()]


if __name__ == "__main__":
    compile_resources()
    print(f"wrote {OUTPUT.relative_to(ROOT)}")
