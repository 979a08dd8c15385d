package dev.deliverykit.order;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;

/** A plain in-memory receiver with entry points of several shapes, for the mechanics of ordered delivery. */
final class Inbox {

    static final EntryPoint ACCEPT = EntryPoint.method(Inbox.class, "accept", String.class);

    private static final List<String> STAMPED = Collections.synchronizedList(new ArrayList<>());

    private final List<String> received = Collections.synchronizedList(new ArrayList<>());

    /** Receives one id; {@code "x+y"} receives x and y first (nested calls); ids starting with "bad" are rejected. */
    String accept(String id) {
        if (id.startsWith("bad")) {
            throw new IllegalArgumentException("rejected " + id);
        }
        if (id.contains("+")) {
            for (String part : id.split("\\+")) {
                accept(part);
            }
        }
        received.add(id);
        return "ok:" + id;
    }

    /** Receives a parcel; returns how many messages this inbox has received. */
    int count(Parcel parcel) {
        received.add(parcel.label());
        return received.size();
    }

    /** Receives a letter as its second argument. */
    boolean file(String tray, Letter letter) {
        received.add(tray + ":" + letter.reference);
        return true;
    }

    /** A static entry point. */
    static void stamp(Letter letter) {
        STAMPED.add(letter.reference);
    }

    static List<String> stamped() {
        return List.copyOf(STAMPED);
    }

    static void clearStamped() {
        STAMPED.clear();
    }

    List<String> received() {
        return List.copyOf(received);
    }

    /** A message with a record component. */
    record Parcel(String label) {}

    /** A message with a public field. */
    static final class Letter {
        public final String reference;

        Letter(String reference) {
            this.reference = reference;
        }
    }
}
