import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testBackends } from '../../testing/databases.ts';
import { withRequest } from '../request-context.ts';
import { GIVEN_UP_BEFORE_COMMIT } from './admission.ts';
import { transaction, type Database } from './database.ts';

// docs/write-path.md: a command whose caller hung up while it ran (its own time-out passed
// while the database was slow) is rolled back, not applied behind the caller's back.
for (const backend of testBackends()) {
  describe(`a transaction whose caller hung up, on ${backend.name}`, () => {
    let database: Database;

    beforeAll(async () => {
      database = await backend.open();
      await database.sql`create table caller_gone_probe (label text not null)`;
    });
    afterAll(async () => {
      await database?.close();
    });

    const write = (label: string, hangUpMidway: boolean) => {
      let gone = false;
      return withRequest({ requestId: label, gone: () => gone }, () =>
        transaction(database.sql, async (tx) => {
          await tx`insert into caller_gone_probe (label) values (${label})`;
          if (hangUpMidway) gone = true;
        }),
      );
    };
    const labels = async () =>
      (await database.sql<{ label: string }[]>`select label from caller_gone_probe order by label`).map((row) => row.label);

    it('when the caller hangs up before the commit, then the work is rolled back and the answer is a 503 that says nothing changed', async () => {
      await expect(write('abandoned', true)).rejects.toMatchObject({ status: 503, message: GIVEN_UP_BEFORE_COMMIT });
      expect(await labels()).toEqual([]);
    });

    it('when the caller stays, then the work commits', async () => {
      await write('kept', false);
      expect(await labels()).toEqual(['kept']);
    });
  });
}
