/** Installs a Debian package with apt-get (sudo when not root); whether it is there afterwards. */
export function installDebianPackage(name: string, why: string): boolean;
