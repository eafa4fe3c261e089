import { defineConfig, devices } from '@playwright/test';

const PORT = Number(process.env.E2E_PORT ?? 3100);
const desktopChrome = { ...devices['Desktop Chrome'], viewport: { width: 1280, height: 800 } };

export default defineConfig({
  testDir: './e2e',
  testMatch: '**/*.spec.ts',
  fullyParallel: false,
  workers: 2,
  // No retries, in CI or here: a test that fails once is fixed at its cause (a wait for a real signal instead
  // of a time, no state shared between tests, or a race in the product), never re-run until it passes.
  retries: 0,
  // Ceilings, not speed checks (the benchmarks measure speed): on the 2-core CI machine two Chromiums, the
  // server, PostgreSQL and anvil share the cores, and the same sign-up test took 8 s alone and 18 s beside the
  // other worker (27 Nov 2026); a whole run took 17 to 28 minutes from one day to the next. At 45 s and 10 s,
  // the long flows (a password reset with a second device) and the first paint of a signed-in page ran out of
  // time on the slow day while doing nothing wrong. A test that needs longer says `test.slow()` (three times
  // this) rather than a fixed figure: the accessibility sweep's own 120 s, set when this was 45 s, ran out on
  // the next slow day (1.6 to 2.0 minutes each with two busy loops beside the run).
  timeout: 90_000,
  expect: { timeout: 20_000 },
  // The list as it runs, then the slowest tests with their times (and .tmp/e2e-durations.json for npm test).
  reporter: [['list'], ['./e2e/support/duration-reporter.ts']],
  globalSetup: './e2e/support/global-setup.ts',
  use: {
    baseURL: `http://localhost:${PORT}`,
    // No trace by default: recording one (a screencast, a DOM snapshot per action) took a third of the browser
    // step's CPU (400 → 262 CPU-seconds for the same 38 tests, 29 Nov 2026), and CI keeps none of it. To look
    // into a failure, run that test again with `--trace retain-on-failure` and open the trace it leaves.
    trace: 'off',
    launchOptions: {
      // Debian's headless build of Chromium (the chromium-headless-shell package, the same engine without the
      // desktop browser around it): the whole run took 391 s instead of 485 s with the full browser in its
      // headless mode, every test passing in both (29 Nov 2026). scripts/prepare-test-machine.mjs installs it.
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium-headless-shell',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
  // Every browser test shares one local chain. A test file that changes what the others rely on (moves the chain's clock,
  // pauses a vault) is a *.exclusive.spec.ts file and runs after all the others: a clock moved while another test's
  // passkey operation is on its way expires its sponsorship mid-flight, and a paused vault reverts their deposits.
  projects: [
    { name: 'chromium', testIgnore: '**/*.exclusive.spec.ts', use: desktopChrome },
    { name: 'exclusive', testMatch: '**/*.exclusive.spec.ts', dependencies: ['chromium'], use: desktopChrome },
  ],
});
