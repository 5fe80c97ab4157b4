import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testBackends } from '../../../testing/databases.ts';
import { startMailCatcher, type MailCatcher } from '../../../testing/mail-catcher.ts';
import { signedInPlayer } from '../../../testing/players.ts';
import { startTestServer, type TestServer } from '../../../testing/test-server.ts';

const DEFAULTS = { sale: false, listing_bought: false, rent_above: null, mention: false, alliance: false, digest: 'weekly' };

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
      // Followed again (a second click, another device), it says the same.
      expect(await game.agent().post('/api/account/email/verify', { token })).toMatchObject({ status: 200, body: { email } });
      expect((await buyer.agent.get('/api/account/mail')).body).toMatchObject({ email, verified: true });

      expect((await buyer.agent.post(`/api/territories/${await idOf('Hyde Park')}/purchase`, { userId: buyer.id })).status).toBe(200);
      const [, alert] = await catcher.waitFor(email, 2);
      expect(alert.subject).toMatch(/^You bought Hyde Park for [\d,]+ DRK$/);
      const unsubscribe = String(alert.headers.get('list-unsubscribe')).replace(/^<|>$/g, '');
      expect(unsubscribe).toContain(`/api/mail/unsubscribe/u.${buyer.id}.sale.`);
      // Opening the link in a browser changes nothing; its button POSTs.
      const page = await fetch(unsubscribe);
      expect([page.status, page.headers.get('content-type')]).toEqual([200, 'text/html; charset=utf-8']);
      expect(page.headers.get('referrer-policy')).toBe('same-origin');
      expect(await page.text()).toContain('<form method="post" action="?answer=page">');
      expect((await buyer.agent.get('/api/account/mail')).body.preferences.sale).toBe(true);
      expect((await fetch(unsubscribe, { method: 'POST' })).status).toBe(200);
      expect((await buyer.agent.get('/api/account/mail')).body.preferences).toEqual(DEFAULTS);
    });

    it('when an address is bad or changed too often, then it is refused and nothing changes', async () => {
      const other = await player();
      for (const email of ['not-an-address', 'a@b', ' ', 'x'.repeat(250) + '@example.com', 'two@one.example, three@one.example'])
        expect(await other.agent.post('/api/account/email', { email })).toMatchObject({ status: 400 });
      expect((await other.agent.get('/api/account/mail')).body.email).toBeNull();
      expect((await game.agent().post('/api/account/email', { email: 'x@players.example' })).status).toBe(401);
      const busy = await player();
      for (let n = 0; n < 5; n++) await busy.agent.post('/api/account/email', { email: `again-${n}@players.example` });
      expect(await busy.agent.post('/api/account/email', { email: 'sixth@players.example' })).toMatchObject({ status: 429 });
      expect((await busy.agent.get('/api/account/mail')).body.email).toBe('again-4@players.example');
    });

    it('when an address a confirmed account holds is set by another, then the answer is the one a free address gets, and the address is told instead of sent a link, once a day', async () => {
      const owner = await player();
      await owner.agent.post('/api/account/email', { email: 'taken@players.example' });
      await game.agent().post('/api/account/email/verify', { token: await confirmationToken('taken@players.example') });
      const prober = await player();
      const taken = await prober.agent.post('/api/account/email', { email: 'TAKEN@players.example' });
      const free = await prober.agent.post('/api/account/email', { email: 'free@players.example' });
      const again = await prober.agent.post('/api/account/email', { email: 'Taken@Players.example' });
      console.log(
        `set a confirmed address: ${taken.status} ${JSON.stringify(taken.body)}; a free one: ${free.status} ${JSON.stringify(free.body)}`,
      );
      expect(taken.status).toBe(free.status);
      expect({ ...taken.body, email: null }).toEqual({ ...free.body, email: null });
      expect(taken.body).toMatchObject({ email: 'TAKEN@players.example', verified: false, refused: false });
      expect(again.status).toBe(200);
      const [, notice] = await catcher.waitFor('taken@players.example', 2);
      expect(notice.subject).toBe('Someone tried to use this address at Wanakt World');
      expect(notice.links.some((href) => href.includes('verify='))).toBe(false);
      expect(notice.text).not.toContain(String((await game.database.sql`select username from users where id = ${prober.id}`)[0].username));
      // The wait is the rule under test: the mail job's later rounds send the holder nothing more.
      await new Promise((resolve) => setTimeout(resolve, 1500));
      expect(catcher.to('taken@players.example')).toHaveLength(2);
      // The holder keeps its address, confirmed.
      expect((await owner.agent.get('/api/account/mail')).body).toMatchObject({ email: 'taken@players.example', verified: true });
    });

    it('when two accounts set one address, then each has its own claim and link; the first to confirm wins and the other loses its claim and is told', async () => {
      const victim = await player();
      const attacker = await player();
      await victim.agent.post('/api/account/email', { email: 'claimed@players.example' });
      const victimToken = await confirmationToken('claimed@players.example', 1);
      expect((await attacker.agent.post('/api/account/email', { email: 'claimed@players.example' })).status).toBe(200);
      const attackerToken = await confirmationToken('claimed@players.example', 2);
      // The attacker's claim cancels nothing: the victim's address and link still stand.
      expect((await victim.agent.get('/api/account/mail')).body).toMatchObject({ email: 'claimed@players.example', verified: false });
      expect(await game.agent().post('/api/account/email/verify', { token: victimToken })).toMatchObject({
        status: 200,
        body: { email: 'claimed@players.example' },
      });
      expect((await victim.agent.get('/api/account/mail')).body).toMatchObject({ email: 'claimed@players.example', verified: true });
      expect((await attacker.agent.get('/api/account/mail')).body).toMatchObject({ email: null, verified: false });
      expect((await game.agent().post('/api/account/email/verify', { token: attackerToken })).status).toBe(404);
      const notices = (await attacker.agent.get('/api/notifications')).body.notifications as { kind: string; text: string }[];
      expect(notices.find((notice) => notice.kind === 'email_claim_lost')?.text).toMatch(
        /^Another account confirmed claimed@players\.example before you did/,
      );
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
      // What was said, and a link that opens the map on the territory whose chat said it.
      expect(mention.text).toContain(`"hello @${lordRow.username}"`);
      expect(mention.text).toContain(`/?territory=${await idOf('Crail')}`);
      expect(String(mention.headers.get('list-unsubscribe'))).toContain(`.mention.`);
    });
  });
}
