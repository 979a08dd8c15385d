package dev.deliverykit.process;

/** Test child: does the READY/GO handshake, then prints "went" and its argument. */
public final class HandshakeChild {

    private HandshakeChild() {}

    public static void main(String[] args) {
        Handshake.readyThenAwaitGo();
        System.out.println("went " + args[0]);
    }
}
