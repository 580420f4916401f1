import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useNavigate, useSearchParams } from 'react-router';
import { errorMessage } from '../../../api/errors.js';
import { useToasts } from '../../../ui/Toasts.js';
import { createSilence, notificationQueries, type SilenceInput } from '../api.js';
import { NotificationsNav } from '../components/NotificationsNav.js';
import { SilenceForm, type SilenceFormInitial, type SilenceKind } from '../components/SilenceForm.js';

const KINDS: SilenceKind[] = ['check', 'canary', 'config', 'component'];

/** What `?check_id=` (or canary_id, config_id, component_id) asks to silence. */
function initialFrom(params: URLSearchParams): SilenceFormInitial {
  for (const kind of KINDS) {
    const id = params.get(`${kind}_id`);
    if (id) return { kind, resourceId: id };
  }
  return {};
}

/** /notifications/silences/add (write permission): create a silence, then back to the list. */
export function AddSilencePage() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const client = useQueryClient();
  const toasts = useToasts();
  const save = useMutation({
    mutationFn: (input: SilenceInput) => createSilence(input),
    onSuccess: async () => {
      toasts.success('Silence created successfully');
      await client.invalidateQueries({ queryKey: notificationQueries.all });
      navigate('/notifications/silences');
    },
    // the message shows beside the form instead of as a toast
    onError: () => {},
  });
  return (
    <div className="flex h-full flex-col gap-4 overflow-auto p-4">
      <NotificationsNav />
      {save.error && (
        <p role="alert" className="max-w-2xl rounded-md bg-red-50 p-3 text-sm text-red-700 ring-1 ring-red-200">
          {errorMessage(save.error)}
        </p>
      )}
      <SilenceForm
        initial={initialFrom(params)}
        busy={save.isPending}
        onSubmit={(input) => save.mutate(input)}
        onCancel={() => navigate('/notifications/silences')}
      />
    </div>
  );
}
