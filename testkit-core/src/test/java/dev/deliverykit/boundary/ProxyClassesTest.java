package dev.deliverykit.boundary;

import static org.assertj.core.api.Assertions.assertThat;

import dev.deliverykit.Workload;
import dev.deliverykit.proxies.Shop;
import java.nio.file.Path;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A commit made by a generated proxy after the user's method returned counts as inside the user's method, named
 * after the user's class: {@link Shop} behind a class named as Spring names its CGLIB proxies.
 */
class ProxyClassesTest {

    private static final BoundaryEngine ENGINE = BoundaryEngine.get();

    @TempDir
    Path dir;

    @Test
    void generatedProxiesStandForTheClassTheyExtend() {
        assertThat(ProxyClasses.userClass("com.x.OrderService$$SpringCGLIB$$0")).isEqualTo("com.x.OrderService");
        assertThat(ProxyClasses.userClass("com.x.OrderService$$SpringCGLIB$$FastClass$$1"))
                .isEqualTo("com.x.OrderService");
        assertThat(ProxyClasses.userClass("com.x.OrderService$$EnhancerBySpringCGLIB$$1a2b"))
                .isEqualTo("com.x.OrderService");
        assertThat(ProxyClasses.userClass("com.x.Outer$Inner$$EnhancerByCGLIB$$1a2b"))
                .isEqualTo("com.x.Outer$Inner");
        assertThat(ProxyClasses.userClass("com.x.Odd$$Name")).isEqualTo("com.x.Odd$$Name");
        assertThat(ProxyClasses.userClass("com.x.OrderService")).isEqualTo("com.x.OrderService");

        assertThat(ProxyClasses.isClassOrProxy("com.x.OrderService$$SpringCGLIB$$0", "com.x.OrderService"))
                .isTrue();
        assertThat(ProxyClasses.isClassOrProxy("com.x.OrderService", "com.x.OrderService"))
                .isTrue();
        assertThat(ProxyClasses.isClassOrProxy("com.x.OrderServices$$SpringCGLIB$$0", "com.x.OrderService"))
                .isFalse();
        assertThat(ProxyClasses.isClassOrProxy("com.x.OrderService$Inner", "com.x.OrderService"))
                .isFalse();
    }

    @Test
    void aPlaceReachesTheCommitItsProxyMakesAfterTheMethodReturned() throws Exception {
        Place place = Place.of(Shop.class, "place");
        Shop shop = Shop.proxied(dir.resolve("shop.db"));
        Workload placing = () -> shop.place("o-1");

        CrashResult crash =
                ENGINE.crashInProcess(CrashPlan.at(Selector.afterCommit().within(place)), placing);

        assertThat(crash.replayKey())
                .isEqualTo("selector=after-commit;within=dev.deliverykit.proxies.Shop#place;hit=1");
        assertThat(crash.crashSite().stack().get(0)).startsWith("dev.deliverykit.proxies.Shop.place(Shop.java:");
        assertThat(Place.ofFrame(crash.crashSite().stack().get(0))).isEqualTo(Optional.of(place));
    }

    @Test
    void aProxysFrameIsThePlaceOfTheClassItProxies() {
        Place place = Place.of("com.x.OrderService#placeOrder");

        assertThat(Place.ofFrame("com.x.OrderService$$SpringCGLIB$$0.placeOrder(<generated>)"))
                .isEqualTo(Optional.of(place));
        assertThat(place.isFrame("com.x.OrderService$$SpringCGLIB$$0", "placeOrder"))
                .isTrue();
        assertThat(place.isFrame("com.x.OrderService$$SpringCGLIB$$0", "cancel"))
                .isFalse();
        assertThat(Place.of("com.y.OrderService#placeOrder")
                        .isLookalike("com.x.OrderService$$SpringCGLIB$$0", "placeOrder"))
                .isTrue();
    }
}
