package dev.deliverykit.junit5.internal.report;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.Set;

/**
 * The report of one run, merged from the parts its JVMs wrote: every test of every part, where a test (by unique
 * id) in a later part replaces the same test in an earlier one, so a rerun shows its latest result; the same for
 * guarantee tests.
 */
final class RunMerge {

    private RunMerge() {}

    /**
     * The merged report of {@code parts}, oldest first. Its shard is the parts' shard when they all ran the same one
     * (every JVM of a sharded build does), else none.
     *
     * @param parts the parts' file names and contents, in the order they were written
     */
    static Report merge(Map<String, Report> parts) {
        Map<String, TestReport> tests = new LinkedHashMap<>();
        Map<String, GuaranteeResult> guarantees = new LinkedHashMap<>();
        List<Report.Source> sources = new ArrayList<>();
        Set<Optional<String>> shards = new HashSet<>();
        parts.forEach((file, part) -> {
            Report.Part header = (Report.Part) part.header();
            sources.add(new Report.Source(
                    file,
                    header.pid(),
                    Optional.ofNullable(header.run()),
                    header.written(),
                    header.jdk(),
                    header.kit(),
                    header.shard()));
            shards.add(header.shard());
            part.tests().forEach(test -> {
                tests.remove(test.uniqueId());
                tests.put(test.uniqueId(), test);
            });
            part.guarantees().forEach(guarantee -> {
                guarantees.remove(guarantee.uniqueId());
                guarantees.put(guarantee.uniqueId(), guarantee);
            });
        });
        Optional<String> shard = shards.size() == 1 ? shards.iterator().next() : Optional.empty();
        return new Report(
                new Report.Merged(sources, shard, OptionalInt.empty()),
                new ArrayList<>(tests.values()),
                new ArrayList<>(guarantees.values()));
    }
}
