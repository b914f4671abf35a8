#!/bin/sh
# Makes a large trace from a real recording, for `bench --ui --trace` and the import figures in docs/performance.md:
# the recording's event lines repeated back to back, each copy shifted by the recording's span (the header
# and the comments are kept once, the pids are the same in every copy, as on a long run of the same workload).
#   tools/big-trace/make.sh traces/01-seed-story-rwsem-reader-task-6.18.txt.gz 5000 /tmp/big.txt
# 5000 copies of that trace are 10 million event lines, about 1 GB. Add .gz to the output's name to gzip it.
set -eu
[ $# -eq 3 ] || { echo "usage: $0 TRACE COPIES OUTPUT" >&2; exit 2; }
src=$1 copies=$2 out=$3
case $src in *.gz) cat_src() { gzip -dc "$src"; } ;; *) cat_src() { cat "$src"; } ;; esac
tmp=$(mktemp "${out}.XXXXXX")
trap 'rm -f "$tmp"' EXIT
cat_src | awk -v copies="$copies" '
  /^#/ || !/\[[0-9]+\]/ { if (!body) print; next }
  { body = 1; lines[n++] = $0 }
  END {
    # the span of one copy: first to last timestamp, plus 1 ms between copies
    for (i = 0; i < n; i++) if (match(lines[i], / [0-9]+\.[0-9]+: /)) { t = substr(lines[i], RSTART + 1, RLENGTH - 3) + 0; if (first == "") first = t; last = t }
    span = last - first + 0.001
    for (c = 0; c < copies; c++) for (i = 0; i < n; i++) {
      l = lines[i]
      if (c > 0 && match(l, / [0-9]+\.[0-9]+: /)) {
        t = substr(l, RSTART + 1, RLENGTH - 3) + c * span
        l = substr(l, 1, RSTART) sprintf("%.6f", t) substr(l, RSTART + RLENGTH - 2)
      }
      print l
    }
  }' > "$tmp"
case $out in *.gz) gzip -c "$tmp" > "$out" ;; *) mv "$tmp" "$out" ;; esac
