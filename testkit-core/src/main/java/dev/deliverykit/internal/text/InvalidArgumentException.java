package dev.deliverykit.internal.text;

import static org.apiguardian.api.API.Status.INTERNAL;

import org.apiguardian.api.API;

/**
 * An {@link IllegalArgumentException} that keeps its {@link Message}, so that a layer which reports the argument in
 * its own terms (the JUnit face names the annotation element) takes the parts instead of parsing the text.
 */
@API(status = INTERNAL, since = "0.1")
public final class InvalidArgumentException extends IllegalArgumentException {

    private static final long serialVersionUID = 1L;

    private final transient Message value;

    /** The exception whose text is {@code value}'s {@link Message#sentences()}. */
    public InvalidArgumentException(Message value) {
        super(value.sentences());
        this.value = value;
    }

    /** The message as a value. */
    public Message value() {
        return value;
    }
}
