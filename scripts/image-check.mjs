// npm run image:check — builds the production image (Dockerfile) with podman and runs it
// against PostgreSQL and an SMTP sink, checking what an operator relies on: health through
// the image's own HEALTHCHECK, an unprivileged user, a read-only root with a writable /data,
// production refusals, a sign-up whose verification mail arrives, exit 0 on SIGTERM, and no
// build-time trust (npm's CA) left in the image. Prints build time and image size.
// Linux, root or rootless; takes minutes (docs/operations.md has a run's output).
import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { createServer } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { startSmtpSink } from '../e2e/support/smtp-sink.ts';
import { createPostgresDatabase, sleep } from './lib/server-script-support.mjs';
import { createPodman, hasCommand } from './image/podman.mjs';
import { makeStandInBase } from './image/stand-in-base.mjs';

const ROOT = path.dirname(path.dirname(fileURLToPath(import.meta.url)));
const BASE_IMAGE = 'docker.io/library/node:24-bookworm-slim';
const IMAGE = 'localhost/keel:image-check';
const APP_URL = 'https://keel.example';
const AUTH_SECRET = randomBytes(32).toString('base64url');

const results = [];
function check(name, ok, detail = '') {
  results.push({ name, ok, detail });
  console.log(`${ok ? 'ok  ' : 'FAIL'} ${name}${detail ? ` — ${detail}` : ''}`);
}

function freePort() {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

function npmSetting(name) {
  const value = execFileSync('npm', ['config', 'get', name], { cwd: ROOT, encoding: 'utf8' }).trim();
  return value === 'null' || value === 'undefined' || value === '' ? undefined : value;
}

/** The CA bundle npm trusts here (a TLS-intercepting proxy's, say): handed to the build as a secret. */
function npmCaFile() {
  const candidates = [npmSetting('cafile'), process.env.NODE_EXTRA_CA_CERTS];
  return candidates.find((file) => file && existsSync(file));
}

function ensurePodman() {
  if (hasCommand('podman') && hasCommand('runc')) return;
  if (process.getuid?.() !== 0) throw new Error('podman and runc are needed: install them (Debian: apt-get install podman runc)');
  execFileSync('apt-get', ['install', '-y', '-qq', 'podman', 'runc'], { stdio: 'inherit' });
}

async function ensureBaseImage(podman) {
  if (podman.run(['image', 'exists', BASE_IMAGE]).status === 0) return 'present';
  console.log(`image:check: pulling ${BASE_IMAGE}`);
  if (podman.run(['pull', BASE_IMAGE], { timeout: 300_000 }).status === 0) return 'pulled';
  await makeStandInBase(podman, BASE_IMAGE);
  return 'stand-in made';
}

function containerEnv(values) {
  return Object.entries(values).flatMap(([name, value]) => ['-e', `${name}=${value}`]);
}

async function waitForMail(dir, email, timeoutMs) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    for (const file of existsSync(dir) ? readdirSync(dir) : []) {
      const text = readFileSync(path.join(dir, file), 'utf8');
      if (text.startsWith(`X-Envelope-To: ${email}`)) {
        // Quoted-printable soft breaks and escapes, so the link reads whole.
        return text.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_, hex) => String.fromCharCode(parseInt(hex, 16)));
      }
    }
    await sleep(200);
  }
  return null;
}

async function main() {
  if (process.platform !== 'linux') throw new Error('image:check runs on Linux (podman)');
  ensurePodman();
  const podman = createPodman();
  /** @type {Array<() => unknown>} Each awaited, last first. */
  const cleanups = [() => rmSync(podman.dir, { recursive: true, force: true })];
  try {
    const base = await ensureBaseImage(podman);
    console.log(`image:check: base ${BASE_IMAGE} ${base}`);

    // Build: the CA and registry npm uses here reach the build stages only (a secret and a build argument).
    const caFile = npmCaFile();
    const registry = npmSetting('registry');
    const buildArgs = ['build', '--format', 'docker', '--pull=never', '--network=host', '-t', IMAGE, '-f', 'Dockerfile'];
    if (caFile) buildArgs.push('--secret', `id=npm_ca,src=${caFile}`);
    if (registry) buildArgs.push('--build-arg', `NPM_REGISTRY=${registry}`);
    buildArgs.push('.');
    const buildStarted = performance.now();
    const buildStatus = await podman.stream(buildArgs, { cwd: ROOT });
    const buildSeconds = (performance.now() - buildStarted) / 1000;
    if (buildStatus !== 0) throw new Error(`podman build exited ${buildStatus}`);
    const sizeBytes = Number(podman.run(['image', 'inspect', '--format', '{{.Size}}', IMAGE]).stdout.trim());
    check('image builds', true, `${buildSeconds.toFixed(0)} s, ${(sizeBytes / 1024 / 1024).toFixed(0)} MiB`);

    const healthcheck = podman.run(['image', 'inspect', '--format', '{{json .HealthCheck}}', IMAGE]).stdout;
    check('image declares a HEALTHCHECK', healthcheck.includes('/api/health'));
    const user = podman.run(['image', 'inspect', '--format', '{{.User}}', IMAGE]).stdout.trim();
    check('image runs as an unprivileged user', user !== '' && user !== 'root' && user !== '0', `USER ${user || '(none)'}`);

    // Nothing of the build's trust in the image: no npm settings in its environment or home, no copy of the CA file.
    // As root, so that find sees every directory.
    const probe = podman.run([
      'run',
      '--rm',
      '--network=host',
      '--user',
      'root',
      '--entrypoint',
      'sh',
      IMAGE,
      '-c',
      `env; ls -a /run/secrets 2>/dev/null; ls -a /root/.npmrc /home/node/.npmrc /usr/local/etc/npmrc 2>/dev/null; ` +
        (caFile ? `find / -xdev -type f -size ${statSync(caFile).size}c -exec sha256sum {} + 2>/dev/null; ` : '') +
        'echo probe-done',
    ]);
    const caDigest = caFile ? execFileSync('sha256sum', [caFile], { encoding: 'utf8' }).split(' ')[0] : undefined;
    const leaks = [
      /^(npm_config_\w+|NODE_EXTRA_CA_CERTS|NPM_REGISTRY)=/im.test(probe.stdout) ? 'npm settings in the environment' : null,
      /\.npmrc|npmrc/.test(probe.stdout) ? 'an npmrc file' : null,
      /npm_ca/.test(probe.stdout) ? 'the build secret' : null,
      caDigest && probe.stdout.includes(caDigest) ? `a copy of ${caFile}` : null,
    ].filter(Boolean);
    if (!probe.stdout.includes('probe-done')) leaks.push(`the probe did not run: ${probe.stderr.trim()}`);
    check(
      'build-time CA and registry are absent from the image',
      leaks.length === 0,
      leaks.join(', ') || `no npm settings, npmrc or secret; no file equal to ${caFile ?? 'a CA'}`,
    );

    const database = await createPostgresDatabase('keel_image_check');
    if ('error' in database) throw new Error(database.error);
    cleanups.push(() => database.drop());
    const smtpPort = await freePort();
    const mailDir = path.join(podman.dir, 'mail');
    const sink = await startSmtpSink(mailDir, smtpPort);
    cleanups.push(() => sink.close());
    const port = await freePort();
    const metricsPort = await freePort();
    const production = {
      NODE_ENV: 'production',
      PORT: port,
      APP_URL,
      AUTH_SECRET,
      DATABASE_URL: database.url,
      SMTP_URL: `smtp://127.0.0.1:${smtpPort}`,
      BASE_RPC_URL: 'http://127.0.0.1:9',
      LOG_LEVEL: 'warn',
      METRICS_PORT: metricsPort,
    };

    const refused = podman.run(
      ['run', '--rm', '--network=host', ...containerEnv({ ...production, APP_URL: 'http://keel.example' }), IMAGE],
      {
        timeout: 60_000,
      },
    );
    check(
      'production refuses a plain-http APP_URL',
      refused.status !== 0 && refused.stderr.includes('APP_URL'),
      `exit ${refused.status}: ${
        refused.stderr
          .trim()
          .split('\n')
          .find((line) => line.includes('APP_URL'))
          ?.trim() ?? ''
      }`,
    );

    const name = `keel-image-check-${randomBytes(3).toString('hex')}`;
    const volume = `${name}-data`;
    cleanups.push(() => podman.run(['volume', 'rm', '-f', volume]));
    cleanups.push(() => podman.run(['rm', '-f', '-t', '0', name]));
    const startedAt = performance.now();
    const started = podman.run([
      'run',
      '-d',
      '--name',
      name,
      '--network=host',
      '--read-only',
      '--mount',
      `type=volume,src=${volume},dst=/data`,
      ...containerEnv(production),
      IMAGE,
    ]);
    if (started.status !== 0) throw new Error(`podman run: ${started.stderr}`);
    let healthy = false;
    while (!healthy && performance.now() - startedAt < 60_000) {
      healthy = podman.run(['healthcheck', 'run', name]).status === 0;
      if (!healthy) await sleep(100);
    }
    check(
      'healthy through its HEALTHCHECK (podman healthcheck run)',
      healthy,
      `${((performance.now() - startedAt) / 1000).toFixed(1)} s after start`,
    );
    if (!healthy) console.log(podman.run(['logs', name]).stderr);

    const scraped = await fetch(`http://127.0.0.1:${metricsPort}/metrics`).then(
      (response) => response.text(),
      () => '',
    );
    const publicMetrics = await fetch(`http://127.0.0.1:${port}/metrics`).then(
      (response) => response.text(),
      () => '',
    );
    check(
      'metrics on METRICS_PORT only',
      scraped.includes('keel_http_request_duration_seconds') && !publicMetrics.includes('keel_http_request_duration_seconds'),
      `GET /metrics on METRICS_PORT: ${scraped.split('\n').filter((line) => line.startsWith('keel_')).length} keel_ lines; on PORT: ${publicMetrics.includes('keel_http_request_duration_seconds') ? 'served too' : 'none'}`,
    );

    const uid = podman.run(['exec', name, 'node', '-p', 'process.getuid()']).stdout.trim();
    check('the server process is not root', uid !== '' && uid !== '0', `uid ${uid}`);
    const rootWrite = podman.run(['exec', name, 'sh', '-c', 'touch /app/probe']);
    const dataWrite = podman.run(['exec', name, 'sh', '-c', 'touch /data/probe && rm /data/probe']);
    check('read-only root, writable /data', rootWrite.status !== 0 && dataWrite.status === 0, rootWrite.stderr.trim());

    const email = `image-check-${randomBytes(3).toString('hex')}@keel.example`;
    const signUp = await fetch(`http://127.0.0.1:${port}/api/auth/sign-up/email`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: APP_URL },
      body: JSON.stringify({ name: 'Image Check', email, password: 'image-check-password-1' }),
    });
    const mail = signUp.ok ? await waitForMail(mailDir, email, 20_000) : null;
    const link = mail?.match(/https:\/\/keel\.example\/\S*verify-email\S*/)?.[0];
    check(
      'a sign-up gets its verification mail through SMTP',
      Boolean(link),
      `sign-up ${signUp.status}${link ? ', link to APP_URL' : ', no mail'}`,
    );

    const stopStarted = performance.now();
    podman.run(['stop', '--time', '20', name]);
    const exitCode = podman.run(['inspect', '--format', '{{.State.ExitCode}}', name]).stdout.trim();
    check(
      'SIGTERM: exits 0',
      exitCode === '0',
      `exit ${exitCode} after ${((performance.now() - stopStarted) / 1000).toFixed(1)} s`,
    );

    console.log(
      `\nimage:check: build ${buildSeconds.toFixed(0)} s, image ${(sizeBytes / 1024 / 1024).toFixed(0)} MiB (${IMAGE}, base ${base})`,
    );
  } finally {
    for (const cleanup of cleanups.reverse()) {
      try {
        await cleanup();
      } catch (error) {
        console.warn(`image:check: cleanup: ${error.message}`);
      }
    }
  }
  const failed = results.filter((result) => !result.ok);
  console.log(`image:check: ${results.length - failed.length} passed, ${failed.length} failed`);
  if (failed.length > 0) process.exitCode = 1;
}

main().catch((error) => {
  console.error(`image:check: ${error.message}`);
  process.exitCode = 1;
});
