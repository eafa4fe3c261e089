// Preloaded into a benchmarked server (node --import) when BENCH_MEMORY_SAMPLES names a file: writes one JSON line
// per second of process.memoryUsage() and V8's old space, so RSS growth can be split into heap, external
// (PGlite's WebAssembly memory, Buffers) and the rest without a debugger attached.
import { appendFileSync, readFileSync } from 'node:fs';
import v8 from 'node:v8';

const file = process.env.BENCH_MEMORY_SAMPLES;
if (file) {
  const started = Date.now();
  const timer = setInterval(() => {
    const { rss, heapTotal, heapUsed, external, arrayBuffers } = process.memoryUsage();
    const old = v8.getHeapSpaceStatistics().find((space) => space.space_name === 'old_space');
    const mb = (bytes) => Math.round(bytes / 2 ** 20);
    const line = {
      s: Math.round((Date.now() - started) / 1000),
      rss: mb(rss),
      heapTotal: mb(heapTotal),
      heapUsed: mb(heapUsed),
      external: mb(external),
      arrayBuffers: mb(arrayBuffers),
      oldUsed: mb(old?.space_used_size ?? 0),
      // Linux: anonymous memory (heaps, malloc) against mapped files (code of Node and its libraries).
      ...rssParts(),
    };
    appendFileSync(file, `${JSON.stringify(line)}\n`);
  }, 1000);
  timer.unref();
}

function rssParts() {
  try {
    const status = readFileSync('/proc/self/status', 'utf8');
    const mbOf = (name) => Math.round(Number(status.match(new RegExp(`${name}:\\s+(\\d+)`))?.[1] ?? NaN) / 1024);
    return { rssAnon: mbOf('RssAnon'), rssFile: mbOf('RssFile') };
  } catch {
    return {};
  }
}
