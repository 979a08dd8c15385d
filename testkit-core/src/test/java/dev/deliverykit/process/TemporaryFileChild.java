package dev.deliverykit.process;

import java.nio.file.Files;
import java.nio.file.Path;

/** Test child: creates a temporary file, as sqlite-jdbc does with its native library, and prints its path. */
public final class TemporaryFileChild {

    private TemporaryFileChild() {}

    public static void main(String[] args) throws Exception {
        Path file = Files.createTempFile("native-", ".so");
        Files.writeString(file, "a native library");
        System.out.println(file);
    }
}
