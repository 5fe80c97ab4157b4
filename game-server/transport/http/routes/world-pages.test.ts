import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { HierarchyNode } from '../../../../schema/api/territories.ts';
import { NEXT_CURSOR_HEADER, WORLD_PAGE_SIZE } from '../../../../schema/api/territory-list.ts';
import type { TerritoryDto } from '../../../../schema/api/territory.ts';
import { flattenHierarchy } from '../../../../schema/rules/feudal.ts';
import type { Sql } from '../../../infra/db/database.ts';
import type { AgentResponse, TestAgent } from '../../../testing/agent.ts';
import { testBackends } from '../../../testing/databases.ts';
import { padWorld } from '../../../testing/pad-world.ts';
import { createPlayer } from '../../../testing/players.ts';
import { startTestServer, type TestServer } from '../../../testing/test-server.ts';

const SIZE = WORLD_PAGE_SIZE + 504;

/** Every page of a list, following NEXT_CURSOR_HEADER from `path` until the last page. */
async function allPages<T>(agent: TestAgent, path: string): Promise<{ pages: T[][]; rows: T[] }> {
  const pages: T[][] = [];
  for (let url: string | null = path; url !== null;) {
    const answer: AgentResponse<T[]> = await agent.get<T[]>(url);
    expect(answer.status).toBe(200);
    pages.push(answer.body);
    const next: string | null = answer.headers.get(NEXT_CURSOR_HEADER);
    url = next === null ? null : `${path}${path.includes('?') ? '&' : '?'}cursor=${next}`;
  }
  return { pages, rows: pages.flat() };
}

const ids = (rows: { id: number }[]) => rows.map((row) => row.id);

for (const backend of testBackends().slice(0, 1)) {
  describe(`[bounded reads] the world's lists come a page at a time past ${WORLD_PAGE_SIZE} territories, on ${backend.name}`, () => {
    let game: TestServer;
    let sql: Sql;

    beforeAll(async () => {
      game = await startTestServer(backend, { prepare: (fresh) => padWorld(fresh, SIZE) });
      sql = game.database.sql;
    });
    afterAll(() => game.stop());

    it('when anyone lists the territories, then pages of WORLD_PAGE_SIZE in id order, each with the next cursor but the last, every territory once', async () => {
      const agent = game.agent();
      const { pages, rows } = await allPages<TerritoryDto>(agent, '/api/territories');
      expect(pages.map((page) => page.length)).toEqual([WORLD_PAGE_SIZE, SIZE - WORLD_PAGE_SIZE]);
      const all = await sql<{ id: number }[]>`select id from territories order by id`;
      expect(ids(rows)).toEqual(ids(all));
      const slim = await allPages<{ id: number; owner_id: string | null }>(agent, '/api/territories?fields=owner_id&limit=2000');
      expect(slim.pages.map((page) => page.length)).toEqual([2000, 2000, SIZE - 4000]);
      expect(Object.keys(slim.rows[0]!).sort()).toEqual(['id', 'owner_id']);
      expect(ids(slim.rows)).toEqual(ids(all));
    });

    it('when a reader names a box, then its territories a page at a time, in id order', async () => {
      const { rows } = await allPages<TerritoryDto>(game.agent(), '/api/territories?bbox=-130,0,150,70&limit=1000&fields=latitude');
      const inside = await sql<{ id: number }[]>`
        select id from territories where longitude between -130 and 150 and latitude between 0 and 70 order by id`;
      expect(inside.length).toBeGreaterThan(1000);
      expect(ids(rows)).toEqual(ids(inside));
    });

    it('when a reader is too far behind for the changes, then full: true with the first page and its next cursor', async () => {
      const answer = await game.agent().get('/api/territories?since=999999999');
      expect(answer.status).toBe(200);
      expect(answer.body.full).toBe(true);
      expect(answer.body.territories).toHaveLength(WORLD_PAGE_SIZE);
      expect(answer.headers.get(NEXT_CURSOR_HEADER)).not.toBeNull();
    });

    it('when anyone lists the territories for sale, then every listing once, cheapest first across the pages', async () => {
      const { pages, rows } = await allPages<TerritoryDto>(game.agent(), '/api/territories/for-sale');
      expect(pages[0]).toHaveLength(WORLD_PAGE_SIZE);
      const listed = await sql<{ id: number }[]>`select id from territories where sale_price is not null order by sale_price, id`;
      expect(ids(rows)).toEqual(ids(listed));
    });

    it('when anyone reads the hierarchy of a world past a page, then its roots unnested, each with its vassal count; ?lord= reads a branch a page at a time', async () => {
      const answer = await game.agent().get('/api/territories/hierarchy');
      expect(answer.status).toBe(200);
      const roots = answer.body as HierarchyNode[];
      const expected = await sql<{ id: number; vassals: number }[]>`
        select t.id, (select count(*)::int from territories v where v.parent_territory_id = t.id and v.type <> 'main') as vassals
          from territories t where t.type = 'main' or t.parent_territory_id is null`;
      expect(ids(roots).sort((a, b) => a - b)).toEqual(ids(expected).sort((a, b) => a - b));
      expect(roots[0]!.type).toBe('wanakt');
      const vassalsOf = new Map(expected.map((row) => [row.id, row.vassals]));
      for (const root of roots) {
        expect(root.vassals).toEqual([]);
        expect(root.vassal_count).toBe(vassalsOf.get(root.id));
      }
      const busiest = roots.reduce((most, root) => (root.vassal_count > most.vassal_count ? root : most));
      const { rows } = await allPages<HierarchyNode>(game.agent(), `/api/territories/hierarchy?lord=${busiest.id}&limit=100`);
      expect(rows).toHaveLength(busiest.vassal_count);
      expect(new Set(ids(rows)).size).toBe(rows.length);
      for (const vassal of rows) expect(vassal).toMatchObject({ parent_territory_id: busiest.id, overlord: { name: busiest.name } });
    });
  });
}

describe('[bounded reads] a branch read with ?lord= says what the whole tree says of each territory', () => {
  let game: TestServer;

  beforeAll(async () => {
    game = await startTestServer(testBackends()[0]!, {
      // Owners spread over the tree, so rent is owed, owed to nobody, and owed to oneself.
      prepare: async (sql) => {
        const players = [await createPlayer(sql), await createPlayer(sql), await createPlayer(sql)];
        await sql`
          update territories set owner_id = (${players}::text[])[1 + id % 3], sale_price = null
           where type not in ('wanakt', 'wonder') and id % 4 <> 0`;
      },
    });
  });
  afterAll(() => game.stop());

  it('when every lord of the seeded world is read with ?lord=, then each vassal matches its node of the whole tree, but for the nesting', async () => {
    const tree = (await game.agent().get('/api/territories/hierarchy')).body as HierarchyNode[];
    const nodes = flattenHierarchy(tree);
    expect(nodes.some((node) => node.collectsRent > 0)).toBe(true);
    expect(nodes.some((node) => node.paysNobody)).toBe(true);
    const paged = (await game.agent().get('/api/territories/hierarchy?limit=1000')).body as HierarchyNode[];
    const unnested = (node: HierarchyNode) => ({ ...node, vassals: [] });
    expect(paged.sort((a, b) => a.id - b.id)).toEqual(tree.map(unnested).sort((a, b) => a.id - b.id));
    for (const lord of nodes.filter((node) => node.vassals.length > 0)) {
      const branch = (await game.agent().get(`/api/territories/hierarchy?lord=${lord.id}`)).body as HierarchyNode[];
      expect(branch.sort((a, b) => a.id - b.id)).toEqual(lord.vassals.map(unnested).sort((a, b) => a.id - b.id));
      expect(lord.vassal_count).toBe(lord.vassals.length);
    }
  });
});
