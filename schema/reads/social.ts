import { z } from 'zod';
import { AwayPanel, AwaySummary, SINCE_YESTERDAY_MS } from '../api/away.ts';
import { BroadcastAllowanceDto, BroadcastDto, BroadcastsPage, BroadcastsPageQuery, RECENT_BROADCASTS } from '../api/broadcasts.ts';
import { CHAT_PAGE_SIZE, ChatMessageDto, ChatMessagesPage, ChatPageQuery } from '../api/chat.ts';
import { ActiveEventsDto, SpecialEventDto, TerritoryEventDto } from '../api/events.ts';
import { FirstStepsDto } from '../api/first-steps.ts';
import { TerritoryId, UserId } from '../api/ids.ts';
import { NOTIFICATIONS_PAGE_SIZE, NotificationPreferencesDto, NotificationsDto } from '../api/notifications.ts';
import { PlayerProfileDto, ProfileUsernameParam } from '../api/profiles.ts';
import { RankingBoardParam, RankingDto } from '../api/rankings.ts';
import { CurrentSeasonDto } from '../api/seasons.ts';
import { PublicUserDto, PublicUsersPage, UsersPageQuery } from '../api/users.ts';
import { declareRead, PAGED } from './registry.ts';

// Players, chat, events, broadcasts, notices, a newcomer's first steps, the away panel, seasons and rankings.

const territory = z.object({ id: TerritoryId.meta({ description: 'Territory id' }) });

export const UsersRead = declareRead({
  path: '/users',
  tag: 'Players',
  summary: 'Every player: public fields (your own balance, and all for the Wanakt)',
  description: `By name. ${PAGED}`,
  access: 'public',
  scope: 'read',
  query: UsersPageQuery,
  answer: z.union([z.array(PublicUserDto), PublicUsersPage]),
  answered: 'Players: every one, or a page',
  cache: { staleOn: ['market', 'figures'] },
});

export const UserRead = declareRead({
  path: '/users/:id',
  tag: 'Players',
  summary: 'One player',
  access: 'public',
  scope: 'read',
  params: z.object({ id: UserId }),
  answer: PublicUserDto,
  answered: 'The player',
});

export const ChatRead = declareRead({
  path: '/chat/:territoryId',
  tag: 'Chat',
  summary: `A territory's chat: the newest ${CHAT_PAGE_SIZE}, oldest first; \`before\` pages back`,
  description: `With limit or cursor instead of before: newest first. ${PAGED}`,
  access: 'public',
  scope: 'read',
  params: z.object({ territoryId: TerritoryId }),
  query: ChatPageQuery,
  answer: z.union([z.array(ChatMessageDto), ChatMessagesPage]),
  answered: 'Messages, or a page of them',
});

export const ActiveEventsRead = declareRead({
  path: '/events/active',
  tag: 'Events',
  summary: 'Events running now',
  access: 'public',
  scope: 'read',
  answer: ActiveEventsDto,
  answered: 'Events',
});

export const TerritoryEventsRead = declareRead({
  path: '/events/territory/:id',
  tag: 'Events',
  summary: "A territory's events",
  access: 'public',
  scope: 'read',
  params: territory,
  answer: z.array(TerritoryEventDto),
  answered: 'Events',
});

export const SpecialEventsRead = declareRead({
  path: '/events/special',
  tag: 'Events',
  summary: 'Special events',
  access: 'public',
  scope: 'read',
  answer: z.array(SpecialEventDto),
  answered: 'Events',
});

export const RecentBroadcastsRead = declareRead({
  path: '/broadcasts/recent',
  tag: 'Broadcasts',
  summary: 'Recent broadcasts, newest first',
  description: `Without limit or cursor: the latest ${RECENT_BROADCASTS}. With either, every broadcast a page at a time. ${PAGED}`,
  access: 'public',
  scope: 'read',
  query: BroadcastsPageQuery,
  answer: z.union([z.array(BroadcastDto), BroadcastsPage]),
  answered: 'Broadcasts, or a page of them',
  cache: { staleOn: ['broadcast'] },
});

export const BroadcastAllowanceRead = declareRead({
  path: '/broadcasts/allowance',
  tag: 'Broadcasts',
  summary: 'Whether you hold a paid, unused broadcast',
  access: 'player',
  loginFirst: 'Please log in to send broadcasts',
  scope: 'payments',
  answer: BroadcastAllowanceDto,
  answered: 'Allowance',
});

export const NotificationsRead = declareRead({
  path: '/notifications',
  tag: 'Notifications',
  summary: `Your newest ${NOTIFICATIONS_PAGE_SIZE} notices and how many are unread`,
  access: 'player',
  scope: 'read',
  answer: NotificationsDto,
  answered: 'Notices',
});

export const NotificationPreferencesRead = declareRead({
  path: '/notifications/preferences',
  tag: 'Notifications',
  summary: 'Each kind of notice and whether you hear of it',
  access: 'player',
  scope: 'read',
  answer: NotificationPreferencesDto,
  answered: 'Preferences',
});

export const FirstStepsRead = declareRead({
  path: '/first-steps',
  tag: 'First steps',
  summary: 'The starter territories a newcomer may claim, and whether it may',
  access: 'player',
  scope: 'read',
  answer: FirstStepsDto,
  answered: 'First steps',
});

export const AwayRead = declareRead({
  path: '/away',
  tag: 'Away',
  summary: 'What happened while you were away, if a panel waits',
  description:
    "After an absence of an hour or more (by the game's clock, between two POST /api/away/visit), the summary of it: earnings, rent paid and received, sales and purchases, offers and bids received, mentions, season tasks, and your balance, wealth rank and season standing then and now, each line read from the ledger, the offers, the bids and the notices, with a link to its place. Null once dismissed. GET /api/away/since-yesterday answers the same summary over the last day, always.",
  access: 'player',
  scope: 'read',
  answer: AwayPanel,
  answered: 'The panel, or null',
});

export const SinceYesterdayRead = declareRead({
  path: '/away/since-yesterday',
  tag: 'Away',
  summary: 'What happened to you in the last day, whether or not you were away',
  description: `The same summary as the away panel's, over the ${SINCE_YESTERDAY_MS / 3_600_000} hours up to now by the game's clock: every DRK line equal to your statement's lines of that kind over the same time, your balance then and now, offers and bids received, mentions, season tasks, your wealth rank and season standing then and now, each with a link to its place. Always answered; with nothing in it, \`lines\` is empty.`,
  access: 'player',
  scope: 'read',
  answer: AwaySummary,
  answered: 'The summary of the last day',
  limit: 'statement',
  cache: { staleOn: ['figures'] },
});

export const SeasonRead = declareRead({
  path: '/seasons/current',
  tag: 'Seasons',
  summary: "The season: its dates, pool, tasks, your progress, the standings, and the last season's payouts",
  description:
    'The running season (between seasons, the one announced next), with its pool fixed when it was announced. A visitor sees everything but progress; a player also sees which of its actions did not count, and why.',
  access: 'public',
  scope: 'read',
  answer: CurrentSeasonDto,
  answered: 'The current season and the last one paid',
});

export const RankingRead = declareRead({
  path: '/rankings/:board',
  tag: 'Rankings',
  summary: 'A leaderboard (wealth, territories, earnings, tribute) with your own place',
  access: 'public',
  scope: 'read',
  params: z.object({ board: RankingBoardParam }),
  answer: RankingDto,
  answered: 'Ranking',
});

export const ProfileRead = declareRead({
  path: '/players/:username',
  tag: 'Rankings',
  summary: "A player's public profile: territories and feudal titles, earnings, collectibles, latest trades",
  description: 'The name is matched whatever its case, as at login.',
  access: 'public',
  scope: 'read',
  params: z.object({ username: ProfileUsernameParam }),
  answer: PlayerProfileDto,
  answered: 'Profile',
  limit: 'profile',
});

export const SOCIAL_READS = [
  UsersRead,
  UserRead,
  ChatRead,
  ActiveEventsRead,
  TerritoryEventsRead,
  SpecialEventsRead,
  RecentBroadcastsRead,
  BroadcastAllowanceRead,
  NotificationsRead,
  NotificationPreferencesRead,
  FirstStepsRead,
  AwayRead,
  SinceYesterdayRead,
  SeasonRead,
  RankingRead,
  ProfileRead,
] as const;
