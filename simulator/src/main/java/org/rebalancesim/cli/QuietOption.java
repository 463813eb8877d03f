package org.rebalancesim.cli;

import picocli.CommandLine.Option;

/** {@code --quiet}, shared by the commands that run simulations: no progress line on stderr. */
final class QuietOption {

    @Option(names = "--quiet", description = "No progress line on stderr (it shows only on a terminal, once the "
            + "command has run for a second or two).")
    boolean quiet;
}
