package dev.deliverykit.junit5.contract;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import dev.deliverykit.invariant.JdbcSource;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import org.apiguardian.api.API;

/**
 * The databases of one contract check run, by the names the adapter declared ({@link ContractAdapter#databases()}):
 * what {@link ContractAdapter#start(Databases)} starts a process on.
 *
 * <pre>{@code
 * public Receiver start(Databases databases) {
 *     WarehouseService service = new WarehouseService(databases.url("warehouse"));
 *     return request -> answer(service.reserve(request.tenant(), request.key(), request.parameters()));
 * }
 * }</pre>
 */
@API(status = EXPERIMENTAL, since = "0.1")
public final class Databases {

    private final Map<String, String> urls;

    private Databases(Map<String, String> urls) {
        this.urls = urls;
    }

    /** The databases {@code names} of the run {@code site}, as {@code factory} places them. */
    static Databases of(List<String> names, DatabaseFactory factory, CheckSite site) {
        Map<String, String> urls = new LinkedHashMap<>();
        for (String name : names) {
            urls.put(name, Objects.requireNonNull(factory.jdbcUrl(name, site), "the JDBC URL of " + name));
        }
        return new Databases(urls);
    }

    /** The names, in the order the adapter declared them. */
    public List<String> names() {
        return List.copyOf(urls.keySet());
    }

    /**
     * The JDBC URL of the database {@code name}.
     *
     * @throws IllegalArgumentException if the adapter did not declare it
     */
    public String url(String name) {
        String url = urls.get(name);
        if (url == null) {
            throw new IllegalArgumentException(
                    ContractMessages.undeclaredDatabase(name, urls.keySet()).sentences());
        }
        return url;
    }

    /** The database {@code name} as an invariant's source, named after it. */
    public JdbcSource source(String name) {
        return JdbcSource.url(url(name)).named(name);
    }

    /**
     * The file of the SQLite database {@code name}, for code that opens SQLite by path.
     *
     * @throws IllegalArgumentException if its URL is not {@code jdbc:sqlite:<file>}
     */
    public Path sqliteFile(String name) {
        String url = url(name);
        if (!url.startsWith("jdbc:sqlite:") || url.startsWith("jdbc:sqlite::memory:")) {
            throw new IllegalArgumentException(
                    ContractMessages.notASqliteFile(name, url).sentences());
        }
        return Path.of(url.substring("jdbc:sqlite:".length()));
    }

    @Override
    public String toString() {
        return "Databases" + urls;
    }
}
