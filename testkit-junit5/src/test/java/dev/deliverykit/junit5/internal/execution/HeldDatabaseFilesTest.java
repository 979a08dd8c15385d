package dev.deliverykit.junit5.internal.execution;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Reading Linux's /proc/locks for the exclusive whole-file locks of one process, and what counts as a database. */
class HeldDatabaseFilesTest {

    @Test
    void onlyTheExclusiveLocksThisProcessHoldsOverWholeFilesCount() {
        List<String> locks = List.of(
                "1: POSIX  ADVISORY  WRITE 8988 fe:00:2147367 0 EOF",
                "2: FLOCK  ADVISORY  WRITE 8988 fe:00:2154536 0 EOF",
                "3: POSIX  ADVISORY  READ 8988 fe:00:1000 0 EOF",
                "4: POSIX  ADVISORY  WRITE 8988 fe:00:1001 1073741824 1073741825",
                "5: POSIX  ADVISORY  WRITE 4242 fe:00:1002 0 EOF",
                "5: -> POSIX  ADVISORY  WRITE 8988 fe:00:1003 0 EOF",
                "6: OFDLCK ADVISORY  WRITE -1 fe:00:1004 0 EOF");

        assertThat(HeldDatabaseFiles.exclusiveWholeFileLocks(locks, 8988))
                .containsExactlyInAnyOrder(2147367L, 2154536L);
    }

    @Test
    void databaseFilesAreKnownByTheirNames() {
        assertThat(HeldDatabaseFiles.isDatabase(Path.of("/tmp/x/shop.mv.db"))).isTrue();
        assertThat(HeldDatabaseFiles.isDatabase(Path.of("/tmp/x/orders.sqlite3")))
                .isTrue();
        assertThat(HeldDatabaseFiles.isDatabase(Path.of("/tmp/x/.report.lock"))).isFalse();
        assertThat(HeldDatabaseFiles.isDatabase(Path.of("/tmp/x/hsperfdata"))).isFalse();
    }
}
