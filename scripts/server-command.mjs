// How the reference server is started, by `npm start`, `npm run server`, the tests' and the bench's
// servers alike: tsx with the server's own Node flags.
//   --max-semi-space-size=64: V8's young generation may grow to 64 MB halves (default 16). A list
//     request leaves ~100 kB that dies young, and each scavenge copies what is still in flight
//     (fifty requests' rows, promises and buffers, ~2–3 ms a scavenge however large the space).
//     With 16 MB the order list under load scavenged ~25 times a second, 5–6 % of the server's
//     time; with 64 MB ~6 times, 2–3 %, each pause ~1–2 ms longer (issue 11).
export const SERVER_NODE_FLAGS = ['--max-semi-space-size=64'];

/** The arguments of `tsx` that run the server (from the repository root). */
export const SERVER_ARGS = [...SERVER_NODE_FLAGS, 'server/src/main.ts'];
