import { describe, expect, it } from 'vitest';
import { CITY_PRESETS, CITY_PRESET_TYPES, presetsOfType } from '../../schema/rules/presets.ts';
import { EMPTY_CITY_FIELDS, MISSING_CITY_FIELDS, checkCityFields, fieldsFromPreset } from './create-city.ts';

const filled = { ...EMPTY_CITY_FIELDS, name: 'Reykjavík', latitude: '64.1466', longitude: '-21.9426' };

describe('[§5 admin create city] the settlement form', () => {
  it('when the form is fresh, then the type is main and the base price 5000', () => {
    expect(EMPTY_CITY_FIELDS).toEqual({ name: '', latitude: '', longitude: '', type: 'main', basePrice: '5000' });
  });

  it("when the name, latitude or longitude is missing, then it answers 'Error' / 'Please fill in all required fields'", () => {
    for (const missing of ['name', 'latitude', 'longitude'] as const) {
      expect(checkCityFields({ ...filled, [missing]: '  ' }), missing).toEqual({
        ok: false,
        title: 'Error',
        description: MISSING_CITY_FIELDS,
      });
    }
    expect(MISSING_CITY_FIELDS).toBe('Please fill in all required fields');
  });

  it('when the coordinates are decimals, then they are parsed as numbers and the name trimmed', () => {
    expect(checkCityFields({ ...filled, name: '  Reykjavík ' })).toEqual({
      ok: true,
      settlement: { name: 'Reykjavík', latitude: 64.1466, longitude: -21.9426, type: 'main', basePrice: 5000 },
    });
  });

  it('when a coordinate is not a decimal or out of range, then the form is refused', () => {
    expect(checkCityFields({ ...filled, latitude: 'north' }).ok).toBe(false);
    expect(checkCityFields({ ...filled, latitude: '91' }).ok).toBe(false);
    expect(checkCityFields({ ...filled, longitude: '1e2' }).ok).toBe(false);
    expect(checkCityFields({ ...filled, longitude: '-180.5' }).ok).toBe(false);
  });

  it('when the base price is fractional or negative, then the form is refused, and empty means 5000', () => {
    expect(checkCityFields({ ...filled, basePrice: '99.5' }).ok).toBe(false);
    expect(checkCityFields({ ...filled, basePrice: '-1' }).ok).toBe(false);
    const check = checkCityFields({ ...filled, basePrice: '' });
    expect(check.ok && check.settlement.basePrice).toBe(5000);
  });

  it('[§9 presets] when a preset is chosen, then it fills every field, four presets per type', () => {
    for (const type of CITY_PRESET_TYPES) expect(presetsOfType(type)).toHaveLength(4);
    expect(fieldsFromPreset(CITY_PRESETS.find((preset) => preset.name === 'Hallstatt')!)).toEqual({
      name: 'Hallstatt',
      latitude: '47.5622',
      longitude: '13.6493',
      type: 'village',
      basePrice: '2000',
    });
    for (const preset of CITY_PRESETS) expect(checkCityFields(fieldsFromPreset(preset)).ok, preset.name).toBe(true);
  });
});
