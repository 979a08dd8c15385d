package dev.deliverykit.boundary;

import java.nio.file.Path;
import java.sql.Connection;
import java.util.List;

/**
 * A child-process workload: {@code <SQLITE|H2> <directory> <statements|api> <count>} makes that many
 * deposits (amounts 5, 7, 9, ...; outbox ids o1, o2, ...) through its own connection.
 */
public final class LedgerDeposits implements ProcessWorkload {

    @Override
    public void run(List<String> arguments) throws Exception {
        LedgerDatabase database = LedgerDatabase.valueOf(arguments.get(0));
        Path directory = Path.of(arguments.get(1));
        boolean statements = arguments.get(2).equals("statements");
        int count = Integer.parseInt(arguments.get(3));
        try (Connection connection = database.open(directory)) {
            Ledger ledger = new Ledger(connection);
            for (int i = 1; i <= count; i++) {
                if (statements) {
                    ledger.depositWithStatements("o" + i, 3 + 2 * i);
                } else {
                    ledger.depositWithConnectionApi("o" + i, 3 + 2 * i);
                }
            }
        }
        System.out.println("deposited " + count);
    }
}
