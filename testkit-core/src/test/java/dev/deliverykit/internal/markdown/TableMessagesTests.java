package dev.deliverykit.internal.markdown;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;

class TableMessagesTests {

    @Test
    void noColumns() {
        assertThat(TableMessages.noColumns()).isEqualTo("a table needs at least one column");
    }

    @Test
    void rowWidth() {
        assertThat(TableMessages.rowWidth(1, List.of("arrival", "stop reason")))
                .isEqualTo("row has 1 cells but the table has 2 columns [arrival, stop reason]");
    }
}
