/**
 * Not API. The template of the class that the engine defines in {@code java.base}, so that woven JDK executors can
 * hand their tasks to the engine; see {@link dev.deliverykit.internal.bootstrap.TaskBridge}.
 */
package dev.deliverykit.internal.bootstrap;
