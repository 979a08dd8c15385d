/**
 * Real child JVMs: start one on the current classpath, talk to it line by line, read its exit code and
 * output, and kill it (and say so) when it outlives its timeout.
 *
 * <p>This is what the kit's multi-process tests and its real-process crash mode stand on: a process
 * that must really die is a real process.
 */
package dev.deliverykit.process;
