import type { SVGProps } from 'react';

/**
 * Marks drawn for OpsDeck where a generic glyph would say too little: Kubernetes (a seven-sided
 * helm wheel) and the three clouds (a cloud with the provider's initial). Original drawings on the
 * 24×24 grid and stroke of the other icons, so they sit with them in one set. Decoration only:
 * hidden from screen readers like every type icon.
 */

type MarkProps = SVGProps<SVGSVGElement>;

const base = {
  xmlns: 'http://www.w3.org/2000/svg',
  viewBox: '0 0 24 24',
  fill: 'none',
  stroke: 'currentColor',
  strokeWidth: 2,
  strokeLinecap: 'round',
  strokeLinejoin: 'round',
} as const;

/** Kubernetes: a heptagon with a seven-spoke wheel. */
export function KubernetesMark(props: MarkProps) {
  return (
    <svg aria-hidden="true" {...base} {...props}>
      <path d="M12 1.8L20.2 5.8L22.2 14.6L16.6 21.8L7.4 21.8L1.8 14.6L3.8 5.8Z" />
      <circle cx="12" cy="12.3" r="2.6" strokeWidth={1.5} />
      <path
        strokeWidth={1.5}
        d="M12 9.7L12 5.8M14 10.7L17.1 8.2M14.5 12.9L18.3 13.7M13.1 14.6L14.8 18.2M10.9 14.6L9.2 18.2M9.5 12.9L5.7 13.7M10 10.7L6.9 8.2"
      />
    </svg>
  );
}

/** A cloud outline with a short label inside (the provider's initial). */
function CloudWith({ label, ...props }: MarkProps & { label: string }) {
  return (
    <svg aria-hidden="true" {...base} {...props}>
      <path d="M17.5 19H7a5 5 0 1 1 1.1-9.9A6 6 0 0 1 19.6 11 4 4 0 0 1 17.5 19Z" />
      <text
        x="12.5"
        y="16.4"
        textAnchor="middle"
        fontSize="7.5"
        fontWeight="700"
        fontFamily="ui-sans-serif, system-ui, sans-serif"
        fill="currentColor"
        stroke="none"
      >
        {label}
      </text>
    </svg>
  );
}

export const AwsMark = (props: MarkProps) => <CloudWith label="A" {...props} />;
export const AzureMark = (props: MarkProps) => <CloudWith label="Az" {...props} />;
export const GcpMark = (props: MarkProps) => <CloudWith label="G" {...props} />;
