package dev.deliverykit.junit5.postgres.reservation;

/** A pending row of the outbox: id {@code workflow_id:event_seq:command_index} and the payload to send. */
public record OutboxCommand(String commandId, String payload) {}
