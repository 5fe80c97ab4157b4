import { z } from 'zod';
import {
  AllianceListDto,
  AllianceListQuery,
  AllianceMapDto,
  ALLIANCES_ON_MAP,
  ALLIANCES_LISTED,
  AlliancePageDto,
  AllianceStatementDto,
  MyAllianceDto,
  TagsDto,
  TagsQuery,
} from '../api/alliances.ts';
import { AllianceChatMessageDto, AllianceChatMessagesPage, CHAT_PAGE_SIZE, ChatPageQuery } from '../api/chat.ts';
import { IdParam } from '../api/ids.ts';
import { StatementQuery } from '../api/statement.ts';
import { declareRead, PAGED } from './registry.ts';

// docs/rules.md §4 "Alliances": the standings, one's own, the tags beside names, a page, a treasury's statement and the chat.

const alliance = z.object({ id: IdParam('Alliance id') });

export const AlliancesRead = declareRead({
  path: '/alliances',
  tag: 'Alliances',
  summary: `The open alliances' standings (members, land, wealth with the treasury, last month's earnings, tribute), ranked by one (the first ${ALLIANCES_LISTED})`,
  access: 'public',
  scope: 'read',
  query: AllianceListQuery,
  answer: AllianceListDto,
  answered: 'The alliances',
  limit: 'alliance',
  cache: { staleOn: ['alliances'] },
});

export const MyAllianceRead = declareRead({
  path: '/alliances/mine',
  tag: 'Alliances',
  summary: 'Your alliance and role, the invitations to you and your requests to join',
  access: 'player',
  scope: 'read',
  answer: MyAllianceDto,
  answered: 'Your alliance',
  limit: 'alliance',
  cache: { staleOn: ['alliances'] },
});

export const AllianceTagsRead = declareRead({
  path: '/alliances/tags',
  tag: 'Alliances',
  summary: "The alliance tag of each named player, as it stands beside the player's name",
  access: 'public',
  scope: 'read',
  query: TagsQuery,
  answer: TagsDto,
  answered: 'Tags by name as asked; players of no alliance are left out',
  limit: 'alliance',
});

export const AllianceMapRead = declareRead({
  path: '/alliances/map',
  tag: 'Alliances',
  summary: `The members of the ${ALLIANCES_ON_MAP} alliances with the most land, for the map's alliance colours`,
  description: "a player's own alliance is among them wherever it ranks.",
  access: 'public',
  scope: 'read',
  answer: AllianceMapDto,
  answered: 'The alliances, the most land first',
  limit: 'alliance',
  cache: { staleOn: ['alliances', 'market'] },
});

export const AllianceRead = declareRead({
  path: '/alliances/:id',
  tag: 'Alliances',
  summary: "An alliance's page: members and roles, land, treasury figures, latest trades",
  description: 'payouts are shown to its members only, open invitations and requests to its officers and leader only.',
  access: 'public',
  scope: 'read',
  params: alliance,
  answer: AlliancePageDto,
  answered: 'The alliance',
  errors: [404],
  limit: 'alliance',
  cache: { staleOn: ['alliances'] },
});

export const AllianceStatementRead = declareRead({
  path: '/alliances/:id/statement',
  tag: 'Alliances',
  summary: "The treasury's ledger statement, newest first, a page at a time (its members only)",
  access: 'player',
  scope: 'read',
  params: alliance,
  query: StatementQuery,
  answer: AllianceStatementDto,
  answered: 'A page of the statement',
  errors: [403, 404],
  limit: 'statement',
  cache: { staleOn: ['alliances'] },
});

export const AllianceChatRead = declareRead({
  path: '/alliances/:id/chat',
  tag: 'Alliances',
  summary: `The alliance's chat (its members only): the newest ${CHAT_PAGE_SIZE}, oldest first; \`before\` pages back`,
  description: `With limit or cursor instead of before: newest first. ${PAGED}`,
  access: 'player',
  scope: 'read',
  params: alliance,
  query: ChatPageQuery,
  answer: z.union([z.array(AllianceChatMessageDto), AllianceChatMessagesPage]),
  answered: 'Messages, or a page of them',
  errors: [403, 404],
  limit: 'alliance',
});

export const ALLIANCE_READS = [
  AlliancesRead,
  MyAllianceRead,
  AllianceTagsRead,
  AllianceMapRead,
  AllianceRead,
  AllianceStatementRead,
  AllianceChatRead,
] as const;
