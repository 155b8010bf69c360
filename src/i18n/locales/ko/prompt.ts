import type { Catalog } from '../../catalog';

export const prompt: Catalog['prompt'] = {
  empty: '모델 호출마다 보낸 프롬프트가 여기에 나타납니다.',
  inFlight: '이 모델 호출은 아직 응답하지 않았습니다. 응답이 오면 프롬프트가 여기에 나타납니다.',
  picker: {
    label: '모델 호출',
    next: '다음 요청 (보내기 전)',
    turn: '턴 {{round}}',
  },
  request: {
    nextTitle: '다음 요청',
    nextSummary: '턴 {{round}} · {{messages}} · {{tools}}',
    nextMessages_other: '메시지 {{count}}개',
    nextTools_other: '도구 {{count}}개',
    toolChoice: 'tool_choice {{choice}}',
    toolChoiceOnly: 'tool_choice: {{name}}만',
    nextHint:
      '워크스페이스(선택한 도구, 도구 선택)와 지금까지의 실행으로 만듭니다. 아래는 한 단계를 누르면 런타임이 실제로 보낼 내용입니다.',
    nextJsonLabel: '다음 요청 JSON',
    wire: {
      'openai-chat': '{{runtime}}이(가) 보내는 본문: OpenAI chat-completions JSON.',
      webllm: '{{runtime}}이(가) web-llm의 engine.chat.completions.create에 넘기는 요청.',
      'llama-completion': '{{runtime}}이(가) llama.cpp에 보내는 것: 렌더링한 프롬프트와 응답을 묶는 GBNF 문법.',
    },
    promptText: '렌더링된 프롬프트',
    grammar: '문법 (GBNF)',
    noPreview: '{{runtime}}은(는) 아직 요청을 보여 줄 수 없습니다: {{reason}}',
    internal: '하네스가 기록한 이 요청의 내부 형태',
    internalHint:
      '루프의 내부 요청(와이어 형식이 아닌 자체 필드 이름): 런타임에 넘기면 런타임이 위의 본문으로 바꿉니다.',
    internalLabel: '내부 요청 기록',
    noNext: '지금 보낼 요청이 없습니다: {{reason}}',
    sentTitle: '런타임이 받은 요청',
    jsonLabel: '요청 JSON',
    toolsOffered_one: '제공한 도구 {{count}}개: {{names}}',
    toolsOffered_other: '제공한 도구 {{count}}개: {{names}}',
    noTools: '이 요청에는 도구가 없습니다.',
    noBody: '이 런타임은 요청 본문을 알려 주지 않습니다: OpenAI 메시지와 도구로 보여 줍니다.',
    inFlight: '모델이 아직 이 요청에 답하지 않았습니다: OpenAI 메시지와 제공한 도구로 보여 줍니다.',
  },
  diff: {
    label: '이전 모델 호출과 비교한 프롬프트',
    title: '턴 {{round}}의 프롬프트와 턴 {{previous}}의 비교',
    firstTitle: '실행의 첫 프롬프트',
    first: '첫 모델 호출입니다: 모든 부분이 새로 추가되었습니다.',
    extends_one:
      '이 프롬프트는 턴 {{previous}}의 프롬프트를 그대로 두고 {{count}}개 부분(강조 표시)을 덧붙입니다 — 모델의 응답과 그 뒤에 온 것입니다.',
    extends_other:
      '이 프롬프트는 턴 {{previous}}의 프롬프트를 그대로 두고 {{count}}개 부분(강조 표시)을 덧붙입니다 — 모델의 응답과 그 뒤에 온 것입니다.',
    notExtends: '이 프롬프트는 턴 {{previous}}의 프롬프트에 단순히 덧붙인 것이 아닙니다. 바뀐 것과 그 이유:',
  },
  reasons: {
    'reasoning-dropped':
      '이전 assistant 턴의 <think> 블록이 빠졌습니다: Qwen3 템플릿은 최근 턴의 추론만 남기므로 프롬프트가 다시 쓰였습니다(런타임의 KV 캐시도 다시 프리필해야 합니다).',
    'tools-changed':
      '도구 정의가 바뀌었습니다: 도구 검색이 찾은 도구를 추가했거나(또는 노출한 도구가 바뀌어) 시스템 턴이 다시 쓰였습니다.',
    'system-changed': '시스템 프롬프트가 바뀌었습니다.',
    'history-dropped':
      '이전 대화의 한 턴을 더 이상 보내지 않습니다(루프 안쪽의 메모리 advisor가 루프 자체 대화 기록을 끕니다).',
    rewritten: '같은 턴이 이번에는 다르게 쓰였습니다(파싱한 호출로 다시 렌더링했거나 날짜 줄이 바뀜).',
  },
  status: {
    same: '그대로',
    added: '추가됨',
    changed: '바뀜',
    removed: '더 이상 보내지 않음',
  },
  segments: {
    system: '시스템 프롬프트',
    tools: '도구 정의',
    generation: '생성 프롬프트',
    other: '프롬프트 텍스트',
    user: '턴 {{turn}} · user',
    assistant: '턴 {{turn}} · assistant',
    laterSystem: '턴 {{turn}} · system',
    toolResults_one: '턴 {{turn}} · 도구 결과 {{count}}개',
    toolResults_other: '턴 {{turn}} · 도구 결과 {{count}}개',
  },
  parts: {
    system: '시스템',
    tools: '도구',
    history: '이전 대화',
    new: '새 메시지',
  },
  source: {
    rendered:
      '런타임이 프롬프트를 알려 주지 않았습니다(서버가 자체 템플릿을 적용): 아래 부분들은 비교를 위해 앱이 요청을 ChatML로 렌더링한 것입니다.',
  },
  tokens: {
    loading: '부분별 토큰을 세기 위해 Qwen3 토크나이저를 불러오는 중…',
    failed: '토크나이저를 불러오지 못했습니다({{error}}): 부분별 토큰을 세지 않습니다.',
    runtime: '런타임 자체 토크나이저로 센 토큰입니다.',
    estimated:
      '내장 Qwen3 토크나이저로 추정한 토큰 수입니다(이 런타임은 자체 토큰 수를 알려 주지 않습니다). 부분들을 더하면 프롬프트가 됩니다.',
    runtimeWhole:
      '런타임이 자체 토크나이저로 프롬프트 전체를 셌습니다: {{prompt}} 토큰. 부분별 수는 알려 주지 않으므로 부분들은 내장 Qwen3 토크나이저로 추정한 값이며, 더하면 {{parts}}입니다.',
    total: '프롬프트',
    added: '{{tokens}} 추가',
    count_one: '{{formatted}} 토큰',
    count_other: '{{formatted}} 토큰',
  },
  wholeTitle: '모델이 본 프롬프트 텍스트',
  wholeLabel: '프롬프트 텍스트',
  builtByServer:
    '서버가 자체 채팅 템플릿으로 만들었습니다: 앱은 메시지와 도구를 보냈고, 프롬프트 텍스트는 돌아오지 않습니다.',
  notExposed: '(이 런타임은 프롬프트 텍스트를 공개하지 않습니다)',
  kv: {
    first: 'KV 캐시: 실행의 첫 모델 호출 — 프롬프트 전체를 프리필합니다.',
    extends:
      'KV 캐시: 이 프롬프트는 이전 호출의 프롬프트와 모델의 정확한 출력({{chars}}자)을 그대로 이어 갑니다. 캐시를 유지하는 런타임은 나머지만 프리필합니다.',
    diverges:
      'KV 캐시: 이 프롬프트는 이전 프롬프트와 출력에서 {{at}}번째 문자부터 달라집니다(기대 “{{expected}}”, 실제 “{{actual}}”): 런타임이 전부 다시 프리필해야 합니다.',
  },
};
