import { expect, it } from 'vitest';
import { projectToMap } from '../../schema/rules/territory.ts';
import { viewCentre } from './bannerView.ts';

it('[§9 advertising] the map looks at a place once zoomed to twice its home view, rounded to a tenth of a degree', () => {
  const london = projectToMap(51.5074, -0.1278);
  expect(viewCentre({ centerX: london.x, centerY: london.y, zoom: 1.9 }, 1)).toBeNull();
  expect(viewCentre({ centerX: london.x, centerY: london.y, zoom: 4 }, 1)).toEqual({ latitude: 51.5, longitude: -0.1 });
  expect(viewCentre({ centerX: london.x, centerY: london.y, zoom: 1.5 }, 0.7)).toEqual({ latitude: 51.5, longitude: -0.1 });
});
