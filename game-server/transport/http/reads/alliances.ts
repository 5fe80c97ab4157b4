import {
  AllianceChatRead,
  AllianceMapRead,
  AllianceRead,
  AlliancesRead,
  AllianceStatementRead,
  AllianceTagsRead,
  MyAllianceRead,
} from '../../../../schema/reads/alliances.ts';
import { ALLIANCES_LISTED, ALLIANCES_ON_MAP } from '../../../../schema/api/alliances.ts';
import { allianceMap, alliancePage, listAlliances, myAlliance, tagsOf, treasuryFor } from '../../../domain/alliances/alliance-reads.ts';
import { allianceChat, allianceChatPage } from '../../../domain/alliances/alliance-chat.ts';
import { pageAnswer, pageRequest } from '../../../../schema/api/pages.ts';
import { statementPage } from '../../../domain/economy/statement.ts';
import type { HttpDeps } from '../deps.ts';
import { serve, type ReadBinding } from './serve.ts';

/** docs/rules.md §4 "Alliances". */
export const allianceReads = ({ sql, clock }: HttpDeps): ReadBinding[] => [
  serve(AlliancesRead, ({ input }) => listAlliances(sql, input.by, ALLIANCES_LISTED, clock())),
  serve(MyAllianceRead, ({ player }) => myAlliance(sql, player.id)),
  serve(AllianceTagsRead, ({ input }) => tagsOf(sql, input.names)),
  serve(AllianceMapRead, ({ user }) => allianceMap(sql, ALLIANCES_ON_MAP, user?.id ?? null)),
  serve(AllianceRead, ({ input, user }) => alliancePage(sql, input.id, user?.id ?? null, clock())),
  serve(AllianceStatementRead, async ({ input, player }) => {
    const { id, ...query } = input;
    return statementPage(sql, await treasuryFor(sql, id, player.id), query);
  }),
  // Without limit or cursor: the plain list territory chat answers too.
  serve(AllianceChatRead, async ({ input, player }) => {
    const page = pageRequest(input);
    return page
      ? pageAnswer(await allianceChatPage(sql, input.id, player.id, page))
      : await allianceChat(sql, input.id, player.id, input.before);
  }),
];
