/// <reference types="vite/client" />

/** The web app's version (apps/web/package.json), shown as the frontend version. */
declare const __APP_VERSION__: string;
