package org.rebalancesim.importer;

import com.fasterxml.jackson.core.JsonLocation;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import com.fasterxml.jackson.dataformat.yaml.YAMLParser;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import org.yaml.snakeyaml.LoaderOptions;
import org.yaml.snakeyaml.error.MarkedYAMLException;
import org.yaml.snakeyaml.error.YAMLException;

/**
 * Reads the Kubernetes objects of a YAML file: one document, several separated by {@code ---}, or a
 * {@code kind: List} as {@code kubectl get -o yaml} prints them. As for scenario files, duplicate keys and YAML
 * aliases are refused (Jackson would silently take the last value, or read an alias as text), and a syntax
 * error is one problem with its line and column.
 */
final class ManifestDocuments {

    private ManifestDocuments() {
    }

    /** The objects in file order; empty after logging a problem. */
    static List<Manifest> read(String text, String file, ImportLog log) {
        ObjectMapper mapper = mapper();
        List<JsonNode> documents = new ArrayList<>();
        try {
            if (hasAlias(mapper, text, file, log)) {
                return List.of();
            }
            try (JsonParser parser = mapper.getFactory().createParser(text)) {
                while (parser.nextToken() != null) {
                    documents.add(mapper.readTree(parser));
                }
            }
        } catch (JsonProcessingException e) {
            log.problem(file, "", "invalid YAML" + where(e.getLocation()) + ": " + reason(e) + helmHint(text));
            return List.of();
        } catch (YAMLException | IOException e) {
            log.problem(file, "", "invalid YAML: " + firstLine(e.getMessage()) + helmHint(text));
            return List.of();
        }
        return objects(documents, file, log);
    }

    private static List<Manifest> objects(List<JsonNode> documents, String file, ImportLog log) {
        List<ObjectNode> objects = new ArrayList<>();
        List<String> places = new ArrayList<>();
        for (int d = 0; d < documents.size(); d++) {
            JsonNode document = documents.get(d);
            String place = "document " + (d + 1);
            // An empty document (a leading or trailing ---, as Helm and kustomize print them) reads as "".
            if (document == null || document.isNull() || document.isMissingNode()
                    || (document.isTextual() && document.textValue().isEmpty())) {
                continue;
            }
            if (document.isObject() && "List".equals(document.path("kind").asText()) && document.path("items").isArray()) {
                for (int i = 0; i < document.get("items").size(); i++) {
                    objects.add(document.get("items").get(i) instanceof ObjectNode item ? item : null);
                    places.add(place + ", items[" + i + "]");
                }
            } else {
                objects.add(document instanceof ObjectNode object ? object : null);
                places.add(place);
            }
        }
        if (objects.isEmpty()) {
            log.problem(file, "", "holds no Kubernetes object; name a Deployment, StatefulSet, ScaledObject or "
                    + "HorizontalPodAutoscaler manifest, or a *.properties file");
        }
        List<Manifest> manifests = new ArrayList<>();
        for (int i = 0; i < objects.size(); i++) {
            ObjectNode object = objects.get(i);
            String kind = object == null ? "" : object.path("kind").asText("");
            if (kind.isEmpty()) {
                log.problem(file, objects.size() == 1 ? "" : places.get(i), "not a Kubernetes object (no kind:); "
                        + "import reads Deployment, StatefulSet, ScaledObject and HorizontalPodAutoscaler manifests, "
                        + "and consumer or Kafka Streams configs from a file named *.properties");
                continue;
            }
            manifests.add(new Manifest(file, objects.size() == 1 ? 0 : i + 1, kind, object));
        }
        return manifests;
    }

    private static boolean hasAlias(ObjectMapper mapper, String text, String file, ImportLog log) throws IOException {
        try (YAMLParser parser = (YAMLParser) mapper.getFactory().createParser(text)) {
            while (parser.nextToken() != null) {
                if (parser.isCurrentAlias()) {
                    log.problem(file, "", "YAML aliases are not supported (*" + parser.getText() + " at line "
                            + parser.currentLocation().getLineNr() + "); write the values out, as kubectl get -o yaml "
                            + "prints them");
                    return true;
                }
            }
        }
        return false;
    }

    private static ObjectMapper mapper() {
        LoaderOptions options = new LoaderOptions();
        // SnakeYAML stops at 3 Mi code points by default; the input's own 10 MiB limit is the one users see.
        options.setCodePointLimit((int) InputText.MAX_FILE_BYTES);
        ObjectMapper mapper = new ObjectMapper(YAMLFactory.builder().loaderOptions(options).build());
        mapper.enable(JsonParser.Feature.STRICT_DUPLICATE_DETECTION);
        return mapper;
    }

    private static String reason(JsonProcessingException e) {
        if (e.getCause() instanceof MarkedYAMLException marked) {
            return firstLine(marked.getProblem());
        }
        String original = firstLine(e.getOriginalMessage());
        return original.startsWith("Duplicate field") ? original.replace("Duplicate field", "duplicate key")
                + "; each key may appear only once in a map" : original;
    }

    /** A Helm chart's template is not YAML until it is rendered. */
    private static String helmHint(String text) {
        return text.contains("{{") ? " (a Helm template? render it first: helm template ... > manifest.yaml)" : "";
    }

    private static String where(JsonLocation location) {
        return location == null || location.getLineNr() < 1 ? ""
                : " at line " + location.getLineNr() + ", column " + location.getColumnNr();
    }

    private static String firstLine(String message) {
        if (message == null) {
            return "unknown error";
        }
        int newline = message.indexOf('\n');
        return (newline < 0 ? message : message.substring(0, newline)).trim();
    }
}
