import type { Catalog } from '../../catalog';

export const phase: Catalog['phase'] = {
  label: '루프 단계',
  step: {
    prompt: 'prompt (프롬프트)',
    model: 'model (모델)',
    approve: 'approve (승인)',
    execute: 'execute (실행)',
    done: 'done (끝)',
  },
  hint: {
    prompt: '대화 기록 준비 완료. 한 단계를 누르면 모델을 호출합니다',
    model: '모델이 답하는 중',
    approve: '일시 정지: 도구 호출마다 결정하세요',
    execute: '한 단계를 누르면 호출을 차례로 실행하고 결과를 덧붙입니다',
    done: '루프가 끝났습니다',
  },
  idle: '아직 실행이 없습니다. 메시지를 쓰고 보내기를 누르세요 (또는 한 단계 / 끝까지 실행).',
  caption: '단계: {{phase}} — {{hint}}. 모델 호출: {{round}} / 최대 {{max}}.',
  running: '끝까지 실행 중…',
  ended: '종료: {{reason}}.',
  loopEnded: '루프 종료: {{reason}}.',
  finish: {
    'final-answer': '최종 답변 (도구 호출 없음)',
    'return-direct': 'returnDirect: 도구 결과가 곧 답변',
    'max-rounds': '최대 라운드 가드 (max-rounds)',
    aborted: '중단됨 (aborted)',
    stopped: '사용자가 멈춤',
    refused: '모델이 거절함',
    truncated: '토큰 한도로 잘림 (응답의 어떤 부분도 실행되지 않음)',
    'tool-error': '도구 오류 (예외 모드: 루프 중단)',
    'runtime-error': '런타임 오류',
    'loop-guard': '루프 가드 (하드 캡)',
    'validation-failed': '구조화된 출력 검증 실패',
  },
};
