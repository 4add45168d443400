"""`gameapp --self-test`: passes on the source tree, and fails with a clear message."""

from __future__ import annotations

import io
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from gameapp import paths
from gameapp.paths import DATA_KINDS, DataLocation, Layout
from gameapp.selftest import run_self_test

ROOT = Path(__file__).resolve().parent.parent


def test_the_self_test_passes_on_the_source_tree(tmp_path: Path) -> None:
    env = {k: v for k, v in os.environ.items() if k != "QT_QPA_PLATFORM"}  # it picks offscreen
    done = subprocess.run([sys.executable, "-m", "gameapp", "--self-test"], capture_output=True,
                          text=True, cwd=ROOT, env=env, timeout=300)
    assert done.returncode == 0, done.stderr
    lines = done.stdout.splitlines()
    assert [line.split(" ", 2)[1] for line in lines] == ["1/4", "2/4", "3/4", "4/4"]
    assert all(" ok" in line for line in lines)
    assert f"from {ROOT} (checkout)" in lines[0] and "demo.yaml" in lines[0]
    assert "played one turn" in lines[1]
    assert "on Qt platform 'offscreen'" in lines[2]
    assert done.stderr == ""


def _data_in(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """The shipped maps and counters, and the demo as the only scenario, under tmp_path."""
    root = tmp_path / "data"
    for kind in DATA_KINDS:
        shutil.copytree(ROOT / kind, root / kind)
    for scenario in (root / "scenarios").glob("*.yaml"):
        if scenario.name != "demo.yaml":
            scenario.unlink()
    monkeypatch.setattr(paths, "data_location", lambda: DataLocation(root, Layout.PACKAGE))
    return root


def test_no_scenarios_is_a_failure(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    root = _data_in(tmp_path, monkeypatch)
    for scenario in (root / "scenarios").glob("*.yaml"):
        scenario.unlink()
    out, err = io.StringIO(), io.StringIO()
    assert run_self_test(out, err) == 1
    assert out.getvalue() == ""
    assert err.getvalue() == (f"self-test 1/4 FAILED (load every shipped scenario): "
                              f"no scenario files (*.yaml) in {root / 'scenarios'}\n")


def test_a_broken_scenario_is_reported_with_its_file_and_line(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    root = _data_in(tmp_path, monkeypatch)
    broken = root / "scenarios" / "broken.yaml"
    broken.write_text((root / "scenarios" / "demo.yaml").read_text()
                      .replace("map: ../maps/demo.yaml", "map: ../maps/missing.yaml"))
    err = io.StringIO()
    assert run_self_test(io.StringIO(), err) == 1
    first = err.getvalue().splitlines()[0]
    assert first.startswith("self-test 1/4 FAILED (load every shipped scenario): ")
    assert f"{broken}:" in first and "Traceback" not in err.getvalue()


def test_an_unexpected_error_names_the_step_and_shows_the_traceback(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    _data_in(tmp_path, monkeypatch)

    def explode(*args: object, **kwargs: object) -> None:
        raise ZeroDivisionError("boom")

    monkeypatch.setattr("gameapp.selftest.play_one_turn", explode)
    out, err = io.StringIO(), io.StringIO()
    assert run_self_test(out, err) == 1
    assert out.getvalue().startswith("self-test 1/4 ok")
    lines = err.getvalue().splitlines()
    assert lines[0] == ("self-test 2/4 FAILED (play one turn headless, demo.yaml): unexpected "
                        "ZeroDivisionError: boom")
    assert lines[1].startswith("Traceback")
