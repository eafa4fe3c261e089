/**
 * The V8 flags Keel's server runs with: npm start (start.mjs), the Docker image's command, bench:server and the
 * start-up figures of npm test (server-node-flags.test.ts in apps/server keeps the Dockerfile's CMD the same).
 *
 * --max-semi-space-size=16 (MB): Node 20's default young generation. Node 24's is larger and the server then
 * grew ~140-170 MB under load instead of ~85 MB, for no measurable throughput (docs/performance-log.md, "statements
 * parsed once, and Node 24").
 *
 * --no-memory-reducer: V8's memory reducer runs memory-reducing full collections once the process goes idle.
 * On this server they left Node's own hot paths (process.nextTick's tick objects, the streams under every
 * answer) on V8's generic runtime path for good: after one idle spell a restarted server spent 114-131 µs of
 * CPU on a static answer instead of 93-103 µs (docs/performance-log.md, "what an idle spell did to a restarted
 * server"). V8 still collects as the heap
 * fills; what an idle server no longer does is hand back, within a minute, the heap it grew under load
 * (~50 MB on PGlite, ~4 MB on PostgreSQL, measured), which the under-load budget already bounds.
 *
 * --heap-growing-percent=50: after a full collection V8 lets the old generation grow to ~3-4x what survived
 * before the next one. Under sign-ups ~1 MB of each young collection's survivors (the answers' promises and
 * closures) is promoted and dies there, so the heap grew from ~26 MB live to ~95-130 MB between full
 * collections: PGlite's peak under load was +94 to +104 MB against the +100 MB budget (docs/performance-log.md,
 * docs/performance-log.md, "what sign-ups leave in the old generation, and a first start's idle memory"). At 1.5x it
 * collects sooner, at ~+35 MB, for no sign-up throughput lost within this machine's noise.
 */
export const SERVER_NODE_FLAGS = ['--max-semi-space-size=16', '--no-memory-reducer', '--heap-growing-percent=50'];
