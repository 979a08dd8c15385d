package dev.deliverykit.internal.instrument;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.deliverykit.weaving.Arithmetic;
import dev.deliverykit.weaving.ConnectionShaped;
import dev.deliverykit.weaving.Fixtures;
import dev.deliverykit.weaving.LoopingStatement;
import dev.deliverykit.weaving.StatementNamedOnly;
import java.io.IOException;
import java.io.InputStream;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.charset.StandardCharsets;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;
import net.bytebuddy.jar.asm.ClassReader;
import net.bytebuddy.jar.asm.ClassVisitor;
import net.bytebuddy.jar.asm.ClassWriter;
import net.bytebuddy.jar.asm.Label;
import net.bytebuddy.jar.asm.MethodVisitor;
import net.bytebuddy.jar.asm.Opcodes;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * The hand-written weaver on fixture classes ({@code dev.deliverykit.weaving}): it weaves their bytes
 * itself and the test defines the result as hidden classes, so the JVM verifies every woven method (stack
 * map frames with the moved locals, the handler's frame) and the JVM's installed transformers never see
 * them. The calls reach the {@link Dispatcher} with the arguments the replaced ByteBuddy advice passed.
 */
class WeaverTest {

    private final List<String> events = new ArrayList<>();
    private final List<String> problems = new ArrayList<>();
    private final List<String> woven = new ArrayList<>();

    private final Weaver weaver = new Weaver(host(true, problems::add, woven::add));

    /** A host that sees the kit or not, and hands on each problem as "type: message" and each woven type's name. */
    private static Weaver.Host host(boolean seesKit, Consumer<String> problem, Consumer<String> wovenType) {
        return new Weaver.Host() {
            @Override
            public boolean seesKit(ClassLoader loader) {
                return seesKit;
            }

            @Override
            public void problem(String typeName, ClassLoader loader, boolean retransforming, Throwable error) {
                problem.accept(typeName + ": " + error.getMessage());
            }

            @Override
            public void woven(String typeName) {
                wovenType.accept(typeName);
            }
        };
    }

    @AfterEach
    void deactivate() {
        EngineControls.deactivate();
    }

    @Test
    void statementCallsWithLoopsHandlersAndWideLocalsRunAsBeforeAndReachTheDispatcher() throws Exception {
        weaver.weaveJdbc();
        Statement statement = (Statement) instantiate(define(weave(LoopingStatement.class)));

        assertThat(woven).containsExactly(LoopingStatement.class.getName());
        assertThat(statement.execute("SELECT 12")).isFalse(); // unwoven: the same, no run is active
        record();
        assertThat(statement.execute("SELECT 1 2 3")).isTrue();
        assertThat(statement.executeUpdate("UPDATE t")).isEqualTo(-1);
        assertThat(statement.executeUpdate("DELETE FROM t")).isEqualTo(13);
        assertThatThrownBy(() -> statement.executeUpdate("UPDATE " + "x".repeat(100)))
                .isInstanceOf(SQLException.class)
                .hasMessage("too long");
        assertThatThrownBy(() -> statement.executeQuery("SELECT *"))
                .isInstanceOf(SQLException.class)
                .hasMessage("no results for SELECT *");
        statement.addBatch("INSERT INTO a VALUES (1)");
        statement.addBatch("INSERT INTO b VALUES (2)");
        assertThat(statement.executeBatch()).containsExactly(24, 24);

        assertThat(events)
                .containsExactly(
                        "BEFORE STATEMENT SELECT 1 2 3",
                        "AFTER STATEMENT SELECT 1 2 3", // the argument, not "reassigned"
                        "BEFORE STATEMENT UPDATE t",
                        "AFTER STATEMENT UPDATE t",
                        "BEFORE STATEMENT DELETE FROM t",
                        "AFTER STATEMENT DELETE FROM t",
                        "BEFORE STATEMENT UPDATE " + "x".repeat(100), // threw: no after
                        "BEFORE STATEMENT SELECT *",
                        "BEFORE STATEMENT INSERT INTO a VALUES (1); INSERT INTO b VALUES (2)",
                        "AFTER STATEMENT INSERT INTO a VALUES (1); INSERT INTO b VALUES (2)");
        assertThat(problems).isEmpty();
    }

    @Test
    void methodBoundariesSeeEntryNormalAndExceptionalExitWithTheOriginByteBuddyWrote() throws Exception {
        weaver.weaveMethods(Map.of(
                internalName(Arithmetic.class),
                        List.of(
                                new MethodTarget(Arithmetic.class.getName(), "scaledSum", null),
                                new MethodTarget(Arithmetic.class.getName(), "factorial", List.of("int"))),
                internalName(Arithmetic.Inner.class),
                        List.of(new MethodTarget(Arithmetic.Inner.class.getName(), "twice", null))));
        Class<?> arithmetic = define(weave(Arithmetic.class));
        Class<?> inner = define(weave(Arithmetic.Inner.class));
        Object instance = instantiate(arithmetic);
        record();

        assertThat(invoke(arithmetic, instance, "scaledSum", 10L, new double[] {1.26, 2.5}, "x"))
                .isEqualTo(38.0);
        assertThat(invoke(arithmetic, instance, "scaledSum", 10L, new double[] {-1}, ""))
                .isEqualTo(-1.0);
        assertThat(invoke(arithmetic, null, "factorial", 3)).isEqualTo(6L);
        assertThatThrownBy(() -> invoke(arithmetic, null, "factorial", -1))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("negative");
        assertThat(invoke(inner, instantiate(inner), "twice", 21L)).isEqualTo(42L);

        String sum = "dev.deliverykit.weaving.Arithmetic#scaledSum(long,double[],java.lang.String)";
        String factorial = "dev.deliverykit.weaving.Arithmetic#factorial(int)";
        assertThat(events)
                .containsExactly(
                        "ENTRY " + sum,
                        "NORMAL_EXIT " + sum,
                        "ENTRY " + sum,
                        "NORMAL_EXIT " + sum,
                        "ENTRY " + factorial,
                        "ENTRY " + factorial,
                        "ENTRY " + factorial,
                        "NORMAL_EXIT " + factorial,
                        "NORMAL_EXIT " + factorial,
                        "NORMAL_EXIT " + factorial,
                        "ENTRY " + factorial,
                        "EXCEPTIONAL_EXIT " + factorial + " negative",
                        "ENTRY dev.deliverykit.weaving.Arithmetic$Inner#twice(long)",
                        "NORMAL_EXIT dev.deliverykit.weaving.Arithmetic$Inner#twice(long)");
        assertThat(problems).isEmpty();
    }

    @Test
    void aMethodWithBothJdbcCallsAndAMethodBoundaryCarriesTheBoundaryOutside() throws Exception {
        weaver.weaveJdbc();
        weaver.weaveMethods(Map.of(
                internalName(LoopingStatement.class),
                List.of(new MethodTarget(LoopingStatement.class.getName(), "executeUpdate", null))));
        Statement statement = (Statement) instantiate(define(weave(LoopingStatement.class)));
        record();

        assertThat(statement.executeUpdate("UPDATE t")).isEqualTo(-1);
        assertThatThrownBy(() -> statement.executeUpdate("UPDATE " + "x".repeat(100)))
                .isInstanceOf(SQLException.class);

        String update = "dev.deliverykit.weaving.LoopingStatement#executeUpdate(java.lang.String)";
        assertThat(events)
                .containsExactly(
                        "ENTRY " + update,
                        "BEFORE STATEMENT UPDATE t",
                        "AFTER STATEMENT UPDATE t",
                        "NORMAL_EXIT " + update,
                        "ENTRY " + update,
                        "BEFORE STATEMENT UPDATE " + "x".repeat(100),
                        "EXCEPTIONAL_EXIT " + update + " too long");
    }

    @Test
    void classFilesWithoutStackMapFramesAreWovenToo() throws Exception {
        weaver.weaveJdbc();
        weaver.weaveMethods(Map.of(
                internalName(Arithmetic.class),
                List.of(new MethodTarget(Arithmetic.class.getName(), "factorial", null))));
        Statement statement =
                (Statement) instantiate(define(weave(LoopingStatement.class, asJava14(LoopingStatement.class))));
        Class<?> arithmetic = define(weave(Arithmetic.class, asJava14(Arithmetic.class)));
        Class<?> shaped = define(weave(ConnectionShaped.class, asJava14(ConnectionShaped.class)));
        Object connection = shaped.getConstructor(int.class).newInstance(2);
        record();

        assertThat(statement.execute("SELECT 1 2 3")).isTrue();
        assertThatThrownBy(() -> invoke(arithmetic, null, "factorial", -2))
                .isInstanceOf(IllegalArgumentException.class);
        assertThat(invoke(shaped, connection, "prepareStatement", "abc")).isEqualTo(32L);
        assertThatThrownBy(() -> invoke(shaped, connection, "commit")).isInstanceOf(SQLException.class);
        invoke(shaped, connection, "setAutoCommit", false);
        invoke(shaped, connection, "commit");
        assertThat(invoke(shaped, connection, "prepareStatement", "abc")).isEqualTo(33L);

        assertThat(events)
                .containsExactly(
                        "BEFORE STATEMENT SELECT 1 2 3",
                        "AFTER STATEMENT SELECT 1 2 3",
                        "ENTRY dev.deliverykit.weaving.Arithmetic#factorial(int)",
                        "EXCEPTIONAL_EXIT dev.deliverykit.weaving.Arithmetic#factorial(int) negative");
        assertThat(woven)
                .containsExactly(
                        LoopingStatement.class.getName(), Arithmetic.class.getName(), ConnectionShaped.class.getName());
        assertThat(problems).isEmpty();
    }

    @Test
    void aParameterSlotThatTheCodeReusesForAnotherTypeStillVerifies() throws Exception {
        weaver.weaveJdbc();
        byte[] woven = weaver.transform(getClass().getClassLoader(), SLOT_REUSING, null, null, slotReusingStatement());
        assertThat(woven).as("problems: " + problems).isNotNull();
        Statement statement = (Statement) instantiate(define(woven));
        record();

        assertThat(statement.execute("SELECT 1")).isTrue();
        assertThat(events).containsExactly("BEFORE STATEMENT SELECT 1", "AFTER STATEMENT SELECT 1");
        assertThat(problems).isEmpty();
    }

    private static final String SLOT_REUSING = "dev/deliverykit/weaving/SlotReusingStatement";

    /**
     * {@code boolean execute(String sql)} whose code stores an int into {@code sql}'s slot, with a branch and
     * its frame in between: javac never does that, other compilers and bytecode optimisers may. The catch-all
     * handler's frame must not claim the slot still holds a String.
     */
    private static byte[] slotReusingStatement() {
        ClassWriter writer = statementStubSubclass(SLOT_REUSING);
        MethodVisitor execute = writer.visitMethod(
                Opcodes.ACC_PUBLIC, "execute", "(Ljava/lang/String;)Z", null, new String[] {"java/sql/SQLException"});
        execute.visitCode();
        execute.visitIntInsn(Opcodes.BIPUSH, 7);
        execute.visitVarInsn(Opcodes.ISTORE, 1);
        execute.visitVarInsn(Opcodes.ILOAD, 1);
        Label zero = new Label();
        execute.visitJumpInsn(Opcodes.IFEQ, zero);
        execute.visitInsn(Opcodes.ICONST_1);
        execute.visitInsn(Opcodes.IRETURN);
        execute.visitLabel(zero);
        execute.visitFrame(Opcodes.F_FULL, 2, new Object[] {SLOT_REUSING, Opcodes.INTEGER}, 0, new Object[0]);
        execute.visitInsn(Opcodes.ICONST_0);
        execute.visitInsn(Opcodes.IRETURN);
        execute.visitMaxs(0, 0);
        execute.visitEnd();
        writer.visitEnd();
        return writer.toByteArray();
    }

    @Test
    void aCrashAfterAReturnInsideTheDriversOwnTryRangeIsNotCaughtByTheDriver() throws Exception {
        weaver.weaveJdbc();
        byte[] woven = weaver.transform(getClass().getClassLoader(), RETURN_IN_TRY, null, null, returnInTryStatement());
        assertThat(woven).as("problems: " + problems).isNotNull();
        Class<?> type = define(woven);
        Statement statement = (Statement) instantiate(type);
        Error crash = new Error("simulated crash after the statement");
        EngineControls.activate(new BoundarySink() {
            @Override
            public void beforeJdbc(JdbcCall call) {
                events.add(call.timing() + " " + call.kind() + " " + call.sql());
            }

            @Override
            public void afterJdbc(JdbcCall call) {
                events.add(call.timing() + " " + call.kind() + " " + call.sql());
                throw crash;
            }

            @Override
            public void connectionCreated(Object connection) {}

            @Override
            public void method(MethodCall call) {}
        });

        assertThatThrownBy(() -> statement.execute("SELECT 1")).isSameAs(crash);
        assertThat(events).containsExactly("BEFORE STATEMENT SELECT 1", "AFTER STATEMENT SELECT 1");
        assertThat(type.getField("caught").getInt(statement))
                .as("the driver's catch-all handler ran")
                .isZero();
        assertThat(problems).isEmpty();
    }

    private static final String RETURN_IN_TRY = "dev/deliverykit/weaving/ReturnInTryStatement";

    /** A Java 17 class {@code name} extending {@code StatementStub}, with its no-argument constructor. */
    private static ClassWriter statementStubSubclass(String name) {
        ClassWriter writer = new ClassWriter(ClassWriter.COMPUTE_MAXS);
        String stub = "dev/deliverykit/weaving/StatementStub";
        writer.visit(Opcodes.V17, Opcodes.ACC_PUBLIC | Opcodes.ACC_SUPER, name, null, stub, null);
        MethodVisitor init = writer.visitMethod(Opcodes.ACC_PUBLIC, "<init>", "()V", null, null);
        init.visitCode();
        init.visitVarInsn(Opcodes.ALOAD, 0);
        init.visitMethodInsn(Opcodes.INVOKESPECIAL, stub, "<init>", "()V", false);
        init.visitInsn(Opcodes.RETURN);
        init.visitMaxs(0, 0);
        init.visitEnd();
        return writer;
    }

    /**
     * {@code boolean execute(String sql)} whose {@code ireturn} lies inside its own catch-all range, which
     * counts into the public field {@code caught} and rethrows: javac never puts a return there, other
     * compilers may. The woven exit, where a crash is thrown, must run outside that range.
     */
    private static byte[] returnInTryStatement() {
        ClassWriter writer = statementStubSubclass(RETURN_IN_TRY);
        writer.visitField(Opcodes.ACC_PUBLIC, "caught", "I", null, null).visitEnd();
        MethodVisitor execute = writer.visitMethod(
                Opcodes.ACC_PUBLIC, "execute", "(Ljava/lang/String;)Z", null, new String[] {"java/sql/SQLException"});
        Label start = new Label();
        Label end = new Label();
        Label handler = new Label();
        execute.visitTryCatchBlock(start, end, handler, null);
        execute.visitCode();
        execute.visitLabel(start);
        execute.visitInsn(Opcodes.ICONST_1);
        execute.visitInsn(Opcodes.IRETURN);
        execute.visitLabel(end);
        execute.visitLabel(handler);
        execute.visitFrame(Opcodes.F_FULL, 2, new Object[] {RETURN_IN_TRY, "java/lang/String"}, 1, new Object[] {
            "java/lang/Throwable"
        });
        execute.visitVarInsn(Opcodes.ASTORE, 2);
        execute.visitVarInsn(Opcodes.ALOAD, 0);
        execute.visitInsn(Opcodes.DUP);
        execute.visitFieldInsn(Opcodes.GETFIELD, RETURN_IN_TRY, "caught", "I");
        execute.visitInsn(Opcodes.ICONST_1);
        execute.visitInsn(Opcodes.IADD);
        execute.visitFieldInsn(Opcodes.PUTFIELD, RETURN_IN_TRY, "caught", "I");
        execute.visitVarInsn(Opcodes.ALOAD, 2);
        execute.visitInsn(Opcodes.ATHROW);
        execute.visitMaxs(0, 0);
        execute.visitEnd();
        writer.visitEnd();
        return writer.toByteArray();
    }

    @Test
    void aJdbcClassWhoseLoaderCannotSeeTheKitIsKeptAsAProblemAndLeftAsItWas() throws Exception {
        List<String> reported = new ArrayList<>();
        Weaver blind = new Weaver(host(false, reported::add, typeName -> reported.add("woven " + typeName)));
        blind.weaveJdbc();

        assertThat(blind.transform(
                        LoopingStatement.class.getClassLoader(),
                        internalName(LoopingStatement.class),
                        null,
                        null,
                        bytes(LoopingStatement.class)))
                .isNull();
        assertThat(reported)
                .containsExactly(LoopingStatement.class.getName() + ": its class loader cannot see the"
                        + " kit's Dispatcher, so its JDBC calls cannot be woven and are no boundaries; load the kit from the"
                        + " same or a parent class loader");
    }

    @Test
    void anErrorLeavesTheClassAsItWasAndIsKeptWithTheClassName() throws Exception {
        weaver.weaveJdbc();
        // The loader cannot read the superclass's class file, so the weaver cannot tell whether it is a Statement.
        try (URLClassLoader blind = new URLClassLoader("blind", new URL[0], null)) {
            byte[] result = weaver.transform(
                    blind, internalName(StatementNamedOnly.class), null, null, bytes(StatementNamedOnly.class));

            assertThat(result).isNull();
        }
        assertThat(weaver.transform(getClass().getClassLoader(), "com/example/Broken", null, null, new byte[] {
                    (byte) 0xCA, (byte) 0xFE, 0, 1
                }))
                .isNull();

        assertThat(problems).hasSize(2);
        assertThat(problems.get(0))
                .isEqualTo("dev.deliverykit.weaving.StatementNamedOnly: "
                        + WeavingMessages.superTypeNotFound(
                                "dev.deliverykit.weaving.UnreadableBase",
                                "dev.deliverykit.weaving.StatementNamedOnly"));
        assertThat(problems.get(1)).startsWith("com.example.Broken: ");
        assertThat(woven).isEmpty();
    }

    @Test
    void classesOfTheJdkTheKitAndTestToolsAreRejectedWithoutParsing() {
        weaver.weaveJdbc();
        byte[] garbage = {1, 2, 3};
        for (String name : List.of("java/sql/Foo", "org/junit/Foo", "net/bytebuddy/Foo", "com/fasterxml/jackson/Foo")) {
            assertThat(weaver.transform(getClass().getClassLoader(), name, null, null, garbage))
                    .isNull();
        }
        assertThat(weaver.transform(null, "org/example/BootstrapLoaded", null, null, garbage))
                .isNull();
        assertThat(problems).isEmpty();
    }

    @Test
    void theEnginesOwnClassesAreToldByTheirCodeSourceNotByTheirPackage() throws Exception {
        weaver.weaveJdbc();
        ClassLoader loader = getClass().getClassLoader();
        byte[] statement = slotReusingStatement();

        byte[] ofTheEngine =
                weaver.transform(loader, SLOT_REUSING, null, Weaver.class.getProtectionDomain(), statement);
        byte[] fixtureInTheKitsPackage = weaver.transform(
                loader,
                "dev/deliverykit/internal/instrument/Fixture",
                null,
                getClass().getProtectionDomain(),
                statement);

        assertThat(ofTheEngine).isNull();
        assertThat(fixtureInTheKitsPackage).as("problems: " + problems).isNotNull();
        assertThat(problems).isEmpty();
    }

    @Test
    void theConstantPoolScanFindsMethodNamesPastWideConstantsAndAnswersTrueForWhatItCannotRead() throws IOException {
        byte[] arithmetic = bytes(Arithmetic.class); // long constants take two pool entries
        byte[][] factorial = {"factorial".getBytes(StandardCharsets.US_ASCII)};
        byte[][] absent = {"executeLargeBatch".getBytes(StandardCharsets.US_ASCII)};

        assertThat(ClassShape.mentionsAny(arithmetic, factorial)).isTrue();
        assertThat(ClassShape.mentionsAny(arithmetic, absent)).isFalse();
        assertThat(ClassShape.mentionsAny(Arrays.copyOf(arithmetic, 40), absent))
                .isTrue();
    }

    // ---- helpers -------------------------------------------------------------------------------------

    private void record() {
        EngineControls.activate(new BoundarySink() {
            @Override
            public void beforeJdbc(JdbcCall call) {
                events.add(call.timing() + " " + call.kind() + " " + call.sql());
            }

            @Override
            public void afterJdbc(JdbcCall call) {
                events.add(call.timing() + " " + call.kind() + " " + call.sql());
            }

            @Override
            public void connectionCreated(Object connection) {
                events.add("connection created");
            }

            @Override
            public void method(MethodCall call) {
                events.add(call.point() + " " + call.signature()
                        + (call.thrown() == null ? "" : " " + call.thrown().getMessage()));
            }
        });
    }

    private static String internalName(Class<?> type) {
        return type.getName().replace('.', '/');
    }

    private static byte[] bytes(Class<?> type) throws IOException {
        try (InputStream in = type.getResourceAsStream("/" + internalName(type) + ".class")) {
            return in.readAllBytes();
        }
    }

    private byte[] weave(Class<?> type) throws IOException {
        return weave(type, bytes(type));
    }

    private byte[] weave(Class<?> type, byte[] original) {
        byte[] result = weaver.transform(type.getClassLoader(), internalName(type), null, null, original);
        assertThat(result)
                .as("woven " + type.getName() + ", problems: " + problems)
                .isNotNull();
        return result;
    }

    /** The class as a Java 1.4 class file: no stack map frames, so the JVM verifies it by type inference. */
    private static byte[] asJava14(Class<?> type) throws IOException {
        ClassReader reader = new ClassReader(bytes(type));
        ClassWriter writer = new ClassWriter(0);
        reader.accept(
                new ClassVisitor(Opcodes.ASM9, writer) {
                    @Override
                    public void visit(
                            int version,
                            int access,
                            String name,
                            String signature,
                            String superName,
                            String[] interfaces) {
                        super.visit(Opcodes.V1_4, access, name, signature, superName, interfaces);
                    }
                },
                ClassReader.SKIP_FRAMES);
        return writer.toByteArray();
    }

    private static Class<?> define(byte[] bytes) throws IllegalAccessException {
        return Fixtures.lookup().defineHiddenClass(bytes, true).lookupClass();
    }

    private static Object instantiate(Class<?> type) throws ReflectiveOperationException {
        return type.getConstructor().newInstance();
    }

    private static Object invoke(Class<?> type, Object target, String name, Object... arguments) throws Exception {
        for (Method method : type.getMethods()) {
            if (method.getName().equals(name) && method.getParameterCount() == arguments.length) {
                try {
                    return method.invoke(target, arguments);
                } catch (InvocationTargetException e) {
                    if (e.getCause() instanceof Exception) {
                        throw (Exception) e.getCause();
                    }
                    throw (Error) e.getCause();
                }
            }
        }
        throw new NoSuchMethodException(name);
    }
}
