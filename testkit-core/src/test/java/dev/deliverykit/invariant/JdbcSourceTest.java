package dev.deliverykit.invariant;

import static dev.deliverykit.invariant.TestDatabases.create;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.Statement;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.sqlite.SQLiteDataSource;

/** How users hand databases to invariants, and how those databases are named in reports. */
class JdbcSourceTest {

    @TempDir
    Path dir;

    @Test
    void aUrlSourceIsNamedAfterItsUrlWithSecretsMasked() {
        assertThat(JdbcSource.url("jdbc:sqlite:/tmp/orders.db").name()).isEqualTo("jdbc:sqlite:/tmp/orders.db");
        assertThat(JdbcSource.url("jdbc:postgresql://alice:secret@db.example/orders?user=alice&password=secret")
                        .name())
                .isEqualTo("jdbc:postgresql://***@db.example/orders?user=alice&password=***");
        assertThat(JdbcSource.url("jdbc:sqlserver://db.example;user=sa;PWD=secret;database=orders")
                        .name())
                .isEqualTo("jdbc:sqlserver://db.example;user=sa;PWD=***;database=orders");
    }

    @Test
    void aSuppliedUrlIsResolvedWhenTheCheckRunsSoItCanBeDeclaredBeforeTheFileExists() {
        AtomicReference<Path> directory = new AtomicReference<>();
        JdbcSource late = JdbcSource.url(() -> "jdbc:sqlite:" + directory.get().resolve("late.db"));
        Invariant invariant = Invariants.atMostOncePerKey().effectsIn(late, "effect", "k");

        assertThat(late.name()).isEqualTo("JDBC URL supplied at check time");

        directory.set(dir);
        create(dir, "late.db", "CREATE TABLE effect(k TEXT)", "INSERT INTO effect VALUES ('a'), ('a')");

        assertThat(late.name()).isEqualTo("jdbc:sqlite:" + dir.resolve("late.db"));
        assertThat(invariant.check().violations())
                .extracting(Violation::subject)
                .containsExactly("a");
    }

    @Test
    void aLambdaIsUnnamedUntilNamed() throws Exception {
        Path db = create(dir, "plain.db", "CREATE TABLE effect(k TEXT)");
        JdbcSource lambda = () -> DriverManager.getConnection("jdbc:sqlite:" + db);
        JdbcSource named = lambda.named("plain.db");

        assertThat(lambda.name()).isEqualTo("unnamed JDBC source");
        assertThat(named.name()).isEqualTo("plain.db");
        assertThat(named.named("renamed.db").name()).isEqualTo("renamed.db");
        try (Connection connection = named.open()) {
            assertThat(connection.getMetaData().getURL()).isEqualTo("jdbc:sqlite:" + db);
        }
        assertThatThrownBy(() -> lambda.named(" "))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage(InvariantErrorMessages.blankSourceName());
    }

    @Test
    void aDataSourceIsNamedAfterItsClassAndOpensItsConnections() {
        create(dir, "ds.db", "CREATE TABLE effect(k TEXT)", "INSERT INTO effect VALUES ('a'), ('b'), ('b')");
        SQLiteDataSource dataSource = new SQLiteDataSource();
        dataSource.setUrl("jdbc:sqlite:" + dir.resolve("ds.db"));
        JdbcSource source = JdbcSource.dataSource(dataSource);

        assertThat(source.name()).isEqualTo("DataSource org.sqlite.SQLiteDataSource");
        assertThat(Invariants.atMostOncePerKey()
                        .effectsIn(source, "effect", "k")
                        .check()
                        .message())
                .isEqualTo("""
                at most once per key: violated (checked 3 effect rows, 2 keys)
                  duplicate effect: 1 key
                    b: found 2 effects, expected at most 1""");
    }

    @Test
    void aUrlWithAUserAndPasswordOpensAsThatUserAndNeverShowsThePassword() throws Exception {
        String url = "jdbc:h2:file:" + dir.resolve("secured") + ";WRITE_DELAY=0";
        try (Connection owner = DriverManager.getConnection(url, "sa", "s3cret");
                Statement statement = owner.createStatement()) {
            statement.execute("CREATE TABLE effect(k VARCHAR(10))");
            statement.execute("INSERT INTO effect VALUES ('a'), ('a')");
        }
        JdbcSource source = JdbcSource.url(url, "sa", "s3cret");
        JdbcSource wrongPassword = JdbcSource.url(() -> url, "sa", "guess");

        assertThat(source.name()).isEqualTo(url);
        assertThat(source.toString()).doesNotContain("s3cret");
        assertThat(Invariants.atMostOncePerKey()
                        .effectsIn(source, "EFFECT", "K")
                        .check()
                        .violations())
                .extracting(Violation::subject)
                .containsExactly("a");
        assertThatThrownBy(() -> Invariants.atMostOncePerKey()
                        .effectsIn(wrongPassword, "EFFECT", "K")
                        .check())
                .isInstanceOf(InvariantSourceException.class)
                .hasMessageNotContaining("guess");
    }

    @Test
    void aUserNeedsAPasswordEvenIfEmpty() {
        assertThatThrownBy(() -> JdbcSource.url("jdbc:h2:mem:x", "sa", null))
                .isInstanceOf(NullPointerException.class)
                .hasMessage("password (an empty one is \"\")");
    }
}
