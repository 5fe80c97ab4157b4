/**
 * Registers the service worker of the built client (client/sw.ts) once the page has loaded, so it
 * never competes with the first screen. The development server has none: Vite serves modules that
 * change on every edit.
 */
export function registerServiceWorker(): void {
  if (!import.meta.env.PROD || !('serviceWorker' in navigator)) return;
  window.addEventListener(
    'load',
    () => {
      navigator.serviceWorker.register('/sw.js').catch((error: unknown) => {
        console.warn('The offline page is not available: the service worker did not register.', error);
      });
    },
    { once: true },
  );
}
