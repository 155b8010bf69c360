/** The first tab stop: jumps past the header, the model band and the tools to the loop's debugger controls. */
import { useT } from '../../i18n';
import './keyboard.css';

export function SkipLink() {
  const { t } = useT('loop');
  return (
    <a className="skip-link" href="#loop-controls">
      {t('skipToControls')}
    </a>
  );
}
