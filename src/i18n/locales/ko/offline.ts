import type { Catalog } from '../../catalog';

export const offline: Catalog['offline'] = {
  runtimesReady: '오프라인 사용 가능: {{list}}',
  runtimesNotYet: '아직 안 됨: {{list}} (온라인에서 한 번 쓰면 캐시됨)',
  alwaysReady: '스크립트 재생, 내가 모델 되기',
  webllm: 'WebLLM',
  wllama: 'CPU (wllama)',
  panelLoading: '패널을 불러오는 중…',
};
