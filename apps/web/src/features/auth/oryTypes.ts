/** Kratos's error envelope (herodot), with the top-level extras some errors carry. */
export interface OryErrorBody {
  error?: { id?: string; code?: number; status?: string; reason?: string; message?: string };
  use_flow_id?: string;
  redirect_browser_to?: string;
  /** A 400 answer to a submit is the whole flow again, with messages on its nodes. */
  ui?: unknown;
  [key: string]: unknown;
}

/** A failed identity call: the HTTP status (0 when nothing answered) and the parsed body. */
export interface OryFailure {
  status: number;
  body: OryErrorBody;
}
