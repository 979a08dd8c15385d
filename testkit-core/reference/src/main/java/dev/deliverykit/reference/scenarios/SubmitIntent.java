package dev.deliverykit.reference.scenarios;

import static org.apiguardian.api.API.Status.INTERNAL;

import dev.deliverykit.boundary.ProcessWorkload;
import dev.deliverykit.reference.SqliteDatabase;
import dev.deliverykit.reference.outbox.DeliveryProtocol;
import dev.deliverykit.reference.outbox.Orchestrator;
import dev.deliverykit.reference.outbox.ReservationIntent;
import java.nio.file.Path;
import java.util.List;
import org.apiguardian.api.API;

/**
 * The process of the 3 x 5 matrix: {@code <protocol> <orchestrator db> <warehouse db>} submits the one
 * intent {@code reserve42} (part P-7, quantity 1) as tenant {@code tenantA}.
 *
 * <p>Public only so that a child JVM can create it ({@link dev.deliverykit.boundary.ChildLaunch}): the scenario
 * report's crash tables run it there, its tests run it in both modes. Not an API.
 */
@API(status = INTERNAL, since = "0.1")
public final class SubmitIntent implements ProcessWorkload {

    static final String TENANT = "tenantA";
    static final ReservationIntent INTENT = new ReservationIntent("reserve42", "P-7", 1);

    @Override
    public void run(List<String> arguments) {
        DeliveryProtocol protocol = DeliveryProtocol.valueOf(arguments.get(0));
        try (Orchestrator orchestrator = new Orchestrator(
                protocol,
                TENANT,
                SqliteDatabase.at(Path.of(arguments.get(1))),
                SqliteDatabase.at(Path.of(arguments.get(2))))) {
            orchestrator.submit(INTENT);
        }
    }
}
