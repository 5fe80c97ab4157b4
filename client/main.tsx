import './strict-csp.ts';
import { QueryClientProvider } from '@tanstack/react-query';
import { startTransition, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './App.tsx';
import { queryClient } from './state/query.ts';
import { loadSession } from './state/session.ts';
import { registerServiceWorker } from './offline/register-service-worker.ts';
import './styles.css';

void loadSession();
registerServiceWorker();

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');
// As a transition the first render is time-sliced: React yields to the browser every few
// milliseconds instead of building the whole landing in one long task (first screen).
startTransition(() => {
  createRoot(root).render(
    <StrictMode>
      <QueryClientProvider client={queryClient}>
        <App />
      </QueryClientProvider>
    </StrictMode>,
  );
});
