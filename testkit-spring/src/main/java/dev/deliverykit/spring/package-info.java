/**
 * A Spring Boot application as the process of a DeliveryKit crash case: {@link dev.deliverykit.spring.SpringProcess}
 * starts it inside {@code scenario.run}, a fresh one inside {@code scenario.restart}, waits for its asynchronous work
 * and closes what a case started. Spring Boot (and Spring Modulith, if used) is the user's: this module brings none.
 */
package dev.deliverykit.spring;
