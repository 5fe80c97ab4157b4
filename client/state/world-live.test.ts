import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { TerritoryDto } from '../../schema/api/territory.ts';
import { dtoFieldsOf, liveFieldsOf } from '../../schema/state/territory-fields.ts';
import { loadTerritories, reloadTerritory, useWorld } from './world.ts';
import { territoryDto } from '../testing/territory.ts';

// The store starts the live room when it first loads; these tests are about its REST reads.
vi.mock('./room.ts', () => ({ connectWorld: () => {} }));

function territory(id: number, change: Partial<TerritoryDto> = {}): TerritoryDto {
  return territoryDto({
    id,
    type: 'city',
    parent_territory_id: 1,
    description: 'A harbour town with a long history.',
    latitude: '40.712800',
    longitude: '-74.006000',
    monthly_revenue: '111',
    price: 5000,
    sale_price: 4000,
    basePrice: 5000,
    population: 1000,
    visits: 3,
    ...change,
  });
}

const live = (dto: TerritoryDto) => dtoFieldsOf(liveFieldsOf(dto));

describe('[client wiring] the world store lays the live fields over the REST list', () => {
  beforeEach(() => useWorld.setState({ territories: [], status: 'idle', live: new Map() }));

  it('when the room reports a change, then that territory shows it and keeps the fields only REST knows', () => {
    useWorld.getState().setTerritories([territory(1), territory(2)]);
    const before = useWorld.getState().territories;
    useWorld.getState().applyLive([live(territory(2, { owner_id: 'u1', owner_name: 'ada', sale_price: null }))]);
    const [first, second] = useWorld.getState().territories;
    expect(first).toBe(before[0]);
    expect(second).toMatchObject({
      owner_id: 'u1',
      owner_name: 'ada',
      sale_price: null,
      description: 'A harbour town with a long history.',
      population: 1000,
    });
  });

  it('when the room speaks before the REST list arrives, then the list arrives with the live fields already on it', () => {
    useWorld.getState().applyLive([live(territory(2, { latitude: '10', longitude: '20', visits: 9 }))]);
    useWorld.getState().setTerritories([territory(1), territory(2)]);
    expect(useWorld.getState().territories[1]).toMatchObject({ latitude: '10', longitude: '20', visits: 9, name: 'T2' });
  });

  it('when a live territory has no owner and is not for sale, then the store says so with nulls, as REST does', () => {
    useWorld.getState().setTerritories([territory(3)]);
    useWorld.getState().applyLive([live(territory(3, { sale_price: null }))]);
    expect(useWorld.getState().territories[0]).toMatchObject({ owner_id: null, owner_name: null, sale_price: null });
  });
});

/** A fetch that answers each call from `answers` in turn and records the paths asked for. */
function serve(...answers: { body: unknown; seq?: number }[]) {
  const paths: string[] = [];
  vi.stubGlobal('fetch', async (path: string) => {
    paths.push(path);
    const { body, seq } = answers.shift()!;
    return new Response(JSON.stringify(body), { status: 200, headers: seq === undefined ? {} : { 'X-World-Seq': String(seq) } });
  });
  return paths;
}

describe('[compact reads] the client reads the world once, then only what changed since', () => {
  beforeEach(() => useWorld.setState({ territories: [], seq: null, status: 'idle', live: new Map() }));
  afterEach(() => vi.unstubAllGlobals());

  it('when the world is read again, then only the changes since its sequence number are asked for and merged, new territories included', async () => {
    const paths = serve(
      { body: [territory(1), territory(2)], seq: 40 },
      {
        body: { seq: 43, full: false, territories: [territory(2, { owner_id: 'u9', owner_name: 'ada', sale_price: null }), territory(3)] },
      },
    );
    await loadTerritories();
    expect(useWorld.getState().seq).toBe(40);
    await reloadTerritory(null);
    expect(paths).toEqual(['/api/territories', '/api/territories?since=40']);
    const { territories, seq } = useWorld.getState();
    expect(seq).toBe(43);
    expect(territories.map((each) => each.id)).toEqual([1, 2, 3]);
    expect(territories[0]).toEqual(territory(1));
    expect(territories[1]).toMatchObject({ owner_name: 'ada', sale_price: null });
  });

  it('when the server answers the whole world (the changes are too far back), then the list is replaced', async () => {
    serve(
      { body: [territory(1), territory(2)], seq: 5 },
      { body: { seq: 900, full: true, territories: [territory(2, { name: 'Renamed' })] } },
    );
    await loadTerritories();
    await reloadTerritory(null);
    expect(useWorld.getState().territories).toEqual([territory(2, { name: 'Renamed' })]);
    expect(useWorld.getState().seq).toBe(900);
  });

  it('when the server sent no sequence number, then the next read is a whole one', async () => {
    const paths = serve({ body: [territory(1)] }, { body: [territory(1), territory(2)], seq: 7 });
    await loadTerritories();
    await reloadTerritory(null);
    expect(paths).toEqual(['/api/territories', '/api/territories']);
    expect(useWorld.getState().territories).toHaveLength(2);
    expect(useWorld.getState().seq).toBe(7);
  });
});
