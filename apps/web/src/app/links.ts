/** Where the help menu's documentation link goes; set VITE_OPSDECK_DOCS_URL at build time to point elsewhere. */
export const DOCS_URL: string =
  import.meta.env.VITE_OPSDECK_DOCS_URL ?? 'https://github.com/opsdeck/opsdeck/tree/main/docs';

/** The documentation of permissions (subjects, resources, actions, object selectors), for the permission modal's help link. */
export const PERMISSIONS_DOCS_URL = `${DOCS_URL}/settings.md#permissions-settingspermissions`;

/** Frontend version shown in the user menu (1.4.25). */
export const FRONTEND_VERSION: string = typeof __APP_VERSION__ === 'string' ? __APP_VERSION__ : 'dev';
