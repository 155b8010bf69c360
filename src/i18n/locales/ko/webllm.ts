import type { Catalog } from '../../catalog';

export const webllm: Catalog['webllm'] = {
  onlyRunnable: '여기서 실행되는 모델만 보기',
  hidden_one: '모델 {{count}}개 숨김: 이 GPU에서 실행할 수 없습니다(shader-f16 없음 또는 메모리 부족).',
  hidden_other: '모델 {{count}}개 숨김: 이 GPU에서 실행할 수 없습니다(shader-f16 없음 또는 메모리 부족).',
};
