// @vitest-environment happy-dom
import { QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterAll, afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { TerritoryDto } from '../../schema/api/territory.ts';
import type { AccountDto } from '../../schema/api/user.ts';
import { AllianceChat } from '../alliance/AllianceChat.tsx';
import { TerritoryChat } from '../dashboard/TerritoryChat.tsx';
import { createQueryClient } from '../state/query.ts';
import { useSession } from '../state/session.ts';
import { useToasts } from '../state/toasts.ts';
import { useWorld } from '../state/world.ts';
import { DescriptionDialog } from './DescriptionDialog.tsx';
import { GiftDialog } from './GiftDialog.tsx';
import { PurchaseDialog } from './PurchaseDialog.tsx';
import { UpgradeDialog } from './UpgradeDialog.tsx';
import { MemoryRouter } from 'react-router';
import { territoryDto } from '../testing/territory.ts';

const PAI: TerritoryDto = territoryDto({
  id: 7,
  name: 'Pai',
  owner_id: 'u1',
  owner_name: 'ana',
  description: 'A quiet town.',
  latitude: '19.36',
  longitude: '98.44',
  price: 1500,
  sale_price: 1500,
  basePrice: 1500,
  population: 0,
});
const ANA: AccountDto = { id: 'u1', username: 'ana', drk_balance: '600', is_wanakt: false, trade_hold: null };

let fetchMock: ReturnType<typeof vi.fn>;

// The reads a command refreshes afterwards answer like the server would; every other call gets `body`.
function answerWith(body: unknown, status = 200) {
  fetchMock.mockImplementation(async (path: string, init?: RequestInit) => {
    if (init?.method === 'GET' && path === '/api/territories') return new Response(JSON.stringify(useWorld.getState().territories));
    if (init?.method === 'GET' && path === '/api/auth/session')
      return new Response(JSON.stringify({ account: useSession.getState().account }));
    if (init?.method === 'GET') return new Response('[]');
    return new Response(JSON.stringify(body), { status });
  });
}

function wrap(children: ReactNode) {
  return (
    <QueryClientProvider client={createQueryClient()}>
      <MemoryRouter>{children}</MemoryRouter>
    </QueryClientProvider>
  );
}

const lastToast = () => useToasts.getState().current;
const commands = () => (fetchMock.mock.calls as [string, RequestInit][]).filter(([, init]) => init.method !== 'GET');

beforeEach(() => {
  fetchMock = vi.fn();
  answerWith({});
  vi.stubGlobal('fetch', fetchMock);
  useWorld.setState({ territories: [PAI], status: 'ready', selectedId: PAI.id });
  useSession.setState({ account: ANA, status: 'ready' });
  useToasts.setState({ current: null });
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('[§5 territory description] the edit description modal', () => {
  it('when typing, then the counter shows n/500 and Save stays disabled below 10 characters', () => {
    render(wrap(<DescriptionDialog territoryId={PAI.id} onClose={() => {}} />));
    const text = screen.getByRole('textbox');
    expect(text.getAttribute('maxlength')).toBe('500');
    fireEvent.change(text, { target: { value: 'Too short' } });
    expect(screen.getByTestId('description-counter').textContent).toBe('9/500');
    expect(screen.getByRole('button', { name: 'Save' }).hasAttribute('disabled')).toBe(true);
    fireEvent.change(text, { target: { value: 'Long enough' } });
    expect(screen.getByRole('button', { name: 'Save' }).hasAttribute('disabled')).toBe(false);
  });

  it('when the text is padded with spaces to 10, then saving shows Description Too Short and sends nothing', () => {
    render(wrap(<DescriptionDialog territoryId={PAI.id} onClose={() => {}} />));
    fireEvent.change(screen.getByRole('textbox'), { target: { value: '   tiny   ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(lastToast()).toMatchObject({
      title: 'Description Too Short',
      description: 'Please provide at least 10 characters for your territory description.',
      variant: 'destructive',
    });
    expect(fetchMock.mock.calls.filter(([, init]) => (init as RequestInit).method !== 'GET')).toHaveLength(0);
  });

  it('when the text is over 500 characters, then saving shows Description Too Long and sends nothing', () => {
    render(wrap(<DescriptionDialog territoryId={PAI.id} onClose={() => {}} />));
    fireEvent.change(screen.getByRole('textbox'), { target: { value: 'x'.repeat(501) } });
    expect(screen.getByTestId('description-counter').textContent).toBe('501/500');
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(lastToast()).toMatchObject({
      title: 'Description Too Long',
      description: 'Territory description must be 500 characters or less.',
    });
    expect(fetchMock.mock.calls.filter(([, init]) => (init as RequestInit).method !== 'GET')).toHaveLength(0);
  });

  it('when the description is valid, then the trimmed text is sent and Description Updated shows', async () => {
    answerWith({ message: 'ok' });
    const onClose = vi.fn();
    render(wrap(<DescriptionDialog territoryId={PAI.id} onClose={onClose} />));
    fireEvent.change(screen.getByRole('textbox'), { target: { value: '  A lovely mountain town.  ' } });
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Save' })));
    const [path, init] = commands()[0];
    expect(path).toBe('/api/territories/7/description');
    expect(init.method).toBe('PATCH');
    expect(JSON.parse(String(init.body))).toEqual({ userId: 'u1', description: 'A lovely mountain town.' });
    expect(lastToast()).toMatchObject({
      title: 'Description Updated',
      description: 'Your territory description has been updated successfully!',
    });
    expect(onClose).toHaveBeenCalled();
  });

  it('when the server refuses, then Update Failed shows its message', async () => {
    answerWith({ message: 'Only the owner can describe Pai' }, 403);
    render(wrap(<DescriptionDialog territoryId={PAI.id} onClose={() => {}} />));
    fireEvent.change(screen.getByRole('textbox'), { target: { value: 'A lovely mountain town.' } });
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Save' })));
    expect(lastToast()).toMatchObject({ title: 'Update Failed', description: 'Only the owner can describe Pai' });
  });
});

describe('[§5 purchase] the purchase dialog', () => {
  it('when the balance is short, then Buy is disabled, the shortfall beside it says once what is missing and nothing is sent', () => {
    useWorld.setState({ territories: [{ ...PAI, owner_id: null, owner_name: null }] });
    render(wrap(<PurchaseDialog territoryId={PAI.id} onClose={() => {}} />));
    const buy = screen.getByRole('button', { name: /Buy for/ }) as HTMLButtonElement;
    expect(buy.disabled).toBe(true);
    expect(screen.getByTestId('shortfall').textContent).toBe('You need 900 DRK more. Buy DRK');
    expect(screen.queryByTestId('purchase-blocked')).toBeNull();
    expect(buy.getAttribute('aria-describedby')).toBe('purchase-shortfall');
    fireEvent.click(buy);
    expect(fetchMock.mock.calls.filter(([, init]) => (init as RequestInit).method !== 'GET')).toHaveLength(0);
  });

  it('when nobody is logged in, then Login Required shows with its message and the login links, and the button is Log in to buy', () => {
    useSession.setState({ account: null });
    render(wrap(<PurchaseDialog territoryId={PAI.id} onClose={() => {}} />));
    expect(screen.getByTestId('login-required')).toBeTruthy();
    expect(screen.queryByRole('button', { name: /Buy for/ })).toBeNull();
    expect(screen.getByRole('link', { name: 'Log in to buy' }).getAttribute('href')).toBe('/login');
    expect(fetchMock.mock.calls.filter(([, init]) => (init as RequestInit).method !== 'GET')).toHaveLength(0);
  });

  it('when the buyer already owns it, then Buy is disabled and says so', () => {
    useSession.setState({ account: { ...ANA, drk_balance: '2000' } });
    render(wrap(<PurchaseDialog territoryId={PAI.id} onClose={() => {}} />));
    expect((screen.getByRole('button', { name: /Buy for/ }) as HTMLButtonElement).disabled).toBe(true);
    expect(screen.getByTestId('purchase-blocked').textContent).toBe('Purchase Failed: You already own Pai');
  });

  it('when the balance covers it, then the purchase names the price seen and Purchase Successful! shows the server message', async () => {
    useWorld.setState({ territories: [{ ...PAI, owner_id: 'u2', owner_name: 'bo' }] });
    useSession.setState({ account: { ...ANA, drk_balance: '2000' } });
    answerWith({ message: 'You now own Pai' });
    render(wrap(<PurchaseDialog territoryId={PAI.id} onClose={() => {}} />));
    await act(async () => fireEvent.click(screen.getByRole('button', { name: /Buy for/ })));
    const [path, init] = commands()[0];
    expect(path).toBe('/api/territories/7/purchase');
    expect(JSON.parse(String(init.body))).toEqual({ userId: 'u1', sale_price: 1500 });
    expect(lastToast()).toMatchObject({ title: 'Purchase Successful!', description: 'You now own Pai' });
  });

  it('when the server refuses, then Purchase Failed shows its message', async () => {
    useWorld.setState({ territories: [{ ...PAI, owner_id: 'u2', owner_name: 'bo' }] });
    useSession.setState({ account: { ...ANA, drk_balance: '2000' } });
    answerWith({ message: 'Pai is not for sale' }, 409);
    render(wrap(<PurchaseDialog territoryId={PAI.id} onClose={() => {}} />));
    await act(async () => fireEvent.click(screen.getByRole('button', { name: /Buy for/ })));
    expect(lastToast()).toMatchObject({ title: 'Purchase Failed', description: 'Pai is not for sale' });
  });
});

describe('[§5 upgrade] the premium upgrade dialog', () => {
  it('when the balance is below a tier cost, then its button is disabled; affordable tiers are enabled', async () => {
    render(wrap(<UpgradeDialog territoryId={PAI.id} onClose={() => {}} />));
    expect((await screen.findByRole('button', { name: 'Upgrade to premium for 500 DRK' })).hasAttribute('disabled')).toBe(false);
    expect(screen.getByRole('button', { name: 'Upgrade to deluxe for 1,200 DRK' }).hasAttribute('disabled')).toBe(true);
    expect(screen.getByRole('button', { name: 'Upgrade to ultimate for 2,500 DRK' }).hasAttribute('disabled')).toBe(true);
  });

  it('when an upgrade-discount event runs, then the dialog offers and confirms the discounted cost the server charges', async () => {
    const discount = { state: 'active', event_type: 'upgrade_discount', bonus_multiplier: 1.25 };
    const plain = fetchMock.getMockImplementation() as (path: string, init?: RequestInit) => Promise<Response>;
    fetchMock.mockImplementation(async (path: string, init?: RequestInit) =>
      path === '/api/events/special' ? new Response(JSON.stringify([discount])) : plain(path, init),
    );
    render(wrap(<UpgradeDialog territoryId={PAI.id} onClose={() => {}} />));
    // 25% off: premium 500 -> 375, deluxe 1,200 -> 900 (the balance is 600), ultimate 2,500 -> 1,875.
    expect((await screen.findByRole('button', { name: 'Upgrade to premium for 375 DRK' })).hasAttribute('disabled')).toBe(false);
    expect(screen.getByRole('button', { name: 'Upgrade to deluxe for 900 DRK' }).hasAttribute('disabled')).toBe(true);
    expect(screen.getByRole('button', { name: 'Upgrade to ultimate for 1,875 DRK' }).hasAttribute('disabled')).toBe(true);
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Upgrade to premium for 375 DRK' })));
    expect(screen.getByTestId('confirm-spend').textContent).toContain('Your balance goes from 600 DRK to 225 DRK.');
  });

  it('when an upgrade is chosen, then nothing is sent until it is confirmed; then Territory Upgraded! shows, and when it fails, Upgrade Failed', async () => {
    answerWith({ message: 'Pai is now premium' });
    render(wrap(<UpgradeDialog territoryId={PAI.id} onClose={() => {}} />));
    await act(async () => fireEvent.click(await screen.findByRole('button', { name: 'Upgrade to premium for 500 DRK' })));
    expect(commands()).toHaveLength(0);
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Confirm upgrade' })));
    expect(JSON.parse(String(commands()[0][1].body))).toEqual({ upgrade_tier: 'premium' });
    expect(lastToast()).toMatchObject({ title: 'Territory Upgraded!', description: 'Pai is now premium' });
    cleanup();
    answerWith({ message: 'You need 500 DRK but only have 100 DRK' }, 409);
    render(wrap(<UpgradeDialog territoryId={PAI.id} onClose={() => {}} />));
    await act(async () => fireEvent.click(await screen.findByRole('button', { name: 'Upgrade to premium for 500 DRK' })));
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Confirm upgrade' })));
    expect(lastToast()).toMatchObject({ title: 'Upgrade Failed', description: 'You need 500 DRK but only have 100 DRK' });
  });
});

describe('[gift] the owner gives a territory away', () => {
  const named = async (name: string) => {
    render(wrap(<GiftDialog territoryId={PAI.id} onClose={() => {}} />));
    await act(async () => fireEvent.change(screen.getByRole('textbox', { name: "Player's username" }), { target: { value: name } }));
  };

  it('when no name or the owner’s own name is given, then Continue stays disabled and says why', async () => {
    await named('   ');
    expect(screen.getByRole('button', { name: 'Continue' }).hasAttribute('disabled')).toBe(true);
    cleanup();
    await named('ANA');
    expect(screen.getByTestId('gift-refusal').textContent).toBe('You already own Pai');
    expect(screen.getByRole('button', { name: 'Continue' }).hasAttribute('disabled')).toBe(true);
  });

  it('when a player is named, then the confirmation says what happens and nothing is sent until it is confirmed', async () => {
    answerWith({ message: 'Pai was given to bo' });
    await named(' bo ');
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Continue' })));
    expect(screen.getByTestId('confirm-spend').textContent).toContain(
      'Give Pai to bo? It becomes theirs at once: no DRK changes hands, its listing is withdrawn',
    );
    expect(commands()).toHaveLength(0);
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Confirm gift' })));
    expect(commands()[0][0]).toBe('/api/territories/7/gift');
    expect(JSON.parse(String(commands()[0][1].body))).toEqual({ to: 'bo' });
    expect(lastToast()).toMatchObject({ title: 'Territory Given', description: 'Pai was given to bo' });
  });

  it('when the server refuses, then Gift Failed shows its message and the name can be changed', async () => {
    answerWith({ message: 'There is no player named bo' }, 404);
    await named('bo');
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Continue' })));
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Confirm gift' })));
    expect(lastToast()).toMatchObject({ title: 'Gift Failed', description: 'There is no player named bo' });
    expect(screen.getByRole('textbox', { name: "Player's username" })).toBeTruthy();
  });
});

describe('[§5 chat] the territory chat', () => {
  // The chat imports the room's client when a territory is first watched (chatTransport.ts): it has
  // loaded before the file's environment is torn down, not after.
  afterAll(() => import('../state/room.ts'));
  async function renderChat() {
    render(wrap(<TerritoryChat />));
    await screen.findByText('No messages yet. Be the first to say hello!');
    return screen.getByRole('textbox', { name: 'Chat message' });
  }
  const posts = commands;

  it('when the message is whitespace only, then Enter sends nothing', async () => {
    const input = await renderChat();
    fireEvent.change(input, { target: { value: '   \n  ' } });
    fireEvent.keyDown(input, { key: 'Enter' });
    expect(posts()).toHaveLength(0);
  });

  it('when Shift+Enter is pressed, then nothing is sent; Enter alone sends the trimmed message', async () => {
    const input = await renderChat();
    fireEvent.change(input, { target: { value: '  hello Pai  ' } });
    fireEvent.keyDown(input, { key: 'Enter', shiftKey: true });
    expect(posts()).toHaveLength(0);
    answerWith({ id: 1, territory_id: 7, user_id: 'u1', username: 'ana', message: 'hello Pai', created_at: new Date().toISOString() }, 201);
    await act(async () => fireEvent.keyDown(input, { key: 'Enter' }));
    expect(posts()).toHaveLength(1);
    expect(JSON.parse(String(posts()[0][1].body))).toEqual({ territory_id: 7, user_id: 'u1', message: 'hello Pai' });
    expect(await screen.findByText('hello Pai')).toBeTruthy();
    expect((input as HTMLTextAreaElement).value).toBe('');
  });
});

describe('[§4 alliances] the alliance chat', () => {
  afterAll(() => import('../state/room.ts'));

  it("when a member presses Enter, then the trimmed message goes to its alliance's chat and shows; a refusal says why", async () => {
    render(wrap(<AllianceChat allianceId={3} />));
    await screen.findByText('No messages yet: say hello to your alliance.');
    const input = screen.getByRole('textbox', { name: 'Chat message' });
    answerWith(
      { id: 9, alliance_id: 3, user_id: 'u1', username: 'ana', message: 'Rally at dawn', created_at: new Date().toISOString() },
      201,
    );
    fireEvent.change(input, { target: { value: '  Rally at dawn ' } });
    await act(async () => fireEvent.keyDown(input, { key: 'Enter' }));
    expect(commands().map(([path, init]) => [path, JSON.parse(String(init.body))])).toEqual([
      ['/api/alliances/3/chat', { message: 'Rally at dawn' }],
    ]);
    expect(await screen.findByText('Rally at dawn')).toBeTruthy();

    answerWith({ message: 'Only its members can chat in [BK] Bridge Keepers' }, 403);
    fireEvent.change(input, { target: { value: 'still here?' } });
    await act(async () => fireEvent.keyDown(input, { key: 'Enter' }));
    expect(lastToast()).toMatchObject({ title: 'Message Not Sent', description: 'Only its members can chat in [BK] Bridge Keepers' });
    expect((input as HTMLTextAreaElement).value).toBe('still here?');
  });

  it('when its history cannot be read, then the panel says so with the reason', async () => {
    fetchMock.mockImplementation(
      async () => new Response(JSON.stringify({ message: 'Only its members read the chat of [BK] Bridge Keepers' }), { status: 403 }),
    );
    render(wrap(<AllianceChat allianceId={3} />));
    expect(await screen.findByText('Could not load the chat (Only its members read the chat of [BK] Bridge Keepers).')).toBeTruthy();
  });
});
