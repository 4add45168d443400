#!/usr/bin/env bash
# Sets up everything Rally & Charge needs on a fresh Debian/Ubuntu machine, idempotently:
# the system libraries Qt loads, a virtual environment in .venv, and the package with its test extra.
set -euo pipefail
cd "$(dirname "$0")/.."

QT_LIBS="libglib2.0-0 libxkbcommon0 libfontconfig1 libfreetype6 libdbus-1-3 libx11-6 libgl1 libegl1"
X11_LIBS="libxcb-cursor0 libxcb-icccm4 libxcb-image0 libxcb-keysyms1 libxcb-render-util0 libxcb-shape0 libxcb-xkb1 libxkbcommon-x11-0"

missing_debs() {
  local pkg missing=""
  for pkg in "$@"; do
    dpkg-query -W -f='${Status}' "$pkg" 2>/dev/null | grep -q "install ok installed" || missing="$missing $pkg"
  done
  echo "$missing"
}

install_system_libs() {
  command -v dpkg-query >/dev/null || return 0          # not Debian: trust the system
  local want="$QT_LIBS"
  [ "${RC_WITH_X11:-0}" = 1 ] && want="$want $X11_LIBS"
  # shellcheck disable=SC2086
  local missing; missing=$(missing_debs $want)
  [ -z "$missing" ] && return 0
  if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null; then
    echo "bootstrap: installing system libraries:$missing"
    apt-get update -qq
    # shellcheck disable=SC2086
    DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends $missing >/dev/null
  else
    echo "bootstrap: please install these system packages:$missing" >&2
  fi
}

install_python_env() {
  local py="${PYTHON:-python3}"
  [ -x .venv/bin/python ] || "$py" -m venv .venv
  local stamp=.venv/.rally-installed
  if [ ! -f "$stamp" ] || [ pyproject.toml -nt "$stamp" ]; then
    echo "bootstrap: installing Python packages into .venv"
    .venv/bin/python -m pip install -q --upgrade pip
    .venv/bin/python -m pip install -q -e ".[test]"
    touch "$stamp"
  fi
}

# the shipped maps compiled into maps/compiled/, as pip compiles bytecode, so that even the first
# start compiles no map (gameapp/core/mapcache.py); quick when they are up to date
compile_maps() {
  .venv/bin/gameapp compile-maps >/dev/null \
    || echo "bootstrap: some maps were not compiled (the game compiles them when it opens them)" >&2
}

install_system_libs
install_python_env
compile_maps
