import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MARKETPLACE_MAX_PAGE, MarketplacePage, type MarketplaceSort } from '../../../../schema/api/marketplace.ts';
import type { TerritoryDto } from '../../../../schema/api/territory.ts';
import { regionOf } from '../../../../schema/rules/region.ts';
import { testBackends } from '../../../testing/databases.ts';
import { startTestServer, type TestServer } from '../../../testing/test-server.ts';

const TIED_PRICE = 777;

for (const backend of testBackends()) {
  describe(`[lists] the marketplace query on ${backend.name}`, () => {
    let game: TestServer;
    let forSale: TerritoryDto[];

    /** Every page of one search, walked by next_cursor; each request from an agent of its own. */
    async function walk(query: string, limit: number): Promise<{ listings: TerritoryDto[]; pages: number; totals: Set<number> }> {
      const listings: TerritoryDto[] = [];
      const totals = new Set<number>();
      let cursor: string | null = null;
      let pages = 0;
      do {
        const response = await game.agent().get(`/api/marketplace?${query}&limit=${limit}${cursor ? `&cursor=${cursor}` : ''}`);
        expect(response.status, JSON.stringify(response.body)).toBe(200);
        const page = MarketplacePage.parse(response.body);
        listings.push(...page.listings);
        totals.add(page.total);
        cursor = page.next_cursor;
        pages++;
      } while (cursor && pages < 500);
      return { listings, pages, totals };
    }

    const ids = (list: readonly TerritoryDto[]) => list.map((territory) => territory.id);
    const sortedIds = (list: readonly TerritoryDto[]) => ids(list).sort((a, b) => a - b);

    beforeAll(async () => {
      game = await startTestServer(backend);
      const sql = game.database.sql;
      // Many listings at one price, so pages must break ties by id; and a name with LIKE's wildcards.
      await sql`update territories set sale_price = ${TIED_PRICE} where id in (select id from territories order by id limit 12)`;
      await sql`update territories set name = 'Port 100%_Sure', sale_price = 5 where id = (select max(id) from territories)`;
      forSale = (await game.agent().get('/api/territories/for-sale')).body as TerritoryDto[];
      expect(forSale.length).toBeGreaterThan(30);
    });
    afterAll(() => game.stop());

    it('when nothing is asked, then the cheapest listings come first, 24 to a page, with the total of every listing', async () => {
      const response = await game.agent().get('/api/marketplace');
      expect(response.status).toBe(200);
      const page = MarketplacePage.parse(response.body);
      expect(page.total).toBe(forSale.length);
      expect(page.listings).toHaveLength(24);
      expect(ids(page.listings)).toEqual(ids(forSale).slice(0, 24));
      expect(page.next_cursor).not.toBeNull();
    });

    const orders: Record<MarketplaceSort, (a: TerritoryDto, b: TerritoryDto) => number> = {
      price_asc: (a, b) => a.sale_price! - b.sale_price! || a.id - b.id,
      price_desc: (a, b) => b.sale_price! - a.sale_price! || b.id - a.id,
      name: (a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : a.id - b.id),
      revenue: (a, b) => Number(b.monthly_revenue) - Number(a.monthly_revenue) || b.id - a.id,
      newest: (a, b) => b.id - a.id,
    };

    it.each(Object.keys(orders) as MarketplaceSort[])(
      'when the listings are sorted by %s and walked 7 at a time, then every listing shows once, in that order',
      async (sort) => {
        const { listings, pages, totals } = await walk(`sort=${sort}`, 7);
        expect(ids(listings)).toEqual(ids([...forSale].sort(orders[sort])));
        expect(new Set(ids(listings)).size).toBe(listings.length);
        expect(pages).toBe(Math.ceil(forSale.length / 7));
        expect([...totals]).toEqual([forSale.length]);
      },
    );

    it('when a page ends inside a run of equal prices, then the next page carries on after it without repeating or skipping', async () => {
      const { listings } = await walk(`min_price=${TIED_PRICE}&max_price=${TIED_PRICE}`, 5);
      expect(listings).toHaveLength(12);
      expect(ids(listings)).toEqual(sortedIds(listings));
    });

    it('when searching by name, then only listings whose name holds the words show, whatever their case, and wildcards are plain characters', async () => {
      const word = forSale.find((territory) => territory.name.length > 4)!.name.slice(1, 4);
      const { listings } = await walk(`q=${encodeURIComponent(word.toUpperCase())}`, 50);
      expect(sortedIds(listings)).toEqual(
        sortedIds(forSale.filter((territory) => territory.name.toLowerCase().includes(word.toLowerCase()))),
      );
      expect(ids((await walk(`q=${encodeURIComponent('100%_')}`, 50)).listings)).toHaveLength(1);
      expect((await walk(`q=${encodeURIComponent('%')}`, 50)).listings.map((territory) => territory.name)).toEqual(['Port 100%_Sure']);
      expect((await walk('q=zzqqxx', 50)).totals).toEqual(new Set([0]));
    });

    it('when filtering by type, tier, price or region, then exactly the listings that fit show, and the total counts them', async () => {
      const type = forSale[0].type;
      const cases: [string, (territory: TerritoryDto) => boolean][] = [
        [`type=${type}`, (territory) => territory.type === type],
        ['tier=sub', (territory) => territory.tier === 'sub'],
        ['min_price=1000', (territory) => territory.sale_price! >= 1000],
        ['max_price=1000', (territory) => territory.sale_price! <= 1000],
        ['min_price=500&max_price=2000&sort=name', (territory) => territory.sale_price! >= 500 && territory.sale_price! <= 2000],
        ['region=europe', (territory) => regionOf(Number(territory.latitude), Number(territory.longitude)) === 'europe'],
        [
          'region=north-america&tier=sub',
          (territory) => regionOf(Number(territory.latitude), Number(territory.longitude)) === 'north-america' && territory.tier === 'sub',
        ],
      ];
      for (const [query, fits] of cases) {
        const expected = forSale.filter(fits);
        const { listings, totals } = await walk(query, 50);
        expect(sortedIds(listings), query).toEqual(sortedIds(expected));
        expect([...totals], query).toEqual([expected.length]);
      }
      expect(forSale.some((territory) => regionOf(Number(territory.latitude), Number(territory.longitude)) === 'europe')).toBe(true);
    });

    it('when a listing is sold between two pages, then the next page still starts right after the last one shown', async () => {
      const first = MarketplacePage.parse((await game.agent().get('/api/marketplace?limit=10')).body);
      const sold = forSale[10];
      await game.database.sql`update territories set sale_price = null where id = ${sold.id}`;
      try {
        const second = MarketplacePage.parse((await game.agent().get(`/api/marketplace?limit=10&cursor=${first.next_cursor}`)).body);
        expect(ids(second.listings)).toEqual(ids(forSale).slice(11, 21));
      } finally {
        await game.database.sql`update territories set sale_price = ${sold.sale_price} where id = ${sold.id}`;
      }
    });

    it.each([
      ['limit=51', `Limit must be a whole number from 1 to ${MARKETPLACE_MAX_PAGE}`],
      ['limit=0', `Limit must be a whole number from 1 to ${MARKETPLACE_MAX_PAGE}`],
      ['limit=ten', `Limit must be a whole number from 1 to ${MARKETPLACE_MAX_PAGE}`],
      ['sort=cheapest', 'Sort must be one of'],
      ['type=castle', 'Type must be one of'],
      ['tier=gold', 'Tier must be one of'],
      ['region=atlantis', 'Region must be one of'],
      ['min_price=-5', 'Prices must be whole numbers of DRK'],
      ['min_price=10&max_price=5', 'The lowest price must not be above the highest'],
      [`q=${'a'.repeat(101)}`, 'Search is at most 100 characters'],
      ['cursor=bm9wZQ', 'Cursor must be the next_cursor of a previous page'],
      ['cursor=%25%25', 'Cursor must be the next_cursor of a previous page'],
      ['colour=red', 'Unknown marketplace filter'],
      ['q=a&q=b', 'Search must be a single piece of text'],
    ])('when the query has %s, then it is refused with a 400 that says why', async (query, message) => {
      const response = await game.agent().get(`/api/marketplace?${query}`);
      expect(response.status).toBe(400);
      expect(response.body.message).toContain(message);
    });

    it('when a cursor of one sort is sent with another, then it is refused', async () => {
      const first = MarketplacePage.parse((await game.agent().get('/api/marketplace?sort=name&limit=2')).body);
      const response = await game.agent().get(`/api/marketplace?sort=price_asc&cursor=${first.next_cursor}`);
      expect(response.status).toBe(400);
    });
  });
}
