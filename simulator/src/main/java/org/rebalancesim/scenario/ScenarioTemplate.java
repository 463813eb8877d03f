package org.rebalancesim.scenario;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * A scenario file read but not yet validated, so that settings from the command line can be written
 * into it first ({@code sweep --set}). Each {@link #with} validates a fresh copy exactly as
 * {@link ScenarioLoader} validates a file, so a setting is held to the same rules as the file's own
 * values and its problems come out the same way.
 */
public final class ScenarioTemplate {

    private static final ObjectMapper VALUES = new ObjectMapper(new YAMLFactory());

    private final ObjectNode root;
    private final String file;
    private final String defaultName;
    private final String sha256;

    private ScenarioTemplate(ObjectNode root, String file, String defaultName, String sha256) {
        this.root = root;
        this.file = file;
        this.defaultName = defaultName;
        this.sha256 = sha256;
    }

    /** Reads and parses {@code file}; problems with the file itself (missing, not YAML) are thrown. */
    public static ScenarioTemplate read(Path file) throws ScenarioException {
        String displayName = file.toString();
        byte[] bytes = ScenarioFile.read(file, displayName);
        ObjectNode root = YamlReader.parse(ScenarioFile.utf8(bytes, displayName), displayName);
        return new ScenarioTemplate(root, displayName, ScenarioLoader.defaultName(file), ScenarioFile.sha256Hex(bytes));
    }

    /** As {@link ScenarioLoader#fromText}: scenario text that is not in a file. */
    public static ScenarioTemplate fromText(String yaml, String displayName) throws ScenarioException {
        ObjectNode root = YamlReader.parse(yaml.startsWith("\uFEFF") ? yaml.substring(1) : yaml, displayName);
        Path name = Path.of(displayName).getFileName();
        return new ScenarioTemplate(root, displayName, ScenarioLoader.defaultName(name == null ? Path.of("scenario") : name),
                ScenarioFile.sha256Hex(yaml.getBytes(StandardCharsets.UTF_8)));
    }

    /** The file as the user named it. */
    public String file() {
        return file;
    }

    /** @throws ScenarioException with one problem naming the key and what to type instead */
    public SettingKey resolve(String key) throws ScenarioException {
        try {
            return SettingKeys.resolve(key, root);
        } catch (SettingKeys.UnknownKeyException e) {
            throw ScenarioException.of(file, "", "--set " + key + ": " + e.getMessage());
        }
    }

    /** A setting of {@code key} to {@code text} read as a YAML value (10000, 10s, true, [a, b], {constant: 5ms}). */
    public Setting setting(SettingKey key, String text) throws ScenarioException {
        try {
            JsonNode value = VALUES.readTree(text);
            if (value == null || value.isMissingNode()) {
                throw ScenarioException.of(file, "", "--set " + key.key() + ": an empty value; give one after '='");
            }
            return new Setting(key, value, text);
        } catch (JsonProcessingException e) {
            String why = e.getOriginalMessage() == null ? "" : e.getOriginalMessage().lines().findFirst().orElse("");
            throw ScenarioException.of(file, "", "--set " + key.key() + "=" + text + ": not a YAML value (" + why
                    + "); quote text that holds YAML punctuation");
        }
    }

    /**
     * The variants that write {@code key} themselves (at its path, or for a consumer config in a pod's
     * {@code consumers.overrides}): a --set replaces their own value too, which a legend should say.
     */
    public List<String> variantsWriting(SettingKey key) {
        List<String> names = new ArrayList<>();
        JsonNode variants = root.get("variants");
        if (variants == null || !variants.isArray()) {
            return names;
        }
        for (JsonNode variant : variants) {
            if (variant.isObject() && variant.path("name").isTextual() && SettingWriter.writes(variant, key)) {
                names.add(variant.path("name").asText());
            }
        }
        return names;
    }

    /** The scenario with every setting written into it (in order), validated; the file's sha256 is kept. */
    public Scenario with(List<Setting> settings) throws ScenarioException {
        ObjectNode copy = root.deepCopy();
        for (Setting setting : settings) {
            SettingWriter.apply(copy, setting);
        }
        return ScenarioLoader.fromTree(copy, file, defaultName, sha256);
    }
}
