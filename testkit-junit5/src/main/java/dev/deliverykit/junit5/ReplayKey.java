package dev.deliverykit.junit5;

import dev.deliverykit.CrashMode;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;

/**
 * The identity of one case, as printed in failure messages and read back from {@code deliverykit.replay}:
 * {@code ;}-separated {@code field=value} pairs in a fixed order.
 *
 * <ul>
 *   <li>{@code boundary=NAME;hit=N}: a catalogue boundary (the engine's own {@code CrashPlan.replayKey()});</li>
 *   <li>{@code selector=SPEC;hit=N}: an unnamed boundary by its {@code Selector.spec()}, for example
 *       {@code selector=after-commit;hit=3} or {@code selector=after-statement=COMMIT;hit=2};</li>
 *   <li>either of the two with {@code ;mode=in-process} or {@code ;mode=child-process}: only when one test
 *       crashes the same boundary and hit in both modes, so that the key still names one case. A key
 *       without a mode selects the case in every mode;</li>
 *   <li>{@code crash=none}: a sweep's crash-free recording run;</li>
 *   <li>{@code order=A3,A1,A2,A3}: a delivery-order case (the order core's {@code DeliveryOrder.replayKey()});</li>
 *   <li>{@code seed=...}: reserved for seeded cases.</li>
 * </ul>
 *
 * <p>In a value, {@code %}, {@code ;}, quotes, {@code \}, {@code $}, backquotes and control characters are
 * percent-encoded ({@code %3B}), so that a key survives shell quoting and {@code junit-platform.properties}.
 */
final class ReplayKey {

    static final String BOUNDARY = "boundary";
    static final String SELECTOR = "selector";
    static final String HIT = "hit";
    static final String CRASH = "crash";
    static final String ORDER = "order";
    static final String SEED = "seed";
    static final String MODE = "mode";

    private static final List<String> FIELD_ORDER = List.of(BOUNDARY, SELECTOR, CRASH, HIT, MODE, ORDER, SEED);
    private static final Map<String, CrashMode> MODES = Map.of("in-process", CrashMode.IN_PROCESS,
            "child-process", CrashMode.CHILD_PROCESS);
    private static final String FORMAT = "boundary=NAME;hit=N, selector=SPEC;hit=N (either with ;mode=in-process or"
            + " ;mode=child-process), crash=none or order=IDS, for example boundary=after-outbox-insert;hit=1,"
            + " selector=after-commit;hit=3 or order=A3,A1,A2,A3";

    private final Map<String, String> fields;

    private ReplayKey(Map<String, String> fields) {
        this.fields = fields;
    }

    /** The key of a crash at hit {@code hit} of a catalogue boundary. */
    public static ReplayKey ofBoundary(String name, int hit) {
        return of(BOUNDARY, name, hit);
    }

    /** The key of a crash at hit {@code hit} of an unnamed boundary with this selector spec. */
    public static ReplayKey ofSelector(String spec, int hit) {
        return of(SELECTOR, spec, hit);
    }

    /** This key with {@code ;mode=in-process} or {@code ;mode=child-process}: only for boundary keys. */
    public ReplayKey withMode(CrashMode mode) {
        if (!fields.containsKey(HIT)) {
            throw new IllegalStateException("only a boundary or selector key names a mode, not " + this);
        }
        Map<String, String> withMode = new LinkedHashMap<>(fields);
        withMode.put(MODE, modeText(mode));
        return parse(new ReplayKey(withMode).toString());
    }

    /**
     * Whether {@code requested} (from {@code deliverykit.replay}) selects the case with this key: the same key,
     * or the same key without a mode (which selects the case in every mode).
     */
    public boolean isSelectedBy(ReplayKey requested) {
        if (requested.equals(this)) {
            return true;
        }
        if (requested.fields.containsKey(MODE) || !fields.containsKey(MODE)) {
            return false;
        }
        return requested.equals(withoutMode());
    }

    /** This key without its mode (itself if it names none). */
    public ReplayKey withoutMode() {
        if (!fields.containsKey(MODE)) {
            return this;
        }
        Map<String, String> withoutMode = new LinkedHashMap<>(fields);
        withoutMode.remove(MODE);
        return new ReplayKey(withoutMode);
    }

    /** The mode the key names, if it names one. */
    public Optional<CrashMode> mode() {
        return Optional.ofNullable(fields.get(MODE)).map(MODES::get);
    }

    private static String modeText(CrashMode mode) {
        return MODES.entrySet().stream().filter(entry -> entry.getValue() == mode).map(Map.Entry::getKey).findFirst()
                .orElseThrow(() -> new IllegalArgumentException("a replay key names a resolved mode, got " + mode));
    }

    /** The key of a sweep's crash-free recording run. */
    public static ReplayKey crashFree() {
        Map<String, String> fields = new LinkedHashMap<>();
        fields.put(CRASH, "none");
        return new ReplayKey(fields);
    }

    /** The key of a delivery-order case: {@code order=A3,A1,A2,A3} (the order core's own replay key). */
    public static ReplayKey ofOrder(String order) {
        Map<String, String> fields = new LinkedHashMap<>();
        fields.put(ORDER, Objects.requireNonNull(order, "order"));
        return new ReplayKey(fields);
    }

    private static ReplayKey of(String field, String value, int hit) {
        Map<String, String> fields = new LinkedHashMap<>();
        fields.put(field, Objects.requireNonNull(value, field));
        fields.put(HIT, Integer.toString(hit));
        return new ReplayKey(fields);
    }

    /**
     * Reads a key as printed by {@link #toString()}.
     *
     * @throws IllegalArgumentException naming what is wrong and the expected form
     */
    public static ReplayKey parse(String text) {
        Objects.requireNonNull(text, "text");
        Map<String, String> read = new LinkedHashMap<>();
        for (String part : text.trim().split(";", -1)) {
            int equals = part.indexOf('=');
            if (equals <= 0) {
                throw new IllegalArgumentException("\"" + part + "\" is not a field=value pair; expected " + FORMAT);
            }
            String field = part.substring(0, equals).trim();
            if (!FIELD_ORDER.contains(field)) {
                throw new IllegalArgumentException("unknown field \"" + field + "\"; known fields: "
                        + String.join(", ", FIELD_ORDER) + "; expected " + FORMAT);
            }
            if (read.put(field, decode(part.substring(equals + 1))) != null) {
                throw new IllegalArgumentException("field \"" + field + "\" appears twice; expected " + FORMAT);
            }
        }
        boolean crashFree = read.containsKey(CRASH);
        int boundaries = (read.containsKey(BOUNDARY) ? 1 : 0) + (read.containsKey(SELECTOR) ? 1 : 0);
        if (read.containsKey(SEED)) {
            throw new IllegalArgumentException("seed is reserved for seeded cases, which no test produces yet; expected "
                    + FORMAT);
        }
        if (read.containsKey(MODE)) {
            if (!MODES.containsKey(read.get(MODE))) {
                throw new IllegalArgumentException("mode must be in-process or child-process, got \"" + read.get(MODE)
                        + "\"; expected " + FORMAT);
            }
            if (!read.containsKey(HIT)) {
                throw new IllegalArgumentException("mode=" + read.get(MODE) + " only goes with boundary=NAME;hit=N or"
                        + " selector=SPEC;hit=N; expected " + FORMAT);
            }
        }
        if (read.containsKey(ORDER)) {
            if (read.size() > 1) {
                throw new IllegalArgumentException("order=" + read.get(ORDER) + " stands alone (a delivery-order case);"
                        + " expected " + FORMAT);
            }
        } else if (crashFree) {
            if (!"none".equals(read.get(CRASH)) || boundaries > 0 || read.containsKey(HIT)) {
                throw new IllegalArgumentException("crash=" + read.get(CRASH) + " stands alone as crash=none (a sweep's"
                        + " crash-free run); expected " + FORMAT);
            }
        } else {
            if (boundaries != 1) {
                throw new IllegalArgumentException("a key names exactly one of boundary=NAME or selector=SPEC; expected "
                        + FORMAT);
            }
            String hit = read.get(HIT);
            if (hit == null || !hit.matches("[1-9][0-9]{0,8}")) {
                throw new IllegalArgumentException("hit must be a whole number from 1, got "
                        + (hit == null ? "no hit field" : "\"" + hit + "\"") + "; expected " + FORMAT);
            }
        }
        Map<String, String> ordered = new LinkedHashMap<>();
        for (String field : FIELD_ORDER) {
            if (read.containsKey(field)) {
                ordered.put(field, read.get(field));
            }
        }
        return new ReplayKey(ordered);
    }

    /** The catalogue boundary's name, if the key names one. */
    public Optional<String> boundaryName() {
        return Optional.ofNullable(fields.get(BOUNDARY));
    }

    /** The selector spec, if the key names an unnamed boundary. */
    public Optional<String> selectorSpec() {
        return Optional.ofNullable(fields.get(SELECTOR));
    }

    /** The hit, or 0 for a crash-free key. */
    public int hit() {
        String hit = fields.get(HIT);
        return hit == null ? 0 : Integer.parseInt(hit);
    }

    /** The delivery order's text, if the key names a delivery-order case. */
    public Optional<String> order() {
        return Optional.ofNullable(fields.get(ORDER));
    }

    /** Whether this is {@code crash=none}. */
    public boolean isCrashFree() {
        return fields.containsKey(CRASH);
    }

    @Override
    public boolean equals(Object other) {
        return other instanceof ReplayKey && ((ReplayKey) other).fields.equals(fields);
    }

    @Override
    public int hashCode() {
        return fields.hashCode();
    }

    /** {@code boundary=after-outbox-insert;hit=1}. */
    @Override
    public String toString() {
        List<String> parts = new ArrayList<>();
        fields.forEach((field, value) -> parts.add(field + "=" + encode(value)));
        return String.join(";", parts);
    }

    static String encode(String value) {
        StringBuilder text = new StringBuilder();
        for (char c : value.toCharArray()) {
            if (c == '%' || c == ';' || c == '\'' || c == '"' || c == '\\' || c == '$' || c == '`' || c < 0x20
                    || c == 0x7f) {
                text.append('%').append(String.format("%02X", (int) c));
            } else {
                text.append(c);
            }
        }
        return text.toString();
    }

    static String decode(String value) {
        StringBuilder text = new StringBuilder();
        for (int i = 0; i < value.length(); i++) {
            char c = value.charAt(i);
            if (c == '%') {
                try {
                    text.append((char) Integer.parseInt(value.substring(i + 1, i + 3), 16));
                } catch (NumberFormatException | IndexOutOfBoundsException e) {
                    throw new IllegalArgumentException("\"" + value + "\" has an invalid %-escape at position " + i
                            + "; expected %XX with two hex digits", e);
                }
                i += 2;
            } else {
                text.append(c);
            }
        }
        return text.toString();
    }
}
