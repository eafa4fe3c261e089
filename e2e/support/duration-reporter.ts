import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { FullResult, Reporter, TestCase, TestResult } from '@playwright/test/reporter';

/** Where the run's test times go for `npm test`'s closing summary (scripts/test-all.mjs reads it). */
export const DURATIONS_FILE = path.resolve(import.meta.dirname, '../../.tmp/e2e-durations.json');
const SHOWN = 15;

/** `startedAt` is seconds after the run began and `worker` the worker that ran it: a run's timeline, to find idle tails. */
type Timing = { title: string; seconds: number; status: string; startedAt: number; worker: number; error?: string };

// Colour codes in Playwright's error text; the summary is read as plain text in CI logs.
const ANSI = new RegExp(`${String.fromCharCode(27)}\\[[0-9;]*m`, 'g');

/**
 * Prints the run's slowest tests with their times at the end, and writes every test's time to
 * DURATIONS_FILE: the browser step is most of a CI run, and a test that has grown slow is found here
 * by name before the run outgrows its budget.
 */
export default class DurationReporter implements Reporter {
  private readonly timings: Timing[] = [];
  private runStarted = Date.now();

  onBegin(): void {
    this.runStarted = Date.now();
  }

  onTestEnd(test: TestCase, result: TestResult): void {
    const title = `${path.basename(test.location.file)} › ${test.titlePath().slice(3).join(' › ')}`;
    const error = result.error?.message
      ?.replace(ANSI, '')
      .split('\n')
      .find((line) => line.trim() !== '');
    this.timings.push({
      title,
      seconds: result.duration / 1000,
      status: result.status,
      startedAt: (result.startTime.getTime() - this.runStarted) / 1000,
      worker: result.parallelIndex,
      ...(error ? { error } : {}),
    });
  }

  onEnd(result: FullResult): void {
    const slowest = [...this.timings].sort((a, b) => b.seconds - a.seconds).slice(0, SHOWN);
    const total = this.timings.reduce((sum, timing) => sum + timing.seconds, 0);
    console.log(
      `\nThe ${slowest.length} slowest browser tests (${this.timings.length} tests, ${total.toFixed(0)} s of test time):`,
    );
    for (const timing of slowest) console.log(`  ${timing.seconds.toFixed(1).padStart(6)} s  ${timing.title}`);
    mkdirSync(path.dirname(DURATIONS_FILE), { recursive: true });
    writeFileSync(
      DURATIONS_FILE,
      JSON.stringify({ status: result.status, wallSeconds: result.duration / 1000, tests: this.timings }, null, 2),
    );
  }

  printsToStdio(): boolean {
    return true;
  }
}
