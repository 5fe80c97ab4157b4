/** Installs a Debian package with apt-get (sudo when not root); whether the install succeeded. */
export function installDebianPackage(name: string, why: string): boolean;
/** The path of a program under /usr/sbin or /usr/bin, its Debian package installed first when missing; throws when it cannot be. */
export function debianTool(binary: string, debianPackage: string, why: string): string;
