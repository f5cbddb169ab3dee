#!/usr/bin/env bash
# One-time set-up for the classroom checks, on a fresh Debian machine with the Rust toolchain:
#  - Chromium (Debian's package) renders report.html in a test;
#  - a Python virtual environment in .venv with the notebooks' packages (scripts/requirements.txt).
# Safe to run again: it only installs what is missing.
set -euo pipefail
cd "$(dirname "$0")/.."

if ! command -v chromium >/dev/null 2>&1; then
    echo "setup: installing Debian's chromium"
    SUDO=""
    if [ "$(id -u)" != 0 ]; then SUDO="sudo"; fi
    $SUDO apt-get update -qq
    DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq chromium >/dev/null
fi

if [ ! -x .venv/bin/python ]; then
    echo "setup: creating .venv"
    python3 -m venv .venv
fi
.venv/bin/python -m pip install --quiet --disable-pip-version-check -r scripts/requirements.txt
.venv/bin/python -m ipykernel install --sys-prefix --name python3 >/dev/null
echo "setup: done"
