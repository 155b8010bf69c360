/** Strings shared by the whole page: the header, the language picker. */
export const common = {
  appTitle: 'Tool Loop Playground',
  language: 'Language',
  languageHint: 'The language of the page (tool descriptions and prompts are chosen per scenario)',
};
