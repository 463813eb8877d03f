package org.rebalancesim.cli;

import org.rebalancesim.sweep.Shard;
import picocli.CommandLine;

/** {@code --shard K/N}: picocli refuses a bad one as a usage error (exit 2) with {@link Shard#parse}'s message. */
final class ShardConverter implements CommandLine.ITypeConverter<Shard> {

    @Override
    public Shard convert(String value) {
        try {
            return Shard.parse(value);
        } catch (IllegalArgumentException e) {
            throw new CommandLine.TypeConversionException(e.getMessage());
        }
    }
}
