// Installs a Debian package the scripts need (Chromium for the browser tests, wrk for the
// benchmarks, nginx and Prometheus for the cluster), with sudo when not run as root.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';

/** Returns whether the install succeeded. */
export function installDebianPackage(name, why) {
  console.log(`${name} is missing: installing Debian's ${name} ${why}...`);
  const sudo = process.getuid?.() === 0 ? [] : ['sudo'];
  const apt = (args) =>
    spawnSync(sudo[0] ?? 'apt-get', sudo.length ? ['apt-get', ...args] : args, {
      stdio: 'inherit',
      env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
    });
  return apt(['update', '-qq']).status === 0 && apt(['install', '-y', '-qq', name]).status === 0;
}

const installed = (binary) => ['/usr/sbin', '/usr/bin'].map((dir) => join(dir, binary)).find(existsSync);

/** The path of a program Debian installs under /usr/sbin or /usr/bin, installing its package first when it is missing. */
export function debianTool(binary, debianPackage, why) {
  const found = installed(binary) ?? (installDebianPackage(debianPackage, why) ? installed(binary) : undefined);
  if (!found) throw new Error(`Could not install ${debianPackage} (${binary}): apt-get install -y ${debianPackage}`);
  return found;
}
