import { startOpeningSummary, startSessionRequests } from './app/earlyRequests.js';
import './index.css';

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');
// the entry's own scripts are few, so the session (and on /health its summary) is asked for
// while the app's scripts (the import below) are still loading, instead of after them and after
// the direct-mode answer
startSessionRequests();
startOpeningSummary(window.location);
void import('./boot.js').then(({ boot }) => boot(root));
