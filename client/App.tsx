import { lazy, Suspense } from 'react';
import { BrowserRouter, Route, Routes } from 'react-router';
import { Toaster } from './hud/Toaster.tsx';
import { TestModeRibbon } from './payments/TestModeRibbon.tsx';

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
const ApiKeys = lazy(() => import('./routes/ApiKeys.tsx'));
const Economy = lazy(() => import('./routes/Economy.tsx'));
const Account = lazy(() => import('./routes/Account.tsx'));
const AdminDesk = lazy(() => import('./routes/AdminDesk.tsx'));
const Rankings = lazy(() => import('./routes/Rankings.tsx'));
const Profile = lazy(() => import('./routes/Profile.tsx'));

export function App() {
  return (
    <BrowserRouter>
      <Suspense fallback={<p className="route-loading">Loading…</p>}>
        <Routes>
          <Route path="/" element={<Dashboard />} />
          <Route path="/register" element={<Register />} />
          <Route path="/login" element={<Login />} />
          <Route path="/revenue" element={<Revenue />} />
          <Route path="/collectibles" element={<Collectibles />} />
          <Route path="/admin/currency" element={<AdminCurrency />} />
          <Route path="/admin/territories" element={<AdminTerritories />} />
          <Route path="/admin/create-city" element={<AdminCreateCity />} />
          <Route path="/rent" element={<Rent />} />
          <Route path="/marketplace" element={<Marketplace />} />
          <Route path="/wonders" element={<Wonders />} />
          <Route path="/feudal" element={<Feudal />} />
          <Route path="/drk-store" element={<DrkStore />} />
          <Route path="/broadcast" element={<Broadcast />} />
          <Route path="/advertise" element={<Advertise />} />
          <Route path="/settings/api-keys" element={<ApiKeys />} />
          <Route path="/economy" element={<Economy />} />
          <Route path="/account" element={<Account />} />
          <Route path="/admin/desk" element={<AdminDesk />} />
          <Route path="/rankings" element={<Rankings />} />
          <Route path="/players/:username" element={<Profile />} />
          <Route path="*" element={<NotFound />} />
        </Routes>
      </Suspense>
      <Toaster />
      <TestModeRibbon />
    </BrowserRouter>
  );
}
