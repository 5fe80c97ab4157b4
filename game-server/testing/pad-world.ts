import { transaction, type Sql } from '../infra/db/database.ts';

// A large world for tests and benchmarks, made as an operator's bulk import would make it: plain rows
// inserted into `territories` by SQL (name, type, parent, coordinates, revenue, price, population),
// with no command, no outbox event and no step of ours beyond a normal start (docs/design.md "Live state").

/**
 * What is added, and under which seeded parent (the feudal chain of docs/rules.md §1): mostly
 * villages, as real land is. `radius` is how far from its parent a settlement may lie, in degrees of
 * latitude: small enough that the crowd around a real city stays on its land.
 */
const KINDS = [
  { type: 'village', parent: 'town', share: 0.55, radius: 0.12, revenue: [40, 80], price: [1000, 2000], population: [3, 15_600] },
  { type: 'town', parent: 'city', share: 0.25, radius: 0.3, revenue: [80, 140], price: [2500, 4000], population: [1114, 130_721] },
  { type: 'city', parent: 'main', share: 0.08, radius: 0.6, revenue: [150, 250], price: [6000, 8000], population: [103_369, 2_000_000] },
  { type: 'sub', parent: 'main', share: 0.06, radius: 0.2, revenue: [100, 200], price: [1500, 3000], population: [3000, 3_452_460] },
  { type: 'common', parent: 'main', share: 0.06, radius: 0.2, revenue: [30, 60], price: [500, 1200], population: [2000, 300_000] },
] as const;

/** Rows per statement: a million come in ten statements, each well inside a session's memory. */
const BATCH = 100_000;

// The n-th padded territory draws its five numbers from an additive recurrence (the R-sequence of
// φ₅, x⁶ = x + 1): deterministic, so a run pads the same world every time, and evenly spread in
// all five at once, so the kind, the parent, the distance, the bearing and the figures are unrelated.
const PHI_5 = 1.1347241384015194;
const STEPS = [1, 2, 3, 4, 5].map((power) => 1 / PHI_5 ** power);

/**
 * Grows the world to `size` territories (the seeded ones included), each new one unowned and for sale
 * at its price as the seed's land is, placed around a territory of the seeded world (a village near a
 * town, a town near a city, a city, sub-territory or common area near a main city) with that one as
 * its parent. Padding again continues the same sequence. Answers how many were added.
 */
export async function padWorld(sql: Sql, size: number): Promise<number> {
  const [{ count }] = await sql<{ count: number }[]>`select count(*)::int as count from territories`;
  for (let from = count + 1; from <= size; from += BATCH) {
    const to = Math.min(size, from + BATCH - 1);
    await transaction(sql, async (tx) => {
      // A batch is one statement of a few seconds; the session's limit is for a player's command.
      await tx`set local statement_timeout = 0`;
      await tx.unsafe(PAD_BATCH, [from, to, STEPS[0]!, STEPS[1]!, STEPS[2]!, STEPS[3]!, STEPS[4]!]);
    });
  }
  // What an operator runs after a bulk import, so the planner knows the table's new size.
  await sql`analyze territories`;
  return Math.max(0, size - count);
}

const kindRows = () => {
  let upTo = 0;
  return KINDS.map((kind, index) => {
    // The last kind takes the rest, whatever the shares' rounding left.
    upTo = index === KINDS.length - 1 ? 1 : upTo + kind.share;
    const values = [kind.type, kind.parent, upTo, kind.radius, ...kind.revenue, ...kind.price, ...kind.population];
    return `(${values.map((value) => (typeof value === 'string' ? `'${value}'` : String(value))).join(', ')})`;
  }).join(',\n           ');
};

// $1..$2: the sequence numbers of this batch; $3..$7: the steps. `u1` picks the kind, `u2` the parent,
// `u3` the distance (density falling off from the parent's centre), `u4` the bearing, `u5` the figures.
const PAD_BATCH = `
  with kinds (type, parent_type, up_to, radius, revenue_low, revenue_high, price_low, price_high, population_low, population_high) as (
    values ${kindRows()}
  ),
  parents as (
    select type, count(*)::int as n, array_agg(id order by id) as ids, array_agg(name order by id) as names,
           array_agg(latitude::float8 order by id) as latitudes, array_agg(longitude::float8 order by id) as longitudes
      from territories
     where seed_key is not null and type in ('main', 'city', 'town')
     group by type
  ),
  draws as (
    select g, g * $3::float8 - floor(g * $3::float8) as u1, g * $4::float8 - floor(g * $4::float8) as u2,
           g * $5::float8 - floor(g * $5::float8) as u3, g * $6::float8 - floor(g * $6::float8) as u4,
           g * $7::float8 - floor(g * $7::float8) as u5
      from generate_series($1::int, $2::int) as g
  ),
  placed as (
    select d.g, d.u5, k.*, p.ids[i] as parent_id, p.names[i] as parent_name,
           p.latitudes[i] + k.radius * d.u3 * sin(2 * pi() * d.u4) as latitude,
           p.longitudes[i] + k.radius * d.u3 * cos(2 * pi() * d.u4) / cos(radians(p.latitudes[i])) as longitude
      from draws d
      cross join lateral (select * from kinds where d.u1 < kinds.up_to order by kinds.up_to limit 1) k
      join parents p on p.type = k.parent_type
      cross join lateral (select 1 + floor(d.u2 * p.n)::int as i) pick
  )
  insert into territories (name, type, parent_territory_id, latitude, longitude, monthly_revenue, price, sale_price, population)
  select left(parent_name, 70) || ' ' || initcap(type) || ' ' || g, type, parent_id,
         round(greatest(-89.9, least(89.9, latitude))::numeric, 6),
         round((mod((longitude + 540)::numeric, 360) - 180)::numeric, 6),
         revenue_low + floor(u5 * (revenue_high - revenue_low + 1)),
         price_low + floor(u5 * (price_high - price_low + 1)),
         price_low + floor(u5 * (price_high - price_low + 1)),
         population_low + floor(u5 * (population_high - population_low + 1))
    from placed`;
