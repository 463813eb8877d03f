package org.rebalancesim.importer;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * Reads the input files and sorts what they hold: at most one workload (Deployment or StatefulSet), one
 * autoscaler (ScaledObject or HorizontalPodAutoscaler) and one properties file, since a scenario is one
 * consumer group. A file is a properties file by its extension, and otherwise a manifest, told apart by each
 * object's {@code kind}; other kinds are ignored with a warning.
 */
final class ImportInputs {

    /**
     * What the inputs hold.
     *
     * @param files      the input files, as the command line named them
     * @param read       what was read from each file, for the scenario's header ("Deployment orders")
     * @param workload   the workload, or null
     * @param autoscaler the autoscaler, or null
     * @param properties the consumer or Streams configs, or null
     */
    record Inputs(List<String> files, Map<String, List<String>> read, WorkloadImport.Workload workload,
                  Autoscaler autoscaler, PropertiesImport.Imported properties) {
    }

    private final ImportLog log;
    private final List<String> files = new ArrayList<>();
    private final Map<String, List<String>> read = new LinkedHashMap<>();
    private final List<WorkloadImport.Workload> workloads = new ArrayList<>();
    private final List<Autoscaler> autoscalers = new ArrayList<>();
    private final List<PropertiesImport.Imported> properties = new ArrayList<>();

    private ImportInputs(ImportLog log) {
        this.log = log;
    }

    static Inputs read(List<Path> paths, ImportLog log) {
        ImportInputs inputs = new ImportInputs(log);
        for (Path path : paths) {
            inputs.file(path, path.toString());
        }
        inputs.refuseSeconds(inputs.workloads.stream().map(WorkloadImport.Workload::manifest).toList(),
                "Deployment or StatefulSet");
        inputs.refuseSeconds(inputs.autoscalers.stream().map(Autoscaler::manifest).toList(),
                "autoscaler (ScaledObject or HorizontalPodAutoscaler; KEDA makes the HPA of a ScaledObject itself)");
        for (int i = 1; i < inputs.properties.size(); i++) {
            log.problem(inputs.properties.get(i).file(), "", "a second properties file (" + inputs.properties.get(0).file()
                    + " came first); a scenario is one consumer group: merge them into one file");
        }
        return new Inputs(List.copyOf(inputs.files), inputs.read, first(inputs.workloads), first(inputs.autoscalers),
                first(inputs.properties));
    }

    private void file(Path path, String file) {
        files.add(file);
        read.put(file, new ArrayList<>());
        String text = InputText.read(path, file, log);
        if (text == null) {
            return;
        }
        if (file.toLowerCase(Locale.ROOT).endsWith(".properties")) {
            Map<String, String> entries = PropertiesText.parse(text, file, log);
            if (entries != null) {
                PropertiesImport.Imported imported = PropertiesImport.read(file, entries, log);
                properties.add(imported);
                read.get(file).add(imported.streams() ? "Kafka Streams configs" : "consumer configs");
            }
            return;
        }
        for (Manifest manifest : ManifestDocuments.read(text, file, log)) {
            manifest(manifest);
        }
    }

    private void manifest(Manifest manifest) {
        ManifestFields fields = new ManifestFields(manifest, log);
        String kind = manifest.kind();
        if (WorkloadImport.KINDS.contains(kind) && apiVersion(manifest, List.of("apps/v1"))) {
            workloads.add(WorkloadImport.read(fields));
        } else if (kind.equals("ScaledObject") && apiVersion(manifest, List.of(ScaledObjectImport.API_VERSION))) {
            autoscalers.add(ScaledObjectImport.read(fields));
        } else if (kind.equals("HorizontalPodAutoscaler")
                && apiVersion(manifest, HorizontalPodAutoscalerImport.API_VERSIONS)) {
            autoscalers.add(HorizontalPodAutoscalerImport.read(fields));
        } else {
            ignored(manifest);
            return;
        }
        read.get(manifest.file()).add(manifest.title());
    }

    /** Whether the object's apiVersion is one whose fields are read here; a problem otherwise. */
    private boolean apiVersion(Manifest manifest, List<String> known) {
        if (known.contains(manifest.apiVersion())) {
            return true;
        }
        log.problem(manifest.label(), "apiVersion", manifest.kind() + " is read as " + String.join(" or ", known)
                + ", got '" + manifest.apiVersion() + "'" + (manifest.kind().equals("HorizontalPodAutoscaler")
                ? ": kubectl get hpa " + manifest.name() + " -o yaml prints it as autoscaling/v2" : ""));
        return false;
    }

    private void ignored(Manifest manifest) {
        String hint = switch (manifest.kind()) {
            case "ConfigMap" -> "; if it holds your consumer.properties, save that entry to a .properties file and "
                    + "import it";
            case "ScaledJob" -> ": KEDA's ScaledJob runs Jobs, not a consumer group's long-lived pods";
            default -> "";
        };
        log.warning(manifest.label(), "", manifest.title() + " ignored: import reads Deployment, StatefulSet, "
                + "ScaledObject and HorizontalPodAutoscaler manifests" + hint);
    }

    private void refuseSeconds(List<Manifest> manifests, String what) {
        for (int i = 1; i < manifests.size(); i++) {
            log.problem(manifests.get(i).label(), "", "a second " + what + " (" + manifests.get(0).title() + " of "
                    + manifests.get(0).label() + " came first); a scenario is one consumer group: import its "
                    + "manifests only");
        }
    }

    private static <T> T first(List<T> list) {
        return list.isEmpty() ? null : list.get(0);
    }
}
