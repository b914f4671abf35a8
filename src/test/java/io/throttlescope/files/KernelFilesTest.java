package io.throttlescope.files;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

/** Reading /proc and /sys as {@code cat} does: on the real files of this machine, and on stand-ins. */
class KernelFilesTest {
    /** Files that do not change between two reads (sysctls, the kernel's name, cgroup settings). */
    private static final List<String> STEADY = List.of(
            "/proc/sys/kernel/hung_task_timeout_secs",
            "/proc/sys/kernel/hung_task_warnings",
            "/proc/sys/kernel/hung_task_check_interval_secs",
            "/proc/sys/kernel/hung_task_panic",
            "/proc/sys/kernel/osrelease",
            "/proc/sys/kernel/pid_max",
            "/proc/sys/kernel/sched_rt_runtime_us",
            "/proc/self/cgroup",
            "/sys/fs/cgroup/cpu/cpu.cfs_period_us",
            "/sys/fs/cgroup/cpu/cpu.cfs_quota_us",
            "/sys/fs/cgroup/cgroup.controllers",
            "/sys/fs/cgroup/cgroup.subtree_control",
            "/sys/kernel/tracing/buffer_size_kb");

    @Test
    void eachProcAndSysFileReadsAsCatPrintsIt() throws Exception {
        assumeTrue(Files.isDirectory(Path.of("/proc/sys/kernel")), "no /proc/sys on this machine (not Linux)");
        List<String> read = new ArrayList<>();
        for (String f : STEADY) {
            Path p = Path.of(f);
            if (!Files.isReadable(p)) continue;
            assertThat(KernelFiles.read(p)).as(f).isEqualTo(Cat.of(p));
            read.add(f);
        }
        assertThat(read)
                .as("files compared")
                .contains("/proc/sys/kernel/hung_task_timeout_secs", "/proc/sys/kernel/osrelease");
        // a file that changes between reads: its first line, which does not
        Path meminfo = Path.of("/proc/meminfo");
        assertThat(KernelFiles.lines(meminfo).get(0))
                .isEqualTo(Cat.of(meminfo).lines().findFirst().orElseThrow());
        assertThat(KernelFiles.lines(meminfo)).anyMatch(l -> l.startsWith("MemAvailable:"));
    }

    @Test
    void aNumberIsTheWholeNumber() throws Exception {
        Path p = Path.of("/proc/sys/kernel/pid_max");
        assumeTrue(Files.isReadable(p), "no /proc/sys/kernel/pid_max on this machine");
        assertThat(KernelFiles.number(p))
                .isEqualTo(Long.parseLong(Cat.of(p).strip()))
                .isGreaterThan(300);
    }

    @Test
    void aWriteThatDoesNotReadBackIsSaid(@TempDir Path dir) throws Exception {
        Path f = dir.resolve("v");
        KernelFiles.writeChecked(f, "120");
        assertThat(KernelFiles.value(f)).isEqualTo("120");
        Path notANumber = dir.resolve("w");
        Files.writeString(notANumber, "max 100000\n");
        assertThatThrownBy(() -> KernelFiles.number(notANumber))
                .hasMessageContaining("max 100000")
                .hasMessageContaining("not a number");
        // a kernel file that keeps its own value whatever is written (a stand-in: a folder's file the write cannot
        // reach)
        Path gone = dir.resolve("missing").resolve("x");
        assertThatThrownBy(() -> KernelFiles.writeChecked(gone, "1")).isInstanceOf(IOException.class);
    }

    /** The kernel's tick, for the recording's header: what {@code zcat /proc/config.gz} says, where the kernel offers it. */
    @Test
    void theKernelsTickIsWhatZcatSays() throws Exception {
        Path config = Path.of("/proc/config.gz");
        org.junit.jupiter.api.Assumptions.assumeTrue(
                java.nio.file.Files.isReadable(config), "this kernel offers no /proc/config.gz");
        Process z = new ProcessBuilder("zcat", config.toString())
                .redirectError(ProcessBuilder.Redirect.DISCARD)
                .start();
        String text = new String(z.getInputStream().readAllBytes(), java.nio.charset.StandardCharsets.UTF_8);
        assertThat(z.waitFor()).isZero();
        String line =
                text.lines().filter(l -> l.startsWith("CONFIG_HZ=")).findFirst().orElseThrow();
        assertThat(KernelFiles.configHz(config)).isEqualTo(Integer.parseInt(line.substring(10)));
        assertThat(KernelFiles.hzOf("# CONFIG_HZ_100 is not set\nCONFIG_HZ_250=y\nCONFIG_HZ=250\n"))
                .isEqualTo(250);
        assertThat(KernelFiles.hzOf("CONFIG_HZ=banana\n")).isEqualTo(-1);
        assertThat(KernelFiles.hzOf("")).isEqualTo(-1);
        assertThat(KernelFiles.configHz(Path.of("/nonexistent/config.gz"))).isEqualTo(-1);
    }
}
