import type { UiContainer } from '@ory/client-fetch';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import { type FlowErrorAction, type FlowKind, flowErrorAction } from './flowErrors.js';
import { ory, oryFailure } from './ory.js';

/** The parts of a Kratos flow the pages read; every flow kind has them. */
export interface Flow {
  id: string;
  ui: UiContainer;
  state?: unknown;
  return_to?: string;
  refresh?: boolean;
  requested_aal?: string;
  continue_with?: unknown[];
}

/** What a page asks for when it creates a flow: from its own query string. */
export interface CreateParams {
  returnTo?: string;
  refresh?: boolean;
  aal?: string;
}

// each flow kind through the SDK: create, fetch by id, submit
const CALLS: Record<
  FlowKind,
  {
    create: (p: CreateParams) => Promise<unknown>;
    get: (id: string) => Promise<unknown>;
    update: (id: string, body: Record<string, unknown>) => Promise<unknown>;
  }
> = {
  login: {
    create: (p) => ory.createBrowserLoginFlow({ returnTo: p.returnTo, refresh: p.refresh, aal: p.aal }),
    get: (id) => ory.getLoginFlow({ id }),
    update: (flow, body) => ory.updateLoginFlow({ flow, updateLoginFlowBody: body as never }),
  },
  registration: {
    create: (p) => ory.createBrowserRegistrationFlow({ returnTo: p.returnTo }),
    get: (id) => ory.getRegistrationFlow({ id }),
    update: (flow, body) => ory.updateRegistrationFlow({ flow, updateRegistrationFlowBody: body as never }),
  },
  recovery: {
    create: (p) => ory.createBrowserRecoveryFlow({ returnTo: p.returnTo }),
    get: (id) => ory.getRecoveryFlow({ id }),
    update: (flow, body) => ory.updateRecoveryFlow({ flow, updateRecoveryFlowBody: body as never }),
  },
  verification: {
    create: (p) => ory.createBrowserVerificationFlow({ returnTo: p.returnTo }),
    get: (id) => ory.getVerificationFlow({ id }),
    update: (flow, body) => ory.updateVerificationFlow({ flow, updateVerificationFlowBody: body as never }),
  },
  settings: {
    create: (p) => ory.createBrowserSettingsFlow({ returnTo: p.returnTo }),
    get: (id) => ory.getSettingsFlow({ id }),
    update: (flow, body) => ory.updateSettingsFlow({ flow, updateSettingsFlowBody: body as never }),
  },
};

/** Full page load: the next page reads the session (and whoami) afresh. */
export const browserLocation = {
  assign(to: string): void {
    window.location.assign(to);
  },
};

export interface UseFlow {
  flow: Flow | undefined;
  /** Replaces the flow shown (a 400 answer, a settings success). */
  setFlow: (flow: Flow) => void;
  /** A message for the whole page: why the flow restarted, or an error without a flow. */
  notice: string | undefined;
  setNotice: (notice: string | undefined) => void;
  busy: boolean;
  /** Submits the flow; resolves to the success answer, or undefined when it failed (handled). */
  submit: (body: Record<string, unknown>) => Promise<unknown>;
}

/**
 * Drives one self-service flow: creates it when the page opens without `?flow=` (and puts the id
 * in the URL), fetches it by id otherwise, submits it, and turns every Kratos error into what
 * a flow error calls for (restart, follow a redirect, show the flow's messages).
 */
export function useFlow(kind: FlowKind, create: CreateParams): UseFlow {
  const [params, setParams] = useSearchParams();
  const flowId = params.get('flow');
  const [flow, setFlowState] = useState<Flow>();
  const [notice, setNotice] = useState<string>();
  const [busy, setBusy] = useState(false);
  const shownId = useRef<string | undefined>(undefined);
  const createRef = useRef(create);
  createRef.current = create;

  const setFlow = useCallback((f: Flow) => {
    shownId.current = f.id;
    setFlowState(f);
  }, []);

  const apply = useCallback(
    (action: FlowErrorAction, stage: 'create' | 'get' | 'submit') => {
      switch (action.kind) {
        case 'flow':
          setFlow(action.flow as Flow);
          return;
        case 'redirect':
          browserLocation.assign(action.to);
          return;
        case 'message':
          setNotice(action.message);
          return;
        case 'use-flow':
          setNotice(action.message);
          setParams(
            (p) => {
              p.set('flow', action.id);
              return p;
            },
            { replace: true },
          );
          return;
        case 'restart':
          setNotice(action.message);
          if (stage === 'create' && !action.dropReturnTo) return; // creating failed already: do not loop
          shownId.current = undefined;
          setFlowState(undefined);
          setParams(
            (p) => {
              p.delete('flow');
              if (action.dropReturnTo) p.delete('return_to');
              return p;
            },
            { replace: true },
          );
      }
    },
    [setFlow, setParams],
  );

  const fail = useCallback(
    async (err: unknown, stage: 'create' | 'get' | 'submit', toProvider = false) => {
      const failure = await oryFailure(err);
      const here = `${window.location.pathname}${window.location.search}`;
      apply(flowErrorAction(kind, failure, { origin: window.location.origin, here, stage, toProvider }), stage);
    },
    [apply, kind],
  );

  const returnTo = create.returnTo;
  useEffect(() => {
    if (flowId && flowId === shownId.current) return;
    let live = true;
    const stage = flowId ? 'get' : 'create';
    const load = flowId ? CALLS[kind].get(flowId) : CALLS[kind].create({ ...createRef.current, returnTo });
    load.then(
      (f) => {
        if (!live) return;
        const next = f as Flow;
        setFlow(next);
        if (!flowId)
          setParams(
            (p) => {
              p.set('flow', next.id);
              return p;
            },
            { replace: true },
          );
      },
      (err: unknown) => {
        if (live) void fail(err, stage);
      },
    );
    return () => {
      live = false;
    };
  }, [flowId, kind, returnTo, fail, setFlow, setParams]);

  const submit = useCallback(
    async (body: Record<string, unknown>) => {
      if (!flow) return undefined;
      setBusy(true);
      setNotice(undefined);
      try {
        return await CALLS[kind].update(flow.id, body);
      } catch (err) {
        // only the answer to our own sign-in-with-provider submit may leave for another site
        await fail(err, 'submit', body.method === 'oidc');
        return undefined;
      } finally {
        setBusy(false);
      }
    },
    [flow, kind, fail],
  );

  return { flow, setFlow, notice, setNotice, busy, submit };
}
