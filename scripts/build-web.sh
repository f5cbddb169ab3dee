#!/usr/bin/env bash
# Builds the lesson's page's engine, web/senet.wasm, from crates/web (wasm32-unknown-unknown),
# with Debian's rustc-web, cargo-web, rust-web-src and lld-22, which build the standard library
# for it (scripts/setup.sh installs them; ../shared/wasm.md). Elsewhere, rustup's target
# (`rustup target add wasm32-unknown-unknown`) builds a module that works the same, in other bytes.
# The page itself (web/index.html, web/senet.js) is plain text; nothing else is built.
set -euo pipefail
cd "$(dirname "$0")/.."
# A fresh target folder each time unless one is given. The module's bytes still depend on the
# folder it is built from and the compiler (the standard library's symbols are named by a hash
# of the build's settings, paths included): the test compares what the page shows, not bytes.
if [ -z "${CARGO_TARGET_DIR:-}" ]; then
    CARGO_TARGET_DIR="$(mktemp -d)"
    trap 'rm -rf "$CARGO_TARGET_DIR"' EXIT
fi
export CARGO_TARGET_DIR
# The .wasm does not name the folders it was built in, whoever builds it.
export RUSTFLAGS="--remap-path-prefix=$PWD=. --remap-path-prefix=$HOME=~ ${RUSTFLAGS:-}"
# Debian's toolchain first: the committed module is its build (rustc-web 1.96).
if [ -x /usr/bin/cargo ] && [ -d /usr/lib/rustlib/src/rust/library ] \
    && /usr/bin/rustc --print target-list | grep -qx wasm32-unknown-unknown; then
    PATH=/usr/bin:$PATH RUSTC_BOOTSTRAP=1 /usr/bin/cargo build --release -p senet-web \
        --target wasm32-unknown-unknown -Zbuild-std=std,panic_abort
elif rustup target list --installed 2>/dev/null | grep -qx wasm32-unknown-unknown; then
    cargo build --release -p senet-web --target wasm32-unknown-unknown
else
    echo "build-web: no wasm32 toolchain: run scripts/setup.sh (Debian's rustc-web), or rustup target add wasm32-unknown-unknown" >&2
    exit 2
fi
# Where the two files go: web/ (the committed page), or WEB_OUT (a test compares a fresh build).
OUT="${WEB_OUT:-web}"
mkdir -p "$OUT"
cp "$CARGO_TARGET_DIR/wasm32-unknown-unknown/release/senet_web.wasm" "$OUT/senet.wasm"
# The same bytes as a script, for a page opened from file:// (no fetch there).
{
    echo "// web/senet.wasm (crates/web, built by scripts/build-web.sh), in base64."
    printf 'const SENET_WASM = "%s";\n' "$(base64 -w0 "$OUT/senet.wasm")"
} > "$OUT/senet-wasm.js"
ls -l "$OUT/senet.wasm" "$OUT/senet-wasm.js"
