/**
 * A `<details>` whose content is made the first time it opens, then kept: a closed disclosure costs its summary
 * alone. The first load draws dozens of closed ones (a JSON Schema per tool, the 28-tool workspace's cards), and
 * making their content up front was a large part of the time before Send could be used.
 */
import type { ReactNode } from 'react';
import { useState } from 'react';

export interface DisclosureProps {
  readonly summary: ReactNode;
  readonly children: ReactNode;
  readonly className?: string;
  /** Opens it from outside (e.g. a group with an exposed tool); the person can still close and open it. */
  readonly open?: boolean;
  readonly testId?: string;
}

export function Disclosure({ summary, children, className, open = false, testId }: DisclosureProps) {
  const [seen, setSeen] = useState(open);
  return (
    <details
      className={className}
      open={open}
      data-testid={testId}
      onToggle={(e) => {
        if (e.currentTarget.open) setSeen(true);
      }}
    >
      <summary>{summary}</summary>
      {(seen || open) && children}
    </details>
  );
}
