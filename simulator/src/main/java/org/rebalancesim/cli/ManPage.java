package org.rebalancesim.cli;

import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;
import org.rebalancesim.run.Version;
import picocli.CommandLine;

/**
 * A manual page written from the commands' own help, so it cannot drift from them: the name and description,
 * then each command's usage as {@code --help} prints it, in a no-fill block (man(7): .TH, .SH, .SS, .nf, .fi).
 * No date, so that the same version gives the same bytes.
 */
final class ManPage {

    private ManPage() {
    }

    static String of(CommandLine root) {
        String name = root.getCommandName();
        StringBuilder page = new StringBuilder();
        page.append(".TH ").append(name.toUpperCase(Locale.ROOT)).append(" 1 \"\" \"").append(name).append(' ')
                .append(Version.current()).append("\" \"User Commands\"\n");
        page.append(".SH NAME\n").append(name.replace("-", "\\-")).append(" \\- ")
                .append(text(String.join(" ", root.getCommandSpec().usageMessage().description()))).append('\n');
        page.append(".SH SYNOPSIS\n.nf\n");
        for (CommandLine command : commands(root).values()) {
            page.append(text(command.getHelp().synopsis(0).stripTrailing())).append('\n');
        }
        page.append(".fi\n");
        page.append(".SH EXIT STATUS\n0 ok; 1 an expect: rule or a check failed; 2 bad input or usage; "
                + "3 an internal error of the simulator.\n");
        page.append(".SH COMMANDS\n");
        for (Map.Entry<String, CommandLine> command : commands(root).entrySet()) {
            page.append(".SS ").append(text(command.getKey())).append("\n.nf\n");
            page.append(text(command.getValue().getUsageMessage(CommandLine.Help.Ansi.OFF).stripTrailing()))
                    .append("\n.fi\n");
        }
        page.append(".SH SEE ALSO\nThe README and docs/ of the project: the scenario format, the metrics, and the "
                + "Kafka and Kubernetes rules the simulator follows.\n");
        return page.toString();
    }

    /** Every command by its name as typed, in help order, each followed by its own subcommands (sweep merge). */
    private static Map<String, CommandLine> commands(CommandLine root) {
        Map<String, CommandLine> commands = new LinkedHashMap<>();
        root.getSubcommands().forEach((name, command) -> {
            commands.put(name, command);
            command.getSubcommands().forEach((sub, nested) -> commands.put(name + " " + sub, nested));
        });
        return commands;
    }

    /** Text as roff reads it literally: backslashes escaped, a line starting with . or ' kept from being a request. */
    static String text(String plain) {
        StringBuilder out = new StringBuilder();
        for (String line : plain.replace("\\", "\\e").split("\n", -1)) {
            if (out.length() > 0) {
                out.append('\n');
            }
            if (line.startsWith(".") || line.startsWith("'")) {
                out.append("\\&");
            }
            out.append(line);
        }
        return out.toString();
    }
}
