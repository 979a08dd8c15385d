package dev.deliverykit.fraycomparison;

import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The same relays and consumers over maps instead of a database: the control run, where nothing is hidden from
 * Fray (every step is a JDK operation its instrumented JDK sees).
 */
final class InMemoryRelays {

    final Map<Long, Boolean> sent = new ConcurrentHashMap<>();
    final Map<Long, String> claims = new ConcurrentHashMap<>();
    final Map<Long, Integer> broker = new ConcurrentHashMap<>();
    final Map<Long, Boolean> processed = new ConcurrentHashMap<>();
    final Map<Long, Integer> effects = new ConcurrentHashMap<>();

    InMemoryRelays() {
        for (long id = 1; id <= RelayDatabase.MESSAGES; id++) {
            sent.put(id, false);
        }
    }

    void relayWithoutClaim() {
        for (long id = 1; id <= RelayDatabase.MESSAGES; id++) {
            if (!sent.get(id)) {
                broker.merge(id, 1, Integer::sum);
                sent.put(id, true);
            }
        }
    }

    void relayWithAtomicClaim(String relay) {
        for (long id = 1; id <= RelayDatabase.MESSAGES; id++) {
            if (!sent.get(id) && claims.putIfAbsent(id, relay) == null) {
                broker.merge(id, 1, Integer::sum);
                sent.put(id, true);
            }
        }
    }

    void checkThenAct(long messageId) {
        if (!processed.containsKey(messageId)) {
            effects.merge(messageId, 1, Integer::sum);
            processed.put(messageId, true);
        }
    }

    void recordFirst(long messageId) {
        if (processed.putIfAbsent(messageId, true) == null) {
            effects.merge(messageId, 1, Integer::sum);
        }
    }
}
