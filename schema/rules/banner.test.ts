import { expect, it } from 'vitest';
import { BANNER_TEXT_CHARS, bannerReaches, bannerText, homeRegionOf, viewerRegion } from './banner.ts';

const LONDON = { latitude: 51.5, longitude: -0.1 };
const PARIS = { latitude: 48.9, longitude: 2.35 };
const TOKYO = { latitude: 35.7, longitude: 139.7 };
const MID_ATLANTIC = { latitude: 30, longitude: -40 };

it('[§9 advertising] the banner text is the ad text up to 90 characters, cut at a word, with an ellipsis only when cut', () => {
  expect(BANNER_TEXT_CHARS).toBe(90);
  expect(bannerText('  Fresh   lobster\nevery morning ')).toBe('Fresh lobster every morning');
  const long = 'Roasted every morning in Zermatt and shipped the same day to every city in Europe. Order before noon.';
  expect(bannerText(long)).toBe('Roasted every morning in Zermatt and shipped the same day to every city in Europe. Order…');
  expect(bannerText('x'.repeat(200))).toBe(`${'x'.repeat(90)}…`);
  expect(bannerText(long).length).toBeLessThanOrEqual(BANNER_TEXT_CHARS + 1);
});

it('[§9 advertising] a home is the region of most of the land, the first region on a tie, none without land', () => {
  expect(homeRegionOf([LONDON, TOKYO, PARIS])).toBe('europe');
  expect(homeRegionOf([TOKYO, LONDON])).toBe('europe');
  expect(homeRegionOf([MID_ATLANTIC])).toBeNull();
  expect(homeRegionOf([])).toBeNull();
});

it('[§9 advertising] where the map looks wins over the home; an ad aimed nowhere reaches everyone, an aimed one only its region', () => {
  expect(viewerRegion(TOKYO, 'europe')).toBe('asia');
  expect(viewerRegion(null, 'europe')).toBe('europe');
  expect(viewerRegion(MID_ATLANTIC, 'europe')).toBe('europe');
  expect(viewerRegion(null, null)).toBeNull();
  expect(bannerReaches(null, null)).toBe(true);
  expect(bannerReaches('europe', 'europe')).toBe(true);
  expect(bannerReaches('europe', 'asia')).toBe(false);
  expect(bannerReaches('europe', null)).toBe(false);
});
