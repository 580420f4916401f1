import { useQuery } from '@tanstack/react-query';
import { type FormEvent, useId, useState } from 'react';
import { Age } from '../../../ui/Age.js';
import { Avatar } from '../../../ui/Avatar.js';
import { Button } from '../../../ui/Button.js';
import { addComment, incidentQueries } from '../api.js';
import { useIncidentWrite } from '../useIncidentWrite.js';
import { describeHistory } from '../utils/timeline.js';
import { inputClass } from './Field.js';

function CommentBox({ incidentId }: { incidentId: string }) {
  const id = useId();
  const [text, setText] = useState('');
  const add = useIncidentWrite(() => addComment({ incident_id: incidentId, comment: text.trim() }));
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!text.trim()) return;
    add.mutate(undefined, { onSuccess: () => setText('') });
  };
  return (
    <form onSubmit={submit} className="flex flex-col gap-1.5">
      <label htmlFor={id} className="sr-only">
        Comment
      </label>
      <textarea
        id={id}
        rows={2}
        placeholder="Write a comment…"
        className={`${inputClass} h-auto py-1.5`}
        value={text}
        onChange={(e) => setText(e.target.value)}
        onKeyDown={(e) => {
          if (e.key === 'Enter' && (e.metaKey || e.ctrlKey)) submit(e);
        }}
      />
      <div className="flex justify-end">
        <Button type="submit" size="sm" variant="primary" disabled={!text.trim() || add.isPending}>
          Comment
        </Button>
      </div>
    </form>
  );
}

/** Newest first: every change the triggers recorded, with comments in full (plain text). */
export function Timeline({ incidentId, canComment }: { incidentId: string; canComment: boolean }) {
  const history = useQuery(incidentQueries.history(incidentId));
  const comments = useQuery(incidentQueries.comments(incidentId));
  const text = new Map((comments.data ?? []).map((c) => [c.id, c.comment]));
  return (
    <section aria-labelledby="timeline-h" className="flex flex-col gap-3 rounded-lg bg-white p-3 ring-1 ring-zinc-200">
      <h3 id="timeline-h" className="text-xs font-semibold tracking-wide text-zinc-500 uppercase">
        Timeline
      </h3>
      {canComment && <CommentBox incidentId={incidentId} />}
      <ol aria-label="Timeline" className="flex flex-col">
        {(history.data ?? []).map((h) => {
          const comment = h.type === 'responder.commented';
          return (
            <li key={h.id} className="flex gap-2 border-l border-zinc-200 py-1.5 pl-3 -ml-px first:pt-0">
              <Avatar user={h.created_by} size="xs" className="-ml-[22px] ring-2 ring-white" />
              <div className="min-w-0 flex-1">
                <p className="text-xs text-zinc-600">
                  <span className="font-medium text-zinc-900">{h.created_by?.name ?? 'Someone'}</span>{' '}
                  {describeHistory(h)}
                  <Age date={h.created_at} className="ml-1.5 text-zinc-400" />
                </p>
                {comment && (
                  <p className="mt-1 rounded-md bg-zinc-50 px-2 py-1.5 text-sm whitespace-pre-wrap text-zinc-800 ring-1 ring-zinc-200">
                    {(h.comment_id && text.get(h.comment_id)) || h.description}
                  </p>
                )}
              </div>
            </li>
          );
        })}
      </ol>
    </section>
  );
}
