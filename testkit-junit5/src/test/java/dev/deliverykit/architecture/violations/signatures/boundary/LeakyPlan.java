package dev.deliverykit.architecture.violations.signatures.boundary;

import com.fasterxml.jackson.core.JsonFactory;
import dev.deliverykit.architecture.violations.signatures.internal.text.Rendering;
import dev.deliverykit.architecture.violations.signatures.internal.text.Wording;
import java.util.List;
import net.bytebuddy.ByteBuddy;

/** VIOLATIONS: an API class whose public and protected signatures name internal and third-party types. */
public abstract class LeakyPlan extends Wording implements Rendering {
    public Wording wording;
    private Wording hidden;

    protected LeakyPlan(ByteBuddy byteBuddy) {
        hidden = null;
    }

    public abstract List<JsonFactory> factories();

    Wording packagePrivate() {
        return hidden;
    }

    private Wording privately() {
        return hidden;
    }
}
