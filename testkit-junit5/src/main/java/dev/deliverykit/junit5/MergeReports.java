package dev.deliverykit.junit5;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import dev.deliverykit.junit5.internal.report.Report;
import dev.deliverykit.junit5.internal.report.ReportFiles;
import dev.deliverykit.junit5.internal.report.ShardMerge;
import java.io.PrintStream;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import org.apiguardian.api.API;

/**
 * Merges the report directories of a sharded run ({@value DeliveryKitConfiguration#SHARD}{@code =1/N} to
 * {@code N/N}, one CI job each) into one report directory whose {@code report.json}, {@code report.md} and
 * {@code report.html} are those of an unsharded run, but for times, part names, attachment paths and the line
 * saying it was merged: every test, every case once in its unsharded order (a sweep's recording, which every shard
 * runs, once), unique ids numbered as in an unsharded run, the attachments copied. It needs only the kit's two jars,
 * not JUnit:
 *
 * <pre>
 * java -cp testkit-junit5-0.1.0.jar:testkit-core-0.1.0.jar dev.deliverykit.junit5.MergeReports \
 *     merged/ shard-1/ shard-2/ shard-3/ shard-4/
 * </pre>
 *
 * <p>The first argument is the output directory (new or empty), the others the shards' report directories
 * ({@value DeliveryKitConfiguration#REPORT_DIR} of each job), in any order. It prints the merged Markdown summary
 * and exits with 0; with 1 and a message saying what is wrong and how to fix it when a directory is missing or is
 * not a shard's report, when the shards were split differently or ran different sweeps, or when a shard is missing
 * (naming it); with 2 when the arguments are not a command.
 */
@API(status = EXPERIMENTAL, since = "0.1")
public final class MergeReports {

    /** What to run, printed when the arguments are wrong. */
    static final String USAGE = "usage: java -cp <testkit-junit5 jar>:<testkit-core jar> "
            + MergeReports.class.getName() + " <output directory> <shard report directory>...\n"
            + "Merges the report directories of the shards of one run (-D" + DeliveryKitConfiguration.SHARD
            + "=1/N to N/N) into one report directory, as an unsharded run would have written it.";

    private MergeReports() {}

    /**
     * Merges the shards' report directories, {@code args[1..]}, into the directory {@code args[0]}; exits with 1 (and
     * says why) when they cannot be merged, with 2 on wrong arguments.
     */
    public static void main(String... args) {
        int status = run(Arrays.asList(args), System.out, System.err);
        if (status != 0) {
            System.exit(status);
        }
    }

    /** {@link #main}, returning the exit status instead of exiting. */
    static int run(List<String> args, PrintStream out, PrintStream err) {
        if (args.size() < 2 || args.stream().anyMatch(arg -> arg.isBlank() || arg.startsWith("-"))) {
            err.println(USAGE);
            return 2;
        }
        try {
            Path directory = Path.of(args.get(0));
            Report merged = ShardMerge.merge(
                    directory,
                    args.subList(1, args.size()).stream().map(Path::of).toList());
            out.print(new ReportFiles(merged)
                    .markdownSummary(
                            directory.resolve("report.html").toAbsolutePath().toString()));
            return 0;
        } catch (IllegalArgumentException | UncheckedIOException e) {
            err.println("DeliveryKit could not merge the shards' reports: " + e.getMessage());
            return 1;
        }
    }
}
