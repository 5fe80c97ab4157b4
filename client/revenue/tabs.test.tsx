// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { SpecialEventDto } from '../../schema/api/events.ts';
import type { TerritoryDto } from '../../schema/api/territory.ts';
import { ChainsTab } from './ChainsTab.tsx';
import { EventsTab } from './EventsTab.tsx';
import { UpgradesTab } from './UpgradesTab.tsx';

afterEach(cleanup);

const lagos = { id: 7, name: 'Lagos', type: 'main', upgrade_tier: 'premium', monthly_revenue: '420' } as TerritoryDto;

describe('[§5 upgrade] the upgrades tab', () => {
  it('when the balance is below a tier cost, then that tier button is disabled and cheaper ones are not', () => {
    render(<UpgradesTab territories={[lagos]} balance={1500} upgradeDiscount={1} onUpgrade={vi.fn()} />);
    expect(screen.queryByRole('button', { name: /premium/i })).toBeNull();
    expect(screen.getByRole('button', { name: 'Upgrade for 1,200 DRK' })).toHaveProperty('disabled', false);
    expect(screen.getByRole('button', { name: 'Upgrade for 2,500 DRK' })).toHaveProperty('disabled', true);
  });

  it('when an upgrade discount runs, then the costs shown are the discounted ones the server charges', async () => {
    const onUpgrade = vi.fn(async () => undefined);
    render(<UpgradesTab territories={[lagos]} balance={1500} upgradeDiscount={1.25} onUpgrade={onUpgrade} />);
    const ultimate = screen.getByRole('button', { name: 'Upgrade for 1,875 DRK' });
    expect(ultimate).toHaveProperty('disabled', true);
    fireEvent.click(screen.getByRole('button', { name: 'Upgrade for 900 DRK' }));
    expect(onUpgrade).not.toHaveBeenCalled();
    expect(screen.getByTestId('confirm-spend').textContent).toContain('Your balance goes from 1,500 DRK to 600 DRK.');
    fireEvent.click(screen.getByRole('button', { name: 'Confirm upgrade' }));
    await waitFor(() => expect(onUpgrade).toHaveBeenCalledWith(lagos, 'deluxe'));
  });

  it('when nothing is owned, then it says so', () => {
    render(<UpgradesTab territories={[]} balance={0} upgradeDiscount={1} onUpgrade={vi.fn()} />);
    expect(screen.getByText(/No territories owned yet/)).toBeTruthy();
  });
});

describe('[§4 chain] the chains tab', () => {
  it('when a chain is opened, then it lists its territories; a fully owned chain reads Complete, the others Partial', () => {
    render(<ChainsTab ownedNames={['Tokyo', 'Mumbai', 'Sydney', 'London']} />);
    const asia = screen.getByRole('button', { name: /Asia-Pacific Network/ });
    expect(asia.textContent).toContain('Complete');
    expect(screen.getByRole('button', { name: /Europe-Africa Corridor/ }).textContent).toContain('Partial');
    fireEvent.click(screen.getByRole('button', { name: /Europe-Africa Corridor/ }));
    expect(screen.getByText('Cairo')).toBeTruthy();
    expect(screen.getByText('Own the 2 missing territories to earn the bonus.')).toBeTruthy();
  });
});

describe('[§4 event] the events tab', () => {
  it("when no event is running or upcoming, then it reads 'No special events scheduled'", () => {
    const ended = { id: 1, name: 'Spring Trade Fair', state: 'ended' } as SpecialEventDto;
    render(<EventsTab events={[ended]} readAt={Date.now()} />);
    expect(screen.getByText('No special events scheduled')).toBeTruthy();
  });

  it("when the running event's time is up, then its countdown reads 'Event ended'", () => {
    const running = {
      id: 2,
      name: 'Golden Harvest Festival',
      description: 'More revenue.',
      color: 'green',
      event_type: 'revenue',
      bonus_multiplier: 1.5,
      state: 'active',
      seconds_remaining: 30,
      start_date: '2026-01-01T00:00:00Z',
      end_date: '2026-01-08T00:00:00Z',
    } as SpecialEventDto;
    render(<EventsTab events={[running]} readAt={Date.now() - 60_000} />);
    expect(screen.getByTestId('event-countdown').textContent).toBe('Event ended');
    expect(screen.getByTestId('event-benefits').textContent).toContain('+50% revenue on every territory');
  });
});
