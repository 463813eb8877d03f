package org.rebalancesim.cli;

import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;

/** {@code man}: the manual page, in the man(7) macros, from the same help every command prints. */
@Command(name = "man", mixinStandardHelpOptions = true,
        header = "Print the manual page (man(7) format).",
        description = {"Read it at once with rebalance-sim man | man -l -, or install it with scripts/install-cli.",
                "Exit 0."})
final class ManCommand implements Callable<Integer> {

    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    @Override
    public Integer call() {
        spec.commandLine().getOut().print(ManPage.of(spec.root().commandLine()));
        spec.commandLine().getOut().flush();
        return Main.OK;
    }
}
