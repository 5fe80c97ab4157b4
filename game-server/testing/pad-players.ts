// Players for a padded world (see pad-world.ts), straight in SQL: accounts with balances minted
// through the ledger, a share of the land owned and some of it listed, so the jobs and reads that
// grow with the players and the owned land can be measured at scale. The money invariants hold
// afterwards: every balance is a registration grant in the ledger, and the supply counts it.
import { nameSkeleton } from '../domain/names/name-skeleton.ts';
import { transaction, type Sql, type Tx } from '../infra/db/database.ts';

export interface PlayerPadding {
  players: number;
  /** The share of the territories (not the seat, the wonders or land already owned) that players hold. */
  ownedShare: number;
  /** The share of the players' land listed for sale. */
  listedShare: number;
}

const CHUNK = 10_000;
/** Balances run from 100 to 199 DRK: 100,000 players hold about 15,000,000, under the cap of 21,000,000. */
const BALANCE_SPREAD = 100;

/** The id of padded player n (1-based). */
export const paddedPlayerId = (n: number) => `pad-${n}`;

export function padPlayers(sql: Sql, padding: PlayerPadding): Promise<void> {
  return transaction(sql, async (tx) => {
    // Half a million owners set in one statement of several seconds; the session's limit is for a player's command.
    await tx`set local statement_timeout = 0`;
    await padIn(tx, padding);
  });
}

async function padIn(sql: Tx, padding: PlayerPadding): Promise<void> {
  for (let first = 1; first <= padding.players; first += CHUNK) {
    const numbers = Array.from({ length: Math.min(CHUNK, padding.players - first + 1) }, (_, index) => first + index);
    const names = numbers.map((n) => `player${n}`);
    await sql`
      insert into users (id, username, name_skeleton, password_hash, drk_balance)
      select 'pad-' || n, name, skeleton, 'no-login', 100 + (n * 7919) % ${BALANCE_SPREAD}
        from unnest(${numbers}::int[], ${names}::text[], ${names.map(nameSkeleton)}::text[]) as padded (n, name, skeleton)`;
  }
  await sql`
    insert into ledger (reason, from_user_id, to_user_id, amount, created_at)
    select 'registration', null, id, drk_balance, created_at from users where id like 'pad-%'`;
  await sql`
    update currency_supply
       set total_supply = total_supply + grants.amount, circulating_supply = circulating_supply + grants.amount
      from (select coalesce(sum(drk_balance), 0) as amount from users where id like 'pad-%') grants
     where currency_supply.id`;
  // A scattering by id, so every region and every level of the feudal tree has owners and gaps.
  const owned = Math.round(padding.ownedShare * 1000);
  const listed = Math.round(padding.listedShare * 1000);
  await sql`
    update territories
       set owner_id = 'pad-' || (1 + (id::bigint * 104729) % ${padding.players}),
           sale_price = case when (id * 7) % 1000 < ${listed} then price end
     where owner_id is null and type not in ('wanakt', 'wonder') and (id * 389) % 1000 < ${owned}`;
}
