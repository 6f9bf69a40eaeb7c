/**
 * API test workers throw on a Node deprecation instead of printing it once per process: the one
 * that matters here is pg 8's "client.query() while the client is already executing a query" — two
 * queries at once on one transaction's connection (a `Promise.all` over a tx), which pg 9 refuses.
 * Thrown at the call, it fails the run (the request, or an error charged to the test that reached
 * it), so the place is found instead of printed once and forgotten.
 */
process.throwDeprecation = true;
