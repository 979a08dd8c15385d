package dev.deliverykit;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;

/** The text form of {@link ReplayKey}s: field order, percent-encoding, and the messages for bad keys. */
final class ReplayKeyText {

    private static final String BOUNDARY = "boundary";
    private static final String SELECTOR = "selector";
    private static final String WITHIN = "within";
    private static final String HIT = "hit";
    private static final String CRASH = "crash";
    private static final String ORDER = "order";
    private static final String SEED = "seed";
    private static final String MODE = "mode";
    /** {@code fault=failure}: an injected failure at the point; a crash key names no fault. */
    private static final String FAULT = "fault";

    private static final String FAILURE = "failure";
    /** The prefix of a pair's recovery fields: {@code recovery.selector=after-commit;recovery.hit=1}. */
    private static final String RECOVERY = "recovery.";

    private static final List<String> FIELD_ORDER =
            List.of(BOUNDARY, SELECTOR, WITHIN, CRASH, HIT, FAULT, MODE, ORDER, SEED);
    private static final Map<String, CrashMode> MODES =
            Map.of("in-process", CrashMode.IN_PROCESS, "child-process", CrashMode.CHILD_PROCESS);
    private static final String FORMAT =
            "boundary=NAME;hit=N, selector=SPEC;hit=N, selector=SPEC;within=Type#method;hit=N"
                    + " (each with ;fault=failure for an injected failure, and with ;mode=in-process or"
                    + " ;mode=child-process), crash=none or order=IDS, for example"
                    + " boundary=after-outbox-insert;hit=1, selector=after-commit;hit=3 or order=A3,A1,A2,A3";

    private static final String PAIR_FORMAT = "a pair such as"
            + " selector=after-commit;hit=2;recovery.selector=after-commit;recovery.hit=1 (optionally with"
            + " ;mode=in-process or ;mode=child-process)";

    private ReplayKeyText() {}

    static String field(ReplayKey.Target target) {
        return target == ReplayKey.Target.BOUNDARY ? BOUNDARY : SELECTOR;
    }

    static String text(ReplayKey key) {
        if (key instanceof ReplayKey.Pair pair) {
            String recovery = text(pair.recovery());
            return text(pair.first().withoutMode()) + ";" + RECOVERY + recovery.replace(";", ";" + RECOVERY)
                    + pair.mode().map(mode -> ";" + MODE + "=" + modeText(mode)).orElse("");
        }
        if (key instanceof ReplayKey.Crash crash) {
            return field(crash.target()) + "=" + encode(crash.point())
                    + crash.within()
                            .map(place -> ";" + WITHIN + "=" + encode(place))
                            .orElse("")
                    + ";" + HIT + "=" + crash.occurrence()
                    + (crash.fault() == Fault.FAILURE ? ";" + FAULT + "=" + FAILURE : "")
                    + crash.mode()
                            .map(mode -> ";" + MODE + "=" + modeText(mode))
                            .orElse("");
        }
        return key instanceof ReplayKey.Order order ? ORDER + "=" + encode(order.order()) : CRASH + "=none";
    }

    private static String modeText(CrashMode mode) {
        return mode == CrashMode.IN_PROCESS ? "in-process" : "child-process";
    }

    /** A key, or a pair: the fields without the {@code recovery.} prefix, and those with it, each read as a key. */
    static ReplayKey parse(String text) {
        Objects.requireNonNull(text, "text");
        List<String> first = new ArrayList<>();
        List<String> recovery = new ArrayList<>();
        for (String part : text.trim().split(";", -1)) {
            String field = part.strip();
            if (field.startsWith(RECOVERY)) {
                recovery.add(field.substring(RECOVERY.length()));
            } else {
                first.add(part);
            }
        }
        if (recovery.isEmpty()) {
            return parseOne(text);
        }
        if (first.stream().allMatch(String::isBlank)) {
            throw new IllegalArgumentException(
                    "a pair names its first crash before the " + RECOVERY + "* fields; expected " + PAIR_FORMAT);
        }
        ReplayKey crash = parseOne(String.join(";", first));
        ReplayKey recoveryCrash;
        try {
            recoveryCrash = parseOne(String.join(";", recovery));
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException("the recovery's fields (" + RECOVERY + "*): " + e.getMessage(), e);
        }
        if (!(crash instanceof ReplayKey.Crash firstCrash) || !(recoveryCrash instanceof ReplayKey.Crash atRecovery)) {
            throw new IllegalArgumentException("a pair is a crash key followed by the recovery's crash key with"
                    + " each field prefixed " + RECOVERY + "; expected " + PAIR_FORMAT);
        }
        if (firstCrash.fault() == Fault.FAILURE || atRecovery.fault() == Fault.FAILURE) {
            throw new IllegalArgumentException("a pair crashes the workload, then its recovery: it names no"
                    + " fault=failure; expected " + PAIR_FORMAT);
        }
        if (atRecovery.mode().isPresent()) {
            throw new IllegalArgumentException(
                    RECOVERY + MODE + "=" + modeText(atRecovery.mode().get())
                            + ": a recovery always crashes in the test's JVM; a pair's mode=... is its first crash's; expected "
                            + PAIR_FORMAT);
        }
        return new ReplayKey.Pair(firstCrash, atRecovery);
    }

    private static ReplayKey parseOne(String text) {
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
        if (read.containsKey(SEED)) {
            throw new IllegalArgumentException(
                    "seed is reserved for seeded cases, which no test produces yet; expected " + FORMAT);
        }
        if (read.containsKey(MODE)) {
            if (!MODES.containsKey(read.get(MODE))) {
                throw new IllegalArgumentException(
                        "mode must be in-process or child-process, got \"" + read.get(MODE) + "\"; expected " + FORMAT);
            }
            if (!read.containsKey(HIT)) {
                throw new IllegalArgumentException("mode=" + read.get(MODE) + " only goes with boundary=NAME;hit=N or"
                        + " selector=SPEC;hit=N; expected " + FORMAT);
            }
        }
        if (read.containsKey(FAULT)) {
            if (!FAILURE.equals(read.get(FAULT))) {
                throw new IllegalArgumentException("fault must be failure (a crash key names no fault), got \""
                        + read.get(FAULT) + "\"; expected " + FORMAT);
            }
            if (!read.containsKey(HIT)) {
                throw new IllegalArgumentException("fault=failure only goes with boundary=NAME;hit=N or"
                        + " selector=SPEC;hit=N; expected " + FORMAT);
            }
        }
        if (read.containsKey(ORDER)) {
            if (read.size() > 1) {
                throw new IllegalArgumentException(
                        "order=" + read.get(ORDER) + " stands alone (a delivery-order case);" + " expected " + FORMAT);
            }
            return new ReplayKey.Order(read.get(ORDER));
        }
        int boundaries = (read.containsKey(BOUNDARY) ? 1 : 0) + (read.containsKey(SELECTOR) ? 1 : 0);
        if (read.containsKey(WITHIN) && !read.containsKey(SELECTOR)) {
            throw new IllegalArgumentException("within=" + read.get(WITHIN) + " only goes with selector=SPEC, the"
                    + " place whose hits hit=N counts; expected " + FORMAT);
        }
        if (read.containsKey(CRASH)) {
            if (!"none".equals(read.get(CRASH)) || boundaries > 0 || read.containsKey(HIT)) {
                throw new IllegalArgumentException("crash=" + read.get(CRASH) + " stands alone as crash=none (a sweep's"
                        + " crash-free run); expected " + FORMAT);
            }
            return new ReplayKey.CrashFree();
        }
        if (boundaries != 1) {
            throw new IllegalArgumentException(
                    "a key names exactly one of boundary=NAME or selector=SPEC; expected " + FORMAT);
        }
        String hit = read.get(HIT);
        if (hit == null || !hit.matches("[1-9][0-9]{0,8}")) {
            throw new IllegalArgumentException("hit must be a whole number from 1, got "
                    + (hit == null ? "no hit field" : "\"" + hit + "\"") + "; expected " + FORMAT);
        }
        ReplayKey.Target target = read.containsKey(BOUNDARY) ? ReplayKey.Target.BOUNDARY : ReplayKey.Target.SELECTOR;
        String point = read.get(field(target));
        if (point.isEmpty()) {
            throw new IllegalArgumentException(field(target) + " names nothing; expected " + FORMAT);
        }
        if (read.containsKey(WITHIN) && read.get(WITHIN).isEmpty()) {
            throw new IllegalArgumentException(WITHIN + " names no place; expected " + FORMAT);
        }
        return new ReplayKey.Crash(
                target,
                point,
                Optional.ofNullable(read.get(WITHIN)),
                Integer.parseInt(hit),
                Optional.ofNullable(read.get(MODE)).map(MODES::get),
                read.containsKey(FAULT) ? Fault.FAILURE : Fault.CRASH);
    }

    static Optional<String> entry(String text, String field) {
        Objects.requireNonNull(text, "text");
        for (String entry : text.split(";")) {
            String trimmed = entry.strip();
            if (trimmed.startsWith(field + "=")) {
                return Optional.of(decode(trimmed.substring(field.length() + 1)));
            }
        }
        return Optional.empty();
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
                    throw new IllegalArgumentException(
                            "\"" + value + "\" has an invalid %-escape at position " + i
                                    + "; expected %XX with two hex digits",
                            e);
                }
                i += 2;
            } else {
                text.append(c);
            }
        }
        return text.toString();
    }
}
