import { useWorld } from '../state/world.ts';
import { EconomicOverview } from './EconomicOverview.tsx';
import { EventManagement } from './EventManagement.tsx';
import { PaymentSchedule } from './PaymentSchedule.tsx';
import { RevenueOptimization } from './RevenueOptimization.tsx';
import { TerritoryManagement } from './TerritoryManagement.tsx';

/** The Wanakt's panels beside the map; routes/Dashboard.tsx loads them only for the Wanakt. */
export default function WanaktSidebar({ wanaktId }: { wanaktId: string }) {
  const selectedId = useWorld((state) => state.selectedId);
  return (
    <div data-testid="admin-sidebar">
      <EconomicOverview wanaktId={wanaktId} />
      <RevenueOptimization wanaktId={wanaktId} />
      {selectedId !== null && <TerritoryManagement key={selectedId} territoryId={selectedId} wanaktId={wanaktId} />}
      <PaymentSchedule wanaktId={wanaktId} />
      {selectedId !== null && <EventManagement key={selectedId} territoryId={selectedId} />}
    </div>
  );
}
