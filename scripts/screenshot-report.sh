#!/usr/bin/env bash
# Screenshots of a DeliveryKit report.html in headless Chromium, at a phone's width (420 px) and a desktop's
# (1400 px), to look at what a person sees. Needs Debian's chromium package (apt-get install chromium).
#
#   scripts/screenshot-report.sh REPORT_HTML [OUT_PREFIX] [HEIGHT]
#
# writes OUT_PREFIX-420.png and OUT_PREFIX-1400.png (default prefix: the report's path without .html; default
# height: 2000 px, the top of the page). Example, after the README's main job:
#
#   scripts/screenshot-report.sh sample-project/target/deliverykit/mark-first/report.html /tmp/report
set -euo pipefail
if [ $# -lt 1 ] || [ ! -f "$1" ]; then
  echo "usage: $0 REPORT_HTML [OUT_PREFIX] [HEIGHT] (the report file must exist)" >&2
  exit 2
fi
report=$(cd "$(dirname "$1")" && pwd)/$(basename "$1")
prefix=${2:-${report%.html}}
height=${3:-2000}
browser=$(command -v chromium || command -v chromium-browser || true)
if [ -z "${browser}" ]; then
  echo "$0: no chromium on the PATH. Fix: apt-get install chromium" >&2
  exit 1
fi
for width in 420 1400; do
  # --no-sandbox: Chromium refuses to start its sandbox as root, which a CI container often is.
  "${browser}" --headless --no-sandbox --disable-gpu --hide-scrollbars \
    --window-size="${width},${height}" --screenshot="${prefix}-${width}.png" "file://${report}" \
    >/dev/null 2>&1
  [ -s "${prefix}-${width}.png" ] || { echo "$0: chromium wrote no ${prefix}-${width}.png" >&2; exit 1; }
  echo "${prefix}-${width}.png"
done
