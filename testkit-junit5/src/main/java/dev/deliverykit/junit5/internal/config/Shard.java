package dev.deliverykit.junit5.internal.config;

import static org.apiguardian.api.API.Status.INTERNAL;

import dev.deliverykit.junit5.DeliveryKitConfiguration;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.apiguardian.api.API;

/**
 * One of {@code count} shards of every kit test's cases ({@value DeliveryKitConfiguration#SHARD}): the one place that
 * decides which cases a shard runs, by a case's number in the unsharded order. Case number {@code i} (from 0) runs in
 * shard {@code (i mod count) + 1}, so the shards are balanced and the split is the same on every machine and JVM; a
 * sweep numbers its crash cases after its recording (which every shard runs), per mode.
 *
 * @param index this shard, from 1 to {@code count}
 * @param count how many shards the cases are split into, from 1
 */
@API(status = INTERNAL, since = "0.1")
public record Shard(int index, int count) {

    /** {@code 2/4}, white space allowed around the numbers. */
    private static final Pattern TEXT = Pattern.compile("\\s*([0-9]{1,4})\\s*/\\s*([0-9]{1,4})\\s*");

    private static final String EXPECTED =
            "expected INDEX/COUNT, this run's shard and the number of shards, for example 2/4 for the second of four";

    public Shard {
        if (count < 1 || index < 1 || index > count) {
            throw new IllegalArgumentException(reason(index, count));
        }
    }

    /**
     * The shard {@code text} names, {@code INDEX/COUNT}.
     *
     * @throws IllegalArgumentException saying what is wrong and what is expected
     */
    public static Shard parse(String text) {
        Matcher matcher = TEXT.matcher(text);
        if (!matcher.matches()) {
            throw new IllegalArgumentException(EXPECTED);
        }
        return new Shard(Integer.parseInt(matcher.group(1)), Integer.parseInt(matcher.group(2)));
    }

    private static String reason(int index, int count) {
        return (count < 1
                        ? "the number of shards must be at least 1"
                        : "there is no shard " + index + " of " + count + ", shards are numbered from 1 to " + count)
                + "; " + EXPECTED;
    }

    /** Whether this shard runs the case with number {@code caseNumber} (from 0) in the unsharded order. */
    boolean runs(int caseNumber) {
        if (caseNumber < 0) {
            throw new IllegalArgumentException(SettingMessages.caseBelowZero(caseNumber));
        }
        return caseNumber % count == index - 1;
    }

    /** The shard that runs case {@code caseNumber} (from 0): {@code (caseNumber mod count) + 1}. */
    public int of(int caseNumber) {
        return caseNumber % count + 1;
    }

    /** {@code 2/4}, as the setting is written. */
    public String text() {
        return index + "/" + count;
    }

    /**
     * What a report says about this shard: {@code Shard 2 of 4 (deliverykit.shard=2/4): cases 2, 6, 10, … of each
     * test, ...}.
     */
    public String describe() {
        String cases = count == 1
                ? "every case of each test"
                : "cases " + index + ", " + (index + count) + ", " + (index + 2 * count) + ", … of each test";
        return "Shard " + index + " of " + count + " (" + DeliveryKitConfiguration.SHARD + "=" + text() + "): " + cases
                + ", counting a sweep's crash cases per mode after its recording, which every shard runs.";
    }
}
