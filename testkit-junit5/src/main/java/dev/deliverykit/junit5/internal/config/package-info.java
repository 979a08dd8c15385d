/**
 * The configuration room of the JUnit face: every configuration key the face reads, in one holder
 * ({@link dev.deliverykit.junit5.internal.config.KitSettings}), with what it reads them into (shards, child JVM
 * options), the JUnit version check and the wording of configuration errors. Reads no other room.
 */
package dev.deliverykit.junit5.internal.config;
