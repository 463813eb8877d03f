package org.rebalancesim.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import org.rebalancesim.sweep.Shard;
import picocli.CommandLine;

/**
 * The launchers under scripts/shard: for every index each one hands out, the command it runs, expanded by a real
 * shell as the launcher's would expand it, is a {@code sweep --shard K/N} line the CLI parses, with K that index
 * and N the launcher's number of shards, so N launched shards are exactly the N shards merge wants.
 */
class ShardLaunchersTest {

    private static final Path SHARD = Path.of("../scripts/shard");
    /** The lines of a script that set its variables (SHARDS=4, SEEDS=${SEEDS:-300}). */
    private static final Pattern VARIABLE = Pattern.compile("(?m)^[A-Z_]+=.*$");

    @Test
    void theKubernetesJobRunsShardJobCompletionIndexOfItsCompletions() throws Exception {
        JsonNode job = new ObjectMapper(new YAMLFactory()).readTree(SHARD.resolve("job.yaml").toFile());
        JsonNode spec = job.get("spec");
        assertEquals("Indexed", spec.get("completionMode").asText());
        int shards = spec.get("completions").asInt();
        assertEquals(shards, spec.get("parallelism").asInt(), "parallelism = completions: every shard at once");
        JsonNode container = spec.at("/template/spec/containers/0");
        assertEquals(List.of("sh", "-c"), List.of(container.at("/command/0").asText(), container.at("/command/1").asText()));
        String script = container.at("/args/0").asText();
        assertTrue(script.startsWith("exec "), "the JVM replaces sh, so the pod's exit code is the shard's: " + script);
        for (int k = 0; k < shards; k++) {
            List<String> words = expand("", script.substring("exec ".length()), Map.of("JOB_COMPLETION_INDEX", Integer.toString(k)));
            assertEquals(List.of("java", "-jar", "/app/rebalance-sim.jar"), words.subList(0, 3));
            SweepCommand sweep = parse(words);
            assertEquals(new Shard(k, shards), sweep.shard);
            // The image copies the scenario library to /app/scenarios.
            assertTrue(Files.isRegularFile(Path.of("..").resolve(Path.of("/app").relativize(sweep.file))), sweep.file::toString);
        }
        String dockerfile = Files.readString(SHARD.resolve("Dockerfile"), StandardCharsets.UTF_8);
        assertTrue(dockerfile.contains("FROM eclipse-temurin:17-jre\n"), dockerfile);
        assertTrue(dockerfile.contains("COPY simulator/target/rebalance-sim.jar /app/rebalance-sim.jar\n"), dockerfile);
        assertTrue(dockerfile.contains("COPY scenarios /app/scenarios\n"), dockerfile);
    }

    @Test
    void theSlurmArrayRunsShardTaskIdOfItsArraySize() throws Exception {
        String script = Files.readString(SHARD.resolve("slurm.sh"), StandardCharsets.UTF_8);
        Matcher array = Pattern.compile("(?m)^#SBATCH --array=0-(\\d+)$").matcher(script);
        assertTrue(array.find(), script);
        int shards = Integer.parseInt(array.group(1)) + 1;
        String command = line(script, "exec java ").substring("exec ".length());
        for (int k = 0; k < shards; k++) {
            List<String> words = expand(variables(script), command, Map.of("SLURM_ARRAY_TASK_ID", Integer.toString(k),
                    "SLURM_CPUS_PER_TASK", "8"));
            assertEquals(List.of("java", "-jar", "simulator/target/rebalance-sim.jar"), words.subList(0, 3));
            SweepCommand sweep = parse(words);
            assertEquals(new Shard(k, shards), sweep.shard);
            assertEquals(8, sweep.threads);
            assertTrue(Files.isRegularFile(Path.of("..").resolve(sweep.file)), sweep.file::toString);
        }
    }

    @Test
    void gnuParallelRunsShardArgumentOfShardsForEveryArgument() throws Exception {
        String script = Files.readString(SHARD.resolve("parallel.sh"), StandardCharsets.UTF_8);
        String command = line(script, "  java -jar ").strip();
        assertTrue(command.endsWith(" ::: $(seq 0 $((SHARDS - 1)))"), command);
        String template = command.substring(0, command.indexOf(" ::: "));
        List<String> arguments = expand(variables(script), "$(seq 0 $((SHARDS - 1)))", Map.of());
        int shards = arguments.size();
        for (String argument : arguments) {
            // parallel puts the argument where {} is, then a shell splits the line.
            SweepCommand sweep = parse(expand(variables(script), template.replace("{}", argument), Map.of()));
            assertEquals(new Shard(Integer.parseInt(argument), shards), sweep.shard);
            assertTrue(Files.isRegularFile(Path.of("..").resolve(sweep.file)), sweep.file::toString);
        }
        assertEquals(List.of("0", "1", "2", "3"), arguments);
    }

    /** The words from {@code sweep} on, parsed as the CLI parses them: the sweep command as it would run. */
    private static SweepCommand parse(List<String> words) {
        List<String> args = words.subList(words.indexOf("sweep"), words.size());
        CommandLine.ParseResult result = new CommandLine(new Main()).parseArgs(args.toArray(String[]::new));
        return (SweepCommand) result.subcommand().commandSpec().userObject();
    }

    private static String variables(String script) {
        return VARIABLE.matcher(script).results().map(match -> match.group()).collect(Collectors.joining("\n"));
    }

    private static String line(String script, String start) {
        return script.lines().filter(l -> l.startsWith(start)).findFirst().orElseThrow(() -> new AssertionError(start));
    }

    /** The words bash makes of {@code command} after running {@code setup}, with {@code env} set. */
    private static List<String> expand(String setup, String command, Map<String, String> env)
            throws IOException, InterruptedException {
        ProcessBuilder builder = new ProcessBuilder("bash", "-c", setup + "\nprintf '%s\\n' " + command);
        builder.environment().keySet().removeIf(name -> name.matches("SHARDS|SEEDS|SCENARIO|JAR|OUT|HOSTS"));
        builder.environment().putAll(env);
        Process process = builder.redirectErrorStream(true).start();
        String output = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertEquals(0, process.waitFor(), output);
        return output.lines().toList();
    }
}
