import { describe, expect, it } from 'vitest';
import type { TerritoryDto } from '../../schema/api/territory.ts';
import { MAP_HEIGHT, MAP_WIDTH, MAX_ZOOM } from '../../schema/constants.ts';
import { dtoFieldsOf, liveFieldsOf } from '../../schema/state/territory-fields.ts';
import { territoryDto } from '../testing/territory.ts';
import { boxOfRect, clusterOwnership, countLabel, sameBox, territoriesInView, viewZoom, type ViewAnswer } from './viewSet.ts';

function territory(id: number, latitude: number, longitude: number, fields: Partial<TerritoryDto> = {}): TerritoryDto {
  return territoryDto({ id, name: `T${id}`, latitude: String(latitude), longitude: String(longitude), parent_territory_id: 1, ...fields });
}
const live = (dto: TerritoryDto) => dtoFieldsOf(liveFieldsOf(dto));

const VIENNA = { minLongitude: 16, minLatitude: 48, maxLongitude: 17, maxLatitude: 49 };

describe('what the map draws of a large world', () => {
  it('when the map shows the whole world or a part of it, then the box in degrees covers it, out to the poles and the date line at the margins', () => {
    expect(boxOfRect({ minX: 0, minY: 0, maxX: MAP_WIDTH, maxY: MAP_HEIGHT })).toEqual({
      minLongitude: -180,
      minLatitude: -90,
      maxLongitude: 180,
      maxLatitude: 90,
    });
    const vienna = boxOfRect({ minX: 544.55, minY: 138.35, maxX: 547.2, maxY: 140.25 });
    expect(vienna).toEqual({ minLongitude: 16.03, minLatitude: 47.92, maxLongitude: 17, maxLatitude: 48.5 });
    // Rounded outward to a hundredth of a degree, so a tiny pan asks the same question.
    expect(sameBox(vienna, boxOfRect({ minX: 544.551, minY: 138.351, maxX: 547.199, maxY: 140.249 }))).toBe(true);
    expect(viewZoom(0.6)).toBe(1);
    expect(viewZoom(3.14159)).toBe(3.14);
    expect(viewZoom(500)).toBe(MAX_ZOOM);
  });

  it('when no answer has come yet, then the world list is drawn; once one has, then its territories with the latest live fields', () => {
    const list = [territory(1, 48.2, 16.4), territory(2, 10, 10)];
    expect(territoriesInView(null, list, new Map(), null).map((t) => t.id)).toEqual([1, 2]);

    const answer: ViewAnswer = {
      box: VIENNA,
      clusters: [],
      territories: [{ ...territory(1, 48.2, 16.4) }, { ...territory(3, 48.5, 16.5) }],
    };
    const bought = live(territory(1, 48.2, 16.4, { owner_id: 'buyer', owner_name: 'Buyer' }));
    const drawn = territoriesInView(answer, list, new Map([[1, bought]]), null);
    expect(drawn.map((t) => t.id)).toEqual([1, 3]);
    expect(drawn[0]).toMatchObject({ owner_id: 'buyer', parent_territory_id: 1 });
  });

  it('when the room shows a territory beside the answer, then a new one inside a box of markers and the player’s own anywhere are drawn', () => {
    const answer: ViewAnswer = { box: VIENNA, clusters: [], territories: [] };
    const settled = live(territory(7, 48.3, 16.6));
    const faraway = live(territory(8, -30, 100));
    const mine = live(territory(9, -30, 101, { owner_id: 'me' }));
    const known = new Map([settled, faraway, mine].map((fields) => [fields.id, fields]));
    expect(territoriesInView(answer, [], known, 'me').map((t) => t.id)).toEqual([7, 9]);

    const busy: ViewAnswer = { ...answer, clusters: [{ latitude: 48.5, longitude: 16.5, count: 2000, forSale: 1500, owned: 10 }] };
    expect(territoriesInView(busy, [], known, 'me').map((t) => t.id)).toEqual([9]);
  });

  it('when clusters are drawn, then their colour follows most of their land and their count is short', () => {
    expect(clusterOwnership({ latitude: 0, longitude: 0, count: 10, forSale: 6, owned: 0 })).toBe('forSale');
    expect(clusterOwnership({ latitude: 0, longitude: 0, count: 10, forSale: 1, owned: 5 })).toBe('others');
    expect(clusterOwnership({ latitude: 0, longitude: 0, count: 10, forSale: 1, owned: 1 })).toBe('unowned');
    expect([950, 1000, 1234, 48_400, 1_100_000].map(countLabel)).toEqual(['950', '1k', '1.2k', '48k', '1.1M']);
  });
});
