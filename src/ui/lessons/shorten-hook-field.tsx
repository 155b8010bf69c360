/**
 * The tool-calling advisor's `doGetNextInstructionsForToolCall` example on its Advisors card (#16 item 3): a switch
 * that shortens tool results over a limit before the next round goes to the model. The hook's record ("What Tool
 * calling saw") names each shortened result and the tokens saved.
 */
import './lessons.css';
import type { AdvisorSpec } from '../../engine';
import { DEFAULT_SHORTEN_LIMIT } from '../../engine';
import { useT } from '../../i18n/react';

export function ShortenHookField({
  spec,
  onChange,
}: {
  spec: AdvisorSpec;
  onChange: (limit: number | undefined) => void;
}) {
  const { t } = useT('lessons');
  const on = spec.shortenToolResults !== undefined;
  return (
    <div className="shorten-hook small">
      <label className="checkbox" title={t('shortenHint')}>
        <input
          type="checkbox"
          checked={on}
          onChange={(e) => onChange(e.target.checked ? DEFAULT_SHORTEN_LIMIT : undefined)}
        />
        {t('shorten')}
      </label>
      {on && (
        <label className="inline-field">
          {t('shortenLimit')}
          <input
            type="number"
            min={50}
            max={100000}
            step={50}
            value={spec.shortenToolResults}
            onChange={(e) => {
              const value = Math.trunc(Number(e.target.value));
              if (Number.isFinite(value) && value >= 50) onChange(value);
            }}
          />
        </label>
      )}
    </div>
  );
}
