package dev.deliverykit.time;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;

import java.time.Duration;
import java.time.Instant;
import java.time.LocalDateTime;
import java.time.ZoneId;
import org.junit.jupiter.api.Test;

class KitClockTest {

    @Test
    void standsStillAtItsStartUntilMoved() {
        KitClock clock = KitClock.start();

        assertThat(clock.instant()).isEqualTo(Instant.parse("2026-01-01T00:00:00Z"));
        assertThat(clock.millis())
                .isEqualTo(Instant.parse("2026-01-01T00:00:00Z").toEpochMilli());
        assertThat(clock.nanoTime()).isZero();
        assertThat(clock.elapsed()).isEqualTo(Duration.ZERO);
    }

    @Test
    void movesOnlyByItsSteps() {
        KitClock clock = KitClock.start();

        clock.advance(Duration.ofSeconds(31));
        clock.advance(Duration.ofMillis(500));

        assertThat(clock.instant()).isEqualTo(Instant.parse("2026-01-01T00:00:31.500Z"));
        assertThat(clock.millis())
                .isEqualTo(Instant.parse("2026-01-01T00:00:31.500Z").toEpochMilli());
        assertThat(clock.nanoTime()).isEqualTo(31_500_000_000L);
        assertThat(clock.elapsed()).isEqualTo(Duration.ofMillis(31_500));
    }

    @Test
    void movesForwardToAnInstantButNeverBack() {
        KitClock clock = KitClock.start();

        clock.advanceTo(KitClock.START.plusSeconds(30));
        clock.advanceTo(KitClock.START.plusSeconds(20));

        assertThat(clock.instant()).isEqualTo(Instant.parse("2026-01-01T00:00:30Z"));
        assertThat(clock.elapsed()).isEqualTo(Duration.ofSeconds(30));
    }

    @Test
    void aStepBeyondWhatItCanCountMovesItAsFarAsItGoesAndNeverBack() {
        KitClock clock = KitClock.start();
        clock.advance(Duration.ofSeconds(1));

        clock.advance(Duration.ofSeconds(Long.MAX_VALUE));
        clock.advance(Duration.ofDays(1));
        clock.advanceTo(Instant.MAX);

        assertThat(clock.nanoTime()).isEqualTo(Long.MAX_VALUE);
        assertThat(clock.instant()).isEqualTo(KitClock.START.plusNanos(Long.MAX_VALUE));
    }

    @Test
    void aCopyInAnotherZoneSharesItsTime() {
        KitClock clock = KitClock.start();
        KitClock paris = clock.withZone(ZoneId.of("Europe/Paris"));

        clock.advance(Duration.ofHours(2));

        assertThat(paris.instant()).isEqualTo(clock.instant());
        assertThat(LocalDateTime.now(paris)).isEqualTo(LocalDateTime.parse("2026-01-01T03:00:00"));
        assertThat(paris).isNotEqualTo(clock).isEqualTo(clock.withZone(ZoneId.of("Europe/Paris")));
        assertThat(clock.withZone(clock.getZone())).isSameAs(clock);
    }

    @Test
    void twoClocksAreTwoTimes() {
        KitClock one = KitClock.start();
        KitClock other = KitClock.start();

        one.advance(Duration.ofSeconds(1));

        assertThat(other.elapsed()).isEqualTo(Duration.ZERO);
        assertThat(one).isNotEqualTo(other);
        assertThat(one).hasToString("KitClock[2026-01-01T00:00:01Z, Z]");
    }

    @Test
    void refusesToGoBackAndKeepsItsTime() {
        KitClock clock = KitClock.start();
        clock.advance(Duration.ofSeconds(3));

        assertThatIllegalArgumentException()
                .isThrownBy(() -> clock.advance(Duration.ofSeconds(-1)))
                .withMessage(TimeMessages.negativeStep(Duration.ofSeconds(-1)).sentences());
        assertThat(clock.elapsed()).isEqualTo(Duration.ofSeconds(3));
    }
}
