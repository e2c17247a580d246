// How the reference server is started, by `npm start`, `npm run server`, the tests' and the bench's
// servers alike: tsx with the server's own Node flags.
//   --max-semi-space-size=64: V8's young generation may grow to 64 MB halves (default 16). A list
//     request leaves ~100 kB that dies young, and each scavenge copies what is still in flight
//     (fifty requests' rows, promises and buffers, ~2–3 ms a scavenge however large the space).
//     With 16 MB the order list under load scavenged ~25 times a second, 5–6 % of the server's
//     time; with 64 MB ~6 times, 2–3 %, each pause ~1–2 ms longer (issue 11).
//   --no-allocation-site-pretenuring: V8 stops allocating objects of "long-lived" allocation sites
//     straight in the old generation. Under load a request's objects are still in flight at a
//     scavenge, so V8 judged their sites long-lived: ~2.5 MB a scavenge went to the old generation
//     and died there, with a 10–20 ms full collection every ~5 s (and slower stores into those
//     objects). Without it, in ten alternated runs of the order list (50 in flight): scavenges
//     ~130 ms in 10 s instead of ~210, full collections in 2 of 10 runs instead of 8, server CPU
//     per request ~7 % lower, median p99 55.5/43.9 ms instead of 72.0/60.2 (customer/status).
export const SERVER_NODE_FLAGS = ['--max-semi-space-size=64', '--no-allocation-site-pretenuring'];

/** The arguments of `tsx` that run the server (from the repository root). */
export const SERVER_ARGS = [...SERVER_NODE_FLAGS, 'server/src/main.ts'];
