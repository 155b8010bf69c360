/** The header's language picker: shows the page in English or 한국어 at once, and remembers the choice. */
import { useTranslation } from 'react-i18next';
import { isLanguage, LANGUAGE_NAMES, LANGUAGES, rememberLanguage, setLanguage, useT } from '../i18n';

export function LanguagePicker() {
  const { t } = useT('common');
  const { i18n } = useTranslation();
  return (
    <label className="header-field header-language" title={t('languageHint')}>
      {t('language')}
      <select
        aria-label={t('language')}
        value={i18n.language}
        onChange={(e) => {
          const language = e.target.value;
          if (!isLanguage(language)) return;
          rememberLanguage(language);
          // A `?lang=` in the address would override the choice on the next reload: drop it.
          const params = new URLSearchParams(location.search);
          if (params.has('lang')) {
            params.delete('lang');
            const search = params.toString();
            history.replaceState(
              history.state,
              '',
              `${location.pathname}${search ? `?${search}` : ''}${location.hash}`,
            );
          }
          void setLanguage(i18n, language);
        }}
      >
        {LANGUAGES.map((language) => (
          <option key={language} value={language} lang={language}>
            {LANGUAGE_NAMES[language]}
          </option>
        ))}
      </select>
    </label>
  );
}
