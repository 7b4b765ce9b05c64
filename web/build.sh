#!/usr/bin/env bash
# Builds the page into web/dist/: the runtime compiled to WebAssembly, its wasm-bindgen
# glue, and the static files. Installs what it needs when it is missing: the Rust target
# wasm32-unknown-unknown, and wasm-bindgen-cli of exactly the version of the crate
# wasm-bindgen in web/Cargo.lock (the two must agree).
set -euo pipefail
cd "$(dirname "$0")"

if ! rustup target list --installed | grep -qx wasm32-unknown-unknown; then
    rustup target add wasm32-unknown-unknown
fi
version=$(awk '/^name = "wasm-bindgen"$/ { getline; gsub(/"/, "", $3); print $3 }' Cargo.lock)
if [ "$(wasm-bindgen --version 2>/dev/null | awk '{print $2}')" != "$version" ]; then
    cargo install wasm-bindgen-cli --version "$version"
fi

cargo build --release --target wasm32-unknown-unknown
target=${CARGO_TARGET_DIR:-target}
rm -rf dist
mkdir -p dist
wasm-bindgen --target web --no-typescript --out-dir dist \
    "$target/wasm32-unknown-unknown/release/mancala_web.wasm"
cp static/* dist/
echo "web/dist: $(du -sh dist | cut -f1), wasm $(gzip -9c dist/mancala_web_bg.wasm | wc -c) bytes gzipped"
