package org.rebalancesim.importer;

import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.Map;

/**
 * An imported scenario before it is written: the tree, the comments that explain it, and where each value
 * came from, so that a value the scenario loader refuses is reported against the input that set it.
 *
 * @param root     the scenario's tree
 * @param comments its comments
 * @param origins  for a path of the tree, the input file and the path or key in it that set the value
 */
record ImportedScenario(ObjectNode root, YamlComments comments, Map<TreePath, Origin> origins) {

    /**
     * Where a value came from.
     *
     * @param file the input, as messages name it
     * @param path the manifest path or the properties key
     */
    record Origin(String file, String path) {
    }

    String text() {
        return CommentedYaml.write(root, comments);
    }
}
