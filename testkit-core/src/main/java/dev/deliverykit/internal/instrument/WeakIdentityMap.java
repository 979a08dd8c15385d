package dev.deliverykit.internal.instrument;

import java.lang.ref.ReferenceQueue;
import java.lang.ref.WeakReference;
import java.util.AbstractMap;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * A small map from objects (compared by identity, held weakly) to values. Drivers' statement objects
 * may override {@code equals}, and must never be kept alive by the kit. Used when a statement is prepared
 * (in or outside a run) and on the slow path; never by the idle execute advice.
 */
final class WeakIdentityMap<V> {

    private final Map<Object, V> entries = new HashMap<>();
    private final ReferenceQueue<Object> collected = new ReferenceQueue<>();
    /** Reused for every lookup under the lock: a get or remove allocates nothing. */
    private final Lookup lookup = new Lookup();

    synchronized void put(Object key, V value) {
        expunge();
        entries.put(new Key(key, collected), value);
    }

    synchronized V get(Object key) {
        expunge();
        try {
            return entries.get(lookup.of(key));
        } finally {
            lookup.clear();
        }
    }

    synchronized void remove(Object key) {
        try {
            entries.remove(lookup.of(key));
        } finally {
            lookup.clear();
        }
    }

    /** The live entries, oldest first is not promised. */
    synchronized List<Map.Entry<Object, V>> entries() {
        expunge();
        List<Map.Entry<Object, V>> live = new ArrayList<>(entries.size());
        for (Map.Entry<Object, V> entry : entries.entrySet()) {
            Object key = ((Key) entry.getKey()).get();
            if (key != null) {
                live.add(new AbstractMap.SimpleImmutableEntry<>(key, entry.getValue()));
            }
        }
        return live;
    }

    private void expunge() {
        Object gone;
        while ((gone = collected.poll()) != null) {
            entries.remove(gone);
        }
    }

    /** The stored key: the object held weakly, compared by identity. */
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
            Object referent = get();
            if (other instanceof Lookup) {
                return referent != null && referent == ((Lookup) other).target;
            }
            return other instanceof Key && referent != null && referent == ((Key) other).get();
        }
    }

    /** A lookup key equal to the stored key of the same object; holds it strongly only during the lookup. */
    private static final class Lookup {
        private Object target;
        private int hash;

        Lookup of(Object key) {
            target = key;
            hash = System.identityHashCode(key);
            return this;
        }

        void clear() {
            target = null;
        }

        @Override
        public int hashCode() {
            return hash;
        }

        @Override
        public boolean equals(Object other) {
            if (other instanceof Key) {
                Object referent = ((Key) other).get();
                return referent != null && referent == target;
            }
            return other == this;
        }
    }
}
