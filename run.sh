#!/usr/bin/env bash
# Rally & Charge: set up on first use, then open the window.
# With arguments, they go to the `gameapp` command (e.g. ./run.sh play scenarios/demo.yaml).
# With no screen, it renders the demo board to board.png instead of opening a window.
set -euo pipefail
cd "$(dirname "$0")"
if [ -n "${DISPLAY:-}" ]; then export RC_WITH_X11=1; fi
scripts/bootstrap.sh
if [ $# -gt 0 ]; then
  exec .venv/bin/gameapp "$@"
fi
if [ -n "${DISPLAY:-}${WAYLAND_DISPLAY:-}" ]; then
  exec .venv/bin/gameapp
fi
echo "No screen found: rendering the demo board to board.png instead of opening a window."
QT_QPA_PLATFORM=offscreen exec .venv/bin/gameapp render scenarios/demo.yaml --png board.png
