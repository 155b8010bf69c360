import type { Catalog } from '../../catalog';

export const toolLanguage: Catalog['toolLanguage'] = {
  legend: '도구 설명 언어',
  option: { en: 'English', ko: '한국어' },
  hint: '이름과 스키마는 그대로이고, 다음 요청부터 여기서 고른 설명이 전송됩니다 (요청 탭에서 확인). 작은 모델은 영어 설명을 더 잘 따르는 경우가 많으니 비교해 보세요.',
};
