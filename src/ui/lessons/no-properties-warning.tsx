/**
 * The tool studio's warning for a schema without `properties` (#16 item 6): the fix, and what each runtime does
 * with such a tool.
 */
import './lessons.css';
import type { JsonSchema } from '../../engine';
import { lacksProperties } from '../../engine';
import { useT } from '../../i18n/react';

export function NoPropertiesWarning({ schema }: { schema: JsonSchema }) {
  const { t } = useT('lessons');
  if (!lacksProperties(schema)) return null;
  return (
    <div className="notice no-properties-warning small" role="note" data-testid="no-properties-warning">
      <strong>{t('noProperties.title')}</strong> {t('noProperties.body')}
      <ul>
        <li>{t('noProperties.openai')}</li>
        <li>{t('noProperties.anthropic')}</li>
        <li>{t('noProperties.inBrowser')}</li>
        <li>{t('noProperties.spring')}</li>
      </ul>
    </div>
  );
}
