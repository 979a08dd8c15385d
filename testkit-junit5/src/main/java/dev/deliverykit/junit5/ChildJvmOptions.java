package dev.deliverykit.junit5;

import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;

/**
 * What a template's child JVMs add to and drop from the options they inherit from the test JVM: the build's
 * ({@link DeliveryKitConfiguration#CHILD_JVM_OPTIONS}, {@link DeliveryKitConfiguration#CHILD_JVM_OPTIONS_DROPPED})
 * first, then the annotations'. The options of every {@code @CrashAt} of a method apply to all its child cases.
 *
 * @param added options appended to the child's command line, in order
 * @param dropped prefixes of inherited options the child leaves out
 */
record ChildJvmOptions(List<String> added, List<String> dropped) {

    ChildJvmOptions {
        added = List.copyOf(added);
        dropped = List.copyOf(dropped);
    }

    /** The build's options, then those of each annotation, each option once. */
    static ChildJvmOptions of(
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
