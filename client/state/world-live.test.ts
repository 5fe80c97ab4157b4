import { beforeEach, describe, expect, it } from 'vitest';
import type { TerritoryDto } from '../../schema/api/territory.ts';
import { dtoFieldsOf, liveFieldsOf } from '../../schema/state/territory-fields.ts';
import { useWorld } from './world.ts';

function territory(id: number, change: Partial<TerritoryDto> = {}): TerritoryDto {
  return {
    id,
    name: `T${id}`,
    type: 'city',
    tier: 'sub',
    owner_id: null,
    owner_name: null,
    parent_territory_id: 1,
    description: 'A harbour town with a long history.',
    latitude: '40.712800',
    longitude: '-74.006000',
    monthly_revenue: '111',
    price: 5000,
    sale_price: 4000,
    purchase_price: null,
    basePrice: 5000,
    population: 1000,
    upgrade_tier: 'standard',
    visits: 3,
    ...change,
  };
}

const live = (dto: TerritoryDto) => dtoFieldsOf(liveFieldsOf(dto));

describe('[issue 7 client wiring] the world store lays the live fields over the REST list', () => {
  beforeEach(() => useWorld.setState({ territories: [], status: 'idle', live: new Map() }));

  it('when the room reports a change, then that territory shows it and keeps the fields only REST knows', () => {
    useWorld.getState().setTerritories([territory(1), territory(2)]);
    const before = useWorld.getState().territories;
    useWorld.getState().applyLive([live(territory(2, { owner_id: 'u1', owner_name: 'ada', sale_price: null }))]);
    const [first, second] = useWorld.getState().territories;
    expect(first).toBe(before[0]);
    expect(second).toMatchObject({ owner_id: 'u1', owner_name: 'ada', sale_price: null, description: 'A harbour town with a long history.', population: 1000 });
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
