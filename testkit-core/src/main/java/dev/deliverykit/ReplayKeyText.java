package dev.deliverykit;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;

/** The text form of {@link ReplayKey}s: field order and percent-encoding; a bad key's messages are {@link ReplayKeyMessages}. */
final class ReplayKeyText {

    private static final String BOUNDARY = "boundary";
    private static final String SELECTOR = "selector";
    private static final String WITHIN = "within";
    private static final String HIT = "hit";
    private static final String CRASH = "crash";
    private static final String ORDER = "order";
    private static final String SCHEDULE = "schedule";
    private static final String SEED = "seed";
    private static final String MODE = "mode";
    /** {@code fault=failure}: an injected failure at the point; a crash key names no fault. */
    private static final String FAULT = "fault";

    private static final String FAILURE = "failure";
    /** The prefix of a pair's recovery fields: {@code recovery.selector=after-commit;recovery.hit=1}. */
    private static final String RECOVERY = "recovery.";

    private static final List<String> FIELD_ORDER =
            List.of(BOUNDARY, SELECTOR, WITHIN, CRASH, HIT, FAULT, MODE, ORDER, SCHEDULE, SEED);
    private static final Map<String, CrashMode> MODES =
            Map.of("in-process", CrashMode.IN_PROCESS, "child-process", CrashMode.CHILD_PROCESS);

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
        if (key instanceof ReplayKey.Schedule schedule) {
            return SCHEDULE + "=" + encode(schedule.turns());
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
            throw new IllegalArgumentException(ReplayKeyMessages.pairWithoutFirstCrash());
        }
        ReplayKey crash = parseOne(String.join(";", first));
        ReplayKey recoveryCrash;
        try {
            recoveryCrash = parseOne(String.join(";", recovery));
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException(ReplayKeyMessages.unreadableRecovery(e.getMessage()), e);
        }
        if (!(crash instanceof ReplayKey.Crash firstCrash) || !(recoveryCrash instanceof ReplayKey.Crash atRecovery)) {
            throw new IllegalArgumentException(ReplayKeyMessages.pairOfNoCrashes());
        }
        if (firstCrash.fault() == Fault.FAILURE || atRecovery.fault() == Fault.FAILURE) {
            throw new IllegalArgumentException(ReplayKeyMessages.pairWithAFailure());
        }
        if (atRecovery.mode().isPresent()) {
            throw new IllegalArgumentException(ReplayKeyMessages.recoveryWithAMode(
                    modeText(atRecovery.mode().get())));
        }
        return new ReplayKey.Pair(firstCrash, atRecovery);
    }

    private static ReplayKey parseOne(String text) {
        Map<String, String> read = new LinkedHashMap<>();
        for (String part : text.trim().split(";", -1)) {
            int equals = part.indexOf('=');
            if (equals <= 0) {
                throw new IllegalArgumentException(ReplayKeyMessages.notAFieldValuePair(part));
            }
            String field = part.substring(0, equals).trim();
            if (!FIELD_ORDER.contains(field)) {
                throw new IllegalArgumentException(ReplayKeyMessages.unknownField(field, FIELD_ORDER));
            }
            if (read.put(field, decode(part.substring(equals + 1))) != null) {
                throw new IllegalArgumentException(ReplayKeyMessages.fieldTwice(field));
            }
        }
        if (read.containsKey(SEED)) {
            throw new IllegalArgumentException(ReplayKeyMessages.seedReserved());
        }
        if (read.containsKey(MODE)) {
            if (!MODES.containsKey(read.get(MODE))) {
                throw new IllegalArgumentException(ReplayKeyMessages.unknownMode(read.get(MODE)));
            }
            if (!read.containsKey(HIT)) {
                throw new IllegalArgumentException(ReplayKeyMessages.modeWithoutHit(read.get(MODE)));
            }
        }
        if (read.containsKey(FAULT)) {
            if (!FAILURE.equals(read.get(FAULT))) {
                throw new IllegalArgumentException(ReplayKeyMessages.unknownFault(read.get(FAULT)));
            }
            if (!read.containsKey(HIT)) {
                throw new IllegalArgumentException(ReplayKeyMessages.faultWithoutHit());
            }
        }
        if (read.containsKey(ORDER)) {
            if (read.size() > 1) {
                throw new IllegalArgumentException(ReplayKeyMessages.orderNotAlone(read.get(ORDER)));
            }
            return new ReplayKey.Order(read.get(ORDER));
        }
        if (read.containsKey(SCHEDULE)) {
            if (read.size() > 1) {
                throw new IllegalArgumentException(ReplayKeyMessages.scheduleNotAlone(read.get(SCHEDULE)));
            }
            return new ReplayKey.Schedule(read.get(SCHEDULE));
        }
        int boundaries = (read.containsKey(BOUNDARY) ? 1 : 0) + (read.containsKey(SELECTOR) ? 1 : 0);
        if (read.containsKey(WITHIN) && !read.containsKey(SELECTOR)) {
            throw new IllegalArgumentException(ReplayKeyMessages.withinWithoutSelector(read.get(WITHIN)));
        }
        if (read.containsKey(CRASH)) {
            if (!"none".equals(read.get(CRASH)) || boundaries > 0 || read.containsKey(HIT)) {
                throw new IllegalArgumentException(ReplayKeyMessages.crashNotAlone(read.get(CRASH)));
            }
            return new ReplayKey.CrashFree();
        }
        if (boundaries != 1) {
            throw new IllegalArgumentException(ReplayKeyMessages.notOneTarget());
        }
        String hit = read.get(HIT);
        if (hit == null || !hit.matches("[1-9][0-9]{0,8}")) {
            throw new IllegalArgumentException(ReplayKeyMessages.badHit(hit));
        }
        ReplayKey.Target target = read.containsKey(BOUNDARY) ? ReplayKey.Target.BOUNDARY : ReplayKey.Target.SELECTOR;
        String point = read.get(field(target));
        if (point.isEmpty()) {
            throw new IllegalArgumentException(ReplayKeyMessages.emptyTarget(field(target)));
        }
        if (read.containsKey(WITHIN) && read.get(WITHIN).isEmpty()) {
            throw new IllegalArgumentException(ReplayKeyMessages.emptyWithin());
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
                    throw new IllegalArgumentException(ReplayKeyMessages.badEscape(value, i), e);
                }
                i += 2;
            } else {
                text.append(c);
            }
        }
        return text.toString();
    }
}
