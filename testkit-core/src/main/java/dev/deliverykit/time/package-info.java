/**
 * The kit's clock: the time of a case, starting at a fixed instant and moved only by the kit (a stall, a sleep of an
 * instance, a step the test takes), so that leases, backoffs and retention horizons pass in no real time and every
 * run of a case sees the same times.
 *
 * <pre>{@code
 * KitClock clock = KitClock.start();
 * Relay relay = new Relay(url, "relay-a", clock); // code that takes a java.time.Clock gets this one
 * clock.advance(Duration.ofSeconds(31));          // every lease of 30 s has run out
 * }</pre>
 */
package dev.deliverykit.time;
