package dev.deliverykit.boundary;

import static org.assertj.core.api.Assertions.assertThat;

import java.net.URL;
import java.net.URLClassLoader;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The broker clients' boundaries: found by the clients' class files, named for replay keys and for case names. */
class BrokerBoundariesTest {

    @TempDir
    Path classes;

    /** A class loader that sees only empty class files of these names (nothing is loaded: only looked up). */
    private ClassLoader seeing(String... classNames) throws Exception {
        for (String className : classNames) {
            Path file = classes.resolve(className.replace('.', '/') + ".class");
            Files.createDirectories(file.getParent());
            Files.write(file, new byte[0]);
        }
        return new URLClassLoader(new URL[] {classes.toUri().toURL()}, null);
    }

    @Test
    void noClientNoBoundaries() throws Exception {
        assertThat(BrokerBoundaries.onClassPath(seeing()).names()).isEmpty();
    }

    @Test
    void aKafkaClientBringsItsBoundariesAndArtemisWinsOverClassic() throws Exception {
        ClassLoader loader = seeing(
                "org.apache.kafka.clients.producer.KafkaProducer",
                "org.apache.activemq.artemis.jms.client.ActiveMQMessageProducer",
                "org.apache.activemq.ActiveMQMessageProducer");

        BoundaryCatalogue found = BrokerBoundaries.onClassPath(loader);

        assertThat(found.names())
                .containsExactly(
                        "before-kafka-send",
                        "after-kafka-send",
                        "after-kafka-broker-acknowledged",
                        "after-kafka-flush",
                        "before-kafka-transaction-commit",
                        "after-kafka-transaction-commit",
                        "before-kafka-offset-commit",
                        "after-kafka-offset-commit",
                        "after-kafka-async-offset-commit",
                        "before-jms-send",
                        "after-jms-send",
                        "before-jms-session-commit",
                        "after-jms-session-commit",
                        "before-jms-acknowledge",
                        "after-jms-acknowledge");
        assertThat(found.boundary(BrokerBoundaries.JMS_AFTER_SEND).selector().spec())
                .isEqualTo("method-exit:org.apache.activemq.artemis.jms.client.ActiveMQMessageProducer#send");
        assertThat(found.boundary(BrokerBoundaries.KAFKA_ACKNOWLEDGED)
                        .selector()
                        .spec())
                .isEqualTo("method-exit:org.apache.kafka.clients.producer.internals.FutureRecordMetadata#get");
    }

    @Test
    void rabbitMqBoundaries() throws Exception {
        assertThat(BrokerBoundaries.onClassPath(seeing("com.rabbitmq.client.impl.ChannelN"))
                        .names())
                .containsExactly(
                        "before-rabbitmq-publish",
                        "after-rabbitmq-publish",
                        "after-rabbitmq-publisher-confirm",
                        "before-rabbitmq-ack",
                        "after-rabbitmq-ack",
                        "before-rabbitmq-nack");
    }

    @Test
    void everyBoundaryHasWordsForItsCasesAndReplaysByItsName() {
        for (BoundaryCatalogue catalogue : new BoundaryCatalogue[] {
            BrokerBoundaries.kafka(),
            BrokerBoundaries.artemis(),
            BrokerBoundaries.activeMqClassic(),
            BrokerBoundaries.rabbitMq()
        }) {
            for (String name : catalogue.names()) {
                assertThat(BrokerBoundaries.words(name)).as(name).isPresent();
                assertThat(CrashPlan.fromReplayKey(catalogue, "boundary=" + name + ";hit=2")
                                .occurrence())
                        .isEqualTo(2);
            }
        }
        assertThat(BrokerBoundaries.words(BrokerBoundaries.KAFKA_ACKNOWLEDGED))
                .contains("after the Kafka broker acknowledged");
        assertThat(BrokerBoundaries.words("after-outbox-insert")).isEmpty();
    }

    @Test
    void aKafkaSendIsAHandOverFromTheRecordsAppend() {
        Selector.Method send = (Selector.Method) SelectorMatching.method(BrokerBoundaries.kafka()
                .boundary(BrokerBoundaries.KAFKA_AFTER_SEND)
                .selector());

        assertThat(BrokerBoundaries.handOverStart(send).map(Selector::spec))
                .contains("method-entry:org.apache.kafka.clients.producer.internals.RecordAccumulator#append");
    }
}
