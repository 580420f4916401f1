import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/App.js';
import { SignInFailed } from './features/organizations/direct/SignInFailed.js';
import { startDirectMode } from './features/organizations/direct/session.js';

/** Renders the app into `root` once direct mode (a provider token for another origin's backend) is settled. */
export async function boot(root: HTMLElement): Promise<void> {
  const start = await startDirectMode();
  if (start.mode === 'redirecting') return;
  createRoot(root).render(
    <StrictMode>{start.mode === 'failed' ? <SignInFailed message={start.message} /> : <App />}</StrictMode>,
  );
}
