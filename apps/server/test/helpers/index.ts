export { TEST_SUBJECT_HEADER, testSubjectAuthenticator, testSubjectHeader, testSubjectId } from './auth.js';
export { scrapeStored } from './catalog.js';
export { storeConnection } from './connections.js';
export { createTestDb, testEngine } from './db.js';
export { addPersonWithToken, fetchWithToken } from './people.js';
export { writeCheckResults } from './results.js';
export type { TestServer, TestServerOptions } from './server.js';
export { startTestServer } from './server.js';
