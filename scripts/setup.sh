#!/usr/bin/env bash
# One-time set-up for the checks that need more than Rust, on a fresh Debian machine with the
# Rust toolchain:
#  - Chromium (Debian's package) renders report.html and the lesson's page (web/) in tests;
#  - Debian's rustc-web, cargo-web, rust-web-src and lld-22 rebuild web/senet.wasm in a test;
#  - Slurm and munge (Debian's slurmctld, slurmd, slurm-client, munge) for the test that runs a
#    sharded run on a real one-node cluster (scripts/slurm/local-cluster.sh starts a private one
#    in a temporary folder; nothing here starts a service or writes a configuration);
#  - a Python virtual environment in .venv with the notebooks' packages (scripts/requirements.txt)
#    and this project's Python package, built from python/ (`pip install ./python[test]`:
#    maturin compiles the Rust libraries into it, then pytest and OpenSpiel 2.0.2 for its tests).
# Needs root or sudo (apt-get). Safe to run again: it only installs what is missing.
set -euo pipefail
cd "$(dirname "$0")/.."

SUDO=""
if [ "$(id -u)" != 0 ]; then SUDO="sudo"; fi
APT=(-o DPkg::Lock::Timeout=600)
if ! command -v chromium >/dev/null 2>&1; then
    echo "setup: installing Debian's chromium"
    $SUDO apt-get "${APT[@]}" update -qq
    DEBIAN_FRONTEND=noninteractive $SUDO apt-get "${APT[@]}" install -y -qq chromium >/dev/null
fi
missing=()
command -v slurmctld >/dev/null 2>&1 || missing+=(slurmctld)
command -v slurmd >/dev/null 2>&1 || missing+=(slurmd)
command -v sbatch >/dev/null 2>&1 || missing+=(slurm-client)
command -v munged >/dev/null 2>&1 || [ -x /usr/sbin/munged ] || missing+=(munge)
if [ "${#missing[@]}" -gt 0 ]; then
    echo "setup: installing Debian's ${missing[*]}"
    $SUDO apt-get "${APT[@]}" update -qq
    DEBIAN_FRONTEND=noninteractive $SUDO apt-get "${APT[@]}" install -y -qq \
        --no-install-recommends "${missing[@]}" >/dev/null
fi

# The lesson's page's engine (web/senet.wasm): Debian's toolchain that builds the standard
# library for wasm32, the one the committed module was built with (../shared/wasm.md).
if ! { [ -x /usr/bin/cargo ] && [ -d /usr/lib/rustlib/src/rust/library ] && command -v lld-22 >/dev/null 2>&1; }; then
    echo "setup: installing Debian's rustc-web, cargo-web, rust-web-src and lld-22 (the page's wasm)"
    $SUDO apt-get "${APT[@]}" update -qq
    DEBIAN_FRONTEND=noninteractive $SUDO apt-get "${APT[@]}" install -y -qq \
        rustc-web cargo-web rust-web-src lld-22 >/dev/null
fi

if [ ! -x .venv/bin/python ]; then
    echo "setup: creating .venv"
    python3 -m venv .venv
fi
.venv/bin/python -m pip install --quiet --disable-pip-version-check -r scripts/requirements.txt
.venv/bin/python -m ipykernel install --sys-prefix --name python3 >/dev/null
# Built again each time, so that the tests read the package of this working tree (cargo
# rebuilds only what changed).
echo "setup: building the Python package (python/)"
.venv/bin/python -m pip install --quiet --disable-pip-version-check "./python[test]"
echo "setup: done"
