package io.throttlescope.dist;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.jar.JarFile;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Issue 20: `mvn package` leaves a runnable jar for each desk. Each holds the app's launcher as its
 * Main-Class, that platform's JavaFX natives and windowing classes, and no other platform's.
 */
class PlatformJarsIT {
    @ParameterizedTest(name = "{0}")
    @CsvSource({
        "linux,       libglass.so,     com/sun/glass/ui/gtk/GtkApplication.class,  glass.dll",
        "win,         glass.dll,       com/sun/glass/ui/win/WinApplication.class,  libglass.so",
        "mac,         libglass.dylib,  com/sun/glass/ui/mac/MacApplication.class,  libglass.so",
        "mac-aarch64, libglass.dylib,  com/sun/glass/ui/mac/MacApplication.class,  glass.dll"
    })
    void eachPlatformsJarHoldsItsNativesAndTheLauncher(String platform, String nativeLib, String glass, String foreign)
            throws Exception {
        Path jar = Path.of("target", "throttlescope-" + platform + ".jar");
        assertThat(jar).exists();
        try (JarFile j = new JarFile(jar.toFile())) {
            List<String> names = new ArrayList<>();
            for (var e : Collections.list(j.entries())) names.add(e.getName());
            assertThat(j.getManifest().getMainAttributes().getValue("Main-Class"))
                    .isEqualTo("io.throttlescope.Launcher");
            assertThat(names)
                    .contains(
                            "io/throttlescope/Launcher.class",
                            "io/throttlescope/ui/ThrottleScopeApp.class",
                            "javafx/application/Application.class",
                            "javafx/scene/control/Button.class",
                            "org/controlsfx/control/CheckComboBox.class",
                            nativeLib,
                            glass,
                            "scenarios/01-seed-story-rwsem-reader.json");
            assertThat(names).doesNotContain(foreign);
            if (!platform.equals("linux"))
                assertThat(names).noneMatch(n -> n.endsWith(".so") || n.startsWith("com/sun/glass/ui/gtk/"));
        }
        // the two macOS jars differ: one has x86-64 natives, the other arm64 ones
        if (platform.startsWith("mac")) {
            try (JarFile j = new JarFile(jar.toFile())) {
                byte[] head = j.getInputStream(j.getEntry("libglass.dylib")).readNBytes(8);
                int cpu = (head[4] & 0xff)
                        | (head[5] & 0xff) << 8
                        | (head[6] & 0xff) << 16
                        | (head[7] & 0xff) << 24; // Mach-O cputype
                assertThat(cpu).isEqualTo(platform.equals("mac") ? 0x01000007 : 0x0100000c);
            }
        }
        assertThat(Files.size(jar)).isGreaterThan(10_000_000L);
    }
}
