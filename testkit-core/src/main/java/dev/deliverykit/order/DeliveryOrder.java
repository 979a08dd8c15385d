package dev.deliverykit.order;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import dev.deliverykit.ReplayKey;
import dev.deliverykit.internal.text.InvalidArgumentException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Objects;
import java.util.Set;
import java.util.regex.Pattern;
import org.apiguardian.api.API;

/**
 * The order in which messages must arrive at an entry point: a list of message ids, in which an id may
 * appear more than once (a duplicate delivery) and from which ids may be left out (an omitted message).
 *
 * <pre>{@code
 * DeliveryOrder counterExample = DeliveryOrder.parse("A3, A1, A2, A3");
 * counterExample.toString();    // "A3,A1,A2,A3"  (canonical: display names, replay keys)
 * counterExample.replayKey();   // "order=A3,A1,A2,A3"
 * DeliveryOrder.parse("A1,A3");                      // A2 omitted
 * DeliveryOrder.permutationsOf("A1", "A2", "A3");    // 6 orders, A1,A2,A3 first and A3,A2,A1 last
 * }</pre>
 *
 * <p>An id is 1 to {@value #MAX_ID_LENGTH} characters, none of them white space, a control character,
 * {@code ,} {@code ;} or {@code =} (the separators of orders and replay keys).
 */
@API(status = EXPERIMENTAL, since = "0.1")
public final class DeliveryOrder {

    /** Longest message id. */
    public static final int MAX_ID_LENGTH = 128;
    /** Most ids {@link #permutationsOf(String...)} accepts: 8 ids are already 40,320 orders. */
    public static final int MAX_PERMUTED_IDS = 8;
    /** The key of an order in a replay key: {@code order=A3,A1,A2,A3}. */
    public static final String REPLAY_KEY_NAME = "order";

    private static final Pattern FORBIDDEN = Pattern.compile("[\\s\\p{Cntrl},;=]");

    private final List<String> ids;

    private DeliveryOrder(List<String> ids) {
        this.ids = ids;
    }

    /**
     * Reads {@code "A3,A1,A2,A3"}; white space around the commas is ignored.
     *
     * @throws IllegalArgumentException if the text is blank or an id is empty or not allowed
     */
    public static DeliveryOrder parse(String text) {
        Objects.requireNonNull(text, "text");
        if (text.isBlank()) {
            throw new IllegalArgumentException(OrderMessages.noMessageIn(text));
        }
        String[] parts = text.split(",", -1);
        List<String> ids = new ArrayList<>(parts.length);
        for (int i = 0; i < parts.length; i++) {
            String id = parts[i].strip();
            if (id.isEmpty()) {
                throw new IllegalArgumentException(OrderMessages.emptyMessageIn(text, i + 1, parts.length));
            }
            ids.add(requireId(id, "\"" + text + "\""));
        }
        return new DeliveryOrder(Collections.unmodifiableList(ids));
    }

    /** The order of these ids, in this order. */
    public static DeliveryOrder of(String... ids) {
        return of(Arrays.asList(ids));
    }

    /** The order of these ids, in this order. */
    public static DeliveryOrder of(List<String> ids) {
        Objects.requireNonNull(ids, "ids");
        if (ids.isEmpty()) {
            throw new IllegalArgumentException(OrderMessages.noMessages());
        }
        List<String> copy = new ArrayList<>(ids.size());
        for (String id : ids) {
            copy.add(requireId(id, ids.toString()));
        }
        return new DeliveryOrder(Collections.unmodifiableList(copy));
    }

    /**
     * The order named by the {@code order=...} entry of a replay key such as
     * {@code order=A3,A1,A2,A3;boundary=after-commit;hit=2} (entries separated by {@code ;}).
     *
     * @throws IllegalArgumentException if the key has no {@code order=} entry
     */
    public static DeliveryOrder fromReplayKey(String replayKey) {
        Objects.requireNonNull(replayKey, "replayKey");
        return parse(ReplayKey.entry(replayKey, REPLAY_KEY_NAME)
                .orElseThrow(() -> new IllegalArgumentException(OrderMessages.noOrderIn(replayKey, REPLAY_KEY_NAME))));
    }

    /**
     * Every order of the given distinct ids, each id exactly once: {@code n!} orders, in the lexicographic
     * order of the ids' positions, so {@code permutationsOf("A1","A2","A3")} gives {@code A1,A2,A3},
     * {@code A1,A3,A2}, {@code A2,A1,A3}, {@code A2,A3,A1}, {@code A3,A1,A2}, {@code A3,A2,A1}.
     *
     * @throws IllegalArgumentException for no ids, a repeated id, or more than {@value #MAX_PERMUTED_IDS}
     */
    public static List<DeliveryOrder> permutationsOf(String... ids) {
        List<String> base = of(ids).ids;
        Set<String> distinct = new LinkedHashSet<>(base);
        if (distinct.size() != base.size()) {
            throw new IllegalArgumentException(OrderMessages.repeatedToPermute(base));
        }
        if (base.size() > MAX_PERMUTED_IDS) {
            throw new InvalidArgumentException(OrderMessages.tooManyToPermute(base));
        }
        List<DeliveryOrder> orders = new ArrayList<>();
        permute(base, new ArrayList<>(), new boolean[base.size()], orders);
        return Collections.unmodifiableList(orders);
    }

    private static void permute(List<String> base, List<String> prefix, boolean[] used, List<DeliveryOrder> out) {
        if (prefix.size() == base.size()) {
            out.add(new DeliveryOrder(List.copyOf(prefix)));
            return;
        }
        for (int i = 0; i < base.size(); i++) {
            if (!used[i]) {
                used[i] = true;
                prefix.add(base.get(i));
                permute(base, prefix, used, out);
                prefix.remove(prefix.size() - 1);
                used[i] = false;
            }
        }
    }

    /**
     * Checks one message id.
     *
     * @param where what the id came from, for the message
     * @throws IllegalArgumentException if the id is not allowed
     */
    static String requireId(String id, String where) {
        if (id == null) {
            throw new IllegalArgumentException(OrderMessages.nullId(where));
        }
        if (id.isEmpty() || id.length() > MAX_ID_LENGTH || FORBIDDEN.matcher(id).find()) {
            throw new IllegalArgumentException(OrderMessages.idNotAllowed(id, where));
        }
        return id;
    }

    /** The ids in delivery order, duplicates included. */
    public List<String> ids() {
        return ids;
    }

    /** How many deliveries the order makes. */
    public int size() {
        return ids.size();
    }

    /** The distinct ids, in order of first appearance. */
    public Set<String> distinctIds() {
        return Collections.unmodifiableSet(new LinkedHashSet<>(ids));
    }

    /** How often the order delivers {@code id}: 0 if it omits it. */
    public int occurrences(String id) {
        return Collections.frequency(ids, id);
    }

    /** {@code order=A3,A1,A2,A3}: what a failure prints so the run can be repeated. */
    public String replayKey() {
        return key().text();
    }

    /** The {@linkplain #replayKey() replay key} as the kit's codec holds it. */
    public ReplayKey.Order key() {
        return ReplayKey.order(toString());
    }

    /** The canonical text, {@code A3,A1,A2,A3}: ids joined by commas, no spaces. */
    @Override
    public String toString() {
        return String.join(",", ids);
    }

    @Override
    public boolean equals(Object other) {
        return other instanceof DeliveryOrder && ((DeliveryOrder) other).ids.equals(ids);
    }

    @Override
    public int hashCode() {
        return ids.hashCode();
    }
}
