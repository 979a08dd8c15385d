package dev.deliverykit.junit5.internal.config;

import static org.apiguardian.api.API.Status.INTERNAL;

import java.io.IOException;
import java.io.InputStream;
import java.util.Properties;
import org.apiguardian.api.API;

/** The kit's version, as Maven wrote it into {@code kit-version.properties}; {@code unknown} if it cannot be read. */
@API(status = INTERNAL, since = "0.1")
public final class KitVersion {

    public static final String VALUE = read();

    private KitVersion() {}

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
