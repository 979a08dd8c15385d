/**
 * Fixtures of the place tests ({@code dev.deliverykit.boundary.PlaceSelectorTest}): an order service whose two
 * operations write the same outbox statement through one helper ({@link dev.deliverykit.places.Outbox#add}), each
 * in a transaction of the crash-site tests' template ({@link dev.deliverykit.sites.Db#inTx}).
 */
package dev.deliverykit.places;
