import { describe, expect, it } from 'vitest';
import type { CollectibleDto } from '../../schema/api/collectibles.ts';
import { COLLECTIBLES } from '../../game-server/domain/seed/collectibles-data.ts';
import { groupByDesign } from './designs.ts';
import { emblemShapes, type EmblemDesign } from './emblem.ts';

const designs: EmblemDesign[] = [...new Map(COLLECTIBLES.map((item) => [`${item.type}:${item.name}`, item])).values()];

describe('collectibles by design', () => {
  it('when a design is drawn twice, then it gets the same emblem', () => {
    for (const design of designs) expect(emblemShapes({ ...design })).toEqual(emblemShapes(design));
  });

  it('when the seeded designs are drawn, then no two share an emblem', () => {
    const drawn = new Set(designs.map((design) => JSON.stringify(emblemShapes(design))));
    expect(drawn.size).toBe(designs.length);
  });

  it('when a design names its colours, then the emblem uses them; its rarity sets the border', () => {
    const lions = emblemShapes({
      name: 'Twin Lions Rampant',
      description: 'Two golden lions rearing face to face on a crimson field.',
      type: 'heraldry',
      rarity: 'rare',
    });
    expect(lions[0]).toMatchObject({ fill: '#e3b341' });
    expect(lions.some((shape) => shape.fill === '#b91c1c')).toBe(true);
    const common = emblemShapes({ name: 'Twin Lions Rampant', description: 'Two golden lions', type: 'heraldry', rarity: 'common' });
    expect(common).not.toEqual(
      emblemShapes({ name: 'Twin Lions Rampant', description: 'Two golden lions', type: 'heraldry', rarity: 'legendary' }),
    );
  });

  it('when copies of one design are listed, then they make one entry with their serials in order', () => {
    const copy = (id: number, name: string, serial_number: number) =>
      ({ id, name, type: 'heraldry', rarity: 'common', serial_number }) as CollectibleDto;
    const grouped = groupByDesign([copy(3, 'Oak Leaf Crest', 3), copy(1, 'Oak Leaf Crest', 1), copy(9, 'Silver Anchor', 2)]);
    expect(grouped.map((design) => [design.first.name, design.items.map((item) => item.serial_number)])).toEqual([
      ['Oak Leaf Crest', [1, 3]],
      ['Silver Anchor', [2]],
    ]);
  });
});
