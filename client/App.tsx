import { lazy, Suspense } from 'react';
import { BrowserRouter, Route, Routes } from 'react-router';
import { ROUTES } from '../schema/routes.ts';
import { FirstScreen } from './hud/FirstScreen.tsx';
import { Toaster } from './hud/Toaster.tsx';
import { TestModeRibbon } from './payments/TestModeRibbon.tsx';
import { AwayPanel } from './away/AwayPanel.tsx';

const Dashboard = lazy(() => import('./routes/Dashboard.tsx'));
const Register = lazy(() => import('./routes/Register.tsx'));
const Login = lazy(() => import('./routes/Login.tsx'));
const NotFound = lazy(() => import('./routes/NotFound.tsx'));
const Revenue = lazy(() => import('./routes/Revenue.tsx'));
const Collectibles = lazy(() => import('./routes/Collectibles.tsx'));
const AdminCurrency = lazy(() => import('./routes/AdminCurrency.tsx'));
const AdminTerritories = lazy(() => import('./routes/AdminTerritories.tsx'));
const AdminCreateCity = lazy(() => import('./routes/AdminCreateCity.tsx'));
const Rent = lazy(() => import('./routes/Rent.tsx'));
const Marketplace = lazy(() => import('./routes/Marketplace.tsx'));
const Wonders = lazy(() => import('./routes/Wonders.tsx'));
const Feudal = lazy(() => import('./routes/Feudal.tsx'));
const DrkStore = lazy(() => import('./routes/DrkStore.tsx'));
const Broadcast = lazy(() => import('./routes/Broadcast.tsx'));
const Advertise = lazy(() => import('./routes/Advertise.tsx'));
const AdReceipt = lazy(() => import('./routes/AdReceipt.tsx'));
const ApiKeys = lazy(() => import('./routes/ApiKeys.tsx'));
const Economy = lazy(() => import('./routes/Economy.tsx'));
const Account = lazy(() => import('./routes/Account.tsx'));
const AdminDesk = lazy(() => import('./routes/AdminDesk.tsx'));
const Rankings = lazy(() => import('./routes/Rankings.tsx'));
const Profile = lazy(() => import('./routes/Profile.tsx'));
const Season = lazy(() => import('./routes/Season.tsx'));
const Alliance = lazy(() => import('./routes/Alliance.tsx'));

export function App() {
  return (
    <BrowserRouter>
      <Suspense fallback={<FirstScreen />}>
        <Routes>
          <Route path={ROUTES.home} element={<Dashboard />} />
          <Route path={ROUTES.register} element={<Register />} />
          <Route path={ROUTES.login} element={<Login />} />
          <Route path={ROUTES.revenue} element={<Revenue />} />
          <Route path={ROUTES.collectibles} element={<Collectibles />} />
          <Route path={ROUTES.adminCurrency} element={<AdminCurrency />} />
          <Route path={ROUTES.adminTerritories} element={<AdminTerritories />} />
          <Route path={ROUTES.adminCreateCity} element={<AdminCreateCity />} />
          <Route path={ROUTES.rent} element={<Rent />} />
          <Route path={ROUTES.marketplace} element={<Marketplace />} />
          <Route path={ROUTES.wonders} element={<Wonders />} />
          <Route path={ROUTES.feudal} element={<Feudal />} />
          <Route path={ROUTES.drkStore} element={<DrkStore />} />
          <Route path={ROUTES.broadcast} element={<Broadcast />} />
          <Route path={ROUTES.advertise} element={<Advertise />} />
          <Route path={ROUTES.adReceipt} element={<AdReceipt />} />
          <Route path={ROUTES.apiKeys} element={<ApiKeys />} />
          <Route path={ROUTES.economy} element={<Economy />} />
          <Route path={ROUTES.account} element={<Account />} />
          <Route path={ROUTES.adminDesk} element={<AdminDesk />} />
          <Route path={ROUTES.rankings} element={<Rankings />} />
          <Route path={ROUTES.player} element={<Profile />} />
          <Route path={ROUTES.season} element={<Season />} />
          <Route path={ROUTES.alliance} element={<Alliance />} />
          <Route path={ROUTES.allianceById} element={<Alliance />} />
          <Route path="*" element={<NotFound />} />
        </Routes>
      </Suspense>
      <Toaster />
      <AwayPanel />
      <TestModeRibbon />
    </BrowserRouter>
  );
}
