package dev.deliverykit.internal.instrument;

import static org.assertj.core.api.Assertions.assertThat;

import dev.deliverykit.internal.instrument.JdbcCall.TransactionEnd;
import java.util.List;
import org.junit.jupiter.api.Test;

class SqlTextTest {

    @Test
    void whitespaceOfTextBlocksIsNormalised() {
        assertThat(SqlText.normalise("\n  INSERT INTO outbox(id)\n\t VALUES (?)  \n"))
                .isEqualTo("INSERT INTO outbox(id) VALUES (?)");
    }

    @Test
    void normalTextIsReturnedAsItIsAndEverythingElseIsNormalised() {
        String normal = "INSERT INTO outbox(id) VALUES (?)";
        assertThat(SqlText.normalise(normal)).isSameAs(normal);
        assertThat(SqlText.normalise("SELECT 1 -- trailing comment")).isEqualTo("SELECT 1 -- trailing comment");
        assertThat(SqlText.normalise("SELECT  1")).isEqualTo("SELECT 1");
        assertThat(SqlText.normalise("SELECT\t1")).isEqualTo("SELECT 1");
        assertThat(SqlText.normalise("SELECT 1\r\n")).isEqualTo("SELECT 1");
        assertThat(SqlText.normalise("\u2003SELECT 1")).isEqualTo("SELECT 1");
        assertThat(SqlText.normalise("-- leading\nSELECT 1")).isEqualTo("SELECT 1");
        assertThat(SqlText.normalise("/* leading */SELECT 1")).isEqualTo("SELECT 1");
    }

    @Test
    void leadingCommentsOfAnyNumberAreDroppedWithoutOverflowingTheStack() {
        // A migration script: thousands of comment lines used to overflow the stack of the preparing driver call.
        String script = "-- line\n".repeat(20_000) + "/* block */ CREATE TABLE t(id INT)";

        assertThat(SqlText.normalise(script)).isEqualTo("CREATE TABLE t(id INT)");
        assertThat(SqlText.normalise("  /* unclosed")).isEqualTo("/* unclosed");
        assertThat(SqlText.normalise("-- only a comment")).isEmpty();
        assertThat(SqlText.normalise("")).isEmpty();
    }

    @Test
    void transactionEndsAreRecognisedButSavepointRollbacksAreNot() {
        for (String commit : List.of(
                "COMMIT", "commit;", "END", "end transaction", "COMMIT WORK", "/* x */ COMMIT", "-- done\nCOMMIT")) {
            assertThat(SqlText.transactionEnd(SqlText.normalise(commit)))
                    .as(commit)
                    .isEqualTo(TransactionEnd.COMMIT);
        }
        for (String rollback : List.of("ROLLBACK", "rollback transaction;", "ROLLBACK WORK")) {
            assertThat(SqlText.transactionEnd(rollback)).as(rollback).isEqualTo(TransactionEnd.ROLLBACK);
        }
        for (String other : List.of(
                "ROLLBACK TO SAVEPOINT s1", "BEGIN IMMEDIATE", "UPDATE t SET x = 'COMMIT'", "COMMIT PREPARED 'x'")) {
            assertThat(SqlText.transactionEnd(other)).as(other).isEqualTo(TransactionEnd.NONE);
        }
    }

    @Test
    void descriptorsBecomeTypeNames() {
        assertThat(Descriptors.parameterTypeNames("(Ljava/lang/String;[IJLjava/util/Map$Entry;[[Ljava/lang/Object;)V"))
                .containsExactly("java.lang.String", "int[]", "long", "java.util.Map$Entry", "java.lang.Object[][]");
        assertThat(Descriptors.parameterTypeNames("()V")).isEmpty();
    }
}
