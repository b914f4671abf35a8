#!/usr/bin/env bash
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
trace-cmd extract -B "$inst" -o "$out/trace.dat" "$@" >/dev/null 2>&1 || trace-cmd extract -B "$inst" -o "$out/trace.dat" "$@"
trace-cmd report -t -i "$out/trace.dat" > "$out/trace.report.txt" 2>/dev/null
echo "wrote $out/trace.dat and $out/trace.report.txt ($(grep -c ': sched_switch:' "$out/trace.report.txt") switches)"
