import { z } from 'zod';
import { AdDto, AdReceiptDto, AdReviewDto, MyBannerDto } from '../../../../schema/api/ads.ts';
import { ApiKeyDto } from '../../../../schema/api/api-keys.ts';
import { CredentialsBody, RegistrationBody } from '../../../../schema/api/auth.ts';
import {
  BroadcastAllowanceDto,
  BroadcastDto,
  BroadcastsPage,
  BroadcastsPageQuery,
  RECENT_BROADCASTS,
} from '../../../../schema/api/broadcasts.ts';
import { CHAT_PAGE_SIZE, ChatMessageDto, ChatMessagesPage, ChatPageQuery } from '../../../../schema/api/chat.ts';
import { CollectibleDto } from '../../../../schema/api/collectibles.ts';
import { SupplyDto } from '../../../../schema/api/currency.ts';
import { ActiveEventsDto, SpecialEventDto, TerritoryEventDto } from '../../../../schema/api/events.ts';
import { IdParam, TerritoryId, UserId, UserIdField } from '../../../../schema/api/ids.ts';
import { MarketStatsDto } from '../../../../schema/api/market.ts';
import { DrkPackageDto, PaymentConfigDto, PaymentStatusDto } from '../../../../schema/api/payments.ts';
import { PaymentDueDto } from '../../../../schema/api/rent.ts';
import { RevenueSummaryDto, RentWaterfallDto } from '../../../../schema/api/revenue.ts';
import {
  ListingPageQuery,
  NEXT_CURSOR_HEADER,
  SlimTerritoryDto,
  TerritoryListQuery,
  WORLD_PAGE_SIZE,
  WORLD_SEQ_HEADER,
  WorldChangesDto,
} from '../../../../schema/api/territory-list.ts';
import { WorldViewDto } from '../../../../schema/api/world-view.ts';
import { CLUSTER_CELL_DEGREES, MAX_CLUSTER_CELLS_ACROSS, MAX_VIEW_MARKERS } from '../../../../schema/rules/viewport.ts';
import { TerritoryDto } from '../../../../schema/api/territory.ts';
import { HierarchyNode, HierarchyQuery, HISTORY_LIMIT, HistoryPageQuery, TerritoryHistoryDto } from '../../../../schema/api/territories.ts';
import { AuditAnswer, EconomyOverview } from '../../../../schema/api/economy.ts';
import { StatementCsvQuery, StatementPage, StatementQuery } from '../../../../schema/api/statement.ts';
import { AccountDto, SessionDto } from '../../../../schema/api/user.ts';
import { AuditEntryDto, AuditQuery, MuteDto } from '../../../../schema/api/desk.ts';
import { FirstStepsDto } from '../../../../schema/api/first-steps.ts';
import { AwayPanel } from '../../../../schema/api/away.ts';
import { CurrentSeasonDto } from '../../../../schema/api/seasons.ts';
import { NOTIFICATIONS_PAGE_SIZE, NotificationPreferencesDto, NotificationsDto } from '../../../../schema/api/notifications.ts';
import { PlayerProfileDto, ProfileUsernameParam } from '../../../../schema/api/profiles.ts';
import {
  MARKETPLACE_DEFAULT_PAGE,
  MARKETPLACE_MAX_PAGE,
  MarketplacePage,
  MarketplaceQueryFields,
} from '../../../../schema/api/marketplace.ts';
import { RankingBoardParam, RankingDto } from '../../../../schema/api/rankings.ts';
import { PAGE_SIZE_MAX } from '../../../../schema/api/pages.ts';
import { PublicUserDto, PublicUsersPage, UsersPageQuery } from '../../../../schema/api/users.ts';
import { MailSettingsDto, UnsubscribeToken } from '../../../../schema/api/mail.ts';
import { DOOR_LIMITS, WORLD_READS_PER_MINUTE, LOGIN_LIMITS } from '../../../infra/limits/door-limits.ts';
import { COMMAND_OPERATIONS } from './command-operations.ts';
import { COMMAND_LIMITS, documentedPathLimit } from '../command-limits.ts';
import { limitText, type Operation } from './operation.ts';

// Every REST call the game answers, under /api. The OpenAPI document is generated from this list,
// bearer keys are authorised by it, and a test fails when Express answers a call it lacks.

// Each path id says what it names: `/events/territory/{id}` is a territory for GET and an event for PATCH and DELETE.
const territory = z.object({ id: TerritoryId.meta({ description: 'Territory id' }) });
const byId = (what: string) => z.object({ id: IdParam(what).meta({ description: what }) });
const ofUser = z.object({ userId: UserIdField });
const list = (item: z.ZodType) => z.array(item);
const paged = `Sending \`limit\` (1 to ${PAGE_SIZE_MAX}) or \`cursor\` asks for pages: { items, next_cursor }, keyset-paginated; pass next_cursor back as \`cursor\` until it is null. Without either the answer keeps its plain shape.`;
const cached = 'Answered from memory, compressed, with a strong ETag: send If-None-Match to get 304 when nothing changed.';
const worldReads = `${WORLD_READS_PER_MINUTE} per 60 s per client address and server process (WORLD_READS_PER_MINUTE)`;

const Health = z.object({ status: z.enum(['ok']), database: z.enum(['postgres', 'embedded']) }).meta({ id: 'Health' });
const Readiness = z
  .object({
    ready: z.boolean(),
    draining: z.boolean(),
    database: z.enum(['ok', 'unreachable', 'not checked']),
    world: z.enum(['loaded', 'loading']),
  })
  .meta({ id: 'Readiness' });
const WebhookReceived = z.object({ received: z.literal(true), outcome: z.string() }).meta({ id: 'WebhookReceived' });

const auth: Operation[] = [
  {
    method: 'post',
    path: '/users/register',
    tag: 'Accounts',
    summary: 'Register a player (100 DRK minted) and start a session',
    access: 'public',
    scope: null,
    body: RegistrationBody,
    ok: { status: 201, schema: AccountDto, description: 'The new account; the session cookie is set' },
    errors: [409],
    rateLimit: limitText(DOOR_LIMITS.registration, 'client address'),
  },
  {
    method: 'post',
    path: '/auth/login',
    tag: 'Accounts',
    summary: 'Log in and start a session',
    access: 'public',
    scope: null,
    body: CredentialsBody,
    ok: { status: 200, schema: AccountDto, description: 'The account; the session cookie is set' },
    rateLimit: `Wrong passwords, counted before the check: ${limitText(LOGIN_LIMITS.perNameAndAddress, 'name and address')}; ${limitText(LOGIN_LIMITS.perAddress, 'address')}; ${limitText(LOGIN_LIMITS.perAccount, 'account, not counting addresses that logged in to it before')}`,
  },
  {
    method: 'post',
    path: '/auth/logout',
    tag: 'Accounts',
    summary: 'End the session',
    access: 'public',
    scope: null,
    ok: { status: 204, description: 'The session is ended and its cookie cleared' },
  },
  {
    method: 'get',
    path: '/auth/session',
    tag: 'Accounts',
    summary: 'The account of the session or key, or none',
    description: 'Like /auth/me, but a visitor gets 200 with account null instead of 401.',
    access: 'public',
    scope: 'read',
    ok: { status: 200, schema: SessionDto, description: 'The account, or null for a visitor' },
  },
  {
    method: 'get',
    path: '/auth/me',
    tag: 'Accounts',
    summary: 'The account of the session or key',
    access: 'player',
    scope: 'read',
    ok: { status: 200, schema: AccountDto, description: 'The account' },
  },
  {
    method: 'get',
    path: '/api-keys',
    tag: 'API keys',
    summary: 'Your API keys, revoked ones included',
    description: 'Needs a session: no key can manage keys.',
    access: 'player',
    scope: null,
    ok: { status: 200, schema: list(ApiKeyDto), description: 'Newest first' },
  },
  {
    method: 'get',
    path: '/health',
    tag: 'Service',
    summary: 'Whether the process is alive (a liveness probe)',
    access: 'public',
    scope: 'read',
    ok: { status: 200, schema: Health, description: 'Up' },
  },
  {
    method: 'get',
    path: '/ready',
    tag: 'Service',
    summary: 'Whether the process should get traffic: not while it drains, its database is away or its world index loads',
    access: 'public',
    scope: 'read',
    ok: { status: 200, schema: Readiness, description: 'Ready' },
    errors: [503],
  },
  {
    method: 'get',
    path: '/openapi.json',
    tag: 'Service',
    summary: 'This document',
    access: 'public',
    scope: 'read',
    ok: { status: 200, schema: z.record(z.string(), z.unknown()), description: 'OpenAPI 3.1' },
  },
];

const territories: Operation[] = [
  {
    method: 'get',
    path: '/territories',
    tag: 'Territories',
    summary: 'The territories, a page at a time, a slim part of the world, or what the map shows of a box',
    description: `${cached} Pages of at most ${WORLD_PAGE_SIZE} territories in id order; ${NEXT_CURSOR_HEADER} is the cursor of the next page, absent on the last. \`fields\` and \`bbox\` cut the answer down for large worlds. \`zoom\` answers { clusters, territories } for \`bbox\` (the whole world without one) by the view rule: every territory in the box as a marker when it holds at most ${MAX_VIEW_MARKERS}, else clusters counted in a grid cell of ${CLUSTER_CELL_DEGREES}° at zoom 1, halving as the zoom doubles (at most ${MAX_CLUSTER_CELLS_ACROSS} cells each way), with the seat, the main cities and the wonders in the box as markers. \`since\` (the ${WORLD_SEQ_HEADER} of an earlier answer) answers { seq, full, territories }: only the territories changed since, or the first page of the world with full: true when the changes are no longer kept that far back or are more than a page; it is not cached and has its own limit.`,
    access: 'public',
    scope: 'read',
    query: TerritoryListQuery,
    ok: {
      status: 200,
      schema: z.union([list(z.union([TerritoryDto, SlimTerritoryDto])), WorldChangesDto, WorldViewDto]),
      description: 'Territories in id order, the changes since `since`, or the view of a box at a zoom',
      headers: {
        [WORLD_SEQ_HEADER]: 'The world sequence number the answer reflects: send it as `since` next time (not with zoom)',
        [NEXT_CURSOR_HEADER]: 'The cursor of the next page, when one follows',
      },
    },
    rateLimit: `${worldReads}; with since, also ${limitText(DOOR_LIMITS.worldChanges, 'client address')}`,
  },
  {
    method: 'get',
    path: '/territories/for-sale',
    tag: 'Territories',
    summary: 'Territories listed for sale, cheapest first, a page at a time',
    description: `${cached} Pages of at most ${WORLD_PAGE_SIZE}; ${NEXT_CURSOR_HEADER} is the cursor of the next page, absent on the last.`,
    access: 'public',
    scope: 'read',
    query: ListingPageQuery,
    ok: {
      status: 200,
      schema: list(TerritoryDto),
      description: 'Listings',
      headers: { [NEXT_CURSOR_HEADER]: 'The cursor of the next page, when one follows' },
    },
    rateLimit: worldReads,
  },
  {
    method: 'get',
    path: '/marketplace',
    tag: 'Territories',
    summary: 'Search the listings: by name, type, tier, price and region, sorted, a page at a time (next_cursor)',
    description: `At most ${MARKETPLACE_MAX_PAGE} listings a page (default ${MARKETPLACE_DEFAULT_PAGE}). The cursor is opaque: pass the next_cursor of the page before, with the same filters and sort.`,
    access: 'public',
    scope: 'read',
    query: MarketplaceQueryFields,
    ok: { status: 200, schema: MarketplacePage, description: 'A page of listings and how many match' },
    rateLimit: limitText(DOOR_LIMITS.marketplace, 'client address'),
  },
  {
    method: 'get',
    path: '/territories/hierarchy',
    tag: 'Territories',
    summary: 'The feudal tree: every root with its vassals nested',
    description: `${cached} A world of at most ${WORLD_PAGE_SIZE} territories is answered whole. A larger one is answered by a page of its roots, unnested: each node's vassal_count says how many vassals it has, and \`lord\` reads one territory's vassals a page at a time. ${NEXT_CURSOR_HEADER} is the cursor of the next page, absent on the last.`,
    access: 'public',
    scope: 'read',
    query: HierarchyQuery,
    ok: {
      status: 200,
      schema: list(HierarchyNode),
      description: 'Roots, or the vassals of `lord`',
      headers: { [NEXT_CURSOR_HEADER]: 'The cursor of the next page, when one follows' },
    },
    rateLimit: worldReads,
  },
  {
    method: 'get',
    path: '/territories/user/:userId',
    tag: 'Territories',
    summary: "A player's territories",
    access: 'public',
    scope: 'read',
    params: z.object({ userId: UserId }),
    ok: { status: 200, schema: list(TerritoryDto), description: 'Territories' },
  },
  {
    method: 'get',
    path: '/territories/:id',
    tag: 'Territories',
    summary: 'One territory',
    access: 'public',
    scope: 'read',
    params: territory,
    ok: { status: 200, schema: TerritoryDto, description: 'The territory' },
  },
  {
    method: 'get',
    path: '/territories/:id/visits',
    tag: 'Territories',
    summary: "A territory's visit count",
    access: 'public',
    scope: 'read',
    params: territory,
    ok: { status: 200, schema: z.object({ visits: z.number().int() }), description: 'Visits' },
  },
  {
    method: 'get',
    path: '/territories/:id/history',
    tag: 'Territories',
    summary: "A territory's changes of owner, newest first",
    description: `The history key holds the items. ${paged}`,
    access: 'public',
    scope: 'read',
    params: territory,
    query: HistoryPageQuery,
    ok: {
      status: 200,
      schema: TerritoryHistoryDto,
      description: `The latest ${HISTORY_LIMIT} without limit or cursor; with either, a page and next_cursor`,
    },
  },
];

const economy: Operation[] = [
  {
    method: 'get',
    path: '/users',
    tag: 'Players',
    summary: 'Every player: public fields (your own balance, and all for the Wanakt)',
    description: `By name. ${paged}`,
    access: 'public',
    scope: 'read',
    query: UsersPageQuery,
    ok: { status: 200, schema: z.union([list(PublicUserDto), PublicUsersPage]), description: 'Players: every one, or a page' },
  },
  {
    method: 'get',
    path: '/users/:id',
    tag: 'Players',
    summary: 'One player',
    access: 'public',
    scope: 'read',
    params: z.object({ id: UserId }),
    ok: { status: 200, schema: PublicUserDto, description: 'The player' },
  },
  {
    method: 'get',
    path: '/currency/supply',
    tag: 'Economy',
    summary: 'The DRK supply',
    access: 'public',
    scope: 'read',
    ok: { status: 200, schema: SupplyDto, description: 'Supply' },
  },
  {
    method: 'get',
    path: '/market/stats',
    tag: 'Economy',
    summary: 'Trades, average price and volume over 30 days',
    access: 'public',
    scope: 'read',
    ok: { status: 200, schema: MarketStatsDto, description: 'Figures' },
  },
  {
    method: 'get',
    path: '/payments/upcoming/:userId',
    tag: 'Rent',
    summary: 'Rent a player owes (yourself, or anyone for the Wanakt)',
    access: 'player',
    scope: 'read',
    params: ofUser,
    ok: { status: 200, schema: list(PaymentDueDto), description: 'Payments due' },
  },
  {
    method: 'get',
    path: '/rent/overdue',
    tag: 'Rent',
    summary: 'Your overdue rent',
    access: 'player',
    scope: 'read',
    ok: { status: 200, schema: list(PaymentDueDto), description: 'Overdue payments' },
  },
  {
    method: 'get',
    path: '/revenue/summary/:userId',
    tag: 'Revenue',
    summary: "A player's projected and paid revenue",
    access: 'player',
    scope: 'read',
    params: ofUser,
    ok: { status: 200, schema: RevenueSummaryDto, description: 'Summary' },
  },
  {
    method: 'get',
    path: '/payments/waterfall/:userId',
    tag: 'Revenue',
    summary: "A player's rent flows this period",
    access: 'player',
    scope: 'read',
    params: ofUser,
    ok: { status: 200, schema: RentWaterfallDto, description: 'Flows' },
  },
  {
    method: 'get',
    path: '/collectibles/available',
    tag: 'Collectibles',
    summary: 'Collectibles for sale',
    access: 'public',
    scope: 'read',
    ok: { status: 200, schema: list(CollectibleDto), description: 'Collectibles' },
  },
  {
    method: 'get',
    path: '/collectibles/user/:userId',
    tag: 'Collectibles',
    summary: "A player's collectibles",
    access: 'public',
    scope: 'read',
    params: ofUser,
    ok: { status: 200, schema: list(CollectibleDto), description: 'Collectibles' },
  },
  {
    method: 'get',
    path: '/economy',
    tag: 'Economy',
    summary: 'The public economy: supply, mints, flows, market, concentration, projection',
    access: 'public',
    scope: 'read',
    ok: { status: 200, schema: EconomyOverview, description: 'Figures, a few seconds behind at most' },
    rateLimit: limitText(DOOR_LIMITS.economy, 'client address'),
  },
  {
    method: 'get',
    path: '/economy/audit',
    tag: 'Economy',
    summary: 'The latest supply audit',
    access: 'public',
    scope: 'read',
    ok: { status: 200, schema: AuditAnswer, description: 'The audit, or null before the first' },
    rateLimit: limitText(DOOR_LIMITS.economy, 'client address'),
  },
  {
    method: 'get',
    path: '/account/statement',
    tag: 'Economy',
    summary: 'Your ledger statement, newest first, a page at a time (next_cursor)',
    access: 'player',
    scope: 'read',
    query: StatementQuery,
    ok: { status: 200, schema: StatementPage, description: 'A page of lines' },
    rateLimit: limitText(DOOR_LIMITS.statement, 'player'),
  },
  {
    method: 'get',
    path: '/account/statement.csv',
    tag: 'Economy',
    summary: 'Your ledger statement as CSV',
    access: 'player',
    scope: 'read',
    query: StatementCsvQuery,
    ok: { status: 200, description: 'text/csv, one line per ledger movement' },
    rateLimit: limitText(DOOR_LIMITS.statementExport, 'player'),
  },
];

const social: Operation[] = [
  {
    method: 'get',
    path: '/chat/:territoryId',
    tag: 'Chat',
    summary: `A territory's chat: the newest ${CHAT_PAGE_SIZE}, oldest first; \`before\` pages back`,
    description: `With limit or cursor instead of before: newest first. ${paged}`,
    access: 'public',
    scope: 'read',
    params: z.object({ territoryId: TerritoryId }),
    query: ChatPageQuery,
    ok: { status: 200, schema: z.union([list(ChatMessageDto), ChatMessagesPage]), description: 'Messages, or a page of them' },
  },
  {
    method: 'get',
    path: '/events/active',
    tag: 'Events',
    summary: 'Events running now',
    access: 'public',
    scope: 'read',
    ok: { status: 200, schema: ActiveEventsDto, description: 'Events' },
  },
  {
    method: 'get',
    path: '/events/territory/:id',
    tag: 'Events',
    summary: "A territory's events",
    access: 'public',
    scope: 'read',
    params: territory,
    ok: { status: 200, schema: list(TerritoryEventDto), description: 'Events' },
  },
  {
    method: 'get',
    path: '/events/special',
    tag: 'Events',
    summary: 'Special events',
    access: 'public',
    scope: 'read',
    ok: { status: 200, schema: list(SpecialEventDto), description: 'Events' },
  },
  {
    method: 'get',
    path: '/broadcasts/recent',
    tag: 'Broadcasts',
    summary: 'Recent broadcasts, newest first',
    description: `Without limit or cursor: the latest ${RECENT_BROADCASTS}. With either, every broadcast a page at a time. ${paged}`,
    access: 'public',
    scope: 'read',
    query: BroadcastsPageQuery,
    ok: { status: 200, schema: z.union([list(BroadcastDto), BroadcastsPage]), description: 'Broadcasts, or a page of them' },
  },
  {
    method: 'get',
    path: '/broadcasts/allowance',
    tag: 'Broadcasts',
    summary: 'Whether you hold a paid, unused broadcast',
    access: 'player',
    scope: 'payments',
    ok: { status: 200, schema: BroadcastAllowanceDto, description: 'Allowance' },
  },
];

const payments: Operation[] = [
  {
    method: 'post',
    path: '/payments/webhook',
    tag: 'Payments',
    summary: "The payment provider's signed webhook",
    description: 'Verified by the Stripe-Signature header; not for keys or browsers.',
    access: 'public',
    scope: null,
    body: z.unknown(),
    ok: { status: 200, schema: WebhookReceived, description: 'Received' },
    errors: [404],
  },
  {
    method: 'get',
    path: '/payments/config',
    tag: 'Payments',
    summary: 'Which payment provider takes payments (the sandbox shows TEST MODE)',
    access: 'public',
    scope: 'read',
    ok: { status: 200, schema: PaymentConfigDto, description: 'Provider' },
  },
  {
    method: 'get',
    path: '/payments/intent/:paymentId',
    tag: 'Payments',
    summary: "A payment's status",
    access: 'public',
    scope: 'payments',
    params: z.object({ paymentId: z.string().max(200) }),
    ok: { status: 200, schema: PaymentStatusDto, description: 'Status' },
  },
  {
    method: 'get',
    path: '/drk/packages',
    tag: 'Payments',
    summary: 'DRK packages for sale',
    access: 'public',
    scope: 'read',
    ok: { status: 200, schema: list(DrkPackageDto), description: 'Packages' },
  },
  {
    method: 'get',
    path: '/ads/active',
    tag: 'Ads',
    summary: 'Ads running now',
    access: 'public',
    scope: 'read',
    ok: { status: 200, schema: list(AdDto), description: 'Ads' },
  },
  {
    method: 'get',
    path: '/ads/mine',
    tag: 'Ads',
    summary: 'Your banners and their delivery: impressions, clicks, cost',
    access: 'player',
    scope: 'ads',
    ok: { status: 200, schema: list(MyBannerDto), description: 'Banners' },
  },
  {
    method: 'get',
    path: '/ads/review',
    tag: 'Wanakt',
    summary: 'Ads waiting for review',
    access: 'wanakt',
    scope: null,
    ok: { status: 200, schema: list(AdReviewDto), description: 'Ads' },
  },
  {
    method: 'get',
    path: '/ad-receipts/:token',
    tag: 'Ads',
    summary: "An advertiser's receipt: the ad's status, impressions and clicks, by the link its purchase answered (no account)",
    access: 'public',
    scope: 'read',
    params: z.object({
      token: z.string().meta({ description: 'The receipt token from receipt_path; any other value is an unknown receipt (404)' }),
    }),
    ok: { status: 200, schema: AdReceiptDto, description: 'The receipt' },
    errors: [404],
  },
  {
    method: 'get',
    path: '/ads/:id/click',
    tag: 'Ads',
    summary: "Count a click and go to the ad's site",
    access: 'public',
    scope: 'read',
    params: byId('Ad id'),
    ok: { status: 302, description: "Redirect to the ad's URL", headers: { Location: "The ad's web address" } },
    rateLimit: `${COMMAND_LIMITS['ad-click-address'].documented}; ${COMMAND_LIMITS['ad-click'].documented}`,
  },
];

const staying: Operation[] = [
  {
    method: 'get',
    path: '/notifications',
    tag: 'Notifications',
    summary: `Your newest ${NOTIFICATIONS_PAGE_SIZE} notices and how many are unread`,
    access: 'player',
    scope: 'read',
    ok: { status: 200, schema: NotificationsDto, description: 'Notices' },
    rateLimit: documentedPathLimit('/notifications'),
  },
  {
    method: 'get',
    path: '/notifications/preferences',
    tag: 'Notifications',
    summary: 'Each kind of notice and whether you hear of it',
    access: 'player',
    scope: 'read',
    ok: { status: 200, schema: NotificationPreferencesDto, description: 'Preferences' },
    rateLimit: documentedPathLimit('/notifications'),
  },
  {
    method: 'get',
    path: '/first-steps',
    tag: 'First steps',
    summary: 'The starter territories a newcomer may claim, and whether it may',
    access: 'player',
    scope: 'read',
    ok: { status: 200, schema: FirstStepsDto, description: 'First steps' },
    rateLimit: documentedPathLimit('/first-steps'),
  },
  {
    method: 'get',
    path: '/away',
    tag: 'Away',
    summary: 'What happened while you were away, if a panel waits',
    description:
      "After an absence of an hour or more (by the game's clock, between two POST /api/away/visit), the summary of it: earnings, rent paid and received, sales and purchases, mentions and your wealth rank then and now, each line read from the ledger and the notices, with a link to its place. Null once dismissed.",
    access: 'player',
    scope: 'read',
    ok: { status: 200, schema: AwayPanel, description: 'The panel, or null' },
    rateLimit: documentedPathLimit('/away'),
  },
  {
    method: 'get',
    path: '/seasons/current',
    tag: 'Seasons',
    summary: "The season: its dates, pool, tasks, your progress, the standings, and the last season's payouts",
    description:
      'The running season (between seasons, the one announced next), with its pool fixed when it was announced. A visitor sees everything but progress; a player also sees which of its actions did not count, and why.',
    access: 'public',
    scope: 'read',
    ok: { status: 200, schema: CurrentSeasonDto, description: 'The current season and the last one paid' },
    rateLimit: documentedPathLimit('/seasons'),
  },
  {
    method: 'get',
    path: '/rankings/:board',
    tag: 'Rankings',
    summary: 'A leaderboard (wealth, territories, earnings, tribute) with your own place',
    access: 'public',
    scope: 'read',
    params: z.object({ board: RankingBoardParam }),
    ok: { status: 200, schema: RankingDto, description: 'Ranking' },
  },
  {
    method: 'get',
    path: '/players/:username',
    tag: 'Rankings',
    summary: "A player's public profile: territories and feudal titles, earnings, collectibles, latest trades",
    description: 'The name is matched whatever its case, as at login.',
    access: 'public',
    scope: 'read',
    params: z.object({ username: ProfileUsernameParam }),
    ok: { status: 200, schema: PlayerProfileDto, description: 'Profile' },
    rateLimit: limitText(DOOR_LIMITS.profile, 'player, or address before log-in'),
  },
  {
    method: 'get',
    path: '/admin/audit',
    tag: 'Wanakt',
    summary: "The audit log of the Wanakt's actions, newest first",
    access: 'wanakt',
    scope: null,
    query: AuditQuery,
    ok: { status: 200, schema: list(AuditEntryDto), description: 'Entries' },
  },
  {
    method: 'get',
    path: '/admin/chat/recent',
    tag: 'Wanakt',
    summary: 'Recent chat across territories, for moderation',
    access: 'wanakt',
    scope: null,
    ok: { status: 200, schema: list(ChatMessageDto.extend({ territory_name: z.string() })), description: 'Messages' },
  },
  {
    method: 'get',
    path: '/admin/mutes',
    tag: 'Wanakt',
    summary: 'Players muted now',
    access: 'wanakt',
    scope: null,
    ok: { status: 200, schema: list(MuteDto), description: 'Mutes' },
  },
];

const mail: Operation[] = [
  {
    method: 'get',
    path: '/account/mail',
    tag: 'Accounts',
    summary: "The account's e-mail address, whether it is confirmed, and what the player wants mailed",
    access: 'player',
    scope: null,
    ok: { status: 200, schema: MailSettingsDto, description: 'The mail settings' },
  },
  {
    method: 'get',
    path: '/mail/unsubscribe/:token',
    tag: 'Accounts',
    summary: 'The page an unsubscribe link opens: it names the mail the link stops and POSTs to the same address',
    description: 'text/html. Opening it changes nothing; the POST to the same address is what stops the mail (RFC 8058).',
    access: 'public',
    scope: null,
    params: z.object({ token: UnsubscribeToken.meta({ description: 'The signed token of the unsubscribe link' }) }),
    ok: { status: 200, description: 'text/html, the page with its Unsubscribe button' },
    rateLimit: COMMAND_LIMITS['mail-link'].documented,
  },
];

export const OPERATIONS: readonly Operation[] = [
  ...auth,
  ...mail,
  ...territories,
  ...economy,
  ...social,
  ...payments,
  ...staying,
  ...COMMAND_OPERATIONS,
];
