import { FormField, inputClass } from '../../../ui/forms/FormField.js';
import type { KindFormProps } from '../resources/types.js';
import { ChannelsInput } from './ChannelsInput.js';

/** The part of a notification rule's form under its common fields: the channels it tells, and its fallback channels. */
export function NotificationRuleForm({ values, errors, readOnly, onChange }: KindFormProps) {
  return (
    <div className="flex flex-col gap-4">
      <ChannelsInput
        name="custom_services"
        label="Channels"
        value={values.custom_services}
        errors={errors}
        readOnly={readOnly}
        onChange={(v) => onChange('custom_services', v)}
      />
      <div className="grid grid-cols-1 gap-3 md:grid-cols-[16rem_1fr]">
        <FormField
          label="Fallback after"
          error={errors.fallback_delay}
          help="Tell the fallback channels if still unsent, e.g. 10m"
        >
          {({ id, describedBy, invalid }) => (
            <input
              id={id}
              className={inputClass}
              aria-describedby={describedBy}
              aria-invalid={invalid || undefined}
              placeholder="10m"
              readOnly={readOnly}
              value={typeof values.fallback_delay === 'string' ? values.fallback_delay : ''}
              onChange={(e) => onChange('fallback_delay', e.target.value || null)}
            />
          )}
        </FormField>
        <ChannelsInput
          name="fallback_custom_services"
          label="Fallback channels"
          item="Fallback channel"
          value={values.fallback_custom_services}
          errors={errors}
          readOnly={readOnly}
          onChange={(v) => onChange('fallback_custom_services', v.length ? v : null)}
        />
      </div>
      <p className="text-xs text-zinc-500">
        Properties, grouping, waiting and inhibitions are kept as they are; edit them in the YAML view.
      </p>
    </div>
  );
}
