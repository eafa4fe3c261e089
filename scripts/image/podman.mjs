// How image:check drives podman: a containers.conf of its own (never the machine's), the
// runc runtime and the host's network, which is what podman needs on machines like Keel's
// (crun fails there on setrlimit and hybrid cgroups; no bridge networking).
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

const CONTAINERS_CONF = `[containers]
default_ulimits = []

[engine]
cgroup_manager = "cgroupfs"
runtime = "runc"
`;

/** A temporary directory holding the containers.conf every podman call here uses. */
export function createPodman() {
  const dir = mkdtempSync(path.join(tmpdir(), 'keel-image-check-'));
  const conf = path.join(dir, 'containers.conf');
  writeFileSync(conf, CONTAINERS_CONF);
  const env = { ...process.env, CONTAINERS_CONF: conf };
  // --runtime is a global flag: it must come before the command.
  const argsFor = (args) => ['--runtime', 'runc', ...args];
  return {
    dir,
    env,
    /** Runs podman to completion: { status, stdout, stderr }. */
    run(args, options = {}) {
      const result = spawnSync('podman', argsFor(args), { env, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024, ...options });
      if (result.error) throw result.error;
      return { status: result.status, stdout: result.stdout ?? '', stderr: result.stderr ?? '' };
    },
    /** Runs podman with its output shown (long steps: build, import); resolves with the exit status. */
    stream(args, options = {}) {
      return new Promise((resolve, reject) => {
        const child = spawn('podman', argsFor(args), { env, stdio: ['pipe', 'inherit', 'inherit'], ...options });
        child.on('error', reject);
        child.on('exit', (code) => resolve(code ?? 1));
        if (options.input) child.stdin.end(options.input);
        else child.stdin.end();
      });
    },
  };
}

/** Is a command on PATH? */
export function hasCommand(name) {
  return spawnSync('sh', ['-c', `command -v ${name}`], { stdio: 'ignore' }).status === 0;
}
