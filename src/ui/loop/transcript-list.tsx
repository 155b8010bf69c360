/**
 * The transcript's list at classroom scale. A short run renders every entry (the browser's find-in-page works);
 * from `VIRTUAL_FROM` entries on, only the entries near the screen are in the page (`@tanstack/react-virtual`,
 * scrolled with the window), a search box stands in for find-in-page, and ↑ ↓ Home End move the focus from entry
 * to entry, scrolling an entry that is not rendered into the page first. Each entry is memoized on what it shows
 * (`sameEntry`), so a new event re-renders only the entries it changed; the streaming text is its own component,
 * so a token re-renders only that.
 */
import { useWindowVirtualizer } from '@tanstack/react-virtual';
import type { KeyboardEvent, ReactNode } from 'react';
import { memo, useCallback, useLayoutEffect, useMemo, useRef, useState } from 'react';
import type { TranscriptEntry } from '../../engine';
import { useT } from '../../i18n';
import { StreamingLabel } from './streaming-label';
import { selectBusy, selectPhase, selectStreaming } from '../../store/selectors';
import { usePlayground } from '../playground-context';
import { findMatches, sameEntry } from './transcript-search';

/** From this many entries on the list is virtualized (a 40-round run is about 120 entries). */
export const VIRTUAL_FROM = 60;
/** A first guess of an entry's height in pixels; each entry is measured once rendered. */
const ESTIMATED_HEIGHT = 140;

type Render = (entry: TranscriptEntry) => ReactNode;

/** One entry, re-rendered only when what it shows changed. */
const MemoEntry = memo(
  function MemoEntry({ entry, render }: { entry: TranscriptEntry; render: Render }) {
    return <>{render(entry)}</>;
  },
  (before, after) => before.render === after.render && sameEntry(before.entry, after.entry),
);

export function TranscriptList({ entries, render }: { entries: readonly TranscriptEntry[]; render: Render }) {
  if (entries.length < VIRTUAL_FROM) {
    return entries.map((entry) => <MemoEntry key={entry.index} entry={entry} render={render} />);
  }
  return <VirtualList entries={entries} render={render} />;
}

function VirtualList({ entries, render }: { entries: readonly TranscriptEntry[]; render: Render }) {
  const { t } = useT('transcript');
  const listRef = useRef<HTMLDivElement>(null);
  const [offset, setOffset] = useState(0);
  // Where the list starts in the page: the virtualizer counts from the top of the document.
  useLayoutEffect(() => {
    const list = listRef.current;
    if (!list) return;
    const measure = () => setOffset(list.getBoundingClientRect().top + window.scrollY);
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(document.body);
    return () => observer.disconnect();
  }, []);
  const virtualizer = useWindowVirtualizer({
    count: entries.length,
    estimateSize: () => ESTIMATED_HEIGHT,
    overscan: 6,
    scrollMargin: offset,
    getItemKey: (i) => entries[i]?.index ?? i,
  });

  /** Scrolls entry `position` into the page, then moves the focus to it. */
  const focusEntry = useCallback(
    (position: number) => {
      virtualizer.scrollToIndex(position, { align: 'center' });
      const focus = (tries: number) => {
        const item = listRef.current?.querySelector<HTMLElement>(`[data-position="${position}"]`);
        if (item) item.focus({ preventScroll: true });
        else if (tries > 0) requestAnimationFrame(() => focus(tries - 1));
      };
      requestAnimationFrame(() => focus(10));
    },
    [virtualizer],
  );

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const from = (event.target as HTMLElement).closest<HTMLElement>('[data-position]');
    // Only from an entry itself: arrows inside a field or a call card's controls keep their own meaning.
    if (!from || from !== event.target) return;
    const at = Number(from.dataset.position);
    const to =
      event.key === 'ArrowDown'
        ? at + 1
        : event.key === 'ArrowUp'
          ? at - 1
          : event.key === 'Home'
            ? 0
            : event.key === 'End'
              ? entries.length - 1
              : null;
    if (to === null || to < 0 || to >= entries.length) return;
    event.preventDefault();
    focusEntry(to);
  };

  const items = virtualizer.getVirtualItems();
  return (
    <>
      <TranscriptSearch entries={entries} onFound={focusEntry} />
      <p className="muted small">{t('longRunHint')}</p>
      <div
        ref={listRef}
        className="transcript-virtual"
        style={{ height: virtualizer.getTotalSize(), position: 'relative' }}
        onKeyDown={onKeyDown}
        data-testid="transcript-virtual"
      >
        {items.map((item) => {
          const entry = entries[item.index]!;
          return (
            <div
              key={item.key}
              ref={virtualizer.measureElement}
              data-index={item.index}
              data-position={item.index}
              tabIndex={-1}
              role="group"
              aria-label={t('entryLabel', { position: item.index + 1, count: entries.length })}
              className="transcript-item"
              style={{ transform: `translateY(${item.start - virtualizer.options.scrollMargin}px)` }}
            >
              <MemoEntry entry={entry} render={render} />
            </div>
          );
        })}
      </div>
    </>
  );
}

/** Search over every entry, rendered or not: Enter (or ↓) goes to the next match, Shift+Enter (or ↑) back. */
function TranscriptSearch({
  entries,
  onFound,
}: {
  entries: readonly TranscriptEntry[];
  onFound: (position: number) => void;
}) {
  const { t } = useT('transcript');
  const [query, setQuery] = useState('');
  const [current, setCurrent] = useState(0);
  const matches = useMemo(() => findMatches(entries, query), [entries, query]);
  const go = (step: number) => {
    if (matches.length === 0) return;
    const next = (current + step + matches.length) % matches.length;
    setCurrent(next);
    onFound(matches[next]!);
  };
  return (
    <div className="transcript-search" role="search">
      <input
        type="search"
        aria-label={t('searchLabel')}
        placeholder={t('searchPlaceholder')}
        value={query}
        onChange={(e) => {
          setQuery(e.target.value);
          setCurrent(-1);
        }}
        onKeyDown={(e) => {
          if (e.key !== 'Enter') return;
          e.preventDefault();
          go(e.shiftKey ? -1 : 1);
        }}
      />
      <span className="muted small" aria-live="polite">
        {query.trim() === ''
          ? ''
          : matches.length === 0
            ? t('noMatch')
            : t('matches', { current: Math.max(current, 0) + 1, count: matches.length })}
      </span>
      <button type="button" onClick={() => go(-1)} disabled={matches.length === 0} aria-label={t('previousMatch')}>
        ↑
      </button>
      <button type="button" onClick={() => go(1)} disabled={matches.length === 0} aria-label={t('nextMatch')}>
        ↓
      </button>
    </div>
  );
}

/** The model's reply as it streams: the only part of the transcript a token re-renders. */
export function StreamingEntry() {
  const { t } = useT('transcript');
  const streaming = usePlayground(selectStreaming);
  const busy = usePlayground(selectBusy);
  const phase = usePlayground(selectPhase);
  if (!busy || phase !== 'model') return null;
  return (
    <article className="message message-assistant message-streaming" aria-label={t('streamingLabel')}>
      <header className="message-head">
        <span className="role">{t('assistant')}</span> <StreamingLabel />
      </header>
      <pre className="raw" data-testid="streaming-text">
        {streaming || '…'}
      </pre>
    </article>
  );
}
