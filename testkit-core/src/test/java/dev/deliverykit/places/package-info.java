/**
 * Fixtures of the place tests ({@code dev.deliverykit.boundary.PlaceSelectorTest}): an order service whose two
 * operations write the same outbox statement through one helper ({@link dev.deliverykit.places.Outbox#add}), each
 * in a transaction of a template that takes a lambda ({@link dev.deliverykit.places.Tx#run}).
 */
package dev.deliverykit.places;
