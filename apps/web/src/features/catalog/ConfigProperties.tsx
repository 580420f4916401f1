import { cx } from '../../ui/cx.js';
import { type ConfigProperty, propertyDisplay, safeUrl, usedShare, visibleProperties } from './properties.js';

/** The item's properties under its header: name, then text, link, badge or value in its unit, and links. */
export function ConfigProperties({ properties }: { properties: unknown }) {
  const list = visibleProperties(properties);
  if (!list.length) return null;
  return (
    <section aria-label="Properties">
      <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm sm:grid-cols-[auto_1fr_auto_1fr]">
        {list.map((p) => (
          <div key={p.name} className="contents">
            <dt className="text-xs leading-5 text-zinc-500" title={p.tooltip}>
              {p.label ?? p.name}
            </dt>
            <dd className="flex min-w-0 flex-wrap items-center gap-2 text-zinc-900" data-property={p.name}>
              <Value property={p} />
              {(p.links ?? []).map((l) => {
                const url = safeUrl(l?.url);
                const label = l?.label ?? l?.text ?? l?.url ?? '';
                return url ? (
                  <a
                    key={`${label} ${url}`}
                    href={url}
                    target="_blank"
                    rel="noreferrer noopener"
                    title={l.tooltip}
                    className="text-indigo-700 hover:underline"
                  >
                    {label}
                  </a>
                ) : (
                  <span key={label}>{label}</span>
                );
              })}
            </dd>
          </div>
        ))}
      </dl>
    </section>
  );
}

function Value({ property: p }: { property: ConfigProperty }) {
  const text = propertyDisplay(p);
  if (!text) return null;
  const url = p.type === 'url' ? safeUrl(text) : undefined;
  if (url) {
    return (
      <a href={url} target="_blank" rel="noreferrer noopener" className="truncate text-indigo-700 hover:underline">
        {text}
      </a>
    );
  }
  if (p.type === 'badge') {
    return (
      <span className="rounded bg-zinc-100 px-1.5 py-0.5 text-xs text-zinc-700" style={colored(p)}>
        {text}
      </span>
    );
  }
  const used = usedShare(p);
  return (
    <span className={cx('truncate', used !== undefined && used > 70 && 'text-red-700')} style={colored(p)}>
      {text}
      {used !== undefined && <span className="ml-1 text-xs text-zinc-500">({used}%)</span>}
    </span>
  );
}

/** A property's own color, when it names a CSS color (never anything else into the style). */
const colored = (p: ConfigProperty) =>
  typeof p.color === 'string' && /^(#[0-9a-f]{3,8}|[a-z]{3,20})$/i.test(p.color) ? { color: p.color } : undefined;
