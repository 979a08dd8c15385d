package dev.deliverykit.process;

/** Test child: prints its arguments to stdout, "to stderr" to stderr, and exits with the first argument. */
public final class EchoChild {

    private EchoChild() {}

    public static void main(String[] args) {
        for (String arg : args) {
            System.out.println(arg);
        }
        System.err.println("to stderr");
        System.exit(Integer.parseInt(args[0]));
    }
}
