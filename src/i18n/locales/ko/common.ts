import type { Catalog } from '../../catalog';

export const common: Catalog['common'] = {
  appTitle: 'Tool Loop Playground',
  language: '언어',
  languageHint: '페이지의 언어 (도구 설명과 프롬프트 언어는 시나리오마다 고릅니다)',
};
