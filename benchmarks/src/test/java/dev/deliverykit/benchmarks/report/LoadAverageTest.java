package dev.deliverykit.benchmarks.report;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

class LoadAverageTest {

    @Test
    void readsTheThreeAveragesOfAProcLoadavgLine() {
        LoadAverage load = LoadAverage.parse("1.52 0.98 0.61 2/345 6789\n");

        assertThat(load).isEqualTo(new LoadAverage(1.52, 0.98, 0.61));
        assertThat(load.text()).isEqualTo("1.52 0.98 0.61");
    }

    @Test
    void refusesALineThatIsNotOne() {
        assertThatThrownBy(() -> LoadAverage.parse("1.5")).isInstanceOf(IllegalArgumentException.class);
    }
}
