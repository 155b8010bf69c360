import type { Catalog } from '../../catalog';

export const presenter: Catalog['presenter'] = {
  toggle: '발표 화면',
  hint: '큰 글씨, 대화 기록과 인스펙터 한 화면을 나란히 (F 키)',
};
