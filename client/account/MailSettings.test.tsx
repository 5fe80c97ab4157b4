// @vitest-environment happy-dom
import { QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { MailSettingsDto } from '../../schema/api/mail.ts';
import { createQueryClient } from '../state/query.ts';
import { useToasts } from '../state/toasts.ts';
import { EmailConfirmationNotice, MailSettings, useEmailConfirmation } from './MailSettings.tsx';

const SETTINGS: MailSettingsDto = {
  email: 'ana@players.example',
  verified: false,
  refused: false,
  preferences: { sale: false, listing_bought: false, rent_above: null, mention: false, alliance: false, digest: 'weekly' },
};

let fetchMock: ReturnType<typeof vi.fn>;
const posts = () => (fetchMock.mock.calls as [string, RequestInit][]).filter(([, init]) => init.method === 'POST');

function wrap(children: ReactNode, path = '/account') {
  return (
    <QueryClientProvider client={createQueryClient()}>
      <MemoryRouter initialEntries={[path]}>{children}</MemoryRouter>
    </QueryClientProvider>
  );
}

beforeEach(() => {
  fetchMock = vi.fn(async (path: string, init?: RequestInit) => {
    if (init?.method === 'GET') return new Response(JSON.stringify(SETTINGS));
    if (path === '/api/account/email/verify') return new Response(JSON.stringify({ email: SETTINGS.email }));
    const body = JSON.parse(String(init?.body));
    return new Response(
      JSON.stringify(path === '/api/account/email' ? { ...SETTINGS, email: body.email } : { ...SETTINGS, preferences: body }),
    );
  });
  vi.stubGlobal('fetch', fetchMock);
  useToasts.setState({ current: null });
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('[§11 mail] the account page’s e-mail section', () => {
  it('when the address waits for confirmation, then it says so, and the preferences start at the weekly digest only', async () => {
    render(wrap(<MailSettings userId="u1" />));
    expect((await screen.findByTestId('email-status')).textContent).toContain('waiting for confirmation');
    expect((screen.getByRole('combobox', { name: /Digest/ }) as HTMLSelectElement).value).toBe('weekly');
    for (const box of screen.getAllByRole('checkbox')) expect((box as HTMLInputElement).checked).toBe(false);
  });

  it('when the player switches rent mail on with a threshold and saves, then every preference is sent at once', async () => {
    render(wrap(<MailSettings userId="u1" />));
    fireEvent.click(await screen.findByRole('checkbox', { name: /I receive rent of more than/ }));
    fireEvent.change(screen.getByRole('spinbutton', { name: 'Rent threshold in DRK' }), { target: { value: '250' } });
    fireEvent.change(screen.getByRole('combobox', { name: /Digest/ }), { target: { value: 'daily' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save mail preferences' }));
    await waitFor(() => expect(posts()).toHaveLength(1));
    const [path, init] = posts()[0];
    expect(path).toBe('/api/account/mail-preferences');
    expect(JSON.parse(String(init.body))).toEqual({
      sale: false,
      listing_bought: false,
      rent_above: 250,
      mention: false,
      alliance: false,
      digest: 'daily',
    });
  });

  it('when the confirmation link is opened logged out, then its token is posted once and the page says the address is confirmed, with a login that comes back', async () => {
    function Confirmation() {
      const confirmation = useEmailConfirmation();
      return confirmation && <EmailConfirmationNotice confirmation={confirmation} loggedIn={false} />;
    }
    render(wrap(<Confirmation />, `/account?verify=${'V'.repeat(43)}`));
    await waitFor(() =>
      expect(screen.getByRole('status').textContent).toContain(`${SETTINGS.email} will now receive the mail you choose.`),
    );
    expect(screen.getByRole('heading').textContent).toBe('E-mail confirmed');
    expect(screen.getByRole('link', { name: 'Log in' }).getAttribute('href')).toBe('/login?next=%2Faccount');
    expect(posts()).toEqual([['/api/account/email/verify', expect.objectContaining({ body: JSON.stringify({ token: 'V'.repeat(43) }) })]]);
  });
});
