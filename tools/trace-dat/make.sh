#!/usr/bin/env bash
# SMALL_KALLSYMS=1 keeps the file small (the test fixtures in src/test/resources/traces/dat were made so,
# then converted by `trace-cmd convert --file-version 6` and `--compression none`).
# Makes a small trace.dat on this machine as a kernel developer would (docs/real-kernels.md, "trace.dat"):
# two busy loops in a cgroup of its own with cpu.max 20 ms a 100 ms period, traced in a tracefs instance
# of its own, written by `trace-cmd extract -B`, and its `trace-cmd report` text beside it. Root, cgroup v1
# or v2, and trace-cmd on the PATH. Everything it makes (cgroup, instance, loops) is removed again.
#   tools/trace-dat/make.sh OUT_DIR [extract options, e.g. --file-version 6 or --compression zstd]
set -euo pipefail
out=${1:?usage: make.sh OUT_DIR [trace-cmd extract options]}; shift
mkdir -p "$out"
tr=/sys/kernel/tracing
inst=throttlescope-dat-$$
if [ -d /sys/fs/cgroup/cpu ]; then cg=/sys/fs/cgroup/cpu/throttlescope-dat-$$; else cg=/sys/fs/cgroup/throttlescope-dat-$$; fi
pids=()
cleanup() {
  for p in "${pids[@]}"; do kill "$p" 2>/dev/null || true; done
  wait 2>/dev/null || true
  [ -d "$cg" ] && rmdir "$cg" 2>/dev/null || true
  [ -d "$tr/instances/$inst" ] && rmdir "$tr/instances/$inst" 2>/dev/null || true
}
trap cleanup EXIT
mkdir "$cg"
if [ -f "$cg/cpu.max" ]; then echo "20000 100000" > "$cg/cpu.max"; else echo 100000 > "$cg/cpu.cfs_period_us"; echo 20000 > "$cg/cpu.cfs_quota_us"; fi
mkdir "$tr/instances/$inst"
i=$tr/instances/$inst
echo 2048 > "$i/buffer_size_kb"
for e in sched/sched_switch sched/sched_wakeup sched/sched_wakeup_new sched/sched_migrate_task sched/sched_process_fork \
         sched/sched_process_exit cgroup/cgroup_attach_task; do
  [ -d "$i/events/$e" ] && echo 1 > "$i/events/$e/enable"
done
echo 1 > "$i/tracing_on"
echo "throttlescope: trace.dat workload begins" > "$i/trace_marker"
for n in 1 2; do
  sh -c 'echo $$ > "$0/cgroup.procs" 2>/dev/null || echo $$ > "$0/tasks"; exec sh -c "while :; do :; done"' "$cg" &
  pids+=($!)
done
sleep 0.35
for p in "${pids[@]}"; do kill "$p" 2>/dev/null || true; done
wait 2>/dev/null || true
pids=()
echo "throttlescope: trace.dat workload ends" > "$i/trace_marker"
echo 0 > "$i/tracing_on"
# The file keeps the machine's /proc/kallsyms (5 MB here); with --small-kallsyms it keeps only the
# line report needs to name a marker's function, put over /proc/kallsyms in a mount namespace of its own.
if [ "${SMALL_KALLSYMS:-0}" = 1 ]; then
  grep -A1 ' tracing_mark_write$' /proc/kallsyms > "$out/.kallsyms"     # and the next: a function's end
  unshare -m bash -c 'mount --bind "$0/.kallsyms" /proc/kallsyms && exec trace-cmd extract -B "$1" -o "$0/trace.dat" "${@:2}"' "$out" "$inst" "$@" >/dev/null
  rm -f "$out/.kallsyms"
else
  trace-cmd extract -B "$inst" -o "$out/trace.dat" "$@" >/dev/null
fi
trace-cmd report -t -i "$out/trace.dat" > "$out/trace.report.txt" 2>/dev/null
echo "wrote $out/trace.dat and $out/trace.report.txt ($(grep -c ': sched_switch:' "$out/trace.report.txt") switches)"
