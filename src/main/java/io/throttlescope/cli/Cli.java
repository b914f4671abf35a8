package io.throttlescope.cli;

import io.throttlescope.files.IoText;
import io.throttlescope.text.Escape;
import java.io.IOException;
import java.io.PrintWriter;
import java.lang.reflect.InvocationTargetException;
import java.nio.charset.Charset;
import java.nio.file.Files;
import java.nio.file.InvalidPathException;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.concurrent.CompletionException;
import java.util.concurrent.ExecutionException;
import picocli.CommandLine;
import picocli.CommandLine.Command;

/** The command line of cli.md. With no arguments it opens the window. */
@Command(
        name = "throttlescope",
        mixinStandardHelpOptions = true,
        version = "ThrottleScope 0.1",
        description =
                "Simulates and shows Linux CFS bandwidth throttling under the legacy and the task-based (6.18) model.",
        subcommands = {
            OpenCommand.class,
            RunCommand.class,
            CompareCommand.class,
            ValidateCommand.class,
            ExportCommand.class,
            BenchCommand.class,
            ScreenshotCommand.class,
            DescribeCommand.class,
            ImportCommand.class,
            RecordCommand.class,
            FidelityCommand.class,
            SweepCommand.class,
            StepsCommand.class,
            picocli.CommandLine.HelpCommand.class,
            CompletionCommand.class
        })
public final class Cli implements Runnable {
    @Override
    public void run() {}

    public static int run(String[] args) {
        if (args.length == 0) return OpenCommand.openWindow(null);
        return run(
                args,
                new PrintWriter(System.out, true, Charset.defaultCharset()),
                new PrintWriter(System.err, true, Charset.defaultCharset()));
    }

    /**
     * A file alone opens it, as a desktop program does ("throttlescope trace.dat", a file association):
     * it said "Unmatched argument" (the fifth review). A command's name always wins over a file's.
     */
    static String[] fileAlone(String[] args, CommandLine cl) {
        if (args.length != 1
                || cl.getSubcommands().containsKey(args[0])
                || args[0].startsWith("-")
                || args[0].startsWith("@")) return args;
        try {
            return Files.isRegularFile(Path.of(args[0])) ? new String[] {"open", args[0]} : args;
        } catch (InvalidPathException e) {
            return args;
        }
    }

    /** Runs a command with the given streams; returns the exit code (0 ok, 1 invalid or faulted, 2 usage). */
    public static int run(String[] args, PrintWriter out, PrintWriter err) {
        boolean debug = false;
        for (String a : args) if (a.equals("--debug")) debug = true;
        String[] rest = Arrays.stream(args).filter(a -> !a.equals("--debug")).toArray(String[]::new);
        String badArgFile = ArgumentFiles.problem(rest);
        if (badArgFile != null) {
            err.println("error: " + Escape.line(badArgFile));
            return 2;
        }
        CommandLine cl = new CommandLine(new Cli());
        rest = fileAlone(rest, cl);
        cl.setOut(out);
        cl.setErr(err);
        cl.setCaseInsensitiveEnumValuesAllowed(true);
        boolean dbg = debug;
        cl.setParameterExceptionHandler((ex, a) -> { // a usage error: one line, exit 2, before any work
            String cmd = ex.getCommandLine().getCommandName();
            err.println("error: " + Escape.line(ex.getMessage()) + " (see '"
                    + (cmd.equals("throttlescope") ? "throttlescope --help" : "throttlescope " + cmd + " --help")
                    + "')");
            return 2;
        });
        cl.setExecutionExceptionHandler((ex, line, parse) -> {
            Throwable t = ex;
            while ((t instanceof ExecutionException
                            || t instanceof InvocationTargetException
                            || t instanceof CompletionException)
                    && t.getCause() != null) t = t.getCause();
            if (t instanceof UsageException) {
                err.println("error: " + Escape.line(t.getMessage()));
                return 2;
            }
            if (dbg) ex.printStackTrace(err);
            else
                err.println("error: "
                        + Escape.line(
                                t instanceof IOException ioe
                                        ? IoText.message(ioe)
                                        : t.getMessage() == null ? t.toString() : t.getMessage()));
            return 1;
        });
        try {
            int code = cl.execute(rest);
            if (out.checkError()) { // a full disk, a closed pipe: what was printed did not arrive
                err.println(
                        "error: cannot write to standard output (a full disk or a closed pipe): the output is incomplete");
                return code == 0 ? 1 : code;
            }
            return code;
        } catch (OutOfMemoryError e) { // one line, as for any other input: the stack trace only with --debug
            if (dbg) e.printStackTrace(err);
            err.println("error: out of memory (the Java heap is "
                    + (Runtime.getRuntime().maxMemory() >> 20)
                    + " MiB); give the JVM more with -Xmx, or a smaller input");
            return 1;
        } catch (StackOverflowError e) {
            if (dbg) e.printStackTrace(err);
            err.println("error: the input nests too deeply to be read");
            return 1;
        }
    }
}
