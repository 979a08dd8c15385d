package dev.deliverykit.brokers;

import java.util.ArrayList;
import java.util.List;
import java.util.stream.IntStream;

/** The display names of the shop's sweep cases, as JUnit shows them, for tests that pin them. */
public final class SweepCases {

    static final String MARK = " in Outbox.markPublished";
    static final String MARK_STATEMENT =
            " statement \"UPDATE outbox_message SET published_at = ? WHERE\u2026\" #1" + MARK;
    public static final String INBOX =
            " statement \"INSERT INTO inbox(message_id) VALUES (?) ON CONF\u2026\" #1 in Shipments.shipOnce";
    public static final String SHIPMENT =
            " statement \"INSERT INTO shipment(message_id, order_id) VALUE\u2026\" #1 in Shipments.insertShipment";
    public static final String SHIP_ONCE = " commit #1 in Shipments.shipOnce (via Shipments.inTransaction)";
    public static final String SHIP = " commit #1 in Shipments.ship (via Shipments.inTransaction)";

    /** A relay's points: the mark's statement and commit. */
    public static final List<String> RELAY_POINTS = List.of(
            "crash before" + MARK_STATEMENT,
            "crash after" + MARK_STATEMENT,
            "crash before commit #1" + MARK,
            "crash after commit #1" + MARK);

    /** A consumer's points without an inbox: the shipment's statement and commit. */
    public static final List<String> NAIVE_CONSUMER_POINTS =
            List.of("crash before" + SHIPMENT, "crash after" + SHIPMENT, "crash before" + SHIP, "crash after" + SHIP);

    private SweepCases() {}

    /** A consumer's points with the inbox: its insert, the shipment's insert and the commit. */
    public static List<String> inboxConsumerPoints(String fault) {
        return List.of(
                fault + " before" + INBOX,
                fault + " after" + INBOX,
                fault + " before" + SHIPMENT,
                fault + " after" + SHIPMENT,
                fault + " before" + SHIP_ONCE,
                fault + " after" + SHIP_ONCE);
    }

    public static List<String> withRecording(List<String> points) {
        return concat(List.of("record boundaries (crash-free run)"), points);
    }

    public static List<String> inChildJvms(List<String> cases) {
        return cases.stream().map(name -> name + " (child JVM)").toList();
    }

    /** A sweep's cases in both modes: its recording and points in this JVM, then the same as real process exits. */
    public static List<String> bothModes(List<String> points) {
        return concat(withRecording(points), inChildJvms(withRecording(points)));
    }

    /** The cases as JUnit numbers them. */
    public static List<String> numbered(List<String> cases) {
        return IntStream.range(0, cases.size())
                .mapToObj(i -> "[" + (i + 1) + "] " + cases.get(i))
                .toList();
    }

    public static List<String> concat(List<String> first, List<String> second) {
        List<String> all = new ArrayList<>(first);
        all.addAll(second);
        return all;
    }
}
