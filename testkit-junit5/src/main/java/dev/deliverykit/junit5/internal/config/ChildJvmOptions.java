package dev.deliverykit.junit5.internal.config;

import static org.apiguardian.api.API.Status.INTERNAL;

import dev.deliverykit.junit5.DeliveryKitConfiguration;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.apiguardian.api.API;

/**
 * What a template's child JVMs add to and drop from the options they inherit from the test JVM: the build's
 * ({@link DeliveryKitConfiguration#CHILD_JVM_OPTIONS}, {@link DeliveryKitConfiguration#CHILD_JVM_OPTIONS_DROPPED})
 * first, then the annotations'. The options of every {@code @CrashAt} of a method apply to all its child cases.
 *
 * @param added options appended to the child's command line, in order
 * @param dropped prefixes of inherited options the child leaves out
 */
@API(status = INTERNAL, since = "0.1")
public record ChildJvmOptions(List<String> added, List<String> dropped) {

    public ChildJvmOptions {
        added = List.copyOf(added);
        dropped = List.copyOf(dropped);
    }

    /** The build's options, then those of each annotation, each option once. */
    public static ChildJvmOptions of(
            KitSettings settings, List<String[]> addedByAnnotations, List<String[]> droppedByAnnotations) {
        return new ChildJvmOptions(
                joined(settings.childJvmOptions(), addedByAnnotations),
                joined(settings.childJvmOptionsDropped(), droppedByAnnotations));
    }

    private static List<String> joined(List<String> build, List<String[]> annotations) {
        List<String> all = new ArrayList<>(build);
        annotations.stream().flatMap(Stream::of).forEach(all::add);
        return all.stream().distinct().toList();
    }
}
