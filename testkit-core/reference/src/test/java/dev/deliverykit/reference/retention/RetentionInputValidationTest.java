package dev.deliverykit.reference.retention;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.deliverykit.reference.SqliteDatabase;
import dev.deliverykit.testsupport.Db;
import java.nio.file.Path;
import java.util.function.Consumer;
import java.util.stream.Stream;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import org.junit.jupiter.params.provider.ValueSource;

/** Every bad argument is refused with a message naming the call, the argument and the fix; nothing is stored. */
class RetentionInputValidationTest {

    private static final String LONG_NAMESPACE = "n".repeat(RetentionStore.MAX_NAMESPACE_LENGTH + 1);
    private static final String LONG_OP = "o".repeat(RetentionStore.MAX_OP_LENGTH + 1);
    private static final String LONG_PARAMS = "p".repeat(RetentionStore.MAX_PARAMS_LENGTH + 1);

    @TempDir
    Path dir;

    static Stream<Arguments> badCalls() {
        return Stream.of(
                call(
                        "null namespace",
                        s -> s.execute(null, 1, "work-1", "p"),
                        "execute: namespace must not be null; the namespace isolates one tenant's receipts"),
                call(
                        "blank namespace",
                        s -> s.execute(" \t", 1, "work-1", "p"),
                        "execute: namespace must not be blank;"),
                call(
                        "oversized namespace",
                        s -> s.execute(LONG_NAMESPACE, 1, "work-1", "p"),
                        "execute: namespace is 129 characters long, but at most 128 are allowed;"),
                call(
                        "epoch zero",
                        s -> s.execute("demo", 0, "work-1", "p"),
                        "execute: epoch must be 1 or greater, got 0."),
                call(
                        "negative epoch",
                        s -> s.execute("demo", -7, "work-1", "p"),
                        "execute: epoch must be 1 or greater, got -7."),
                call(
                        "null op",
                        s -> s.execute("demo", 1, null, "p"),
                        "execute: op must not be null; the op is the identity of the business intent"),
                call("empty op", s -> s.execute("demo", 1, "", "p"), "execute: op must not be blank;"),
                call(
                        "oversized op",
                        s -> s.execute("demo", 1, LONG_OP, "p"),
                        "execute: op is 257 characters long, but at most 256 are allowed;"),
                call(
                        "null params",
                        s -> s.execute("demo", 1, "work-1", null),
                        "execute: params must not be null. Its SHA-256 digest tells a retry"),
                call(
                        "oversized params",
                        s -> s.execute("demo", 1, "work-1", LONG_PARAMS),
                        "execute: params is 65537 characters long, but at most 65536 are allowed;"),
                call(
                        "close through zero",
                        s -> s.closeAndCollect("demo", 0),
                        "closeAndCollect: through must be 1 or greater, got 0. Epochs start at 1"),
                call(
                        "close blank namespace",
                        s -> s.closeAndCollect("", 1),
                        "closeAndCollect: namespace must not be blank;"),
                call(
                        "expire epoch zero",
                        s -> s.expireResult("demo", 0, "work-1"),
                        "expireResult: epoch must be 1 or greater, got 0."),
                call("expire null op", s -> s.expireResult("demo", 1, null), "expireResult: op must not be null;"),
                call("read null namespace", s -> s.closedThrough(null), "closedThrough: namespace must not be null;"));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("badCalls")
    void aBadArgumentIsRefusedWithItsOwnMessageAndNothingIsStored(
            String name, Consumer<RetentionStore> badCall, String message) {
        SqliteDatabase db = SqliteDatabase.at(dir.resolve("retention.db"));
        try (RetentionStore store = new RetentionStore(db)) {
            assertThatThrownBy(() -> badCall.accept(store))
                    .isExactlyInstanceOf(IllegalArgumentException.class)
                    .hasMessageStartingWith(message);
        }
        assertNothingStored(db);
    }

    @ParameterizedTest(name = "receipt-only cleanup through {0}")
    @ValueSource(longs = {0, -1})
    void theBrokenCleanupValidatesToo(long through) {
        SqliteDatabase db = SqliteDatabase.at(dir.resolve("retention.db"));
        try (ReceiptOnlyCleanup cleanup = new ReceiptOnlyCleanup(db)) {
            assertThatThrownBy(() -> cleanup.deleteReceiptsThrough("demo", through))
                    .isExactlyInstanceOf(IllegalArgumentException.class)
                    .hasMessageStartingWith("deleteReceiptsThrough: through must be 1 or greater, got " + through);
        }
        assertNothingStored(db);
    }

    private static void assertNothingStored(SqliteDatabase db) {
        assertThat(Db.count(db.file(), "effect")).isZero();
        assertThat(Db.count(db.file(), "receipt")).isZero();
        assertThat(Db.count(db.file(), "boundary")).isZero();
    }

    private static Arguments call(String name, Consumer<RetentionStore> badCall, String message) {
        return Arguments.of(name, badCall, message);
    }
}
