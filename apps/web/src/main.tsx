import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/App.js';
import { SignInFailed } from './features/organizations/direct/SignInFailed.js';
import { startDirectMode } from './features/organizations/direct/session.js';
import './index.css';

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');
// direct mode (a provider token for another origin's backend) is settled before anything renders
void startDirectMode().then((start) => {
  if (start.mode === 'redirecting') return;
  createRoot(root).render(
    <StrictMode>{start.mode === 'failed' ? <SignInFailed message={start.message} /> : <App />}</StrictMode>,
  );
});
