"""Running a script under different PYTHONHASHSEEDs, to show a player's choices do not depend on
the order sets iterate in."""

import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def outputs_under_hash_seeds(script: str, seeds: tuple[str, ...] = ("1", "2")) -> list[str]:
    """What `script` prints, once per hash seed, run from the repository root."""
    runs = []
    for hash_seed in seeds:
        env = {**os.environ, "PYTHONHASHSEED": hash_seed}
        done = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True,
                              check=True, cwd=ROOT, env=env)
        runs.append(done.stdout)
    return runs
