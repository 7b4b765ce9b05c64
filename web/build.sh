#!/usr/bin/env bash
# Builds the page into web/dist/: the runtime compiled to WebAssembly, its wasm-bindgen
# glue, the static files, and the rules pages made from docs/ (dist/rules/). Installs
# what it needs when it is missing: the Rust target wasm32-unknown-unknown, and
# wasm-bindgen-cli of exactly the version of the crate wasm-bindgen in web/Cargo.lock
# (the two must agree).
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
# The rules pages, from the page's How to play (rules/) and the repository's docs/
# (examples/rules.rs, on the host).
cargo run -q --features rules --example rules -- ../docs rules dist/rules
# Every file of the site, for the service worker to keep (static/sw.js: offline).
(cd dist && {
    printf '["./"'
    find . -type f ! -name files.json ! -name sw.js | sed 's|^\./||' | sort |
        while read -r f; do printf ',"%s"' "$f"; done
    printf ']\n'
} >files.json)
# The service worker names the build's contents, so that a new build replaces the copy.
(cd dist && echo "// the site: $(find . -type f ! -name sw.js | sort | xargs cat | sha256sum | cut -c1-16)" >>sw.js)
echo "web/dist: $(du -sh dist | cut -f1), wasm $(gzip -9c dist/mancala_web_bg.wasm | wc -c) bytes gzipped"
