#!/usr/bin/env bash
# The distributed build (solve-dist) side by side with the single-machine build, at the
# same seed count, in one run: CPU-seconds (user + system, every process added up),
# the largest max RSS of a process (/usr/bin/time -v), the bytes sent between
# processes (process 0's count), all per board of the top table; and the merged files
# compared byte for byte with the single build's.
#
#   tools/dist_side.sh BIN GAME MAX SHAPES... [-- GAME OPTIONS]
#   e.g. nice tools/dist_side.sh target/release/solve-dist urim 16 1x1 2x1 4x1 1x2
#
# A shape is PROCESSES x THREADS (processes on 127.0.0.1, a host file of free ports).
# Scratch files go to ${DIST_SCRATCH:-/tmp/dist-side} and are deleted at the end.
set -euo pipefail
bin=$(readlink -f "$1"); game=$2; max=$3; shift 3
shapes=(); opts=()
while [ $# -gt 0 ]; do
  if [ "$1" = "--" ]; then shift; opts=("$@"); break; fi
  shapes+=("$1"); shift
done
dir=${DIST_SCRATCH:-/tmp/dist-side}/$game-$max-$$
rm -rf "$dir"; mkdir -p "$dir"
trap 'rm -rf "$dir"' EXIT
# The boards of the top table: C(max + pits - 1, pits - 1), pits on the board.
pits=12
for ((i = 0; i < ${#opts[@]}; i++)); do
  if [ "${opts[$i]}" = "--pits" ]; then pits=$((2 * ${opts[$((i + 1))]})); fi
done
boards=$(python3 -c "import math; print(math.comb($max + $pits - 1, $pits - 1))")
# cpu seconds and max RSS (KB) from a time -v file
cpu() { awk -F': ' '/User time/ {u=$2} /System time/ {s=$2} END {printf "%.2f", u + s}' "$1"; }
rss() { awk -F': ' '/Maximum resident/ {print $2}' "$1"; }
echo "# $game $max (${opts[*]:-}): $boards boards in the top table; $(uptime | sed 's/.*load/load/')"
printf "%-8s %9s %7s %10s %8s %12s %8s %s\n" shape cpu-s ratio "max-RSS-MB" "B/board" bytes "B/board" identical
/usr/bin/time -v "$bin" single "$game" "${opts[@]}" --max-seeds "$max" --db "$dir/single" \
  > "$dir/single.out" 2> "$dir/single.time"
base=$(cpu "$dir/single.time")
r=$(rss "$dir/single.time")
printf "%-8s %9s %7s %10.1f %8.1f %12s %8s %s\n" single "$base" 1.00 "$(echo "$r/1024" | bc -l)" \
  "$(echo "$r*1024/$boards" | bc -l)" - - -
for shape in "${shapes[@]}"; do
  n=${shape%x*}; w=${shape#*x}
  rm -rf "$dir/run"; mkdir -p "$dir/run/all"
  python3 - "$n" > "$dir/run/hosts" <<'PY'
import socket, sys
socks = [socket.socket() for _ in range(int(sys.argv[1]))]
for s in socks: s.bind(("127.0.0.1", 0))
print("\n".join(f"127.0.0.1:{s.getsockname()[1]}" for s in socks))
PY
  pids=()
  for ((p = 0; p < n; p++)); do
    /usr/bin/time -v -o "$dir/run/time$p" "$bin" build "$game" "${opts[@]}" --max-seeds "$max" \
      --parts "$dir/run/p$p" -w "$w" -n "$n" -p "$p" -h "$dir/run/hosts" > "$dir/run/out$p" 2>&1 &
    pids+=($!)
  done
  for pid in "${pids[@]}"; do wait "$pid"; done
  total=0; maxr=0
  for ((p = 0; p < n; p++)); do
    total=$(echo "$total + $(cpu "$dir/run/time$p")" | bc -l)
    r=$(rss "$dir/run/time$p"); [ "$r" -gt "$maxr" ] && maxr=$r
    cp "$dir/run/p$p"/* "$dir/run/all/"
  done
  bytes=$(awk '/^built:/ {for (i = 1; i <= NF; i++) if ($i == "bytes") print $(i - 1)}' "$dir/run/out0")
  "$bin" merge "$game" "${opts[@]}" --parts "$dir/run/all" --db "$dir/run/db" > /dev/null
  same=yes
  for f in "$dir/single"/*; do cmp -s "$f" "$dir/run/db/$(basename "$f")" || same=NO; done
  [ "$(ls "$dir/single" | wc -l)" = "$(ls "$dir/run/db" | wc -l)" ] || same=NO
  printf "%-8s %9.2f %7.2f %10.1f %8.1f %12s %8.1f %s\n" "$shape" "$total" \
    "$(echo "if ($base > 0) $total/$base else 0" | bc -l)" "$(echo "$maxr/1024" | bc -l)" \
    "$(echo "$maxr*1024/$boards" | bc -l)" "$bytes" "$(echo "$bytes/$boards" | bc -l)" "$same"
  grep -E "^ *$max " "$dir/run/out0" | sed 's/^/#   top table: /' || true
done
