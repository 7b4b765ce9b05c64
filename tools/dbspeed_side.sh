#!/usr/bin/env bash
# The database build, old and new side by side (docs/performance.md, "Database build
# speed"): DIR holds two builds of crates/mancala-solve/examples/dbspeed.rs, dbspeed-old
# and dbspeed-new. For each seed count FROM..TO they run alternately ROUNDS times each on
# the same lower files (DIR/GAME, built there first if missing), print their CPU seconds
# and the load, and must write identical files.
#   tools/dbspeed_side.sh DIR kalah|urim FROM TO [ROUNDS]
set -euo pipefail
[ $# -ge 4 ] || { echo "usage: $0 DIR kalah|urim FROM TO [ROUNDS]" >&2; exit 2; }
dir=$1; g=$2; from=$3; to=$4; rounds=${5:-1}
cd "$dir"
for s in $(seq "$from" "$to"); do
    echo "== $g $s seeds; $(uptime)"
    for _ in $(seq "$rounds"); do
        for b in old new; do "./dbspeed-$b" "$g" "$s" "$g" "out-$b-$g"; done
    done
    f=$(basename "$(ls "out-old-$g"/*-"$s".db)")
    cmp "out-old-$g/$f" "out-new-$g/$f" || { echo "$g $s seeds: the files differ" >&2; exit 1; }
    echo "identical: $f"
    [ -e "$g/$f" ] || cp "out-old-$g/$f" "$g/"
done
echo "== done; $(uptime)"
