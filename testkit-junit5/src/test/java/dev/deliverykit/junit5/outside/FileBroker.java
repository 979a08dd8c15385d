package dev.deliverykit.junit5.outside;

import java.io.FileOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/**
 * A broker outside the databases: a durable log of message ids, one per line, in a file, and each consumer's
 * offset (how many lines it has consumed) in a file of its own, as a broker keeps a group's offsets.
 */
final class FileBroker {

    private final Path log;
    private final Path offset;

    FileBroker(Path dir) {
        this.log = dir.resolve("broker.log");
        this.offset = dir.resolve("broker.offset");
    }

    /** Appends a message: once this returns, the broker has it. */
    void send(String messageId) throws IOException {
        try (OutputStream out = new FileOutputStream(log.toFile(), true)) {
            out.write((messageId + "\n").getBytes(StandardCharsets.UTF_8));
        }
    }

    /** The messages from the consumer's committed offset on. */
    List<String> poll() throws IOException {
        List<String> all = Files.exists(log) ? Files.readAllLines(log) : List.of();
        return all.subList(Math.min(committedOffset(), all.size()), all.size());
    }

    /** Commits the consumer's offset: the next poll starts there. */
    void commitOffset(int consumed) throws IOException {
        try (OutputStream out = new FileOutputStream(offset.toFile())) {
            out.write(Integer.toString(consumed).getBytes(StandardCharsets.UTF_8));
        }
    }

    int committedOffset() throws IOException {
        return Files.exists(offset) ? Integer.parseInt(Files.readString(offset).strip()) : 0;
    }

    /** Every message on the broker, in order. */
    List<String> messages() throws IOException {
        return Files.exists(log) ? Files.readAllLines(log) : List.of();
    }
}
