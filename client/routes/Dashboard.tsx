import { lazy, Suspense, useEffect, useState } from 'react';
import { Link } from 'react-router';
import { SinceYesterday } from '../away/SinceYesterday.tsx';
import { FirstSteps } from '../dashboard/FirstSteps.tsx';
import { MapToolbar } from '../dashboard/MapToolbar.tsx';
import { MyTerritories } from '../dashboard/MyTerritories.tsx';
import { QuickActions } from '../dashboard/QuickActions.tsx';
import { RevenueTracking } from '../dashboard/RevenueTracking.tsx';
import { TerritoryChat } from '../dashboard/TerritoryChat.tsx';
import { TerritoryDetails } from '../dashboard/TerritoryDetails.tsx';
import { useTerritoryLink } from '../dashboard/useTerritoryLink.ts';
import { useMarketMarks } from '../hud/useMarketMarks.ts';
import { VisitorLanding } from '../dashboard/VisitorLanding.tsx';
import { WorldActivity } from '../dashboard/WorldActivity.tsx';
import { Dialogs } from '../hud/Dialogs.tsx';
import { MapControls } from '../hud/MapControls.tsx';
import { MapLegend } from '../hud/MapLegend.tsx';
import { MapModes } from '../hud/MapModes.tsx';
import { MapSearch } from '../hud/MapSearch.tsx';
import { MapTooltip } from '../hud/MapTooltip.tsx';
import { TerritoryInfo } from '../hud/TerritoryInfo.tsx';
import { TopBar } from '../hud/TopBar.tsx';
import { PlayerLink } from '../hud/PlayerLink.tsx';
import { useDrawerLayout } from '../hud/useDrawerLayout.ts';
import { useLogOut } from '../hud/useLogOut.ts';
import { WorldMap } from '../map/WorldMap.tsx';
import { useSession } from '../state/session.ts';
import { loadTerritories, useWorld } from '../state/world.ts';
// The cards' and the toolbar's shared classes (.small, .button.small, .badge): they used to come with the Wanakt's panels and the dialogs, now loaded later.
import '../admin.css';

type Drawer = 'left' | 'right' | null;

// The Wanakt's panels (the mint's form and the rent editor among them) are not in the scripts every visitor and player loads.
const WanaktSidebar = lazy(() => import('../dashboard/WanaktSidebar.tsx'));

/** The account's name and Log out, in the menu drawer: on a phone the top bar has no room for them. */
function PhoneAccount({ username }: { username: string }) {
  const logOut = useLogOut();
  return (
    <div className="phone-account spread">
      <PlayerLink className="username" name={username} />
      <button className="button small" type="button" onClick={() => void logOut()}>
        Log out
      </button>
    </div>
  );
}

/** `firstStepsOverMap`: the first steps stand over the map (a phone's sheet), not in the drawer. */
function LeftSidebar({ firstStepsOverMap }: { firstStepsOverMap: boolean }) {
  const account = useSession((state) => state.account);
  // A visitor's invitation is the landing over the map (VisitorLanding.tsx), not a login wall here.
  return (
    <>
      <QuickActions />
      {account && (
        <>
          <PhoneAccount username={account.username} />
          {!account.is_wanakt && !firstStepsOverMap && <FirstSteps userId={account.id} />}
          {!account.is_wanakt && <SinceYesterday userId={account.id} />}
          <MyTerritories userId={account.id} />
          <RevenueTracking userId={account.id} />
        </>
      )}
      <Link className="button primary wide" to="/marketplace">
        Open Marketplace
      </Link>
      <TerritoryChat />
      <WorldActivity />
    </>
  );
}

function RightSidebar() {
  const account = useSession((state) => state.account);
  if (!account?.is_wanakt) return <TerritoryDetails />;
  return (
    <Suspense fallback={null}>
      <WanaktSidebar wanaktId={account.id} />
    </Suspense>
  );
}

export default function Dashboard() {
  const account = useSession((state) => state.account);
  const visitor = useSession((state) => state.status === 'ready' && state.account === null);
  const status = useWorld((state) => state.status);
  const error = useWorld((state) => state.error);
  const [drawer, setDrawer] = useState<Drawer>(null);
  const selectedId = useWorld((state) => state.selectedId);
  const drawers = useDrawerLayout();
  const [firstStepsClosed, setFirstStepsClosed] = useState(false);
  // Behind ☰ Menu a newcomer would never find the first territory's offer: the first screen shows it.
  const firstStepsOverMap = drawers && !firstStepsClosed && account !== null && !account.is_wanakt;

  // A place chosen in the menu drawer is shown on the map, so the drawer gets out of its way.
  useEffect(() => {
    if (selectedId !== null) setDrawer((open) => (open === 'left' ? null : open));
  }, [selectedId]);

  useEffect(() => {
    void loadTerritories();
  }, []);
  useTerritoryLink();
  useMarketMarks();

  return (
    <div className="dashboard" data-drawer={drawer ?? 'none'}>
      <TopBar />
      <div className="dashboard-body">
        <aside className="sidebar left" aria-label="Your realm" data-testid="left-sidebar">
          <button className="icon-button drawer-close" type="button" aria-label="Close menu" onClick={() => setDrawer(null)}>
            ×
          </button>
          <LeftSidebar firstStepsOverMap={firstStepsOverMap} />
        </aside>
        <main className="centre">
          {/* A visitor's h1 is the landing's; a player's names the page for screen readers. */}
          {account && <h1 className="visually-hidden">{account.username}’s realm on the world map</h1>}
          <MapToolbar onOpenLeft={() => setDrawer('left')} onOpenRight={() => setDrawer('right')} />
          <div className="map-area">
            <WorldMap />
            {visitor && <VisitorLanding />}
            {status === 'loading' && <p className="panel map-status">Loading territories…</p>}
            {status === 'error' && (
              <div className="panel map-status" role="alert">
                <p>Could not load the territories ({error}).</p>
                <button className="button" type="button" onClick={() => void loadTerritories()}>
                  Try again
                </button>
              </div>
            )}
            <MapSearch />
            <MapModes />
            <MapControls />
            <MapTooltip />
            <MapLegend />
            <TerritoryInfo />
            {firstStepsOverMap && <FirstSteps userId={account.id} onClose={() => setFirstStepsClosed(true)} />}
          </div>
        </main>
        <aside className="sidebar right" aria-label="Details" data-testid="right-sidebar">
          <button className="icon-button drawer-close" type="button" aria-label="Close details" onClick={() => setDrawer(null)}>
            ×
          </button>
          <RightSidebar />
        </aside>
        {drawer && <button className="drawer-backdrop" type="button" aria-label="Close panel" onClick={() => setDrawer(null)} />}
      </div>
      <Dialogs />
    </div>
  );
}
