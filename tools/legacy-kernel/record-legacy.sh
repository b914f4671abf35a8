#!/usr/bin/env bash
# Records scenarios on a legacy kernel (Debian's 6.12, cfs_rq-based throttle) booted under qemu, so
# that real traces of both throttle models can sit beside the simulation. Needs root for apt-get
# (it installs qemu-system-x86, busybox-static, cpio, gcc) and the jar (mvn -q package -DskipTests).
#
#   [TS_LEGACY_DURATION=700ms] tools/legacy-kernel/record-legacy.sh OUT_DIR SCENARIO.json...
#
# For each scenario: `record --plan` turns it into tsrun's plan, a busybox initramfs runs the static
# tsrun under the downloaded kernel (qemu -accel tcg: nested KVM does not work on the project's
# machines; TCG is slower, so times stretch), and the recording printed on the serial console is
# written to OUT_DIR/NAME-legacy-6.12.txt, gzip'd, in the format `throttlescope import` reads. The
# guest's hung-task detector is set from the scenario (hung_task_timeout_secs and its check interval,
# in whole seconds); its reports ("blocked for more than") are kept in the header's kernel_log (the
# console's log level is 1, so they do not interleave with the trace), beside its sched_process_hang
# events.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
repo=$(cd "$here/../.." && pwd)
out=${1:?usage: record-legacy.sh OUT_DIR SCENARIO.json...}; shift
mkdir -p "$out"
work=${TS_LEGACY_WORK:-/tmp/throttlescope-legacy}
mkdir -p "$work"
jar="$repo/target/throttlescope.jar"
[ -f "$jar" ] || { echo "build the jar first: mvn -q package -DskipTests" >&2; exit 1; }

need() { command -v "$1" >/dev/null || apt-get install -y "$2" >/dev/null; }
need qemu-system-x86_64 qemu-system-x86
need busybox busybox-static
need cpio cpio
need gcc gcc

kernel_pkg=${TS_LEGACY_KERNEL:-linux-image-6.12.95+deb12-cloud-amd64-unsigned}
if [ ! -f "$work/vmlinuz" ]; then
  ( cd "$work"
    if ! apt-get download "$kernel_pkg" 2>/dev/null; then
      # Debian 12 has 6.12 in bookworm-backports: add it for this download only, and remove it
      # whatever happens (a failed update or download included: the trap runs on any exit)
      src=/etc/apt/sources.list.d/throttlescope-bpo.list
      trap 'rm -f "$src"; apt-get update -qq || true' EXIT
      echo "deb http://deb.debian.org/debian bookworm-backports main" > "$src"
      apt-get update -qq
      apt-get download "$kernel_pkg"
    fi
    dpkg-deb -x linux-image-*.deb ex
    cp ex/boot/vmlinuz-* vmlinuz )
fi
# the kernel's tick (CONFIG_HZ, from the package's config): the header's "hz", when it charges runtime
[ -f "$work/config" ] || cp "$work"/ex/boot/config-* "$work/config" 2>/dev/null || true
hz=$(sed -n 's/^CONFIG_HZ=\([0-9]*\)$/\1/p' "$work/config" 2>/dev/null || true)
gcc -O2 -static -Wall -Wno-format-truncation -o "$work/tsrun" "$here/tsrun.c"

for scenario in "$@"; do
  name=$(basename "$scenario" .json)
  root="$work/root-$name"
  rm -rf "$root"; mkdir -p "$root"/{bin,dev,proc,sys,tmp}
  cp "$(command -v busybox)" "$root/bin/busybox"
  for a in sh mount poweroff sleep cat; do ln -s busybox "$root/bin/$a"; done
  cp "$work/tsrun" "$root/bin/tsrun"
  java -jar "$jar" record "$scenario" --plan ${TS_LEGACY_DURATION:+--duration "$TS_LEGACY_DURATION"} > "$root/plan"
  cp "$scenario" "$root/$name.json"
  cat > "$root/init" <<'INIT'
#!/bin/sh
mount -t proc proc /proc
mount -t sysfs sys /sys
mount -t devtmpfs dev /dev
/bin/tsrun /plan /SCENARIO.json
poweroff -f
INIT
  sed -i "s|/SCENARIO.json|/$name.json|" "$root/init"
  chmod +x "$root/init"
  ( cd "$root" && find . | cpio -o -H newc 2>/dev/null | gzip -9 > "$work/initrd-$name.gz" )
  cpus=$(awk '/^cpus/ {print $2}' "$root/plan")
  # the scenario's preemption model, as the guest kernel's boot option (PREEMPT_DYNAMIC): "full" lets a
  # throttle take a task inside the kernel at once, holding whatever lock it holds, as the scenario says
  preempt=$(awk '/^preemption/ {print $2}' "$root/plan")
  echo "recording $name on $(basename "$kernel_pkg") under qemu ($cpus CPUs)..." >&2
  dest="$out/$name-legacy-6.12.txt"
  # la57=off, cx16=off: with 5-level paging or cmpxchg16b (SLUB's per-CPU freelists) multi-threaded TCG
  # double-faults in kmem_cache_alloc, at boot or under a fork loop; without them it runs
  for attempt in 1 2 3; do      # TCG boots are occasionally unlucky (an early double fault): try again
    timeout 600 qemu-system-x86_64 -accel tcg,thread=multi -cpu max,la57=off,cx16=off -smp "$cpus" -m 3072 -kernel "$work/vmlinuz" \
      -initrd "$work/initrd-$name.gz" -append "console=ttyS0 panic=-1 quiet loglevel=1 preempt=${preempt:-full}" -nographic -no-reboot > "$work/console-$name.txt" 2>&1 || true
    tr -d '\r' < "$work/console-$name.txt" | sed -n '/=====THROTTLESCOPE BEGIN=====/,/=====THROTTLESCOPE END=====/p' | sed '1d;$d' > "$dest"
    [ -s "$dest" ] && break
  done
  [ -s "$dest" ] || { echo "no recording came back for $name; see $work/console-$name.txt" >&2; exit 1; }
  if [ -n "$hz" ]; then sed -i "1s/^# throttlescope: {/# throttlescope: {\"hz\":$hz,/" "$dest"; fi
  gzip -9f "$dest"
  echo "wrote $dest.gz" >&2
done
