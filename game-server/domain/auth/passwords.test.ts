import { describe, expect, it } from 'vitest';
import { hashPassword, PASSWORD_COST, UNUSABLE_HASH, verifyPassword } from './passwords.ts';

describe('[design: accounts] passwords are kept as scrypt hashes that say their cost', () => {
  it('when a password is hashed, then the hash names the game’s cost, and only that password matches it', async () => {
    const stored = await hashPassword('correct horse battery');
    expect(stored).toMatch(new RegExp(`^scrypt\\$${PASSWORD_COST.N}\\$${PASSWORD_COST.r}\\$${PASSWORD_COST.p}\\$[\\w-]{22}\\$[\\w-]{43}$`));
    expect(PASSWORD_COST).toEqual({ N: 32768, r: 8, p: 3 });
    expect(await verifyPassword('correct horse battery', stored)).toBe(true);
    expect(await verifyPassword('correct horse batterY', stored)).toBe(false);
  });

  it('when a hash was made at another cost, then the password is checked at that cost, so the cost can change without locking anyone out', async () => {
    const older = await hashPassword('old timer', { N: 2 ** 14, r: 8, p: 1 });
    expect(older.startsWith('scrypt$16384$8$1$')).toBe(true);
    expect(await verifyPassword('old timer', older)).toBe(true);
    expect(await verifyPassword('new timer', older)).toBe(false);
  });

  it('when a hash is unusable or of another scheme, then no password matches it', async () => {
    expect(await verifyPassword('', UNUSABLE_HASH)).toBe(false);
    expect(await verifyPassword('anything', 'no-login')).toBe(false);
    expect(await verifyPassword('anything', 'bcrypt$10$x$y$z$w')).toBe(false);
  });
});
