import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testBackends } from '../../../testing/databases.ts';
import { startMailCatcher, type MailCatcher } from '../../../testing/mail-catcher.ts';
import { signedInPlayer } from '../../../testing/players.ts';
import { startTestServer, type TestServer } from '../../../testing/test-server.ts';

const DEFAULTS = { sale: false, listing_bought: false, rent_above: null, mention: false, digest: 'weekly' };

for (const backend of testBackends()) {
  describe(`[§11 mail] an account's address and what is mailed to it, on ${backend.name}`, () => {
    let game: TestServer;
    let catcher: MailCatcher;
    const now = new Date('2026-11-26T09:00:00Z');
    const player = (balance = 5_000) => signedInPlayer(game, { balance, now });
    const idOf = async (name: string) => (await game.database.sql`select id from territories where name = ${name}`)[0].id as number;
    /** The confirmation link's token, from the one message sent to `email`. */
    const confirmationToken = async (email: string, count = 1) => {
      const mails = await catcher.waitFor(email, count);
      const link = mails[count - 1].links.find((href) => href.includes('/account?verify='))!;
      expect(link.startsWith(game.server.url)).toBe(true);
      return new URL(link).searchParams.get('verify')!;
    };

    beforeAll(async () => {
      catcher = await startMailCatcher();
      game = await startTestServer(backend, { clock: () => now, env: { SMTP_URL: catcher.url } });
    });
    afterAll(async () => {
      await game?.stop();
      await catcher?.stop();
    });

    it('when a player has no address, then it is mailed nothing, and by default only the weekly digest is chosen', async () => {
      const { agent } = await player();
      expect((await agent.get('/api/account/mail')).body).toEqual({ email: null, verified: false, refused: false, preferences: DEFAULTS });
      expect((await game.agent().get('/api/account/mail')).status).toBe(401);
    });

    it('when a player sets an address, then only its confirmation is sent until the link is followed; then its chosen mail arrives', async () => {
      const buyer = await player();
      const email = 'Buyer.One@Players.example';
      const set = await buyer.agent.post('/api/account/email', { email });
      expect(set).toMatchObject({ status: 200, body: { email, verified: false } });
      await buyer.agent.post('/api/account/mail-preferences', { ...DEFAULTS, sale: true });
      // A purchase before the address is confirmed: a notice, but no mail.
      expect((await buyer.agent.post(`/api/territories/${await idOf('Crail')}/purchase`, { userId: buyer.id })).status).toBe(200);
      const token = await confirmationToken(email);
      const [confirmation] = catcher.to(email);
      expect(confirmation.subject).toBe('Confirm your e-mail address for Wanakt World');
      expect(confirmation.headers.has('list-unsubscribe')).toBe(false);
      const [queued] = await game.database.sql`select count(*)::int as n from mail_messages where user_id = ${buyer.id}`;
      expect(queued.n).toBe(1);

      expect((await game.agent().post('/api/account/email/verify', { token: 'A'.repeat(43) })).status).toBe(404);
      // The link works without a session.
      expect(await game.agent().post('/api/account/email/verify', { token })).toMatchObject({ status: 200, body: { email } });
      expect((await game.agent().post('/api/account/email/verify', { token })).status).toBe(404);
      expect((await buyer.agent.get('/api/account/mail')).body).toMatchObject({ email, verified: true });

      expect((await buyer.agent.post(`/api/territories/${await idOf('Hyde Park')}/purchase`, { userId: buyer.id })).status).toBe(200);
      const [, alert] = await catcher.waitFor(email, 2);
      expect(alert.subject).toMatch(/^You bought Hyde Park for [\d,]+ DRK$/);
      const unsubscribe = String(alert.headers.get('list-unsubscribe')).replace(/^<|>$/g, '');
      expect(unsubscribe).toContain(`/api/mail/unsubscribe/u.${buyer.id}.sale.`);
      // Opening the link in a browser changes nothing; its button POSTs.
      const page = await fetch(unsubscribe);
      expect([page.status, page.headers.get('content-type')]).toEqual([200, 'text/html; charset=utf-8']);
      expect(await page.text()).toContain('<form method="post">');
      expect((await buyer.agent.get('/api/account/mail')).body.preferences.sale).toBe(true);
      expect((await fetch(unsubscribe, { method: 'POST' })).status).toBe(200);
      expect((await buyer.agent.get('/api/account/mail')).body.preferences).toEqual(DEFAULTS);
    });

    it('when an address is bad, taken by a confirmed account, or changed too often, then it is refused and nothing changes', async () => {
      const owner = await player();
      await owner.agent.post('/api/account/email', { email: 'taken@players.example' });
      await game.agent().post('/api/account/email/verify', { token: await confirmationToken('taken@players.example') });
      const other = await player();
      for (const email of ['not-an-address', 'a@b', ' ', 'x'.repeat(250) + '@example.com', 'two@one.example, three@one.example'])
        expect(await other.agent.post('/api/account/email', { email })).toMatchObject({ status: 400 });
      expect(await other.agent.post('/api/account/email', { email: 'TAKEN@players.example' })).toMatchObject({
        status: 409,
        body: { message: 'This e-mail address belongs to another account' },
      });
      expect((await other.agent.get('/api/account/mail')).body.email).toBeNull();
      expect((await game.agent().post('/api/account/email', { email: 'x@players.example' })).status).toBe(401);
      // A claim nobody confirmed gives way to the next.
      await other.agent.post('/api/account/email', { email: 'claimed@players.example' });
      const third = await player();
      expect((await third.agent.post('/api/account/email', { email: 'claimed@players.example' })).status).toBe(200);
      expect((await other.agent.get('/api/account/mail')).body.email).toBeNull();
      // An earlier link for the address no longer confirms it for the player it was taken from.
      const stale = await confirmationToken('claimed@players.example', 1);
      expect((await game.agent().post('/api/account/email/verify', { token: stale })).status).toBe(404);
      for (let n = 0; n < 4; n++) await third.agent.post('/api/account/email', { email: `again-${n}@players.example` });
      expect(await third.agent.post('/api/account/email', { email: 'sixth@players.example' })).toMatchObject({ status: 429 });
      expect((await third.agent.get('/api/account/mail')).body.email).toBe('again-3@players.example');
      await owner.agent.post('/api/account/mail-preferences', { ...DEFAULTS, mention: true });
      expect((await owner.agent.post('/api/account/email', { email: null })).body).toMatchObject({ email: null, verified: false });
    });

    it('when a mention reaches a player who asked for it, then it is mailed, with its own unsubscribe link', async () => {
      const lord = await player();
      const email = 'lord@players.example';
      await lord.agent.post('/api/account/email', { email });
      await game.agent().post('/api/account/email/verify', { token: await confirmationToken(email) });
      expect(
        await lord.agent.post('/api/account/mail-preferences', { ...DEFAULTS, rent_above: 50, mention: true, digest: 'daily' }),
      ).toMatchObject({ status: 200, body: { preferences: { rent_above: 50, mention: true, digest: 'daily' } } });
      expect((await lord.agent.post('/api/account/mail-preferences', { ...DEFAULTS, rent_above: -1 })).status).toBe(400);
      const [lordRow] = await game.database.sql`select username from users where id = ${lord.id}`;
      const author = await player();
      const posted = await author.agent.post('/api/chat', { territory_id: await idOf('Crail'), message: `hello @${lordRow.username}` });
      expect(posted.status).toBe(201);
      const [, mention] = await catcher.waitFor(email, 2);
      expect(mention.subject).toContain('mentioned you in the chat of');
      expect(String(mention.headers.get('list-unsubscribe'))).toContain(`.mention.`);
    });
  });
}
