import {
  AdReviewRead,
  AuditLogRead,
  LinkedClustersRead,
  MutesRead,
  RecentChatRead,
  TradeHoldsRead,
} from '../../../../schema/reads/desk.ts';
import { tradeHolds } from '../../../domain/holds/trade-holds.ts';
import { listAdsInReview } from '../../../domain/ads/ad-lifecycle.ts';
import { listAudit } from '../../../domain/audit/audit-log.ts';
import { linkedClusters } from '../../../domain/fair-play/cluster-read.ts';
import { listMutes, recentChat } from '../../../domain/social/moderation.ts';
import type { HttpDeps } from '../deps.ts';
import { serve, type ReadBinding } from './serve.ts';

/** The Wanakt's desk (its writes are commands: schema/commands/social.ts). */
export const deskReads = ({ sql, clock }: HttpDeps): ReadBinding[] => [
  serve(AuditLogRead, ({ input }) => listAudit(sql, input)),
  serve(LinkedClustersRead, () => linkedClusters(sql)),
  serve(RecentChatRead, () => recentChat(sql)),
  serve(MutesRead, () => listMutes(sql, clock())),
  serve(AdReviewRead, () => listAdsInReview(sql)),
  serve(TradeHoldsRead, () => tradeHolds(sql, clock())),
];
