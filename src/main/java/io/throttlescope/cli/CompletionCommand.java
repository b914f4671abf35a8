package io.throttlescope.cli;

import io.throttlescope.files.SafeOutput;
import java.nio.file.Path;
import java.util.concurrent.Callable;
import picocli.AutoComplete;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/**
 * {@code generate-completion [bash|zsh] [-o FILE]}: picocli's completion script of the whole command
 * line. picocli's own {@code GenerateCompletion} took no arguments and ignored what it was given
 * ({@code zsh}, {@code -o FILE}); the script is the same for both shells (zsh reads it through
 * bashcompinit, which the script loads itself when run by zsh).
 */
@Command(
        name = "generate-completion",
        mixinStandardHelpOptions = true,
        description = {
            "Print a completion script for bash or zsh (the same script: zsh reads it through bashcompinit).",
            "Install: throttlescope generate-completion -o ~/.throttlescope-completion.bash, then source it from ~/.bashrc or ~/.zshrc."
        })
public final class CompletionCommand implements Callable<Integer> {
    /** The shells the script serves. */
    enum Shell {
        bash,
        zsh
    }

    @Spec
    CommandSpec spec;

    @Parameters(
            index = "0",
            arity = "0..1",
            paramLabel = "SHELL",
            description = "${COMPLETION-CANDIDATES} (default: bash)")
    Shell shell;

    @Option(names = "-o", paramLabel = "FILE", description = "write the script here instead of standard output")
    Path out;

    @Override
    public Integer call() throws Exception {
        if (out != null) Options.output(out);
        CommandLine root = spec.root().commandLine();
        String script = AutoComplete.bash(root.getCommandName(), root);
        if (out == null) {
            spec.commandLine().getOut().print(script);
            spec.commandLine().getOut().flush();
            return 0;
        }
        SafeOutput.write(out, w -> w.write(script));
        spec.commandLine()
                .getOut()
                .println("wrote " + SafeOutput.shown(out) + "; load it with: source " + SafeOutput.shown(out));
        return 0;
    }
}
