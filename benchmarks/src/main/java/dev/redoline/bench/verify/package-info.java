/** What a verification costs: time, and bytes from Oracle against the table's size. */
package dev.redoline.bench.verify;
