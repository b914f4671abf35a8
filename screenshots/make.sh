#!/usr/bin/env bash
# Regenerates every picture of the README and of docs/ (run from the repository's top folder after building the jar).
set -euo pipefail
J="java -jar target/throttlescope.jar screenshot"
S=scenarios/01-seed-story-rwsem-reader.json
$J $S --model task --step 37 --range 0ms:40ms -o screenshots/task-based-task-work-attached.png
$J $S --model task --step 41 --range 0ms:40ms -o screenshots/task-based-reader-parked.png
$J $S --model legacy --step 26 --range 0ms:40ms -o screenshots/legacy-throttle.png
$J $S --model legacy --step 37 --range 0ms:130ms -o screenshots/legacy-writer-waits.png
$J scenarios/06-kernel-mode-overrun.json --model task --at 36ms --range 0ms:400ms --size 1400x760 -o screenshots/budget-debt-task-based.png
$J scenarios/10-nested-parent-binds.json --model task --at 10.5ms --view limbo --size 900x300 -o screenshots/limbo-nested.png
$J scenarios/02-pileup-hung-task.json --model legacy --at 7.3s --range 0s:8s -o screenshots/legacy-pileup-hung-task.png
$J $S --view compare --at 20ms --range 0ms:120ms -o screenshots/compare-mode.png
# projector and large-screen sizes: where the window opens, the cursor on a moment of the story
for size in 1024x768 2560x1440; do
  $J $S --model task --at 15.1ms --size $size -o screenshots/01-seed-story-$size.png
  $J scenarios/02-pileup-hung-task.json --model legacy --at 7s --size $size -o screenshots/02-pileup-$size.png
  $J scenarios/06-kernel-mode-overrun.json --model task --at 20ms --size $size -o screenshots/06-kernel-mode-overrun-$size.png
done
# a real recording (6.12 under qemu) beside its simulation under the same model
$J traces/06-kernel-mode-overrun-legacy-6.12.txt.gz --view compare -o screenshots/real-vs-simulated-legacy.png
$J traces/27-pileup-for-recording-legacy-6.12.txt.gz --view compare --at 9.7s --range 6.8s:10s -o screenshots/real-pileup-legacy.png
$J scenarios/02-pileup-hung-task.json --model legacy --at 7.3s --range 0s:8s --task Q#0 -o screenshots/wait-chain-pileup.png
# teaching: the pile-up lesson's first stop, and the What if? panel
$J scenarios/02-pileup-hung-task.json --view lesson --size 1600x1000 -o screenshots/lesson-pileup.png
$J scenarios/01-seed-story-rwsem-reader.json --view whatif --size 1024x768 -o screenshots/what-if-1024x768.png
# screenshots/sweep-window.png: mvn verify -Dtest=SweepWindowTest -Dts.look=/tmp && cp /tmp/sweep.png screenshots/sweep-window.png
# screenshots/compare-task-lanes.png: mvn verify -Dtest=CompareTaskLanesTest -Dts.look=/tmp && cp /tmp/compare-task-lanes.png screenshots/
