// The subset of `mssql` (which ships no type declarations) that the mssql check uses.
declare module 'mssql' {
  export interface MssqlConfig {
    server?: string;
    port?: number;
    user?: string;
    password?: string;
    database?: string;
    connectionTimeout?: number;
    requestTimeout?: number;
    pool?: { max?: number; min?: number; idleTimeoutMillis?: number };
    options?: { encrypt?: boolean; trustServerCertificate?: boolean; instanceName?: string };
  }
  export interface IResult {
    recordset?: Record<string, unknown>[];
    recordsets?: Record<string, unknown>[][];
  }
  export class Request {
    query(command: string): Promise<IResult>;
    cancel(): void;
  }
  export class ConnectionPool {
    constructor(config: MssqlConfig);
    static parseConnectionString(connectionString: string): MssqlConfig;
    connect(): Promise<ConnectionPool>;
    request(): Request;
    close(): Promise<void>;
    on(event: 'error', listener: (err: Error) => void): this;
  }
  const mssql: { ConnectionPool: typeof ConnectionPool };
  export default mssql;
}
