import { describe, expect, it } from 'vitest';
import { rentOwed } from './rent.ts';

const village = { type: 'village' as const, monthly_revenue: 80, rent_amount: null, owner_id: 'vassal' };

describe('[rent] rent owed, the rule the cycle bills and every screen shows', () => {
  it('when the lord is owned by another player, then the rule amount is owed to it', () => {
    expect(rentOwed(village, 'lord')).toEqual({ amount: 24, payment_type: 'rent' });
  });

  it('when the lord is unowned or the payer is its own lord, then nothing is owed: rent to an unowned lord goes to nobody', () => {
    expect(rentOwed(village, null)).toBeNull();
    expect(rentOwed(village, 'vassal')).toBeNull();
    expect(rentOwed({ ...village, owner_id: null }, 'lord')).toBeNull();
  });

  it('when a rent discount runs, then the amount owed is lowered by it', () => {
    expect(rentOwed(village, 'lord', 1.25)).toEqual({ amount: 18, payment_type: 'rent' });
  });
});
