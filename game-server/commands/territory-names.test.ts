import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { INVISIBLE_NAME_MESSAGE, RESERVED_NAME_MESSAGE } from '../../schema/rules/names.ts';
import { checkInvariants } from '../domain/economy/supply.ts';
import { postgresBackendIfReachable } from '../testing/databases.ts';
import { signedInPlayer } from '../testing/players.ts';
import { startTestServer, type TestServer } from '../testing/test-server.ts';
import { LOOKALIKE_TERRITORY_MESSAGE } from './territory-names.ts';

// An attack once seen: an owner renamed a territory to "Wanakt Citadel", "New York", an RTL-override string,
// a zero-width string and Cyrillic "Lоndon", and every one was saved (200).
const postgres = postgresBackendIfReachable();

describe.runIf(postgres)("territory names go through the rules of players' names", () => {
  let game: TestServer;
  let owner: Awaited<ReturnType<typeof signedInPlayer>>;
  let owned: number[];
  beforeAll(async () => {
    game = await startTestServer(postgres!);
    owner = await signedInPlayer(game, { balance: 100_000, username: 'renamer' });
    const cheap = await game.database.sql<
      { id: number }[]
    >`select id from territories where owner_id is null and sale_price <= 5000 order by id limit 2`;
    for (const { id } of cheap) expect((await owner.agent.post(`/api/territories/${id}/purchase`, {})).status).toBe(200);
    owned = cheap.map(({ id }) => id);
  });
  afterAll(() => game?.stop());
  afterEach(async () => {
    expect((await checkInvariants(game.database.sql)).problems).toEqual([]);
  });

  const rename = (id: number, name: string) => owner.agent.request('PATCH', `/api/territories/${id}`, { name });

  it.each([
    ['a reserved name', 'Wanakt Citadel', 409, RESERVED_NAME_MESSAGE],
    ['a Greek-lettered reserved name', '\u0391DMIN', 409, RESERVED_NAME_MESSAGE],
    ['an existing city', 'New York', 409, LOOKALIKE_TERRITORY_MESSAGE],
    ['an existing city in other case and spacing', 'new  york', 409, LOOKALIKE_TERRITORY_MESSAGE],
    ['Cyrillic о in an existing city', 'L\u043endon', 409, LOOKALIKE_TERRITORY_MESSAGE],
    ['fullwidth letters of an existing city', 'Ｌｏｎｄｏｎ', 409, LOOKALIKE_TERRITORY_MESSAGE],
    ['a right-to-left override', 'My \u202eland', 400, INVISIBLE_NAME_MESSAGE],
    ['a zero-width space only', '\u200b', 400, INVISIBLE_NAME_MESSAGE],
    ['a zero-width joiner inside', 'My\u200dland', 400, INVISIBLE_NAME_MESSAGE],
    ['a NUL', 'My\u0000land', 400, 'Text may not contain control characters'],
  ])('when an owner renames to %s (%j), then %i with a message', async (_kind, name, status, message) => {
    const [before] = await game.database.sql<{ name: string }[]>`select name from territories where id = ${owned[0]}`;
    const answer = await rename(owned[0], name);
    console.log(`rename to ${JSON.stringify(name)}: ${answer.status} ${answer.body.message}`);
    expect(answer).toMatchObject({ status, body: { message } });
    const [after] = await game.database.sql<{ name: string }[]>`select name from territories where id = ${owned[0]}`;
    expect(after.name).toBe(before.name);
  });

  it('when a name is fine, then it is saved normalised; its lookalike is then refused for the other territory, even in parallel', async () => {
    const saved = await rename(owned[0], '  Ｍｙ   Harbour ');
    expect(saved).toMatchObject({ status: 200, body: { territory: { name: 'My Harbour' } } });
    expect(await rename(owned[1], 'My Harb0ur')).toMatchObject({ status: 409, body: { message: LOOKALIKE_TERRITORY_MESSAGE } });
    const race = await Promise.all(['Quiet Cove', 'Qu1et Cove'].map((name, index) => rename(owned[index], name)));
    console.log(`two lookalike renames at once: ${race.map((answer) => answer.status).join(', ')}`);
    expect(race.map((answer) => answer.status).sort()).toEqual([200, 409]);
  });
});
