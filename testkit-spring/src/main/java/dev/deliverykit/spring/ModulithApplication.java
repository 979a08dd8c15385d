package dev.deliverykit.spring;

import dev.deliverykit.junit5.contract.Databases;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * What both Modulith adapters know of the application: its classes, the property that points it at the check run's
 * database, the properties the test gives it and how long a wait may take. Immutable: each {@code with} is a copy.
 *
 * @param sources the application's {@code @SpringBootApplication} or {@code @Configuration} classes
 * @param urlProperty the property that takes the database's JDBC URL
 * @param properties properties that win over the application's own
 * @param limit how long a wait for the application to settle may take
 */
record ModulithApplication(List<Class<?>> sources, String urlProperty, Map<String, String> properties, Duration limit) {

    /** The database's name in the contract's queries: the application's one data source. */
    static final String DATABASE = "application";

    static ModulithApplication of(Class<?>... sources) {
        if (sources.length == 0) {
            throw new IllegalArgumentException(SpringMessages.noSources());
        }
        return new ModulithApplication(List.of(sources), "spring.datasource.url", Map.of(), Duration.ofSeconds(30));
    }

    ModulithApplication withProperty(String name, String value) {
        Objects.requireNonNull(name, "name");
        Objects.requireNonNull(value, "value");
        Map<String, String> more = new LinkedHashMap<>(properties);
        more.put(name, value);
        return new ModulithApplication(sources, urlProperty, Map.copyOf(more), limit);
    }

    ModulithApplication withUrlProperty(String name) {
        return new ModulithApplication(sources, Objects.requireNonNull(name, "name"), properties, limit);
    }

    ModulithApplication awaitingAtMost(Duration limit) {
        if (limit.isNegative() || limit.isZero()) {
            throw new IllegalArgumentException(SpringMessages.notPositive(limit));
        }
        return new ModulithApplication(sources, urlProperty, properties, limit);
    }

    /** A fresh process on the run's database, its incomplete publications resubmitted and settled. */
    ContractApplication start(Databases databases) {
        Map<String, Object> values = new LinkedHashMap<>(properties);
        values.put(urlProperty, databases.url(DATABASE));
        return ContractApplication.start(sources.toArray(Class<?>[]::new), values, limit);
    }
}
