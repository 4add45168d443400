#!/usr/bin/env bash
# Rally & Charge: set up on first use, then lint, type-check and run the whole test suite headless.
set -euo pipefail
cd "$(dirname "$0")"
scripts/bootstrap.sh
export QT_QPA_PLATFORM=offscreen
.venv/bin/ruff check gameapp tests bench scripts
.venv/bin/mypy
.venv/bin/pytest "$@"
