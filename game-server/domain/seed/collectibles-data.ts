import type { CollectibleType, Rarity } from '../../../schema/constants.ts';

export interface SeedCollectible {
  key: string;
  name: string;
  description: string;
  type: CollectibleType;
  rarity: Rarity;
  serialNumber: number;
  price: number;
}

export const SERIES_SIZE: Readonly<Record<Rarity, number>> = { common: 5, rare: 3, epic: 2, legendary: 1 };
export const COLLECTIBLE_PRICE: Readonly<Record<Rarity, number>> = { common: 150, rare: 400, epic: 900, legendary: 2500 };

interface Series {
  slug: string;
  name: string;
  description: string;
  type: CollectibleType;
  rarity: Rarity;
}

const SERIES: readonly Series[] = [
  {
    slug: 'sandstone-keep',
    name: 'Sandstone Keep',
    type: 'palace_skin',
    rarity: 'common',
    description: 'Warm desert stone walls and a simple square tower for a modest but dignified seat.',
  },
  {
    slug: 'ivy-manor',
    name: 'Ivy-Clad Manor',
    type: 'palace_skin',
    rarity: 'common',
    description: 'A country manor wrapped in climbing ivy, with a gravel drive and a fountain out front.',
  },
  {
    slug: 'azure-spires',
    name: 'Azure Spires',
    type: 'palace_skin',
    rarity: 'rare',
    description: 'Slender towers capped in sky-blue tiles that shimmer in the afternoon sun.',
  },
  {
    slug: 'obsidian-bastion',
    name: 'Obsidian Bastion',
    type: 'palace_skin',
    rarity: 'epic',
    description: 'A fortress of black volcanic glass whose walls glow faintly crimson at dusk.',
  },
  {
    slug: 'golden-dome',
    name: 'Golden Dome of the Wanakt',
    type: 'palace_skin',
    rarity: 'legendary',
    description: "A palace crowned by a dome of beaten gold, modelled on the Wanakt's own throne hall.",
  },
  {
    slug: 'oak-leaf-crest',
    name: 'Oak Leaf Crest',
    type: 'heraldry',
    rarity: 'common',
    description: 'A green shield bearing a single oak leaf, the humble badge of a new landholder.',
  },
  {
    slug: 'silver-anchor',
    name: 'Silver Anchor',
    type: 'heraldry',
    rarity: 'common',
    description: 'A silver anchor on a field of navy, favoured by the lords of harbour cities.',
  },
  {
    slug: 'twin-lions',
    name: 'Twin Lions Rampant',
    type: 'heraldry',
    rarity: 'rare',
    description: 'Two golden lions rearing face to face on a crimson field.',
  },
  {
    slug: 'phoenix-ascendant',
    name: 'Phoenix Ascendant',
    type: 'heraldry',
    rarity: 'epic',
    description: 'A phoenix rising from flames in gold and scarlet, for houses that rebuilt from ruin.',
  },
  {
    slug: 'crown-of-the-wanax',
    name: 'Crown of the Wanax',
    type: 'heraldry',
    rarity: 'legendary',
    description: 'The lion-gate crown of Mycenae on a field of purple, granted to a single house in the world.',
  },
];

export const COLLECTIBLES: readonly SeedCollectible[] = SERIES.flatMap((s) =>
  Array.from({ length: SERIES_SIZE[s.rarity] }, (_, i) => ({
    key: `${s.type}:${s.slug}:${i + 1}`,
    name: s.name,
    description: s.description,
    type: s.type,
    rarity: s.rarity,
    serialNumber: i + 1,
    price: COLLECTIBLE_PRICE[s.rarity],
  })),
);
