import { createElement, type ReactNode } from 'react';
import { type Inline, parseMarkdown } from '../utils/markdown.js';

function inline(nodes: Inline[]): ReactNode[] {
  return nodes.map((n, i) => {
    const key = `${i}`;
    switch (n.type) {
      case 'text':
        return n.text;
      case 'br':
        return <br key={key} />;
      case 'code':
        return (
          <code key={key} className="rounded bg-zinc-100 px-1 font-mono text-[0.85em]">
            {n.text}
          </code>
        );
      case 'strong':
        return <strong key={key}>{inline(n.children)}</strong>;
      case 'em':
        return <em key={key}>{inline(n.children)}</em>;
      case 'link':
        return (
          <a key={key} href={n.href} target="_blank" rel="noreferrer noopener" className="text-indigo-600 underline">
            {inline(n.children)}
          </a>
        );
    }
    return null;
  });
}

const HEADINGS = ['text-lg', 'text-base', 'text-sm', 'text-sm', 'text-sm', 'text-sm'];

/** A notification body rendered from markdown as React elements: HTML in it shows as text. */
export function Markdown({ source }: { source: string }) {
  const blocks = parseMarkdown(source);
  return (
    <div className="flex flex-col gap-2 text-sm leading-6 text-zinc-800">
      {blocks.map((b, i) => {
        const key = `${i}`;
        switch (b.type) {
          case 'heading':
            // the modal's title is an h2: body headings start at h3
            return createElement(
              `h${Math.min(6, b.level + 2)}`,
              { key, className: `font-semibold ${HEADINGS[b.level - 1]}` },
              inline(b.children),
            );
          case 'paragraph':
            return <p key={key}>{inline(b.children)}</p>;
          case 'quote':
            return (
              <blockquote key={key} className="border-l-2 border-zinc-300 pl-3 text-zinc-600">
                {inline(b.children)}
              </blockquote>
            );
          case 'code':
            return (
              <pre key={key} className="overflow-auto rounded bg-zinc-900 p-3 font-mono text-xs text-zinc-100">
                {b.text}
              </pre>
            );
          case 'list': {
            const items = b.items.map((item, j) => {
              const itemKey = `${j}`;
              return <li key={itemKey}>{inline(item)}</li>;
            });
            return b.ordered ? (
              <ol key={key} className="list-decimal pl-5">
                {items}
              </ol>
            ) : (
              <ul key={key} className="list-disc pl-5">
                {items}
              </ul>
            );
          }
        }
        return null;
      })}
    </div>
  );
}
