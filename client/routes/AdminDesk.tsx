import { WanaktOnly } from '../admin/RoleGates.tsx';
import { Screen } from '../admin/Screen.tsx';
import { AdReviewQueue } from '../desk/AdReviewQueue.tsx';
import { AuditLog } from '../desk/AuditLog.tsx';
import { ChatModeration } from '../desk/ChatModeration.tsx';
import { LinkedAccounts } from '../desk/LinkedAccounts.tsx';
import { TradeHolds } from '../desk/TradeHolds.tsx';
import '../desk/desk.css';

export default function AdminDesk() {
  return (
    <Screen
      title="The Wanakt's Desk"
      subtitle="Ads to review, chat to moderate, linked accounts, and the record of every action"
      backLabel="Back to Map"
      testId="admin-desk"
    >
      <WanaktOnly>
        <div className="two-columns">
          <AdReviewQueue />
          <ChatModeration />
        </div>
        <div className="two-columns">
          <LinkedAccounts />
          <TradeHolds />
        </div>
        <AuditLog />
      </WanaktOnly>
    </Screen>
  );
}
