package dev.deliverykit.internal.instrument;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import org.junit.jupiter.api.Test;

class WeavingMessagesTests {

    @Test
    void noAdvice() {
        assertThat(WeavingMessages.noAdvice())
                .isEqualTo("its class loader cannot see the kit's Dispatcher, so no advice can be woven into it;"
                        + " load the kit from the same or a parent class loader");
    }

    @Test
    void noJdbcBoundaries() {
        assertThat(WeavingMessages.noJdbcBoundaries())
                .isEqualTo("its class loader cannot see the kit's Dispatcher, so its JDBC calls cannot be woven and"
                        + " are no boundaries; load the kit from the same or a parent class loader");
    }

    @Test
    void superTypeNotFound() {
        assertThat(WeavingMessages.superTypeNotFound("a.Base", "a.Relay"))
                .isEqualTo("cannot read the class file of a.Base, a super type of a.Relay, through its class loader");
    }

    @Test
    void superTypeUnreadable() {
        assertThat(WeavingMessages.superTypeUnreadable("a.Base", "a.Relay", new IOException("closed")))
                .isEqualTo("cannot read the class file of a.Base, a super type of a.Relay: java.io.IOException:"
                        + " closed");
    }

    @Test
    void notADescriptorCode() {
        assertThat(WeavingMessages.notADescriptorCode('Q')).isEqualTo("not a JVM descriptor type code: Q");
    }

    @Test
    void noExceptionalExit() {
        assertThat(WeavingMessages.noExceptionalExit("ENTRY")).isEqualTo("ENTRY sees no exceptional exit");
    }

    @Test
    void notAPrimitiveReturn() {
        assertThat(WeavingMessages.notAPrimitiveReturn("()Ljava/lang/String;"))
                .isEqualTo("a primitive return type expected: ()Ljava/lang/String;");
    }

    @Test
    void straddlingLocal() {
        assertThat(WeavingMessages.straddlingLocal(3, 4, "send"))
                .isEqualTo("a two-slot local at 3 straddles the end of the parameters (4) in send");
    }

    @Test
    void straddlingFrame() {
        assertThat(WeavingMessages.straddlingFrame("send"))
                .isEqualTo("a two-slot local straddles the end of the parameters in a frame of send");
    }

    @Test
    void framesNotExpanded() {
        assertThat(WeavingMessages.framesNotExpanded())
                .isEqualTo("frames must be expanded (ClassReader.EXPAND_FRAMES)");
    }

    @Test
    void bridgeNotDefined() {
        assertThat(WeavingMessages.bridgeNotDefined())
                .isEqualTo("cannot define the executor bridge in java.util.concurrent");
    }

    @Test
    void bridgeFieldNotSet() {
        assertThat(WeavingMessages.bridgeFieldNotSet("hook")).isEqualTo("cannot set the executor bridge's hook");
    }

    @Test
    void bridgeTemplateMissing() {
        assertThat(WeavingMessages.bridgeTemplateMissing("dev/deliverykit/internal/instrument/ExecutorBridge"))
                .isEqualTo("the kit's class file dev/deliverykit/internal/instrument/ExecutorBridge.class is missing");
    }

    @Test
    void bridgeUnreadable() {
        assertThat(WeavingMessages.bridgeUnreadable()).isEqualTo("cannot read the executor bridge's class file");
    }
}
