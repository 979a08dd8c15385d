package dev.deliverykit.reference.scenarios;

import dev.deliverykit.boundary.BoundaryEngine;
import dev.deliverykit.boundary.CrashPlan;
import dev.deliverykit.internal.markdown.MarkdownTable;
import dev.deliverykit.reference.SqliteDatabase;
import dev.deliverykit.reference.outbox.DeliveryBoundary;
import dev.deliverykit.reference.outbox.DeliveryProtocol;
import dev.deliverykit.reference.outbox.Orchestrator;
import dev.deliverykit.reference.outbox.ReservationIntent;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;

/**
 * The 3 x 5 crash matrix of protocols.md section 1 from real in-process crashes: for every protocol and
 * boundary, one {@link Orchestrator#submit} on fresh files dies at the boundary's name in
 * {@link ReferenceBoundaries}; then new instances recover (the caller resubmits the same intent, then
 * {@link Orchestrator#recover}) and the warehouse's effect count {@code N} is the cell. Cells with
 * {@code N != 1} are bold, as in protocols.md.
 *
 * <pre>{@code
 * String markdown = DeliveryCrashMatrix.render(Files.createTempDirectory("matrix"));
 * }</pre>
 */
final class DeliveryCrashMatrix {

    private static final String TENANT = "tenantA";
    private static final ReservationIntent INTENT = new ReservationIntent("reserve42", "P-7", 1);

    private DeliveryCrashMatrix() {}

    static String render(Path workDirectory) throws IOException {
        MarkdownTable boundaries = new MarkdownTable("#", "boundary", "catalogue name");
        List<String> header = new ArrayList<>(List.of("protocol"));
        for (DeliveryBoundary boundary : DeliveryBoundary.values()) {
            Set<String> names = new LinkedHashSet<>();
            for (DeliveryProtocol protocol : DeliveryProtocol.values()) {
                names.add("`" + ReferenceBoundaries.deliveryBoundary(protocol, boundary) + "`");
            }
            boundaries.row(boundary.number(), boundary.description(), String.join(", ", names));
            header.add(Integer.toString(boundary.number()));
        }
        MarkdownTable matrix = new MarkdownTable(header.toArray(String[]::new));
        for (DeliveryProtocol protocol : DeliveryProtocol.values()) {
            List<Object> cells = new ArrayList<>(List.of(protocol.label()));
            for (DeliveryBoundary boundary : DeliveryBoundary.values()) {
                Path cell = Files.createDirectories(
                        workDirectory.resolve(protocol.name().toLowerCase(Locale.ROOT) + "-" + boundary.number()));
                long effects = crashAndRecover(
                        protocol,
                        boundary,
                        SqliteDatabase.at(cell.resolve("orchestrator.db")),
                        SqliteDatabase.at(cell.resolve("warehouse.db")));
                cells.add(effects == 1 ? Long.toString(effects) : "**" + effects + "**");
            }
            matrix.row(cells.toArray());
        }
        return boundaries.render() + "\n" + matrix.render();
    }

    /** One cell: submit dies at the boundary, new instances resubmit and recover; returns {@code N}. */
    private static long crashAndRecover(
            DeliveryProtocol protocol,
            DeliveryBoundary boundary,
            SqliteDatabase orchestratorDb,
            SqliteDatabase warehouseDb) {
        BoundaryEngine.get()
                .crashInProcess(
                        CrashPlan.at(
                                ReferenceBoundaries.catalogue(),
                                ReferenceBoundaries.deliveryBoundary(protocol, boundary)),
                        () -> {
                            try (Orchestrator orchestrator =
                                    new Orchestrator(protocol, TENANT, orchestratorDb, warehouseDb)) {
                                orchestrator.submit(INTENT);
                            }
                        });
        try (Orchestrator recovered = new Orchestrator(protocol, TENANT, orchestratorDb, warehouseDb)) {
            recovered.submit(INTENT);
            recovered.recover();
            return recovered.effectCount(INTENT);
        }
    }
}
