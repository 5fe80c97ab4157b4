import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Tabs } from 'radix-ui';
import { useState } from 'react';
import type { TerritoryDto } from '../../schema/api/territory.ts';
import { readQuery } from '../state/query.ts';
import type { UpgradeTier } from '../../schema/constants.ts';
import { serverMessageOr, upgradeTerritory } from '../api.ts';
import { PlayerOnly } from '../admin/RoleGates.tsx';
import { QueryState } from '../admin/QueryState.tsx';
import { Screen } from '../admin/Screen.tsx';
import { AdRevenueTab } from '../revenue/AdRevenueTab.tsx';
import { AnalyticsTab } from '../revenue/AnalyticsTab.tsx';
import { runningMultiplier } from '../hud/rules.ts';
import { ChainsTab } from '../revenue/ChainsTab.tsx';
import { EventsTab } from '../revenue/EventsTab.tsx';
import { MultipliersTab } from '../revenue/MultipliersTab.tsx';
import { OverviewTab } from '../revenue/OverviewTab.tsx';
import { UpgradesTab } from '../revenue/UpgradesTab.tsx';
import { loadSession, useSession } from '../state/session.ts';
import { showToast } from '../state/toasts.ts';

const TABS = [
  { value: 'overview', label: 'Overview' },
  { value: 'multipliers', label: 'Multipliers' },
  { value: 'upgrades', label: 'Upgrades' },
  { value: 'ads', label: 'Ad Revenue' },
  { value: 'events', label: 'Events' },
  { value: 'chains', label: 'Chains' },
  { value: 'analytics', label: 'Analytics' },
] as const;
type TabValue = (typeof TABS)[number]['value'];

function RevenueCenter({ userId }: { userId: string }) {
  const queryClient = useQueryClient();
  const balance = useSession((state) => Number(state.account?.drk_balance ?? 0));
  const summaryQuery = readQuery('/revenue/summary/:userId', { userId });
  const territoriesQuery = readQuery('/territories/user/:userId', { userId });
  const summary = useQuery(summaryQuery);
  const territories = useQuery(territoriesQuery);
  const events = useQuery(readQuery('/events/special'));
  const [tab, setTab] = useState<TabValue>('overview');

  async function upgrade(territory: TerritoryDto, tier: UpgradeTier) {
    try {
      const { message } = await upgradeTerritory(territory.id, tier);
      showToast({ title: 'Territory Upgraded!', description: message });
    } catch (error) {
      showToast({ variant: 'destructive', title: 'Upgrade Failed', description: serverMessageOr(error, 'Unable to upgrade territory') });
      return;
    }
    await Promise.all([
      queryClient.invalidateQueries({ queryKey: territoriesQuery.queryKey }),
      queryClient.invalidateQueries({ queryKey: summaryQuery.queryKey }),
      loadSession(),
    ]);
  }

  return (
    <QueryState queries={[summary, territories, events]} what="your revenue">
      {summary.data && territories.data && events.data && (
        <Tabs.Root className="tabs" value={tab} onValueChange={(value) => setTab(value as TabValue)}>
          <Tabs.List className="tab-list" aria-label="Revenue Optimization Center">
            {TABS.map((item) => (
              <Tabs.Trigger className="tab-trigger" key={item.value} value={item.value}>
                {item.label}
              </Tabs.Trigger>
            ))}
          </Tabs.List>
          <Tabs.Content className="tab-content" value="overview">
            <OverviewTab summary={summary.data} onOpenTab={setTab} />
          </Tabs.Content>
          <Tabs.Content className="tab-content" value="multipliers">
            <MultipliersTab territoryCount={territories.data.length} revenueEventMultiplier={summary.data.revenue_event_multiplier} />
          </Tabs.Content>
          <Tabs.Content className="tab-content" value="upgrades">
            <UpgradesTab
              territories={territories.data}
              balance={balance}
              upgradeDiscount={runningMultiplier(events.data, 'upgrade_discount')}
              onUpgrade={upgrade}
            />
          </Tabs.Content>
          <Tabs.Content className="tab-content" value="ads">
            <AdRevenueTab territories={territories.data} />
          </Tabs.Content>
          <Tabs.Content className="tab-content" value="events">
            <EventsTab events={events.data} readAt={events.dataUpdatedAt} />
          </Tabs.Content>
          <Tabs.Content className="tab-content" value="chains">
            <ChainsTab ownedNames={territories.data.map((territory) => territory.name)} />
          </Tabs.Content>
          <Tabs.Content className="tab-content" value="analytics">
            <AnalyticsTab summary={summary.data} territoryTypes={territories.data.map((territory) => territory.type)} />
          </Tabs.Content>
        </Tabs.Root>
      )}
    </QueryState>
  );
}

export default function Revenue() {
  return (
    <Screen
      title="Revenue Optimization Center"
      subtitle="Where your DRK comes from, and how to earn more"
      backLabel="Back to Map"
      testId="revenue"
    >
      <PlayerOnly action="see your revenue">{(userId) => <RevenueCenter userId={userId} />}</PlayerOnly>
    </Screen>
  );
}
