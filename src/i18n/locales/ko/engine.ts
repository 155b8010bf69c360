import type { Catalog } from '../../catalog';

export const engine: Catalog['engine'] = {
  finish: {
    'final-answer': '최종 답변(도구 호출 없음)',
    'return-direct': 'returnDirect: 도구 결과가 곧 답변',
    'max-rounds': '최대 라운드(max-rounds) 제한',
    aborted: '중단됨(aborted)',
    stopped: '사용자가 멈춤',
    refused: '모델이 거절함',
    truncated: '토큰 한도에서 잘림(응답의 어느 것도 실행하지 않음)',
    'tool-error': '도구 오류(예외 모드: 루프를 멈춤)',
    'runtime-error': '런타임 오류',
    'loop-guard': '루프 가드(하드 캡)',
  },
  loopEnded: '루프 종료: {{reason}}.',
  action: {
    none: '—',
    separator: '; ',
    paused: '호출 {{count}}개의 승인을 기다리며 일시 정지',
    decided: {
      approve: '{{callId}} 승인',
      edit: '{{callId}}의 인수 편집',
      deny: '{{callId}} 거부',
      write: '{{callId}}의 결과를 직접 작성',
    },
    outcome: {
      stop: '{{name}} 실패: 루프를 멈춤',
      executed: '{{name}} 실행',
      'tool-error': '{{name}} 실행: 오류를 모델에 보냄',
      'invalid-json': '{{name}}: 인수가 JSON이 아님, 오류를 보냄',
      'invalid-arguments': '{{name}}: 인수가 유효하지 않음, 오류를 보냄',
      'unknown-tool': '알 수 없는 도구 {{name}}: 오류를 보냄',
      'unparsed-call': '파싱할 수 없는 호출: 오류를 보냄',
      denied: '{{name}}: 거부를 보냄',
      'written-by-hand': '{{name}}: 직접 작성한 결과를 보냄',
    },
    appended: '도구 결과 {{count}}개를 덧붙임',
    ended: '종료: {{reason}}',
    interrupted: {
      'model-call': '새로 고침으로 중단됨',
      'tool-batch': '새로 고침으로 도구 묶음이 중단됨',
    },
    reopened: '새 사용자 메시지 전에 답이 없는 호출 {{count}}개를 다시 엶',
    injected: '주입: {{callId}}({{name}})에 {{fault}}',
    guard: {
      warn: '루프 가드({{guard}}) {{value}}에서: 모델에 지금 답하라고 요청함',
      stop: '루프 가드({{guard}}) {{value}}에서: 루프를 멈춤',
    },
    resultIdOwn: '{{callId}}의 결과를 다시 자신의 id로 보냄',
    resultIdNone: '{{callId}}의 결과를 tool_call_id 없이 보낼 예정',
    resultIdOther: '{{callId}}의 결과를 tool_call_id {{sentId}}(으)로 보낼 예정',
    policyDenied: '정책이 {{name}}({{callId}})을(를) 거부함',
  },
  interrupted: {
    modelCall:
      '마지막 모델 호출({{round}}번째 턴)이 새로 고침으로 중단되었습니다. 한 단계를 누르면 모델을 다시 호출합니다.',
    toolBatch:
      '새로 고침이 {{round}}번째 턴의 도구 호출을 중단했습니다. {{unfinished}}개가 끝나지 않았습니다. 각각 다시 실행하거나, 오류 결과로 건너뛰거나, 결과를 직접 작성하세요.',
    toolBatchKept:
      '새로 고침이 {{round}}번째 턴의 도구 호출을 중단했습니다. 호출 {{finished}}개는 끝나서 그대로 두었고, {{unfinished}}개가 끝나지 않았습니다. 각각 다시 실행하거나, 오류 결과로 건너뛰거나, 결과를 직접 작성하세요.',
  },
  workspace: {
    changed: '작업 공간이 바뀜: {{parts}}.',
    separator: '; ',
    exposed: '{{names}} 노출',
    removed: '더 이상 노출하지 않음: {{names}}',
    updated: '도구 정의가 갱신됨',
    runtime: '런타임: {{label}}',
  },
  anomaly: {
    'tool-call-cut-by-length': '토큰 한도가 도구 호출을 JSON 중간에서 잘랐습니다. 이 호출은 실행하지 않습니다.',
    'tool-calls-without-calls': '런타임은 tool_calls를 보고했지만 응답에 도구 호출이 없습니다.',
    'text-with-tool-calls': '메시지에 텍스트와 도구 호출이 함께 있습니다.',
    'unterminated-tool-call': '도구 호출이 열렸지만 끝나지 않았습니다(닫는 태그가 없거나 JSON이 끝나지 않음).',
    'malformed-tool-call': {
      'error-result':
        '호출 시도 {{count}}개를 읽을 수 없습니다. 쓴 그대로 텍스트에 남고, 모델은 다시 시도할 수 있도록 오류 결과를 받습니다.',
      text: '호출 시도 {{count}}개를 읽을 수 없습니다. 쓴 그대로 텍스트에 남고, 이에 대해서는 아무것도 보내지 않습니다(설정: 잘못된 호출을 텍스트로 처리).',
    },
    'calls-cut-by-length': '응답이 토큰 한도에서 잘렸습니다. 완전한 호출 {{count}}개도 실행하지 않았습니다.',
    'tool-calls-ignored': '응답이 {{raw}}(으)로 끝났습니다. 그 도구 호출은 실행하지 않습니다.',
    'parse-issues': '파서 메모: {{issues}}.',
    issueForgiven: '{{kind}}(봐줌: 호출로 읽음)',
    issueFlagged: '{{kind}}(표시함)',
  },
};
