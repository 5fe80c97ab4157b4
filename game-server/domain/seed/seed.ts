import { randomBytes } from 'node:crypto';
import { DEMO_USER_ID, STARTING_BALANCE, WANAKT_USER_ID } from '../../../schema/constants.ts';
import { hashPassword, verifyPassword } from '../auth/passwords.ts';
import { mint } from '../economy/ledger.ts';
import { transaction, type Sql, type Tx, waitForTurnsFreely } from '../../infra/db/database.ts';
import { COLLECTIBLES } from './collectibles-data.ts';
import { SPECIAL_EVENTS, TERRITORY_EVENTS } from './events-data.ts';
import { WORLD } from './world-data.ts';

const SEED_LOCK = 7_310_002;
const DAY_MS = 24 * 60 * 60 * 1000;
// The demo player starts with enough DRK to buy a village and try an upgrade at once.
export const DEMO_GRANT = 4_900;

export interface SeedOptions {
  wanaktPassword?: string;
  demoPassword?: string;
  /** Seed the demo player `sample`; docs/design.md keeps it to the embedded default unless a password is given. */
  includeDemo: boolean;
  now: Date;
}

export interface SeededLogin {
  username: string;
  password: string;
}

export interface SeedResult {
  /** Logins whose password was generated just now: printed once, never again. */
  generatedLogins: SeededLogin[];
  territoriesCreated: number;
}

interface AccountSeed {
  id: string;
  username: string;
  isWanakt: boolean;
  configured?: string;
}

async function prepareAccount(sql: Sql, seed: AccountSeed) {
  const [existing] = await sql<{ password_hash: string }[]>`select password_hash from users where id = ${seed.id}`;
  if (existing) {
    const stale = seed.configured !== undefined && !(await verifyPassword(seed.configured, existing.password_hash));
    return { seed, exists: true, newHash: stale ? await hashPassword(seed.configured!) : undefined, generated: undefined };
  }
  const generated = seed.configured === undefined ? randomBytes(12).toString('base64url') : undefined;
  return { seed, exists: false, newHash: await hashPassword(seed.configured ?? generated!), generated };
}

async function seedAccount(tx: Tx, prepared: Awaited<ReturnType<typeof prepareAccount>>, now: Date): Promise<SeededLogin | null> {
  const { seed, newHash } = prepared;
  if (prepared.exists) {
    if (newHash) await tx`update users set password_hash = ${newHash} where id = ${seed.id}`;
    return null;
  }
  const inserted = await tx`
    insert into users (id, username, password_hash, is_wanakt, created_at)
    values (${seed.id}, ${seed.username}, ${newHash!}, ${seed.isWanakt}, ${now})
    on conflict do nothing returning id`;
  if (inserted.length === 0) return null;
  if (!seed.isWanakt) {
    await mint(tx, seed.id, { amount: STARTING_BALANCE, reason: 'registration' }, now);
    await mint(tx, seed.id, { amount: DEMO_GRANT, reason: 'demo_grant' }, now);
  }
  return prepared.generated ? { username: seed.username, password: prepared.generated } : null;
}

async function seedTerritories(tx: Tx, now: Date): Promise<number> {
  const existing = await tx<{ seed_key: string; id: number }[]>`select seed_key, id from territories where seed_key is not null`;
  const ids = new Map(existing.map((row) => [row.seed_key, row.id]));
  let created = 0;
  for (const territory of WORLD) {
    if (ids.has(territory.key)) continue;
    // The Wanakt holds its own seat and the public wonders; everything else starts unowned and for sale.
    const wanaktHeld = territory.type === 'wanakt' || territory.type === 'wonder';
    const parentId = territory.parentKey === null ? null : ids.get(territory.parentKey);
    if (parentId === undefined) throw new Error(`Seed territory ${territory.key} names an unknown parent ${territory.parentKey}`);
    const [row] = await tx<{ id: number }[]>`
      insert into territories (seed_key, name, type, parent_territory_id, owner_id, description, latitude, longitude,
                               monthly_revenue, price, sale_price, population, created_at)
      values (${territory.key}, ${territory.name}, ${territory.type}, ${parentId}, ${wanaktHeld ? WANAKT_USER_ID : null},
              ${territory.description}, ${territory.latitude}, ${territory.longitude}, ${territory.monthlyRevenue},
              ${territory.price}, ${wanaktHeld ? null : territory.price}, ${territory.population}, ${now})
      returning id`;
    ids.set(territory.key, row.id);
    created++;
  }
  return created;
}

async function seedCollectiblesAndEvents(tx: Tx, now: Date): Promise<void> {
  for (const item of COLLECTIBLES) {
    await tx`
      insert into collectibles (seed_key, name, description, type, rarity, serial_number, price)
      values (${item.key}, ${item.name}, ${item.description}, ${item.type}, ${item.rarity}, ${item.serialNumber}, ${item.price})
      on conflict do nothing`;
  }
  for (const event of SPECIAL_EVENTS) {
    await tx`
      insert into special_events (seed_key, name, description, icon, color, bonus_multiplier, event_type, start_date, end_date)
      values (${event.key}, ${event.name}, ${event.description}, ${event.icon}, ${event.color}, ${event.bonusMultiplier},
              ${event.eventType}, ${new Date(now.getTime() + event.startOffsetDays * DAY_MS)},
              ${new Date(now.getTime() + event.endOffsetDays * DAY_MS)})
      on conflict do nothing`;
  }
  for (const event of TERRITORY_EVENTS) {
    await tx`
      insert into territory_events (seed_key, territory_id, name, is_live, scheduled_at)
      select ${event.key}, id, ${event.name}, ${event.isLive}, ${new Date(now.getTime() + event.scheduledOffsetHours * 3_600_000)}
        from territories where seed_key = ${event.territoryKey}
      on conflict do nothing`;
  }
}

/** Seeds the accounts and the world; a second run, or a second process at once, adds nothing. */
export async function seed(sql: Sql, options: SeedOptions): Promise<SeedResult> {
  const accounts: AccountSeed[] = [{ id: WANAKT_USER_ID, username: 'wanakt', isWanakt: true, configured: options.wanaktPassword }];
  if (options.includeDemo) accounts.push({ id: DEMO_USER_ID, username: 'sample', isWanakt: false, configured: options.demoPassword });
  // Hashing is slow on purpose, so it happens before the lock is taken.
  const prepared = await Promise.all(accounts.map((account) => prepareAccount(sql, account)));
  return transaction(sql, async (tx) => {
    await waitForTurnsFreely(tx);
    await tx`select pg_advisory_xact_lock(${SEED_LOCK})`;
    const generatedLogins: SeededLogin[] = [];
    for (const account of prepared) {
      const login = await seedAccount(tx, account, options.now);
      if (login) generatedLogins.push(login);
    }
    const territoriesCreated = await seedTerritories(tx, options.now);
    await seedCollectiblesAndEvents(tx, options.now);
    return { generatedLogins, territoriesCreated };
  });
}
