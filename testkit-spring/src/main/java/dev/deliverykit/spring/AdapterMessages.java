package dev.deliverykit.spring;

/** What the Modulith contract adapters say when they are built incompletely: each message once. */
final class AdapterMessages {

    private AdapterMessages() {}

    static String adapterNeeds(String adapter, String what) {
        return adapter + " needs " + what + "(...): give it where the contract test's adapter() builds the adapter.";
    }

    static String notAFieldName(String field) {
        return "an event's key is one of its fields, named as in Java (it is read from the publication's JSON), got \""
                + field + "\".";
    }

    static String eventKeyNotRunOn(String field, String product) {
        return "ModulithOutboxAdapter.eventKey(\"" + field + "\") reads the event's key from the publication's JSON"
                + " with SQL that runs on H2 and PostgreSQL, and the application's database is " + product + ". Give"
                + " outboxRows(sql) instead of eventKey(...): a query of event_publication that returns the event's "
                + field + ", one row per publication, with your database's JSON function.";
    }

    /** The {@code read} of the contract's application failed, as {@code failure} says. */
    static String readFailed(String read, String failure) {
        return read + " failed: " + failure;
    }
}
