package dev.deliverykit.internal.instrument;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class WeakIdentityMapTest {

    /** Equal to every other instance, as a driver's statement may be: the map must not care. */
    private static final class EqualToAll {
        @Override
        public boolean equals(Object other) {
            return other instanceof EqualToAll;
        }

        @Override
        public int hashCode() {
            return 1;
        }
    }

    @Test
    void keysAreComparedByIdentityForPutGetAndRemove() {
        WeakIdentityMap<String> map = new WeakIdentityMap<>();
        EqualToAll first = new EqualToAll();
        EqualToAll second = new EqualToAll();

        map.put(first, "SELECT 1");
        map.put(second, "SELECT 2");
        map.put(first, "SELECT 3"); // replaces the value of the same object

        assertThat(map.get(first)).isEqualTo("SELECT 3");
        assertThat(map.get(second)).isEqualTo("SELECT 2");
        assertThat(map.get(new EqualToAll())).isNull();

        map.remove(first);

        assertThat(map.get(first)).isNull();
        assertThat(map.get(second)).isEqualTo("SELECT 2");
    }
}
