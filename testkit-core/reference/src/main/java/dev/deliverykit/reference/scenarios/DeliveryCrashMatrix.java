package dev.deliverykit.reference.scenarios;

import dev.deliverykit.CrashMode;
import dev.deliverykit.boundary.CrashResult;
import dev.deliverykit.internal.markdown.MarkdownTable;
import dev.deliverykit.reference.SqliteDatabase;
import dev.deliverykit.reference.outbox.DeliveryBoundary;
import dev.deliverykit.reference.outbox.DeliveryProtocol;
import dev.deliverykit.reference.outbox.Orchestrator;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.concurrent.Callable;

/**
 * The 3 x 5 crash matrix of protocols.md section 1 from real process exits: for every protocol and boundary,
 * a child JVM runs {@link SubmitIntent} (one {@link Orchestrator#submit}) on fresh files and the boundary
 * engine halts it at the boundary's name in {@link ReferenceBoundaries} with exit code 73; then new instances
 * in this JVM recover (the caller resubmits the same intent, then {@link Orchestrator#recover}) and the
 * warehouse's effect count {@code N} is the cell. Cells with {@code N != 1} are bold, as in protocols.md. The
 * same 15 crashes in this JVM (in process) must give the same cells; the text says whether they do.
 *
 * <pre>{@code
 * String markdown = DeliveryCrashMatrix.render(Files.createTempDirectory("matrix"));
 * }</pre>
 */
final class DeliveryCrashMatrix {

    /** A cell as it came out: the crash (with the child's exit code, if any) and {@code N} after recovery. */
    record Cell(DeliveryProtocol protocol, DeliveryBoundary boundary, CrashResult crash, long effects) {}

    private DeliveryCrashMatrix() {}

    /** The boundaries, the matrix of the real process exits, their exit codes, and whether in process agrees. */
    static String render(Path workDirectory) throws Exception {
        MarkdownTable boundaries = new MarkdownTable("#", "boundary", "catalogue name");
        for (DeliveryBoundary boundary : DeliveryBoundary.values()) {
            Set<String> names = new LinkedHashSet<>();
            for (DeliveryProtocol protocol : DeliveryProtocol.values()) {
                names.add("`" + ReferenceBoundaries.deliveryBoundary(protocol, boundary) + "`");
            }
            boundaries.row(boundary.number(), boundary.description(), String.join(", ", names));
        }
        List<Cell> real = cells(workDirectory.resolve("child-process"), CrashMode.CHILD_PROCESS);
        List<Cell> inProcess = cells(workDirectory.resolve("in-process"), CrashMode.IN_PROCESS);
        return boundaries.render() + "\n" + matrix(real) + "\n"
                + "Real process exits: each cell is a child JVM that runs `submit` once and that the boundary engine"
                + " halts at the named boundary of `ReferenceBoundaries`; recovery is new instances in the report's"
                + " JVM: the caller resubmits the same intent, then `recover()`. "
                + CrashEvidence.exitCodes(real.stream().map(Cell::crash).toList()) + "\n\n"
                + CrashEvidence.inProcessComparison(
                        "the same 15 crashes", effects(real).equals(effects(inProcess)), () -> matrix(inProcess));
    }

    /** Every cell, protocol by protocol and boundary by boundary, each on its own files below the directory. */
    static List<Cell> cells(Path workDirectory, CrashMode mode) throws Exception {
        List<Callable<Cell>> cases = new ArrayList<>();
        for (DeliveryProtocol protocol : DeliveryProtocol.values()) {
            for (DeliveryBoundary boundary : DeliveryBoundary.values()) {
                cases.add(cell(workDirectory, mode, protocol, boundary));
            }
        }
        return CrashCases.run(mode, cases);
    }

    /** One cell's case: submit dies at the boundary, new instances resubmit and recover. */
    static Callable<Cell> cell(Path workDirectory, CrashMode mode, DeliveryProtocol protocol, DeliveryBoundary boundary)
            throws Exception {
        Path directory = Files.createDirectories(
                workDirectory.resolve(protocol.name().toLowerCase(Locale.ROOT) + "-" + boundary.number()));
        return () -> {
            Path orchestratorFile = directory.resolve("orchestrator.db");
            Path warehouseFile = directory.resolve("warehouse.db");
            CrashResult crash = ReferenceCrash.at(
                    ReferenceBoundaries.deliveryBoundary(protocol, boundary),
                    mode,
                    SubmitIntent.class,
                    protocol.name(),
                    orchestratorFile.toString(),
                    warehouseFile.toString());
            try (Orchestrator recovered = new Orchestrator(
                    protocol,
                    SubmitIntent.TENANT,
                    SqliteDatabase.at(orchestratorFile),
                    SqliteDatabase.at(warehouseFile))) {
                recovered.submit(SubmitIntent.INTENT);
                recovered.recover();
                return new Cell(protocol, boundary, crash, recovered.effectCount(SubmitIntent.INTENT));
            }
        };
    }

    private static String matrix(List<Cell> cells) {
        List<String> header = new ArrayList<>(List.of("protocol"));
        for (DeliveryBoundary boundary : DeliveryBoundary.values()) {
            header.add(Integer.toString(boundary.number()));
        }
        MarkdownTable matrix = new MarkdownTable(header.toArray(String[]::new));
        for (DeliveryProtocol protocol : DeliveryProtocol.values()) {
            List<Object> row = new ArrayList<>(List.of(protocol.label()));
            for (Cell cell : cells) {
                if (cell.protocol() == protocol) {
                    row.add(cell.effects() == 1 ? Long.toString(cell.effects()) : "**" + cell.effects() + "**");
                }
            }
            matrix.row(row.toArray());
        }
        return matrix.render();
    }

    private static List<Long> effects(List<Cell> cells) {
        return cells.stream().map(Cell::effects).toList();
    }
}
