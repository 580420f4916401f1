export { PlaybookRunPage } from './pages/PlaybookRunPage.js';
export { PlaybookRunsPage } from './pages/PlaybookRunsPage.js';
export { PlaybooksPage } from './pages/PlaybooksPage.js';
