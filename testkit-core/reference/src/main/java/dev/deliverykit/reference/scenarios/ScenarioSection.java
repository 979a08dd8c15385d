package dev.deliverykit.reference.scenarios;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import java.nio.file.Path;
import org.apiguardian.api.API;

/**
 * One section of the scenario report: runs its named scenarios on fresh databases and renders the
 * outcomes as Markdown.
 *
 * <p>The rendering must be deterministic: no temporary paths, process ids, timings or anything else
 * that changes from run to run, so that it can be compared with a checked-in golden file.
 */
@API(status = EXPERIMENTAL, since = "0.1")
public interface ScenarioSection {

    /**
     * Runs the section's scenarios, each on new database files created below {@code workDirectory}
     * (which is empty and deleted afterwards), and returns Markdown starting with a {@code ##} heading.
     */
    String render(Path workDirectory) throws Exception;
}
