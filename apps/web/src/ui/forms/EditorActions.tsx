import { Save, Trash2 } from 'lucide-react';
import { Button } from '../Button.js';

/** What an editor's Delete, Cancel and Save buttons may do; a button shows only when allowed. */
export interface EditorActionsProps {
  canSave: boolean;
  canDelete: boolean;
  saving: boolean;
  onDelete: () => void;
  onCancel: () => void;
  /** Without it, Save submits the surrounding form. */
  onSave?: () => void;
}

/** Delete, Cancel and Save of a resource editor, in that order; Save reads 'Saving…' while it runs. */
export function EditorActions({ canSave, canDelete, saving, onDelete, onCancel, onSave }: EditorActionsProps) {
  return (
    <>
      {canDelete && (
        <Button variant="danger" icon={<Trash2 className="h-4 w-4" />} onClick={onDelete}>
          Delete
        </Button>
      )}
      {canSave && <Button onClick={onCancel}>Cancel</Button>}
      {canSave && (
        <Button
          variant="primary"
          type={onSave ? 'button' : 'submit'}
          icon={<Save className="h-4 w-4" />}
          onClick={onSave}
          disabled={saving}
        >
          {saving ? 'Saving…' : 'Save'}
        </Button>
      )}
    </>
  );
}

/** The editor's buttons as a footer under the form, absent when the person may neither save nor delete. */
export function EditorFooter(props: EditorActionsProps) {
  if (!props.canSave && !props.canDelete) return null;
  return (
    <div className="flex justify-end gap-2 border-t border-zinc-200 pt-3">
      <EditorActions {...props} />
    </div>
  );
}
