import { z } from 'zod';
import { AdReviewDto } from '../api/ads.ts';
import { DeskChatMessageDto } from '../api/chat.ts';
import { AuditEntryDto, AuditQuery, MuteDto, TradeHoldEntryDto } from '../api/desk.ts';
import { CLUSTERS_SHOWN, LinkedClusterDto } from '../api/fair-play.ts';
import { declareRead } from './registry.ts';

// The Wanakt's desk: what it reviews and moderates. No key ever reads these.

export const AuditLogRead = declareRead({
  path: '/admin/audit',
  tag: 'Wanakt',
  summary: "The audit log of the Wanakt's actions, newest first",
  access: 'wanakt',
  scope: null,
  query: AuditQuery,
  answer: z.array(AuditEntryDto),
  answered: 'Entries',
});

export const LinkedClustersRead = declareRead({
  path: '/admin/fair-play/clusters',
  tag: 'Wanakt',
  summary: 'Accounts linked as one person\'s, with the evidence (docs/rules.md §10 "Fair play")',
  description: `The ${CLUSTERS_SHOWN} largest clusters: accounts sharing a network, a card or a mailbox, or passing land by gift or far from its price.`,
  access: 'wanakt',
  scope: null,
  answer: z.array(LinkedClusterDto),
  answered: 'Clusters, largest first',
});

export const TradeHoldsRead = declareRead({
  path: '/admin/trade-holds',
  tag: 'Wanakt',
  summary: 'Accounts whose trades are on hold now (docs/rules.md §4 "Trade holds"), the latest placed first',
  access: 'wanakt',
  scope: null,
  answer: z.array(TradeHoldEntryDto),
  answered: 'Holds',
});

export const RecentChatRead = declareRead({
  path: '/admin/chat/recent',
  tag: 'Wanakt',
  summary: 'Recent chat across territories and alliances, for moderation',
  description: 'Each message names its territory, or its alliance (whose chat only its members read).',
  access: 'wanakt',
  scope: null,
  answer: z.array(DeskChatMessageDto),
  answered: 'Messages',
});

export const MutesRead = declareRead({
  path: '/admin/mutes',
  tag: 'Wanakt',
  summary: 'Players muted now',
  access: 'wanakt',
  scope: null,
  answer: z.array(MuteDto),
  answered: 'Mutes',
});

export const AdReviewRead = declareRead({
  path: '/ads/review',
  tag: 'Wanakt',
  summary: 'Ads waiting for review',
  access: 'wanakt',
  scope: null,
  answer: z.array(AdReviewDto),
  answered: 'Ads',
});

export const DESK_READS = [AuditLogRead, LinkedClustersRead, RecentChatRead, MutesRead, AdReviewRead, TradeHoldsRead] as const;
