/**
 * The V8 flags Keel's server runs with: npm start (start.mjs), the Docker image's command and bench:server
 * (server-node-flags.test.ts in apps/server keeps the Dockerfile's CMD the same).
 *
 * --max-semi-space-size=16 (MB): Node 20's default young generation. Node 24's is larger and the server then
 * grew ~140-170 MB under load instead of ~85 MB, for no measurable throughput (docs/performance.md, round 9).
 *
 * --no-memory-reducer: V8's memory reducer runs memory-reducing full collections once the process goes idle.
 * On this server they left Node's own hot paths (process.nextTick's tick objects, the streams under every
 * answer) on V8's generic runtime path for good: after one idle spell a restarted server spent 114-131 µs of
 * CPU on a static answer instead of 93-103 µs (docs/performance.md, round 17). V8 still collects as the heap
 * fills; what an idle server no longer does is hand back, within a minute, the heap it grew under load
 * (~50 MB on PGlite, ~4 MB on PostgreSQL, measured), which the under-load budget already bounds.
 */
export const SERVER_NODE_FLAGS = ['--max-semi-space-size=16', '--no-memory-reducer'];
