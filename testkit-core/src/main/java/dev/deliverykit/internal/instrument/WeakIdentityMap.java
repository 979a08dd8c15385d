package dev.deliverykit.internal.instrument;

import java.lang.ref.ReferenceQueue;
import java.lang.ref.WeakReference;
import java.util.HashMap;
import java.util.Map;

/**
 * A small map from objects (compared by identity, held weakly) to values. Drivers' statement objects
 * may override {@code equals}, and must never be kept alive by the kit. Only used on the slow path.
 */
final class WeakIdentityMap<V> {

    private final Map<Key, V> entries = new HashMap<>();
    private final ReferenceQueue<Object> collected = new ReferenceQueue<>();

    synchronized void put(Object key, V value) {
        expunge();
        entries.put(new Key(key, collected), value);
    }

    synchronized V get(Object key) {
        expunge();
        return entries.get(new Key(key, null));
    }

    synchronized void remove(Object key) {
        entries.remove(new Key(key, null));
    }

    private void expunge() {
        Object gone;
        while ((gone = collected.poll()) != null) {
            entries.remove(gone);
        }
    }

    private static final class Key extends WeakReference<Object> {
        private final int hash;

        Key(Object referent, ReferenceQueue<Object> queue) {
            super(referent, queue);
            this.hash = System.identityHashCode(referent);
        }

        @Override
        public int hashCode() {
            return hash;
        }

        @Override
        public boolean equals(Object other) {
            if (this == other) {
                return true;
            }
            if (!(other instanceof Key)) {
                return false;
            }
            Object referent = get();
            return referent != null && referent == ((Key) other).get();
        }
    }
}
