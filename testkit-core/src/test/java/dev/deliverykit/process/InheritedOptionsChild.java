package dev.deliverykit.process;

/** Test child: prints, one per line, the options a child of it would inherit. */
public final class InheritedOptionsChild {

    private InheritedOptionsChild() {}

    public static void main(String[] args) {
        InheritedJvm.ofThisJvm().options().forEach(System.out::println);
    }
}
