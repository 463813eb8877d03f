package org.rebalancesim.scenario;

/**
 * One thing wrong with a scenario file, located by its YAML path so the user can find it.
 *
 * @param file    the file as the user named it
 * @param path    the YAML path, e.g. {@code consumers.config.session.timeout.ms} or
 *                {@code timeline[2].crash.consumer}; empty for problems with the file as a whole
 * @param message what is wrong, with the bad value and the rule or the fix
 */
public record Problem(String file, String path, String message) {

    @Override
    public String toString() {
        return path.isEmpty() ? file + ": " + message : file + ": " + path + ": " + message;
    }
}
