// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { createI18n, I18nRoot } from '../../i18n';
import { NoPropertiesWarning } from './no-properties-warning';

afterEach(cleanup);

describe('NoPropertiesWarning', () => {
  it('warns for a schema without properties, naming what each runtime does, in the page’s language', async () => {
    const en = await createI18n('en');
    const { rerender } = render(
      <I18nRoot i18n={en}>
        <NoPropertiesWarning schema={{ type: 'object' }} />
      </I18nRoot>,
    );
    const note = screen.getByTestId('no-properties-warning');
    expect(note.textContent).toContain('This schema has no “properties”.');
    expect(note.querySelectorAll('li')).toHaveLength(4);
    rerender(
      <I18nRoot i18n={await createI18n('ko')}>
        <NoPropertiesWarning schema={{ type: 'object' }} />
      </I18nRoot>,
    );
    expect(screen.getByTestId('no-properties-warning').textContent).toContain('properties”가 없습니다');
  });

  it('says nothing for a schema with properties, even empty ones', async () => {
    const en = await createI18n('en');
    render(
      <I18nRoot i18n={en}>
        <NoPropertiesWarning schema={{ type: 'object', properties: {} }} />
      </I18nRoot>,
    );
    expect(screen.queryByTestId('no-properties-warning')).toBeNull();
  });
});
