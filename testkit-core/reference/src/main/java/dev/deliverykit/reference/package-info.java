/**
 * The reference delivery protocols of {@code docs/protocols.md}, on real SQLite files.
 *
 * <p>Each protocol has a correct implementation and deliberately broken variants: the correct ones
 * show what right answers look like, the broken ones are the bugs the kit must catch. Every write
 * transaction is an explicit {@code BEGIN IMMEDIATE ... COMMIT} on an auto-commit connection, and every
 * crash boundary of the contract is a distinct JDBC statement, commit or method call, so that the
 * boundary engine can find it from outside: there are no test hooks in this package or below it.
 *
 * <p>Components hold one connection each and are not thread-safe: give every thread or process its
 * own instance, exactly as separate processes would have their own connections.
 */
package dev.deliverykit.reference;
