/**
 * The named workloads a simulator URL or the server runs ({@code demo}, {@code stress}, {@code
 * biglob}): a schema, seeded rows and traffic, scripted through the public API alone.
 */
package dev.redoline.simulator.internal.workload;
