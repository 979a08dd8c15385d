package dev.deliverykit.invariant;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.stream.Collectors;
import java.util.stream.LongStream;

/**
 * What is wrong with one flow's applied sequence numbers, read in application order: values that are not
 * whole numbers or are below 1, the first one applied after a higher one, repeats, and missing numbers.
 *
 * @param found    for example {@code seq 3, 1, 2, 3 in application order (seq 1 applied after seq 3; seq 3
 *                 applied 2 times)}
 * @param expected for example {@code seq 1, 2, 3, each once, in this order}
 */
record SequenceJudgement(String found, String expected) {

    /** Empty when {@code seqs} is exactly {@code 1, 2, ..., k}. */
    static Optional<SequenceJudgement> of(List<String> seqs) {
        List<Long> numbers = new ArrayList<>();
        List<String> notNumbers = new ArrayList<>();
        for (String seq : seqs) {
            Optional<Long> number = wholeNumber(seq);
            number.ifPresentOrElse(numbers::add, () -> notNumbers.add(ReportFormat.value(seq)));
        }
        if (notNumbers.isEmpty() && isPrefix(numbers)) {
            return Optional.empty();
        }
        List<String> problems = new ArrayList<>();
        notNumbers.stream().distinct().forEach(text -> problems.add("seq " + text + " is not a whole number"));
        numbers.stream().filter(n -> n < 1).distinct().sorted()
                .forEach(n -> problems.add("seq " + n + " is below 1"));
        firstDescent(numbers).ifPresent(problems::add);
        repeats(numbers).forEach((n, times) -> problems.add("seq " + n + " applied " + times + " times"));
        long highest = Math.max(1, numbers.stream().mapToLong(Long::longValue).max().orElse(1));
        missing(numbers, highest).ifPresent(problems::add);

        List<String> written = seqs.stream().map(ReportFormat::value).toList();
        String found = "seq " + ReportFormat.list(written) + " in application order (" + String.join("; ", problems) + ")";
        String expectedSeqs = highest <= ReportFormat.MAX_LISTED
                ? LongStream.rangeClosed(1, highest).mapToObj(Long::toString).collect(Collectors.joining(", "))
                : "1, 2, ..., " + highest;
        return Optional.of(new SequenceJudgement(found, "seq " + expectedSeqs + ", each once, in this order"));
    }

    private static boolean isPrefix(List<Long> numbers) {
        for (int i = 0; i < numbers.size(); i++) {
            if (numbers.get(i) != i + 1) {
                return false;
            }
        }
        return true;
    }

    private static Optional<Long> wholeNumber(String text) {
        if (text == null) {
            return Optional.empty();
        }
        try {
            return Optional.of(Long.parseLong(text.strip()));
        } catch (NumberFormatException e) {
            return Optional.empty();
        }
    }

    private static Optional<String> firstDescent(List<Long> numbers) {
        for (int i = 1; i < numbers.size(); i++) {
            if (numbers.get(i) < numbers.get(i - 1)) {
                return Optional.of("seq " + numbers.get(i) + " applied after seq " + numbers.get(i - 1));
            }
        }
        return Optional.empty();
    }

    private static Map<Long, Long> repeats(List<Long> numbers) {
        Map<Long, Long> counts = numbers.stream().collect(Collectors.groupingBy(n -> n, TreeMap::new,
                Collectors.counting()));
        counts.values().removeIf(times -> times < 2);
        return counts;
    }

    /**
     * {@code "seq 2, 4 missing"}: the numbers from 1 to {@code highest} that were never applied. Walks the
     * gaps between applied numbers, never the whole range.
     */
    private static Optional<String> missing(List<Long> numbers, long highest) {
        TreeSet<Long> bounds = numbers.stream().filter(n -> n >= 1).collect(Collectors.toCollection(TreeSet::new));
        if (highest < Long.MAX_VALUE) {
            // A sentinel past the end; at Long.MAX_VALUE the highest number is applied, so nothing trails it.
            bounds.add(highest + 1);
        }
        List<String> listed = new ArrayList<>();
        long total = 0;
        long previous = 0;
        for (long bound : bounds) {
            long gapSize = bound - previous - 1;
            for (long gap = previous + 1; gap < bound && listed.size() < ReportFormat.MAX_LISTED; gap++) {
                listed.add(Long.toString(gap));
            }
            total += gapSize;
            previous = bound;
        }
        if (total == 0) {
            return Optional.empty();
        }
        String list = total <= ReportFormat.MAX_LISTED ? String.join(", ", listed)
                : String.join(", ", listed.subList(0, ReportFormat.MAX_LISTED - 2)) + ", ... (" + total + " in all)";
        return Optional.of("seq " + list + " missing");
    }
}
