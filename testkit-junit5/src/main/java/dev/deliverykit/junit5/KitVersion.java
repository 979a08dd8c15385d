package dev.deliverykit.junit5;

import java.io.IOException;
import java.io.InputStream;
import java.util.Properties;

/** The kit's version, as Maven wrote it into {@code kit-version.properties}; {@code unknown} if it cannot be read. */
final class KitVersion {

    static final String VALUE = read();

    private KitVersion() {
    }

    private static String read() {
        try (InputStream in = KitVersion.class.getResourceAsStream("kit-version.properties")) {
            if (in == null) {
                return "unknown";
            }
            Properties properties = new Properties();
            properties.load(in);
            String version = properties.getProperty("version", "unknown");
            // Unfiltered (run from sources without Maven's resource phase): say so rather than show a placeholder.
            return version.startsWith("${") ? "unknown" : version;
        } catch (IOException e) {
            return "unknown";
        }
    }
}
