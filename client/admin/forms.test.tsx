// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useToasts } from '../state/toasts.ts';
import { AssignForm } from './AssignForm.tsx';
import { CreateCity } from './CreateCity.tsx';
import { MintForm } from './MintForm.tsx';
import { RentEditor } from './RentEditor.tsx';
import type { TerritoryDto } from '../../schema/api/territory.ts';
import { WANAKT_USER_ID } from '../../schema/constants.ts';
import { CITY_PRESETS } from '../../schema/rules/presets.ts';
import { territoryDto } from '../testing/territory.ts';

afterEach(() => {
  cleanup();
  useToasts.setState({ current: null });
});

const type = (label: RegExp | string, value: string) => fireEvent.change(screen.getByLabelText(label), { target: { value } });
const lastToast = () => useToasts.getState().current;

const territory = (id: number, name: string, owner: string | null): TerritoryDto =>
  territoryDto({
    id,
    name,
    type: 'main',
    tier: 'main',
    owner_id: owner,
    owner_name: owner,
    monthly_revenue: '111',
    price: 1000,
    basePrice: 1000,
    population: 0,
  });

describe('[§5 mint] the mint form', () => {
  const recipients = [{ id: 'sample-user', username: 'sample' }];

  it('when amounts are typed, then the badge reads VALID AMOUNT, EXCEEDS SUPPLY or INVALID AMOUNT', () => {
    render(<MintForm remaining={1000} recipients={recipients} onMint={vi.fn()} />);
    expect(screen.queryByTestId('mint-badge')).toBeNull();
    type(/amount/i, '1000');
    expect(screen.getByTestId('mint-badge').textContent).toBe('VALID AMOUNT');
    type(/amount/i, '1001');
    expect(screen.getByTestId('mint-badge').textContent).toBe('EXCEEDS SUPPLY');
    type(/amount/i, '0');
    expect(screen.getByTestId('mint-badge').textContent).toBe('INVALID AMOUNT');
    type(/amount/i, '12.5');
    expect(screen.getByTestId('mint-badge').textContent).toBe('INVALID AMOUNT');
  });

  it('when the amount is valid and a recipient chosen, then Mint asks for a confirmation, and only the confirmation sends them and clears the amount', async () => {
    const onMint = vi.fn(async () => true);
    render(<MintForm remaining={1000} recipients={recipients} onMint={onMint} />);
    const button = screen.getByRole('button', { name: 'Mint DRK' });
    type(/amount/i, '250');
    expect(button).toHaveProperty('disabled', true);
    type(/recipient/i, 'sam');
    fireEvent.click(screen.getByRole('option', { name: 'sample' }));
    expect(button).toHaveProperty('disabled', false);
    type(/amount/i, '2000');
    expect(button).toHaveProperty('disabled', true);
    type(/amount/i, '250');
    fireEvent.click(button);
    expect(onMint).not.toHaveBeenCalled();
    fireEvent.click(screen.getByRole('button', { name: 'Confirm mint' }));
    await waitFor(() => expect(onMint).toHaveBeenCalledWith(250, 'sample-user'));
    await waitFor(() => expect(screen.getByLabelText<HTMLInputElement>(/amount/i).value).toBe(''));
  });

  it('when the amount is edited while the confirmation shows, then the confirmation still names and mints the amount it asked about', async () => {
    const onMint = vi.fn(async () => true);
    render(<MintForm remaining={1000} recipients={recipients} onMint={onMint} />);
    type(/amount/i, '250');
    type(/recipient/i, 'sam');
    fireEvent.click(screen.getByRole('option', { name: 'sample' }));
    fireEvent.click(screen.getByRole('button', { name: 'Mint DRK' }));
    type(/amount/i, '5000');
    expect(screen.getByTestId('confirm-spend').textContent).toContain("Mint 250 DRK into sample's balance?");
    fireEvent.click(screen.getByRole('button', { name: 'Confirm mint' }));
    await waitFor(() => expect(onMint).toHaveBeenCalledWith(250, 'sample-user'));
  });
});

describe('[§5 assignment] the assignment form', () => {
  const territories = [territory(1, 'Lagos', null), territory(2, 'Cairo', 'sample')];
  const users = [{ id: 'sample-user', username: 'sample', territory_count: 1 }];

  it('when the form opens, then the price is 0 and the badge reads GIFT ASSIGNMENT; a price makes it PAID ASSIGNMENT', () => {
    render(<AssignForm territories={territories} users={users} onAssign={vi.fn()} />);
    expect(screen.getByLabelText<HTMLInputElement>(/price/i).value).toBe('0');
    expect(screen.getByTestId('assignment-badge').textContent).toBe('GIFT ASSIGNMENT');
    type(/price/i, '750');
    expect(screen.getByTestId('assignment-badge').textContent).toBe('PAID ASSIGNMENT');
    type(/price/i, '');
    expect(screen.getByTestId('assignment-badge').textContent).toBe('GIFT ASSIGNMENT');
  });

  it('when the territory or the user is missing, then nothing is sent and the form says both are required', async () => {
    const onAssign = vi.fn(async () => true);
    render(<AssignForm territories={territories} users={users} onAssign={onAssign} />);
    type(/territory/i, 'lag');
    fireEvent.click(screen.getByRole('option', { name: /Lagos/ }));
    fireEvent.click(screen.getByRole('button', { name: 'Assign Territory' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Please select both a territory and a user');
    expect(onAssign).not.toHaveBeenCalled();
    type(/user/i, 'sam');
    fireEvent.click(screen.getByRole('option', { name: 'sample' }));
    type(/price/i, '300');
    fireEvent.click(screen.getByRole('button', { name: 'Assign Territory' }));
    expect(screen.getByTestId('confirm-spend').textContent).toContain(
      "Assign Lagos to sample for 300 DRK? sample pays it to the Wanakt's treasury.",
    );
    expect(onAssign).not.toHaveBeenCalled();
    fireEvent.click(screen.getByRole('button', { name: 'Back' }));
    expect(onAssign).not.toHaveBeenCalled();
    fireEvent.click(screen.getByRole('button', { name: 'Assign Territory' }));
    fireEvent.click(screen.getByRole('button', { name: 'Confirm assignment' }));
    await waitFor(() => expect(onAssign).toHaveBeenCalledWith(1, 'sample-user', 300));
  });

  const confirmFor = (recipient: string, price: string) => {
    type(/territory/i, 'lag');
    fireEvent.click(screen.getByRole('option', { name: /Lagos/ }));
    type(/user/i, recipient);
    fireEvent.click(screen.getByRole('option', { name: recipient }));
    type(/price/i, price);
    fireEvent.click(screen.getByRole('button', { name: 'Assign Territory' }));
    return screen.getByTestId('confirm-spend');
  };

  it('when the recipient can pay, then the confirmation shows their balance before and after', () => {
    const rich = [{ id: 'sample-user', username: 'sample', territory_count: 1, drk_balance: '500' }];
    render(<AssignForm territories={territories} users={rich} onAssign={vi.fn()} />);
    expect(confirmFor('sample', '300').textContent).toContain("sample's balance goes from 500 DRK to 200 DRK.");
    expect(screen.getByRole('button', { name: 'Confirm assignment' })).toHaveProperty('disabled', false);
  });

  it('when the recipient cannot pay the price, then it says so, shows no negative balance, and Confirm is disabled', () => {
    const onAssign = vi.fn(async () => true);
    const poor = [{ id: 'sample-user', username: 'sample', territory_count: 1, drk_balance: '100' }];
    render(<AssignForm territories={territories} users={poor} onAssign={onAssign} />);
    const confirm = confirmFor('sample', '300');
    expect(screen.getByTestId('shortfall').textContent).toBe('sample cannot pay: they need 200 DRK more.');
    expect(confirm.textContent).not.toContain('-200');
    const button = screen.getByRole('button', { name: 'Confirm assignment' });
    expect(button).toHaveProperty('disabled', true);
    fireEvent.click(button);
    expect(onAssign).not.toHaveBeenCalled();
  });

  it('when the recipient is the Wanakt, then it does not say the Wanakt pays its own treasury', () => {
    const wanakt = [{ id: WANAKT_USER_ID, username: 'Wanakt', territory_count: 9, drk_balance: '0' }];
    render(<AssignForm territories={territories} users={wanakt} onAssign={vi.fn()} />);
    const text = confirmFor('Wanakt', '300').textContent;
    expect(text).toContain('Assign Lagos to the Wanakt for 300 DRK? No DRK moves');
    expect(text).not.toContain('pays');
    expect(screen.queryByTestId('shortfall')).toBeNull();
    expect(screen.getByRole('button', { name: 'Confirm assignment' })).toHaveProperty('disabled', false);
  });
});

describe('[§5 rent amount] the rent editor', () => {
  it('when Edit then Cancel is pressed, then the rent shows unchanged and nothing is saved', () => {
    const onSave = vi.fn(async () => true);
    render(<RentEditor territoryName="Lagos" rent={111} custom={false} onSave={onSave} />);
    expect(screen.getByTestId('rent-value').textContent).toBe('111 DRK');
    fireEvent.click(screen.getByRole('button', { name: 'Edit the rent of Lagos' }));
    type(/rent of lagos/i, '90');
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(screen.getByTestId('rent-value').textContent).toBe('111 DRK');
    expect(onSave).not.toHaveBeenCalled();
  });

  it("when the rent is negative or not a number, then the toast reads 'Invalid Amount' and nothing is saved", () => {
    const onSave = vi.fn(async () => true);
    render(<RentEditor territoryName="Lagos" rent={111} custom={false} onSave={onSave} />);
    fireEvent.click(screen.getByRole('button', { name: 'Edit the rent of Lagos' }));
    for (const bad of ['-5', 'lots', '']) {
      type(/rent of lagos/i, bad);
      fireEvent.click(screen.getByRole('button', { name: 'Save' }));
      expect(lastToast()).toMatchObject({
        title: 'Invalid Amount',
        description: 'Please enter a valid rent amount (0 or positive number)',
      });
    }
    expect(onSave).not.toHaveBeenCalled();
  });

  it('when 0 is saved, then it is sent and the editor closes', async () => {
    const onSave = vi.fn(async () => true);
    render(<RentEditor territoryName="Lagos" rent={111} custom={false} onSave={onSave} />);
    fireEvent.click(screen.getByRole('button', { name: 'Edit the rent of Lagos' }));
    type(/rent of lagos/i, '0');
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(onSave).toHaveBeenCalledWith(0));
    await screen.findByTestId('rent-value');
  });
});

describe('[§5 admin create city] the create-city form', () => {
  const noMove = vi.fn(async () => false);
  it("when name, latitude or longitude is missing, then the toast reads 'Error' / 'Please fill in all required fields'", () => {
    const onCreate = vi.fn(async () => true);
    render(<CreateCity onCreate={onCreate} existing={[]} onMove={noMove} />);
    type(/settlement name/i, 'Reykjavík');
    type(/latitude/i, '64.1466');
    fireEvent.click(screen.getByRole('button', { name: 'Create City' }));
    expect(lastToast()).toMatchObject({ title: 'Error', description: 'Please fill in all required fields' });
    expect(onCreate).not.toHaveBeenCalled();
  });

  it('when a Quick Add preset is pressed, then it fills the form, and a success resets it to type main and price 5000', async () => {
    let finish: (created: boolean) => void = () => undefined;
    const onCreate = vi.fn(() => new Promise<boolean>((resolve) => (finish = resolve)));
    render(<CreateCity onCreate={onCreate} existing={[]} onMove={noMove} />);
    expect(screen.getByLabelText<HTMLInputElement>(/base price/i).value).toBe('5000');
    fireEvent.click(screen.getByRole('button', { name: /Hallstatt/ }));
    expect(screen.getByLabelText<HTMLInputElement>(/settlement name/i).value).toBe('Hallstatt');
    expect(screen.getByLabelText<HTMLInputElement>(/latitude/i).value).toBe('47.5622');
    expect(screen.getByLabelText<HTMLInputElement>(/base price/i).value).toBe('2000');
    expect(screen.getByTestId<HTMLSelectElement>('type-select').value).toBe('village');

    fireEvent.click(screen.getByRole('button', { name: 'Create City' }));
    expect(await screen.findByRole('button', { name: 'Creating City...' })).toHaveProperty('disabled', true);
    expect(onCreate).toHaveBeenCalledWith({ name: 'Hallstatt', latitude: 47.5622, longitude: 13.6493, type: 'village', basePrice: 2000 });
    finish(true);
    await screen.findByRole('button', { name: 'Create City' });
    expect(screen.getByLabelText<HTMLInputElement>(/settlement name/i).value).toBe('');
    expect(screen.getByLabelText<HTMLInputElement>(/base price/i).value).toBe('5000');
    expect(screen.getByTestId<HTMLSelectElement>('type-select').value).toBe('main');
  });

  it('[presets] when a settlement is already on the map, then Quick Add does not offer it, Create City is disabled for its name and the form offers to move it', async () => {
    const onCreate = vi.fn(async () => true);
    const onMove = vi.fn(async () => true);
    render(
      <CreateCity
        onCreate={onCreate}
        existing={[{ id: 77, name: 'hallstatt', latitude: '47.500000', longitude: '13.600000' }]}
        onMove={onMove}
      />,
    );
    expect(screen.queryByRole('button', { name: /Hallstatt/ })).toBeNull();
    expect(screen.getByRole('button', { name: /Chicago/ })).toBeTruthy();
    type(/settlement name/i, 'Hallstatt');
    type(/latitude/i, '47.5622');
    type(/longitude/i, '13.6493');
    expect(screen.getByTestId('duplicate-settlement').textContent).toContain('hallstatt is already on the map');
    expect(screen.getByRole('button', { name: 'Create City' })).toHaveProperty('disabled', true);
    fireEvent.click(screen.getByRole('button', { name: 'Move hallstatt here' }));
    await waitFor(() => expect(onMove).toHaveBeenCalledWith(77, '47.5622', '13.6493'));
    expect(onCreate).not.toHaveBeenCalled();
  });

  it('[presets] when every preset is on the map, then Quick Add says so instead of offering sixteen refusals', () => {
    const existing = CITY_PRESETS.map((preset, index) => ({ id: index + 1, name: preset.name, latitude: '0', longitude: '0' }));
    render(<CreateCity onCreate={vi.fn(async () => true)} existing={existing} onMove={noMove} />);
    expect(screen.getByTestId('quick-add-none').textContent).toBe(
      `All ${CITY_PRESETS.length} of these cities are on the map already. Type a new settlement's name and place to add it.`,
    );
    expect(screen.getByTestId('quick-add').querySelectorAll('button')).toHaveLength(0);
  });
});
