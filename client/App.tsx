import { lazy, Suspense } from 'react';
import { BrowserRouter, Route, Routes } from 'react-router';
import { Toaster } from './hud/Toaster.tsx';

const Dashboard = lazy(() => import('./routes/Dashboard.tsx'));
const Register = lazy(() => import('./routes/Register.tsx'));
const Login = lazy(() => import('./routes/Login.tsx'));
const NotFound = lazy(() => import('./routes/NotFound.tsx'));

// SPEC §2's screens that are not built yet answer like any unknown path until their issue lands.
const UNBUILT_ROUTES = [
  '/marketplace',
  '/revenue',
  '/wonders',
  '/collectibles',
  '/broadcast',
  '/admin/currency',
  '/admin/territories',
  '/admin/create-city',
  '/feudal',
  '/rent',
  '/drk-store',
  '/advertise',
];

export function App() {
  return (
    <BrowserRouter>
      <Suspense fallback={<p className="route-loading">Loading…</p>}>
        <Routes>
          <Route path="/" element={<Dashboard />} />
          <Route path="/register" element={<Register />} />
          <Route path="/login" element={<Login />} />
          {UNBUILT_ROUTES.map((path) => (
            <Route key={path} path={path} element={<NotFound />} />
          ))}
          <Route path="*" element={<NotFound />} />
        </Routes>
      </Suspense>
      <Toaster />
    </BrowserRouter>
  );
}
