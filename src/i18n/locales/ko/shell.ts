import type { Catalog } from '../../catalog';

export const shell: Catalog['shell'] = {
  loading: '플레이그라운드를 불러오는 중입니다…',
  failed: '플레이그라운드를 불러오지 못했습니다 ({{error}}). 페이지를 새로 고쳐 다시 시도하세요.',
};
