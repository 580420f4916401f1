import type { ViewColumn, ViewResult } from '@opsdeck/schema/view';
import { colorFor, columnTitle } from './format.js';
import { ViewCell, type ViewRow } from './ViewCell.js';

type Position = NonNullable<NonNullable<ViewColumn['card']>['position']>;

/** Where a column goes on a card: `card.position` (or the older `cardPosition`); none: the body. */
const positionOf = (c: ViewColumn): Position | undefined => c.card?.position ?? c.cardPosition;

/**
 * A view's rows as cards. Columns placed by `card.position` go to the title, subtitle, deck
 * (under the title), header right or footer; the rest make the body. Without any placement the
 * first column is the title. A `useForAccent` column colours the card's top border by its value.
 */
export function ViewCards({ view, columns, rows }: { view: ViewResult; columns: ViewColumn[]; rows: ViewRow[] }) {
  const placed = columns.some((c) => positionOf(c));
  const at = (p: Position) => columns.filter((c) => positionOf(c) === p);
  const title = placed ? at('title') : columns.slice(0, 1);
  const body = placed ? columns.filter((c) => !positionOf(c) || positionOf(c) === 'body') : columns.slice(1);
  const accent = columns.find((c) => c.card?.useForAccent);
  const primary = view.columns.find((c) => c.primaryKey)?.name ?? columns[0]?.name ?? 'id';
  const cells = (list: ViewColumn[], r: ViewRow) =>
    list.map((c) => (
      <span key={c.name}>
        <ViewCell column={c} row={r} />
      </span>
    ));
  return (
    <div
      className="grid gap-3"
      style={{ gridTemplateColumns: `repeat(${view.card?.columns ?? 3}, minmax(0, 1fr))` }}
      data-testid="view-cards"
    >
      {rows.map((r, i) => (
        <article
          key={String(r[primary] ?? i)}
          className="flex flex-col gap-1 rounded-lg border border-zinc-200 bg-white p-3 text-sm shadow-sm"
          style={accent ? { borderTop: `3px solid ${colorFor(String(r[accent.name] ?? ''), 0)}` } : undefined}
        >
          <header className="flex items-start justify-between gap-2">
            <div className="flex flex-col">
              {title.length > 0 && <h3 className="font-medium">{cells(title, r)}</h3>}
              {at('subtitle').length > 0 && <p className="text-xs text-zinc-500">{cells(at('subtitle'), r)}</p>}
            </div>
            {at('headerRight').length > 0 && <div className="text-xs">{cells(at('headerRight'), r)}</div>}
          </header>
          {at('deck').length > 0 && <div className="flex flex-wrap gap-2 text-xs">{cells(at('deck'), r)}</div>}
          <dl className="grid grid-cols-[auto_1fr] gap-x-2 text-xs">
            {body.map((c) => (
              <div key={c.name} className="contents">
                <dt className="text-zinc-500">{columnTitle(c.name)}</dt>
                <dd>
                  <ViewCell column={c} row={r} />
                </dd>
              </div>
            ))}
          </dl>
          {at('footer').length > 0 && (
            <footer className="border-t border-zinc-100 pt-1 text-xs text-zinc-500">{cells(at('footer'), r)}</footer>
          )}
        </article>
      ))}
    </div>
  );
}
