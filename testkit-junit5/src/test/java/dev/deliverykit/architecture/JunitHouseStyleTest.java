package dev.deliverykit.architecture;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;

/**
 * What is left of the JUnit face's house rules until its public types carry their @API status: the internal
 * package says it is not API. The other rules are in {@link DeliveryKitArchitectureTest}.
 */
class JunitHouseStyleTest {

    @Test
    void internalPackageSaysItIsNotApi() throws Exception {
        String packageInfo = Files.readString(Path.of("src/main/java/dev/deliverykit/internal/junit5/package-info.java"),
                StandardCharsets.UTF_8);
        assertThat(packageInfo).contains("Not API");
    }
}
