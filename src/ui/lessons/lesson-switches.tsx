/**
 * The loop switches the lessons add (#16): parallel tool calls, the workspace policy's *allow write*, parameter
 * augmentation. Each is a loop setting, so it is logged with the run and read when the next request is built
 * (parallel, augmentation) or when a call runs (allow write: flipping it at a pause or between turns changes what
 * the same call does).
 */
import './lessons.css';
import { useT } from '../../i18n/react';
import { selectSettings } from '../../store/selectors';
import { usePlayground, usePlaygroundApi } from '../playground-context';

export function LessonSwitches() {
  const { t } = useT('lessons');
  const settings = usePlayground(selectSettings);
  const { actions } = usePlaygroundApi();
  return (
    <fieldset className="loop-settings lesson-switches" data-testid="lesson-switches">
      <legend className="visually-hidden">{t('switches')}</legend>
      <label className="checkbox" title={t('parallelHint')}>
        <input
          type="checkbox"
          checked={settings.parallelToolCalls}
          onChange={(e) => actions.setSettings({ parallelToolCalls: e.target.checked })}
        />
        {t('parallel')}
      </label>
      <label className="checkbox" title={t('allowWriteHint')}>
        <input
          type="checkbox"
          checked={settings.allowWrite ?? false}
          onChange={(e) => actions.setSettings({ allowWrite: e.target.checked })}
        />
        {t('allowWrite')}
      </label>
      <label className="checkbox" title={t('augmentHint')}>
        <input
          type="checkbox"
          checked={settings.augmentArguments ?? false}
          onChange={(e) => actions.setSettings({ augmentArguments: e.target.checked })}
        />
        {t('augment')}
      </label>
    </fieldset>
  );
}
