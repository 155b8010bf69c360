import type { Catalog } from '../../catalog';

export const metrics: Catalog['metrics'] = {
  empty: '첫 모델 호출이 끝나면 지표가 나타납니다.',
  counting: '프롬프트 부분별 토큰을 세기 위해 Qwen3 토크나이저를 불러오는 중…',
  counterFailed:
    '토크나이저를 불러오지 못해({{error}}) 프롬프트 부분별 토큰을 세지 못했습니다. 새로고침해 다시 시도하세요.',
  totals: {
    modelCalls: '모델 호출',
    promptTokens: '프롬프트 토큰',
    completionTokens: '완성(completion) 토큰',
    toolTime: '도구 실행 시간',
  },
  parts: {
    system: '시스템 프롬프트',
    tools: '도구 정의',
    history: '이전 대화',
    new: '새 메시지',
    completion: '완성(completion)',
  },
  bars: {
    title: '라운드별 토큰',
    what: '라운드별 토큰 차트',
    axis: '토큰',
    rounds: '모델 호출(라운드)',
    description_one: '{{count}}개 라운드의 토큰 누적 막대그래프. 프롬프트 + 응답: {{totals}}.',
    description_other: '{{count}}개 라운드의 토큰 누적 막대그래프. 프롬프트 + 응답: {{totals}}.',
    segmentTitle: '라운드 {{round}} · {{part}}: {{tokens}} 토큰',
    everyTool: '모든 도구를 보냈다면 (검색 끔)',
    everyToolTitle: '라운드 {{round}}에서 모든 도구를 보냈다면: {{tokens}} 토큰 (보낸 것보다 {{saved}} 많음)',
    runtimeCounts: '런타임 자체 토크나이저로 센 값입니다. 막대 하나는 모델이 본 프롬프트(턴 단위로 나눔)와 응답입니다.',
    estimatedCounts:
      '내장 Qwen3 토크나이저로 추정한 값입니다(이 런타임은 자체 토큰 수를 알려 주지 않습니다). 막대 하나는 모델이 본 프롬프트(턴 단위로 나눔)와 응답입니다.',
    partsEstimated:
      '런타임은 프롬프트 전체만 세고 부분별로는 세지 않았습니다: 막대의 부분들은 내장 Qwen3 토크나이저로 추정한 값이라, 막대의 프롬프트가 표의 런타임 수와 다를 수 있습니다.',
    someRendered: '프롬프트를 알려 주지 않은 런타임의 호출은 앱이 요청을 ChatML로 렌더링한 결과로 셉니다.',
    saving:
      '이번 실행에서 도구 검색은 도구 정의로 {{sent}} 토큰을 보냈습니다. 매 라운드 모든 도구를 보냈다면 {{all}} 토큰이 들었을 것입니다.',
  },
  spans: {
    'first-token': '첫 토큰까지 시간',
    decode: '디코드',
    authored: '직접 작성한 시간 (모델 지연이 아님)',
    failed: '실패한 호출',
    pause: '일시 정지에서 기다린 시간',
    tool: '도구 실행',
  },
  timeline: {
    title: '시간은 어디에 쓰였나',
    what: '라운드 타임라인',
    round: '라운드 {{round}}',
    description_one: '{{count}}개 라운드의 타임라인. 소요 시간: {{totals}}.',
    description_other: '{{count}}개 라운드의 타임라인. 소요 시간: {{totals}}.',
    spanTitle: '라운드 {{round}} · {{what}}: {{duration}}',
  },
  table: {
    label: '라운드별',
    reported: '런타임이 센 토큰 수입니다(대화 기록과 프롬프트 탭과 같은 값).',
    estimated:
      '런타임이 세지 않는 토큰은 내장 Qwen3 토크나이저로 추정한 값입니다(대화 기록과 프롬프트 탭과 같은 값). 시간은 런타임이 알려 준 값입니다.',
    turn: '턴',
    prompt: '프롬프트',
    completion: '완성',
    firstToken: '첫 토큰',
    prefill: '프리필 tok/s',
    decode: '디코드 tok/s',
    latency: '지연 시간',
    authored: '직접 작성함 — 작성에 쓴 시간은 모델 지연 시간이 아닙니다',
  },
  calls: {
    title: '도구별 호출 수',
    none: '도구 호출 없음',
  },
  turns: {
    empty: '모델 호출마다 한 행씩 여기에 나타납니다.',
    label: '턴 표',
    turn: '턴',
    sent: '보낸 메시지',
    response: '모델 응답과 종료 이유',
    codeDid: '우리 코드가 한 일',
    fork: '포크',
    showRequest: '{{turn}}번째 턴의 요청 보기',
    messages_one: '메시지 {{count}}개',
    messages_other: '메시지 {{count}}개',
    tools_one: '도구 {{count}}개',
    tools_other: '도구 {{count}}개',
    note: {
      empty: '(비어 있음)',
      'no-visible-text': '(보이는 텍스트 없음)',
      failed: '오류: {{error}}',
    },
  },
};
