import type { KindFormProps } from '../resources/types.js';
import { ChannelsInput } from './ChannelsInput.js';

/** The part of a notification rule's form under its common fields: the channels it tells. */
export function NotificationRuleForm({ values, errors, readOnly, onChange }: KindFormProps) {
  return (
    <div className="flex flex-col gap-2">
      <ChannelsInput
        name="custom_services"
        label="Channels"
        value={values.custom_services}
        errors={errors}
        readOnly={readOnly}
        onChange={(v) => onChange('custom_services', v)}
      />
      <p className="text-xs text-zinc-500">
        Fallback recipients, grouping, waiting, inhibitions and per-channel properties are kept as they are; edit them
        in the YAML view.
      </p>
    </div>
  );
}
