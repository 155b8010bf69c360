/**
 * A windowed list of fixed-height rows: only the rows in view (plus a few either side) are in the DOM, so a group
 * of 10,000 tools costs what a group of 30 does. The list keeps its full height, so the scroll bar and the
 * keyboard scroll as usual; each row says its position (`aria-posinset` of `aria-setsize`) to screen readers.
 */
import type { ReactNode } from 'react';
import { useState } from 'react';

interface VirtualRowsProps<T> {
  readonly items: readonly T[];
  /** Each row's height in pixels (rows must not grow: long text is cut with an ellipsis). */
  readonly rowHeight: number;
  /** How many rows the box shows at once. */
  readonly visibleRows: number;
  readonly label: string;
  readonly keyOf: (item: T, index: number) => string;
  readonly renderRow: (item: T, index: number) => ReactNode;
  readonly testId?: string;
}

/** Rows rendered beyond each edge of the box, so a fast scroll does not show blank space. */
const OVERSCAN = 6;

export function VirtualRows<T>({
  items,
  rowHeight,
  visibleRows,
  label,
  keyOf,
  renderRow,
  testId,
}: VirtualRowsProps<T>) {
  const [scrollTop, setScrollTop] = useState(0);
  const height = Math.min(items.length, visibleRows) * rowHeight;
  const first = Math.max(0, Math.floor(scrollTop / rowHeight) - OVERSCAN);
  const last = Math.min(items.length, Math.ceil((scrollTop + height) / rowHeight) + OVERSCAN);
  const rows: ReactNode[] = [];
  for (let i = first; i < last; i++) {
    const item = items[i]!;
    rows.push(
      <li
        key={keyOf(item, i)}
        className="virtual-row"
        style={{ top: i * rowHeight, height: rowHeight }}
        aria-setsize={items.length}
        aria-posinset={i + 1}
      >
        {renderRow(item, i)}
      </li>,
    );
  }
  return (
    <div
      className="virtual-rows"
      style={{ height }}
      onScroll={(e) => setScrollTop(e.currentTarget.scrollTop)}
      data-testid={testId}
      data-rendered={last - first}
    >
      <ul className="virtual-rows-inner" style={{ height: items.length * rowHeight }} aria-label={label}>
        {rows}
      </ul>
    </div>
  );
}
