package com.example.orders;

import java.time.Clock;
import java.time.LocalDate;
import java.time.ZoneOffset;

/** Fixed clocks on given days, so dedup epochs and timestamps are exact values in assertions. */
public final class Days {

    /** 2024-10-04, epoch day 20000. */
    public static final long DAY_ONE = 20_000;

    private Days() {}

    /** A clock stopped at 09:00 UTC of epoch day {@code epochDay}. */
    public static Clock clockOn(long epochDay) {
        return Clock.fixed(LocalDate.ofEpochDay(epochDay).atTime(9, 0).toInstant(ZoneOffset.UTC), ZoneOffset.UTC);
    }
}
