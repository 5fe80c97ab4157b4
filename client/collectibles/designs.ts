import type { CollectibleDto } from '../../schema/api/collectibles.ts';

/** One design of a limited series and the copies of it in a list, in serial order. */
export interface CollectibleDesign {
  key: string;
  first: CollectibleDto;
  items: CollectibleDto[];
}

/** Copies share a design when they share type, name and rarity; a price is per rarity. */
export function groupByDesign(items: readonly CollectibleDto[]): CollectibleDesign[] {
  const designs = new Map<string, CollectibleDto[]>();
  for (const item of items) {
    const key = `${item.type}:${item.rarity}:${item.name}`;
    designs.set(key, [...(designs.get(key) ?? []), item]);
  }
  return [...designs].map(([key, copies]) => {
    const sorted = copies.toSorted((a, b) => a.serial_number - b.serial_number);
    return { key, first: sorted[0], items: sorted };
  });
}
