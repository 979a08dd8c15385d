package dev.deliverykit.subjects.gruelbox;

import com.gruelbox.transactionoutbox.ThreadLocalContextTransactionManager;
import java.sql.PreparedStatement;

/**
 * The outbox's target: ships an order in the transaction the library opens to deliver the entry, which also
 * deletes the entry, so a shipment commits exactly when its entry goes. Public and not final: the library proxies it.
 */
public class Shipper {

    private final ThreadLocalContextTransactionManager tm;

    public Shipper(ThreadLocalContextTransactionManager tm) {
        this.tm = tm;
    }

    /** Ships {@code orderId}; called by the library, in the delivering transaction. */
    public void ship(String orderId, long amountCents) throws Exception {
        tm.requireTransaction(tx -> {
            try (PreparedStatement insert =
                    tx.connection().prepareStatement("INSERT INTO shipment (order_id, amount_cents) VALUES (?, ?)")) {
                insert.setString(1, orderId);
                insert.setLong(2, amountCents);
                insert.executeUpdate();
            }
        });
    }
}
