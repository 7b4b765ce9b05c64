#!/usr/bin/env bash
# Lighthouse (pinned in bench/package.json: 12.2.3, which runs on Node 18.16 and later)
# against the built page (web/dist, web/build.sh first) served by web/serve.py on
# 127.0.0.1: performance, accessibility and best practices, for a phone (Lighthouse's
# default: simulated slow 4G and a 4× slower CPU) and a desktop. A benchmark, not a CI
# gate: its timings move with the machine's load. The scores go into
# docs/performance.md. (Lighthouse 12 has no PWA category; installability is checked by
# the browser test through the DevTools protocol.)
#
#     web/bench/lighthouse.sh [OUT_DIR]        # reports as JSON and HTML in OUT_DIR
set -euo pipefail
cd "$(dirname "$0")"
out=${1:-${CARGO_TARGET_DIR:-../../target}/lighthouse}
mkdir -p "$out"
[ -x node_modules/.bin/lighthouse ] || npm ci --no-audit --no-fund --loglevel=error
[ -f ../dist/index.html ] || { echo "build the page first: web/build.sh" >&2; exit 1; }
port=$(python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')
python3 ../serve.py --dist ../dist --port "$port" >/dev/null &
server=$!
trap 'kill $server' EXIT
sleep 1
export CHROME_PATH=${CHROMIUM:-/usr/bin/chromium}
for form in mobile desktop; do
    preset=()
    [ "$form" = desktop ] && preset=(--preset=desktop)
    node_modules/.bin/lighthouse "http://127.0.0.1:$port/index.html" "${preset[@]}" \
        --only-categories=performance,accessibility,best-practices \
        --chrome-flags="--headless=new --no-sandbox --disable-dev-shm-usage" \
        --output=json --output=html --output-path="$out/$form" --quiet
    python3 - "$out/$form.report.json" "$form" <<'PY'
import json, sys
r = json.load(open(sys.argv[1]))
scores = ", ".join(f"{c['title'].lower()} {round(c['score'] * 100)}" for c in r["categories"].values())
audits = r["audits"]
metrics = ", ".join(f"{audits[k]['title']} {audits[k]['displayValue']}" for k in
                    ["first-contentful-paint", "largest-contentful-paint", "total-blocking-time", "cumulative-layout-shift"])
print(f"{sys.argv[2]}: {scores}; {metrics}")
for a in audits.values():
    if a.get("score") is not None and a["score"] < 0.9 and a.get("scoreDisplayMode") in ("binary", "numeric", "metricSavings"):
        print(f"   {a['id']}: {a['title']} ({a.get('displayValue', '')})")
PY
done
