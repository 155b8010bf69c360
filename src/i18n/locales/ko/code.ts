import type { Catalog } from '../../catalog';

export const code: Catalog['code'] = {
  tab: '코드',
  title: '코드 보기',
  intro: '지금의 도구, 설정, 루프 제어를 그대로 옮긴 프로그램입니다. 도구 구현은 직접 채워 넣으세요.',
  target: '프로그램',
  targets: {
    'openai-ts': 'TypeScript · OpenAI SDK',
    'anthropic-ts': 'TypeScript · Anthropic SDK',
    'spring-ai-java': 'Java · Spring AI',
    'webllm-ts': 'TypeScript · web-llm',
  },
  copy: '복사',
  copied: '복사됨',
  copyFailed: '복사하지 못했습니다: {{reason}}',
  download: '{{filename}} 내려받기',
  toolsProblem: '프로그램을 만들 수 없습니다: {{reason}}',
  yourWorkspace: '내 작업 공간',
  source: '생성된 프로그램',
};
