package dev.deliverykit.boundary;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import java.util.Objects;
import java.util.Optional;
import java.util.regex.Pattern;
import org.apiguardian.api.API;

/**
 * A method of the code under test, as a place a boundary can be scoped to: a selector
 * {@linkplain Selector#within(Place) within} a place matches only while the method is on the stack of the thread
 * that reaches the boundary. Every overload of the method is the same place, and so is a lambda written in it.
 *
 * <pre>{@code
 * Place relay = Place.of("com.example.orders.OutboxRelay#publishPending");
 * Selector.afterCommit().within(relay);   // the commits made while publishPending runs
 * }</pre>
 *
 * <p>A place is a method of the code under test or of a library it uses, not of the JDK. The type is named by
 * its binary name, {@code com.acme.Outer$Inner}, and is the class that declares the
 * method: a frame of an inherited method is the declaring class's. A simple name such as {@code OutboxRelay} is
 * not looked up: which class it means can change as classes load, and a key must mean the same point on every
 * machine. A type that is never loaded is allowed: the place is then never on the stack, and a crash scoped to it
 * fails saying so.
 *
 * @param typeName the binary name of the class that declares the method
 * @param methodName the method's name (not a constructor's or a static initialiser's)
 */
@API(status = EXPERIMENTAL, since = "0.1")
public record Place(String typeName, String methodName) {

    private static final String IDENTIFIER = "\\p{javaJavaIdentifierStart}\\p{javaJavaIdentifierPart}*";
    private static final Pattern TYPE = Pattern.compile(IDENTIFIER + "(\\." + IDENTIFIER + ")*");
    private static final Pattern METHOD = Pattern.compile(IDENTIFIER);
    private static final String LAMBDA = "lambda$";

    /**
     * Checks the names.
     *
     * @throws IllegalArgumentException for a name that is not a Java binary type name or method name
     */
    public Place {
        Objects.requireNonNull(typeName, "typeName");
        Objects.requireNonNull(methodName, "methodName");
        if (!TYPE.matcher(typeName).matches() || !isMethodName(methodName)) {
            throw new IllegalArgumentException(SelectorMessages.notAPlaceName(typeName, methodName));
        }
        if (isJdk(typeName)) {
            throw new IllegalArgumentException(SelectorMessages.jdkPlace(typeName, methodName));
        }
    }

    /** The JDK's packages, whose frames are never places (the stack summary ignores them too). */
    private static boolean isJdk(String typeName) {
        return typeName.startsWith("java.")
                || typeName.startsWith("javax.")
                || typeName.startsWith("jdk.")
                || typeName.startsWith("sun.")
                || typeName.startsWith("com.sun.");
    }

    /**
     * Reads {@code Type#method}.
     *
     * @throws IllegalArgumentException naming what is wrong and the expected form
     */
    public static Place of(String reference) {
        Objects.requireNonNull(reference, "reference");
        int hash = reference.indexOf('#');
        if (hash < 0) {
            throw new IllegalArgumentException(SelectorMessages.placeWithoutHash(reference));
        }
        String method = reference.substring(hash + 1);
        if (method.contains("(")) {
            throw new IllegalArgumentException(SelectorMessages.placeWithParameters(reference));
        }
        return new Place(reference.substring(0, hash), method);
    }

    /** The method {@code method} of {@code type}: {@code Place.of(OutboxRelay.class, "publishPending")}. */
    public static Place of(Class<?> type, String method) {
        return new Place(Objects.requireNonNull(type, "type").getName(), method);
    }

    /**
     * The place of a stack frame as {@link BoundaryHit#stack()} shows it,
     * {@code com.acme.Relay.lambda$send$0(Relay.java:42)}: a lambda's frame is the method it was written in. Empty for
     * a frame that is in no method (a constructor, a static initialiser, a lambda in one of them).
     */
    public static Optional<Place> ofFrame(String frame) {
        int open = frame.indexOf('(');
        String qualified = open < 0 ? frame : frame.substring(0, open);
        int dot = qualified.lastIndexOf('.');
        if (dot <= 0) {
            return Optional.empty();
        }
        return ofFrame(qualified.substring(0, dot), qualified.substring(dot + 1));
    }

    /**
     * The place of a frame's class and method name, if it is a method; lambdas as in {@link #ofFrame(String)}, and a
     * proxy's frame ({@code OrderService$$SpringCGLIB$$0}) as its user class's ({@link ProxyClasses}).
     */
    static Optional<Place> ofFrame(String frameClass, String frameMethod) {
        String className = ProxyClasses.userClass(frameClass);
        String method = frameMethod;
        if (method.startsWith(LAMBDA)) {
            int end = method.indexOf('$', LAMBDA.length());
            method = end < 0 ? "" : method.substring(LAMBDA.length(), end);
        }
        return TYPE.matcher(className).matches() && isMethodName(method) && !isJdk(className)
                ? Optional.of(new Place(className, method))
                : Optional.empty();
    }

    /**
     * Whether a frame of {@code className}'s method {@code frameMethod} is this place: the method itself, or a
     * lambda written in it ({@code lambda$publishPending$0}), on the class or a proxy of it ({@link ProxyClasses}):
     * a {@code @Transactional} method's proxy commits after the method returned. Compares without allocating: it runs
     * at every hit of a scoped boundary, for each frame.
     */
    boolean isFrame(String className, String frameMethod) {
        return ProxyClasses.isClassOrProxy(className, typeName) && isThisMethod(frameMethod);
    }

    /**
     * Whether a frame is of a method with this place's name on a class with its simple name: what a place with a
     * mistyped package, or a simple name, probably meant.
     */
    boolean isLookalike(String className, String frameMethod) {
        return isThisMethod(frameMethod)
                && simpleName(ProxyClasses.userClass(className)).equals(simpleName(typeName));
    }

    private boolean isThisMethod(String frameMethod) {
        return frameMethod.equals(methodName)
                || frameMethod.startsWith(LAMBDA)
                        && frameMethod.startsWith(methodName, LAMBDA.length())
                        && frameMethod.length() > LAMBDA.length() + methodName.length()
                        && frameMethod.charAt(LAMBDA.length() + methodName.length()) == '$';
    }

    private static String simpleName(String typeName) {
        return typeName.substring(Math.max(typeName.lastIndexOf('.'), typeName.lastIndexOf('$')) + 1);
    }

    /** A method's name: an identifier, and not the names javac gives lambdas in constructors and initialisers. */
    private static boolean isMethodName(String name) {
        return METHOD.matcher(name).matches() && !name.equals("new") && !name.equals("static");
    }

    /** {@code com.example.orders.OutboxRelay#publishPending}, as {@link #of(String)} reads it. */
    public String reference() {
        return typeName + "#" + methodName;
    }

    @Override
    public String toString() {
        return reference();
    }
}
