package org.rebalancesim.scenario;

import com.fasterxml.jackson.core.JsonLocation;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.JsonStreamContext;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import com.fasterxml.jackson.dataformat.yaml.YAMLParser;
import java.io.IOException;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.List;
import org.yaml.snakeyaml.LoaderOptions;
import org.yaml.snakeyaml.error.MarkedYAMLException;
import org.yaml.snakeyaml.error.YAMLException;

/**
 * Parses the text into a tree. Duplicate keys are errors (a repeated key would silently win).
 * YAML aliases ({@code *name}) are refused: Jackson's plain parser would read each one as the text
 * "name", and its anchor-replaying parser drops aliases nested in anchored blocks, so either would
 * silently change the scenario. Refusing them also makes alias bombs harmless. Jackson's default
 * nesting and size constraints stay in force. Syntax errors become one problem with line and
 * column, never a stack trace.
 */
final class YamlReader {

    /** Enough to find them; an alias bomb has thousands. */
    private static final int ALIASES_SHOWN = 3;

    private YamlReader() {
    }

    static ObjectNode parse(String text, String file) throws ScenarioException {
        refuseLongLines(text, file);
        ObjectMapper mapper = mapper();
        try {
            refuseAliases(mapper, text, file);
            return tree(mapper, text, file);
        } catch (JsonProcessingException e) {
            throw syntaxProblem(file, e);
        } catch (YAMLException e) {
            throw problem(file, "", "invalid YAML: " + firstLine(e.getMessage()));
        } catch (IOException e) {
            throw problem(file, "", "cannot parse the file: " + firstLine(e.getMessage()));
        }
    }

    /** One pass over the characters: a megabyte line costs the YAML scanner far more than its size. */
    private static void refuseLongLines(String text, String file) throws ScenarioException {
        int line = 1;
        int lineStart = 0;
        for (int i = 0; i <= text.length(); i++) {
            if (i == text.length() || text.charAt(i) == '\n') {
                if (i - lineStart > Limits.MAX_LINE_CHARS) {
                    throw problem(file, "", "line " + line + " is " + (i - lineStart) + " characters long; lines are "
                            + "limited to " + Limits.MAX_LINE_CHARS + " characters (write long text over several "
                            + "lines with a > block)");
                }
                line++;
                lineStart = i + 1;
            }
        }
    }

    /** One pass over the tokens, before any tree is built: one problem naming the first aliases. */
    private static void refuseAliases(ObjectMapper mapper, String text, String file)
            throws IOException, ScenarioException {
        List<String> aliases = new ArrayList<>();
        int count = 0;
        try (YAMLParser parser = (YAMLParser) mapper.getFactory().createParser(text)) {
            while (parser.nextToken() != null) {
                if (parser.isCurrentAlias() && count++ < ALIASES_SHOWN) {
                    aliases.add("*" + parser.getText() + " at line " + parser.currentLocation().getLineNr());
                }
            }
        }
        if (count > 0) {
            String more = count > ALIASES_SHOWN ? ", and " + (count - ALIASES_SHOWN) + " more" : "";
            throw problem(file, "", "YAML aliases are not supported (" + String.join(", ", aliases) + more
                    + "); write the values out, or put what differs in variants: over a shared base");
        }
    }

    private static ObjectNode tree(ObjectMapper mapper, String text, String file)
            throws IOException, ScenarioException {
        try (JsonParser parser = mapper.getFactory().createParser(text)) {
            JsonNode root = mapper.readTree(parser);
            if (root == null || root.isMissingNode() || root.isNull()) {
                throw problem(file, "", "the file is empty; a scenario needs at least duration, group, topics "
                        + "and consumers");
            }
            if (parser.nextToken() != null) {
                throw problem(file, "", "the file holds more than one YAML document (another starts at line "
                        + parser.currentLocation().getLineNr() + "); a scenario is a single document");
            }
            if (!root.isObject()) {
                throw problem(file, "", "expected a map of scenario keys (duration, topics, consumers, ...) at "
                        + "the top level, got " + NodeText.kind(root));
            }
            return (ObjectNode) root;
        }
    }

    private static ObjectMapper mapper() {
        LoaderOptions options = new LoaderOptions();
        // SnakeYAML stops at 3 Mi code points by default; the loader's own 10 MiB limit is the one users see.
        options.setCodePointLimit((int) Limits.MAX_FILE_BYTES);
        ObjectMapper mapper = new ObjectMapper(YAMLFactory.builder().loaderOptions(options).build());
        mapper.enable(JsonParser.Feature.STRICT_DUPLICATE_DETECTION);
        return mapper;
    }

    private static ScenarioException syntaxProblem(String file, JsonProcessingException e) {
        String where = where(e.getLocation());
        String original = e.getOriginalMessage() == null ? "" : e.getOriginalMessage();
        if (original.startsWith("Duplicate field")) {
            String key = original.substring(original.indexOf('\'') + 1, original.lastIndexOf('\''));
            return problem(file, contextPath(e), "duplicate key '" + key + "'" + where + "; each key may appear "
                    + "only once in a map");
        }
        if (e.getCause() instanceof MarkedYAMLException marked) {
            String context = marked.getContext() == null ? "" : " (" + marked.getContext() + ")";
            return problem(file, "", "invalid YAML" + where + ": " + firstLine(marked.getProblem()) + context);
        }
        return problem(file, "", "invalid YAML" + where + ": " + firstLine(original));
    }

    private static String where(JsonLocation location) {
        if (location == null || location.getLineNr() < 1) {
            return "";
        }
        return " at line " + location.getLineNr() + ", column " + location.getColumnNr();
    }

    /** The YAML path where the parser stood, e.g. "consumers.config.session.timeout.ms". */
    private static String contextPath(JsonProcessingException e) {
        if (!(e.getProcessor() instanceof JsonParser parser)) {
            return "";
        }
        Deque<JsonStreamContext> chain = new ArrayDeque<>();
        for (JsonStreamContext context = parser.getParsingContext(); context != null; context = context.getParent()) {
            chain.push(context);
        }
        YamlPath path = YamlPath.ROOT;
        for (JsonStreamContext context : chain) {
            if (context.inObject() && context.getCurrentName() != null) {
                path = path.key(context.getCurrentName());
            } else if (context.inArray()) {
                path = path.index(Math.max(0, context.getCurrentIndex()));
            }
        }
        return path.toString();
    }

    private static String firstLine(String message) {
        if (message == null) {
            return "unknown error";
        }
        int newline = message.indexOf('\n');
        return (newline < 0 ? message : message.substring(0, newline)).trim();
    }

    private static ScenarioException problem(String file, String path, String message) {
        return ScenarioException.of(file, path, message);
    }
}
