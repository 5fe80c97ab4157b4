import { pageAnswer, pageRequest } from '../../../../schema/api/pages.ts';
import {
  ActiveEventsRead,
  AwayRead,
  BroadcastAllowanceRead,
  ChatRead,
  FirstStepsRead,
  NotificationPreferencesRead,
  NotificationsRead,
  ProfileRead,
  RankingRead,
  RecentBroadcastsRead,
  SeasonRead,
  SinceYesterdayRead,
  SpecialEventsRead,
  TerritoryEventsRead,
  UserRead,
  UsersRead,
} from '../../../../schema/reads/social.ts';
import { listPublicUsers, pagePublicUsers, readPublicUser } from '../../../domain/auth/users.ts';
import { awayPanel, sinceYesterday } from '../../../domain/away/presence.ts';
import { firstSteps } from '../../../domain/economy/starter-claim.ts';
import { listNotifications, notificationPreferences } from '../../../domain/notifications/notifications.ts';
import type { PaymentProvider } from '../../../domain/payments/provider.ts';
import { currentSeason } from '../../../domain/seasons/season-read.ts';
import { broadcastAllowance, pageBroadcasts, recentBroadcasts } from '../../../domain/social/broadcasts.ts';
import { listChatMessages, pageChatMessages } from '../../../domain/social/chat.ts';
import { playerProfile } from '../../../domain/social/profiles.ts';
import { readRanking } from '../../../domain/social/rankings.ts';
import { listActiveEvents, listSpecialEvents, listTerritoryEvents } from '../../../domain/world/events.ts';
import { inSnapshot } from '../../../infra/db/database.ts';
import type { HttpDeps } from '../deps.ts';
import { serve, type ReadBinding } from './serve.ts';

export function socialReads(deps: HttpDeps, payments: PaymentProvider): ReadBinding[] {
  const { sql, clock } = deps;
  return [
    // Without limit or cursor the answer stays the plain array docs/rules.md §7's clients read.
    serve(UsersRead, async ({ input, user }) => {
      const page = pageRequest(input);
      return page ? pageAnswer(await pagePublicUsers(sql, user, page)) : await listPublicUsers(sql, user);
    }),
    serve(UserRead, ({ input, user }) => readPublicUser(sql, input.id, user)),
    serve(ChatRead, async ({ input }) => {
      const page = pageRequest(input);
      return page
        ? pageAnswer(await pageChatMessages(sql, input.territoryId, page))
        : await listChatMessages(sql, input.territoryId, input.before);
    }),
    serve(ActiveEventsRead, () => listActiveEvents(sql, clock())),
    serve(TerritoryEventsRead, ({ input }) => listTerritoryEvents(sql, input.id, clock())),
    serve(SpecialEventsRead, () => listSpecialEvents(sql, clock())),
    // Without limit or cursor: the latest few, the plain array the broadcast screen reads.
    serve(RecentBroadcastsRead, async ({ input }) => {
      const page = pageRequest(input);
      return page ? pageAnswer(await pageBroadcasts(sql, page)) : await recentBroadcasts(sql);
    }),
    serve(BroadcastAllowanceRead, ({ player }) => broadcastAllowance(deps, payments, player.id)),
    serve(NotificationsRead, ({ player }) => listNotifications(sql, player.id)),
    serve(NotificationPreferencesRead, ({ player }) => notificationPreferences(sql, player.id)),
    serve(FirstStepsRead, ({ player }) => firstSteps(sql, player.id, clock())),
    serve(AwayRead, ({ player }) => inSnapshot(sql, (tx) => awayPanel(tx, player.id))),
    serve(SinceYesterdayRead, ({ player }) => inSnapshot(sql, (tx) => sinceYesterday(tx, player.id, clock()))),
    serve(SeasonRead, ({ user }) => inSnapshot(sql, (tx) => currentSeason(tx, user?.id ?? null, clock()))),
    serve(RankingRead, ({ input, user }) => readRanking(sql, input.board, user?.id ?? null, clock())),
    serve(ProfileRead, ({ input }) => playerProfile(sql, input.username, clock())),
  ];
}
