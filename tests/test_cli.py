"""The `gameapp` command line: validate's exit status and file:line messages."""

import os
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from gameapp.cli import main

ROOT = Path(__file__).resolve().parent.parent
DATA = Path(__file__).resolve().parent / "data"


def test_validate_accepts_the_shipped_files(capsys: pytest.CaptureFixture[str]) -> None:
    files = [ROOT / "scenarios" / "demo.yaml", ROOT / "maps" / "demo.yaml",
             ROOT / "counters" / "demo.yaml"]
    assert main(["validate", *map(str, files)]) == 0
    out = capsys.readouterr().out
    assert "demo.yaml: ok (scenario)" in out and "ok (map)" in out and "ok (counters)" in out


def test_validate_reports_file_and_line_and_exits_1(capsys: pytest.CaptureFixture[str]) -> None:
    bad = DATA / "bad_scenarios" / "unknown_unit.yaml"
    assert main(["validate", str(bad)]) == 1
    err = capsys.readouterr().err.strip().splitlines()
    assert err == [
        f"{bad}:9: setup[1].unit: unknown unit 'CS-11': it is not in ../counters/small.yaml "
        "(did you mean 'CS-1'?)",
        f"{bad}:10: setup[2].unit: unknown unit 'Z-99': it is not in ../counters/small.yaml",
    ]


def test_validate_never_shows_a_traceback(tmp_path: Path) -> None:
    junk = tmp_path / "junk.yaml"
    junk.write_bytes(b"\x00\xff\xfe not yaml: [")
    result = subprocess.run([sys.executable, "-m", "gameapp", "validate", str(junk)],
                            capture_output=True, text=True, cwd=ROOT)
    assert result.returncode == 1
    assert "Traceback" not in result.stderr
    assert result.stderr.startswith(f"{junk}:1: ")


def test_render_reports_a_broken_scenario(capsys: pytest.CaptureFixture[str],
                                          tmp_path: Path) -> None:
    bad = DATA / "bad_scenarios" / "missing_map.yaml"
    assert main(["render", str(bad), "--png", str(tmp_path / "x.png")]) == 1
    assert capsys.readouterr().err.startswith(f"{bad}:")
    assert not (tmp_path / "x.png").exists()


def test_run_plays_headless_and_prints_the_log_and_result(
        capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["run", str(ROOT / "scenarios" / "demo.yaml"), "--seed", "3", "--turns", "1"]) == 0
    out = capsys.readouterr().out.splitlines()
    assert out[0].startswith("T1 Union")
    assert any(line.endswith("stopped after turn 2 of 12") or "turn" in line for line in out)
    assert out[-1] in ("Union victory", "Confederate victory", "draw")


def test_run_is_the_same_game_for_the_same_seed(capsys: pytest.CaptureFixture[str]) -> None:
    args = ["run", str(ROOT / "scenarios" / "demo.yaml"), "--seed", "4", "--turns", "1"]
    main(args)
    first = capsys.readouterr().out
    main(args)
    assert capsys.readouterr().out == first


def test_run_with_fog_gives_the_computer_only_its_sides_view(
        capsys: pytest.CaptureFixture[str]) -> None:
    from gameapp.ai.player import AIPlayer
    from gameapp.ai.settings import Difficulty
    from gameapp.headless import make_players

    players = make_players(2, "both", Difficulty.HARD, fog=True)
    assert all(isinstance(p, AIPlayer) and p.fog for p in players.values())
    assert not any(getattr(p, "fog", False) for p in make_players(2, "both").values())
    args = ["run", str(ROOT / "scenarios" / "demo.yaml"), "--seed", "4", "--turns", "1", "--fog"]
    assert main(args) == 0
    out = capsys.readouterr().out.splitlines()
    assert out[0].startswith("T1 Union") and "#" in out[0]  # the AI's reason after each action
    assert out[-1] in ("Union victory", "Confederate victory", "draw")


def test_run_gives_the_confederates_their_own_level(
        capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> None:
    from gameapp import headless
    from gameapp.ai.settings import Difficulty
    from gameapp.core.units import Side

    asked: list[object] = []
    real = headless.make_players

    def recording(*args: Any, **kwargs: Any) -> Any:
        asked.append(args[2])
        return real(*args, **kwargs)
    monkeypatch.setattr(headless, "make_players", recording)
    demo = str(ROOT / "scenarios" / "demo.yaml")
    assert main(["run", demo, "--seed", "4", "--turns", "1", "--difficulty", "hard",
                 "--csa-difficulty", "easy"]) == 0
    assert main(["run", demo, "--seed", "4", "--turns", "1", "--difficulty", "hard"]) == 0
    capsys.readouterr()
    assert asked == [{Side.UNION: Difficulty.HARD, Side.CONFEDERATE: Difficulty.EASY},
                     {Side.UNION: Difficulty.HARD, Side.CONFEDERATE: Difficulty.HARD}]


def test_play_a_missing_file_says_so_and_exits_1_without_a_screen(tmp_path: Path) -> None:
    """Issue 27, item 13: no window, no invisible message box to hang behind, no line number."""
    env = {k: v for k, v in os.environ.items() if k not in ("DISPLAY", "QT_QPA_PLATFORM")}
    result = subprocess.run([sys.executable, "-m", "gameapp", "play", "nosuch.yaml"],
                            capture_output=True, text=True, cwd=tmp_path, env=env, timeout=120)
    assert result.returncode == 1
    assert result.stderr.strip() == "nosuch.yaml: no such file"


def test_play_a_broken_scenario_prints_file_and_line_and_exits_1(
    capsys: pytest.CaptureFixture[str],
) -> None:
    bad = DATA / "bad_scenarios" / "unknown_unit.yaml"
    assert main(["play", str(bad)]) == 1
    assert capsys.readouterr().err.startswith(f"{bad}:9: setup[1].unit: unknown unit 'CS-11'")


# the rules options issue 24 added from 002 and 003, each switched on by `--option`
ISSUE_24_OPTIONS = ("g88_zoc", "drm_cap", "off_map_not_eliminated", "generals_hold",
                    "general_entry_bonus", "bridges_by_road", "artillery_retreats_limbered",
                    "opening_volley", "closing_rolls", "artillery_duels")


def test_run_plays_with_every_new_option_switched_on(capsys: pytest.CaptureFixture[str]) -> None:
    options = [f"--option={name}=true" for name in ISSUE_24_OPTIONS]
    args = ["run", str(ROOT / "scenarios" / "demo.yaml"), "--seed", "5", "--turns", "2",
            *options]
    assert main(args) == 0
    out = capsys.readouterr().out.splitlines()
    assert out[-1] in ("Union victory", "Confederate victory", "draw")


def test_run_refuses_an_unknown_or_ill_typed_option(capsys: pytest.CaptureFixture[str]) -> None:
    demo = str(ROOT / "scenarios" / "demo.yaml")
    assert main(["run", demo, "--option", "zoc=true"]) == 1
    assert "expected NAME=VALUE" in capsys.readouterr().err
    assert main(["run", demo, "--option", "g88_zoc=yes"]) == 1
    assert "g88_zoc is true or false" in capsys.readouterr().err
    assert main(["run", demo, "--option", "stacking=flat_9"]) == 1
    assert "stacking is one of tec_sl, flat_8" in capsys.readouterr().err


def test_validate_checks_the_ai_hints_beside_a_scenario(tmp_path: Path,
                                                       capsys: pytest.CaptureFixture[str]
                                                       ) -> None:
    """A scenario's computer-player hints (scenarios/ai/<stem>.yaml, docs/ai.md) are checked
    with it: a bad one fails the check at its own file and line."""
    for folder in ("scenarios", "maps", "counters"):
        (tmp_path / folder).mkdir()
        (tmp_path / folder / "demo.yaml").write_bytes((ROOT / folder / "demo.yaml").read_bytes())
    (tmp_path / "scenarios" / "ai").mkdir()
    hints = tmp_path / "scenarios" / "ai" / "demo.yaml"
    hints.write_text("union:\n  opening: {posture: hold, until: 3}\n")
    scenario = str(tmp_path / "scenarios" / "demo.yaml")
    assert main(["validate", scenario]) == 0
    hints.write_text("union:\n  opening: {posture: hold, until: later}\n")
    assert main(["validate", scenario]) == 1
    captured = capsys.readouterr()
    assert captured.err.strip() == f"{hints}:2: until: expected a whole number, 0 or more"
    assert "demo.yaml: bad AI hints (scenario)" in captured.out


def test_the_program_starts_numpy_with_one_blas_thread_unless_the_user_set_it(
        tmp_path: Path) -> None:
    """Issue 28: OpenBLAS's spinning threads cost the start of the window CPU on a busy
    machine. `gameapp` asks for one before numpy is loaded; a value the user set is kept."""
    script = (
        "import os, sys\n"
        "from gameapp.cli import main\n"
        "assert 'numpy' not in sys.modules\n"
        f"main(['validate', {str(ROOT / 'maps' / 'demo.yaml')!r}])\n"
        "import numpy\n"
        "print(os.environ['OPENBLAS_NUM_THREADS'], len(os.listdir('/proc/self/task')))\n"
    )
    for given, expected in ((None, "1"), ("2", "2")):
        env = {k: v for k, v in os.environ.items() if k != "OPENBLAS_NUM_THREADS"}
        if given is not None:
            env["OPENBLAS_NUM_THREADS"] = given
        done = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True,
                              cwd=ROOT, env=env, timeout=120, check=True)
        value, threads = done.stdout.split()[-2:]
        assert value == expected
        if given is None and os.path.isdir("/proc/self/task"):
            assert threads == "1"  # the interpreter's thread alone: no BLAS threads
