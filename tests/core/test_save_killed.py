"""A save killed half-way through writing leaves the old save intact.

A child process loads a saved game, plays on and saves over it; its temporary file's write is
patched to stop after half the text and say so on stdout, so the parent kills it (SIGKILL, no
cleanup handlers run) at a known point rather than after a guessed delay."""

import selectors
import signal
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

from gameapp.core.actions import EndPhase, Fire, Pass, parse_action
from gameapp.core.engine import Game
from gameapp.core.savegame import load_game, save_game

ROOT = Path(__file__).resolve().parents[2]
DUEL = ROOT / "tests" / "data" / "scenarios" / "duel.yaml"
WAIT = 30.0  # seconds; only reached if the child misbehaves

# Runs in the child: argv[1] is the save. The first write to the temporary file writes half
# the text, flushes it, prints "ready" and sleeps until killed.
CHILD = textwrap.dedent("""
    import os, sys, time
    from gameapp.core.actions import EndPhase
    from gameapp.core.savegame import load_game, save_game

    class HalfThenHang:
        def __init__(self, out):
            self.out = out
        def __enter__(self):
            return self
        def __exit__(self, *exc):
            return self.out.__exit__(*exc)
        def write(self, text):
            self.out.write(text[: len(text) // 2])
            self.out.flush()
            print("ready", flush=True)
            time.sleep(3600)

    real_fdopen = os.fdopen
    os.fdopen = lambda *args, **kwargs: HalfThenHang(real_fdopen(*args, **kwargs))
    game = load_game(sys.argv[1])
    game.apply(EndPhase())
    save_game(game, sys.argv[1])
    print("saved", flush=True)
""")


def played() -> Game:
    """As in test_savegame: a move, the Confederate shot (rolling dice), two passes."""
    game = Game.from_scenario(DUEL, seed=5)
    game.apply(parse_action("move US-1 0505", game.map.numbering))
    game.apply(EndPhase())
    game.apply(Fire(("CS-1",), game.state.units["US-1"].hex))
    game.apply(Pass())
    game.apply(Pass())
    return game


def kill_mid_save(path: Path) -> str:
    """Run the child until it is half-way through writing, SIGKILL it; return what it wrote
    to its temporary file."""
    child = subprocess.Popen([sys.executable, "-c", CHILD, str(path)], cwd=ROOT,
                             stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    try:
        assert child.stdout is not None
        with selectors.DefaultSelector() as selector:
            selector.register(child.stdout, selectors.EVENT_READ)
            assert selector.select(timeout=WAIT), "the child never reached the write"
        line = child.stdout.readline()
        if line != "ready\n":
            child.kill()
            _, err = child.communicate(timeout=WAIT)
            pytest.fail(f"the child did not stop mid-write: {line!r}\n{err}")
        partial = [p.read_text(encoding="utf-8") for p in temporaries(path)]
        child.send_signal(signal.SIGKILL)
        assert child.wait(timeout=WAIT) == -signal.SIGKILL
    finally:
        if child.poll() is None:
            child.kill()
            child.wait(timeout=WAIT)
        for stream in (child.stdout, child.stderr):
            if stream is not None:
                stream.close()
    assert len(partial) == 1, "exactly one temporary file was being written"
    return partial[0]


def temporaries(path: Path) -> list[Path]:
    return sorted(path.parent.glob(f".{path.name}.*"))


@pytest.mark.skipif(sys.platform == "win32", reason="no SIGKILL on Windows")
def test_a_save_killed_mid_write_leaves_the_old_save_intact(tmp_path: Path) -> None:
    path = tmp_path / "duel.save.yaml"
    game = played()
    save_game(game, path)
    before = path.read_bytes()

    partial = kill_mid_save(path)

    # the kill really landed mid-write: half a save sat in the temporary file
    assert partial and before.decode("utf-8") != partial
    assert path.read_bytes() == before
    again = load_game(path)
    assert again.state == game.state
    assert again.log == game.log
    # SIGKILL runs no cleanup, so the half-written temporary file stays beside the save
    stray = temporaries(path)
    assert len(stray) == 1

    # the next save works and clears the leftover: nothing but the save remains
    save_game(again, path)
    assert load_game(path).state == game.state
    assert temporaries(path) == []
