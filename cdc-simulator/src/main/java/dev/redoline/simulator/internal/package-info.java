/**
 * Entry points of the simulator that must be public for the embedded SQL engine to call them, and
 * are no API: nothing outside the simulator uses this package, and it is not exported.
 */
package dev.redoline.simulator.internal;
