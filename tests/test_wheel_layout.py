"""The wheel carries maps/, counters/ and scenarios/ as gameapp/_data/, and a program installed
from it finds them there: a wheel built by the in-tree backend (packaging/rc_build_backend.py),
unpacked as an installer would, runs the self-test."""

from __future__ import annotations

import importlib.util
import os
import shutil
import subprocess
import sys
import zipfile
from pathlib import Path
from types import ModuleType

import pytest

ROOT = Path(__file__).resolve().parent.parent
SOURCES = ("pyproject.toml", "README.md", "packaging", "gameapp", "maps", "counters", "scenarios",
           "docs/how-to-play.md", "docs/rules.md")  # the Help menu's pages


def backend() -> ModuleType:
    spec = importlib.util.spec_from_file_location(
        "rc_build_backend", ROOT / "packaging" / "rc_build_backend.py"
    )
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


@pytest.fixture(scope="module")
def wheel(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A wheel built from a copy of the tree (the build writes build/ and *.egg-info/ where it
    runs), through the backend's PEP 517 hook, without build isolation."""
    tree = tmp_path_factory.mktemp("tree")
    ignore = shutil.ignore_patterns("__pycache__", "*.pyc", "_data", "*.egg-info")
    for name in SOURCES:
        source = ROOT / name
        if source.is_dir():
            shutil.copytree(source, tree / name, ignore=ignore)
        else:
            (tree / name).parent.mkdir(parents=True, exist_ok=True)
            shutil.copy2(source, tree / name)
    out = tree / "dist"
    script = ("import sys; sys.path.insert(0, 'packaging'); import rc_build_backend as b; "
              f"print(b.build_wheel({str(out)!r}))")
    done = subprocess.run([sys.executable, "-c", script], cwd=tree, capture_output=True,
                          text=True, timeout=300)
    assert done.returncode == 0, done.stderr[-3000:]
    return out / done.stdout.strip().splitlines()[-1]


def test_the_wheel_holds_the_data_under_gameapp_data(wheel: Path) -> None:
    names = set(zipfile.ZipFile(wheel).namelist())
    expected = {f"gameapp/_data/{name}" for name in backend().game_data_files(ROOT)}
    assert {"gameapp/_data/scenarios/demo.yaml", "gameapp/_data/maps/demo.yaml",
            "gameapp/_data/counters/demo.yaml"} <= expected
    assert expected <= names
    assert "gameapp/core/schemas/scenario.schema.json" in names
    assert {"gameapp/_data/docs/rules.md", "gameapp/_data/docs/how-to-play.md"} <= names
    assert any(n.startswith("gameapp/core/rules/data/") and n.endswith(".yaml") for n in names)
    assert not any(n.startswith(("maps/", "scenarios/", "counters/")) for n in names)


def test_an_installed_wheel_runs_the_self_test_from_its_package_data(
    wheel: Path, tmp_path: Path
) -> None:
    site = tmp_path / "site-packages"
    zipfile.ZipFile(wheel).extractall(site)
    env = {k: v for k, v in os.environ.items() if k != "QT_QPA_PLATFORM"}
    env["PYTHONPATH"] = str(site)  # ahead of the checkout's editable install
    done = subprocess.run([sys.executable, "-m", "gameapp", "--self-test"], cwd=tmp_path,
                          env=env, capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, done.stdout + done.stderr
    first = done.stdout.splitlines()[0]
    assert f"from {site / 'gameapp' / '_data'} (installed package)" in first


def test_hidden_files_and_caches_stay_out(tmp_path: Path) -> None:
    for kind in ("maps", "counters", "scenarios"):
        (tmp_path / kind).mkdir()
    (tmp_path / "maps" / "a.yaml").write_text("x")
    (tmp_path / "maps" / ".a.yaml.swp").write_text("x")
    (tmp_path / "maps" / "b.yaml~").write_text("x")
    (tmp_path / "scenarios" / "__pycache__").mkdir()
    (tmp_path / "scenarios" / "__pycache__" / "c.pyc").write_text("x")
    (tmp_path / "counters" / "sub").mkdir()
    (tmp_path / "counters" / "sub" / "d.yaml").write_text("x")
    assert backend().game_data_files(tmp_path) == ["maps/a.yaml", "counters/sub/d.yaml"]
