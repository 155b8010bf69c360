import type { Catalog } from '../../catalog';

export const human: Catalog['human'] = {
  streaming: '스트리밍 중…',
  waiting: '답변 작성을 기다리는 중(아래 “내가 모델”에서 작성)',
  panel:
    '내가 모델 역할을 합니다. 루프가 모델을 호출하면 대화 기록 아래에 작성 창이 열립니다. 텍스트를 쓰고, id와 JSON 인자를 붙여 도구 호출을 추가하고, 종료 이유(finish reason)를 고르세요. 작성한 턴은 실제 모델과 같은 프로토콜로 원본 텍스트가 되고, 하네스가 그것을 파싱합니다.',
  composer: {
    label: '내가 모델',
    title: '내가 모델 — {{round}}번째 턴',
    carries:
      '요청에는 {{messages}}와 {{tools}}가 담겨 있습니다. 어시스턴트 턴을 작성하세요. 원본 텍스트와 {{block}} 블록으로 렌더링되어 실제 모델의 출력처럼 파싱됩니다.',
    messages_one: '메시지 {{count}}개',
    messages_other: '메시지 {{count}}개',
    tools_one: '도구 {{count}}개',
    tools_other: '도구 {{count}}개',
    text: '어시스턴트 텍스트',
    call: '도구 호출 {{n}}',
    id: 'id',
    idOf: '호출 {{n}}의 id',
    tool: '도구',
    toolOf: '호출 {{n}}의 도구 이름',
    arguments: '인자 (JSON)',
    argumentsOf: '호출 {{n}}의 인자',
    remove: '호출 {{n}} 삭제',
    addCall: '도구 호출 추가',
    finishReason: '종료 이유 (finish reason)',
    send: '모델로서 보내기',
  },
  problem: {
    'not-waiting': '루프가 모델의 턴을 기다리고 있지 않습니다. 먼저 한 단계를 눌러 모델을 호출하세요.',
    'unknown-finish-reason': '알 수 없는 종료 이유 "{{finishReason}}"입니다.',
    empty: '텍스트를 쓰거나 도구 호출을 추가하세요.',
    'unnamed-call': '도구 호출 {{call}}에 이름이 없습니다.',
    'duplicate-id': '두 도구 호출의 id가 "{{id}}"로 같습니다. id는 각 결과를 해당 호출과 짝지어 줍니다.',
  },
};
