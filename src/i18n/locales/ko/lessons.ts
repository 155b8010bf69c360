import type { Catalog } from '../../catalog';

export const lessons: Catalog['lessons'] = {
  switches: '학습용 스위치',
  parallel: '병렬 도구 호출',
  parallelHint:
    '끄면 모델은 응답마다 호출을 하나만 합니다 (OpenAI parallel_tool_calls: false, Anthropic ' +
    'disable_parallel_tool_use; 브라우저 런타임은 호출 하나 뒤에서 문법을 멈춥니다).',
  allowWrite: '쓰기 허용',
  allowWriteHint:
    '작업 공간 서비스의 정책은 이 스위치가 켜져 있을 때만 write_file을 실행합니다 (호출이 실행될 때 읽음).',
  augment: '인자 보강',
  augmentHint: '모든 도구 스키마에 innerThought(필수)와 confidence를 더합니다. 도구가 실행되기 전에 제거됩니다.',
  augmented: '보강된 인자 (도구 실행 전에 제거됨)',
  innerThought: 'innerThought',
  confidence: 'confidence',
  toolReceived: '도구가 받은 인자',
  serviceEvents: '실행 서비스',
  event: {
    started: '호출 시작',
    finished: '호출 완료',
    denied: '호출 거부',
    failed: '호출 실패',
  },
  shorten: 'doGetNextInstructionsForToolCall: 긴 도구 결과 줄이기',
  shortenHint: '다음 라운드 전에 한도를 넘는 도구 결과를 자릅니다. 훅 기록에 잘린 결과와 절약한 토큰 수가 나옵니다.',
  shortenLimit: '한도 (문자 수)',
  noProperties: {
    title: '이 스키마에는 “properties”가 없습니다.',
    body: '매개변수가 없는 도구도 그렇다고 밝히는 편이 좋습니다: {"type": "object", "properties": {}}. 런타임별 처리:',
    openai: 'OpenAI 호환 엔드포인트: 그대로 보냅니다. strict 모드는 properties 없는 스키마를 거부합니다.',
    anthropic: 'Anthropic: input_schema는 object 스키마여야 하며, 빈 properties 객체는 받아들입니다.',
    inBrowser: 'WebLLM과 CPU 런타임: 프롬프트에 인자 없는 도구로 나오고, 모델은 {}로 호출합니다.',
    spring: 'Spring AI: 매개변수 없는 메서드에는 {"type":"object","properties":{}}를 생성합니다.',
  },
};
