package dev.deliverykit.weaving;

/** A superclass the weaver's error test hides from the class loader it passes. */
public class UnreadableBase {}
