package dev.deliverykit.junit5.internal.report;

import static org.apiguardian.api.API.Status.INTERNAL;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.OptionalInt;
import org.apiguardian.api.API;

/**
 * The report as data (format {@value #FORMAT}): who wrote it, its tests (each with its cases) and its
 * {@link dev.deliverykit.junit5.Guarantee} rows. One JVM writes a {@link Part}; the parts of a run, or the reports
 * of a run's shards, make a {@link Merged} report. {@link ReportJson} alone writes and reads it; totals are always
 * counted from the cases' outcomes.
 *
 * @param guarantees the guarantee tests' rows; none when the run had no guarantee test
 */
@API(status = INTERNAL, since = "0.1")
public record Report(Header header, List<TestReport> tests, List<GuaranteeResult> guarantees) {

    static final String FORMAT = "deliverykit-report/1";

    public Report {
        tests = List.copyOf(tests);
        guarantees = List.copyOf(guarantees);
    }

    /** Who wrote the report: one JVM, or a merge. */
    sealed interface Header permits Part, Merged {

        /** The run's shard ({@code "2/4"}), if it is sharded and, for a merge, every part ran that shard. */
        Optional<String> shard();
    }

    /**
     * One JVM's part of a run.
     *
     * @param run the run the JVM belongs to ({@link ReportDirectory#RUN})
     * @param written when the part was written, as an {@link java.time.Instant} writes itself
     */
    record Part(long pid, String run, String written, String jdk, String kit, Optional<String> shard)
            implements Header {}

    /**
     * A report merged from parts: the parts of one run, or the reports of every shard of one run.
     *
     * @param mergedShards how many shards {@link ShardMerge} merged it from; empty for the parts of one run
     */
    record Merged(List<Source> parts, Optional<String> shard, OptionalInt mergedShards) implements Header {

        Merged {
            parts = List.copyOf(parts);
        }
    }

    /**
     * One part a merged report was made from.
     *
     * @param file the part's file name
     */
    record Source(
            String file,
            long pid,
            Optional<String> run,
            String written,
            String jdk,
            String kit,
            Optional<String> shard) {

        /** The same part, named as of {@code shard}. */
        Source inShard(String other) {
            return new Source(file, pid, run, written, jdk, kit, Optional.of(other));
        }
    }

    /** The parts a merged report was made from, oldest first; none for one JVM's part. */
    List<Source> parts() {
        return header instanceof Merged merged ? merged.parts() : List.of();
    }

    /** How many shards the report was merged from; 0 unless {@link ShardMerge} merged it. */
    int mergedShards() {
        return header instanceof Merged merged ? merged.mergedShards().orElse(0) : 0;
    }

    /** The outcomes of every case of every test. */
    Totals totals() {
        List<CaseRow> every = new ArrayList<>();
        tests.forEach(test -> every.addAll(test.cases()));
        return Totals.of(every);
    }
}
