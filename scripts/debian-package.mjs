// Installs a Debian package the scripts need (Chromium for the browser tests, wrk for the
// benchmarks), with sudo when not run as root. Returns whether it is there afterwards.
import { spawnSync } from 'node:child_process';

export function installDebianPackage(name, why) {
  console.log(`${name} is missing: installing Debian's ${name} ${why}...`);
  const sudo = process.getuid?.() === 0 ? [] : ['sudo'];
  const apt = (args) =>
    spawnSync(sudo[0] ?? 'apt-get', sudo.length ? ['apt-get', ...args] : args, { stdio: 'inherit', env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' } });
  return apt(['update', '-qq']).status === 0 && apt(['install', '-y', '-qq', name]).status === 0;
}
