import type { Catalog } from '../../catalog';

export const scenarios: Catalog['scenarios'] = {
  'seoul-time-math': {
    title: '서울 시간과 계산',
    description:
      '한 응답에 도구 호출 두 개(차례로 실행, id로 짝지음), 첫 결과를 쓰는 호출, 그리고 답. 멈춘 동안 곱셈을 고치고 새 숫자가 답까지 이어지는 것을 지켜보세요.',
    tryThis:
      '“도구 실행 전에 멈춤”을 켜고 한 단계를 누르세요. 1번째 턴에서 곱셈 호출을 고치고(b: 7 → 8) 계속 진행하면 답이 1005가 됩니다.',
  },
  'seoul-time-math-ko': {
    title: '서울 시간과 계산 (한국어)',
    description:
      '튜토리얼의 질문 그대로: 한 응답에 도구 호출 두 개(차례로 실행, id로 짝지음), 첫 결과를 쓰는 호출, 그리고 답. 도구 설명을 English / 한국어로 바꿔 가며 요청이 어떻게 달라지는지 비교해 보세요.',
    tryThis:
      '“도구 실행 전에 멈춤”을 켜고 한 단계를 누르세요. 1번째 턴에서 곱셈 호출을 고치고(b: 7 → 8) 계속 진행하면 답이 1005가 됩니다. 요청 탭에서 도구 설명의 언어도 확인해 보세요.',
  },
  'reserve-and-todo': {
    title: '재고 예약과 할 일 추가',
    description:
      'reserve_inventory는 승인이 필요한 도구라서, 멈춤 스위치가 꺼져 있어도 루프가 실행 전에 멈춥니다. 두 번째 호출은 첫 결과를 사용합니다.',
    tryThis:
      '끝까지 실행을 누르세요. reserve_inventory에서 결정을 기다리며 멈춥니다. 승인하거나, 이유를 적어 거부하고 모델이 어떻게 답하는지 보세요.',
  },
  'return-direct': {
    title: 'returnDirect: 도구 결과가 곧 답',
    description:
      '여기서는 check_inventory가 returnDirect로 표시되어 있습니다. 실행된 호출이 모두 returnDirect이면 그 결과가 최종 답이 되고 모델은 다시 호출되지 않습니다.',
    tryThis: '끝까지 실행을 누르고 턴 탭을 보세요. 모델 호출은 한 번뿐이고, 도구 결과가 최종 답입니다.',
  },
  'tool-error': {
    title: '도구 오류와 잘못된 인자',
    description:
      '한 호출은 예외를 던지고(없는 SKU), 다른 호출은 인자가 스키마에 맞지 않습니다. 모델은 두 오류를 결과(is_error)로 받고 회복합니다. 예외 처리 방식을 “루프 멈추기”로 바꿔 비교해 보세요.',
    tryThis: '한 번 끝까지 실행한 뒤, “도구 오류 시”를 “루프 멈추기”로 바꾸고 새 실행을 눌러 다시 실행해 보세요.',
  },
  'small-model-glitches': {
    title: '작은 모델의 형식이 잘못된 도구 호출',
    description:
      '작은 모델이 실제로 쓰는 원시 출력과, 파서가 너그럽게 넘기거나 표시한 내용을 각 호출과 텍스트 옆의 메모로 보여 줍니다. 문장 속에 나온 <tool_call>(호출 아님)과 중괄호가 빠진 블록(텍스트로 남고 오류 결과로 답함), 이어서 "arguments" 대신 "parameters", 그리고 닫히지 않은 블록 안의 JSON 문자열 인자. “형식이 잘못된 호출”을 “텍스트로 취급”으로 바꾸면 첫 턴을 다르게 읽는 방식을 볼 수 있습니다.',
    tryThis:
      '한 단계씩 진행하며 각 호출 옆의 파서 메모를 읽어 보세요. 그다음 “형식이 잘못된 호출”을 “텍스트로 취급”으로 바꾸고 1번째 턴을 비교해 보세요.',
  },
  'tool-search-landsmeer': {
    title: '도구 검색: 도구 28개 중 3개',
    description:
      '도구 28개 가운데서 Landsmeer에서 입을 옷을 정합니다. 도구 검색이 켜져 있으면 모델은 처음에 toolSearchTool만 보고, 검색으로 찾은 도구가 다음 요청부터 함께 전송됩니다. toolSearchTool을 해제하면 매 라운드 28개를 모두 보내니 토큰을 비교해 보세요.',
    tryThis:
      '도구 검색을 켠 채 끝까지 실행하고 지표 탭을 보세요. 그다음 toolSearchTool을 해제하고 새 실행을 눌러 프롬프트 토큰을 비교해 보세요.',
  },
  'runaway-loop': {
    title: '폭주하는 루프와 루프 가드',
    description:
      '스크립트 모델이 같은 재고 확인만 계속 요청하고 답하지 않습니다. 반복 호출 가드는 3번째 호출에서 답하라고 요청하고(소프트 한도), 5번째에서 루프를 멈춥니다(하드 한도). 교육 실습실의 측정 막대를 지켜보세요.',
    tryThis:
      '교육 실습실을 열고 끝까지 실행을 누르세요. 반복 호출 측정값이 3에서 소프트 한도를 넘고, 5에서 루프가 멈춥니다.',
  },
  'policy-workspace': {
    title: '정책이 적용된 작업 공간',
    description:
      'list_files, read_file, write_file은 정책이 있는 하나의 실행 서비스를 거칩니다. 경로는 작업 공간 안에 머물러야 하고, 비밀 파일은 차단되며, 쓰기에는 “쓰기 허용”이 필요하고, 긴 출력은 잘립니다. 모든 결과는 서비스의 {text, error, metadata}를 담은 JSON입니다. 쓰기는 거부됩니다. “쓰기 허용”을 켜고 “go ahead”라고 답하면 같은 호출이 성공합니다.',
    tryThis:
      '끝까지 실행을 누르고 각 도구 결과의 JSON을 읽어 보세요. 쓰기가 거부됩니다. 그다음 “쓰기 허용”을 켜고 “go ahead”를 보낸 뒤 다시 끝까지 실행하세요.',
  },
  'augmented-arguments': {
    title: '인자 보강: innerThought와 confidence',
    description:
      '“인자 보강”을 켜면 모든 도구 스키마에 innerThought(필수)와 confidence가 더해집니다. 모델은 원래 인자와 함께 이 값을 채우고, 이 값은 호출 옆에 표시된 뒤 도구 실행 전에 제거됩니다. 그래서 discount는 price와 percent만 받습니다. 스위치를 끄면 같은 호출에 도구 자신의 필드만 담깁니다.',
    tryThis:
      '끝까지 실행을 누르고 호출의 인자를 “도구가 받은 인자”와 비교해 보세요. 그다음 “인자 보강”을 끄고 새 실행을 눌러 다시 실행해 보세요.',
  },
  'large-tool-result': {
    title: '거대한 도구 결과를 루프 훅으로 줄이기',
    description:
      'order_history는 한 줄이면 될 답에 약 6,000자를 돌려줍니다. 어드바이저 탭에서 tool-calling advisor의 doGetNextInstructionsForToolCall 훅이 다음 라운드 전에 긴 결과를 줄이고 절약한 토큰을 보여 줍니다. think trace(+360)는 라운드마다 추론을 기록하고, 루프 바깥으로 옮긴 logger(+250)는 첫 요청과 최종 응답만 기록합니다.',
    tryThis:
      '어드바이저 탭에서 advisor 제어를 켜고, Logger의 순서를 H+250으로 바꾸고, Think trace와 줄이기 훅을 선택한 뒤 끝까지 실행하세요. 예산 중지를 보려면 교육 실습실의 “토큰: 예산 (중지)”를 100으로 두고 다시 실행하세요.',
  },
  'parallel-lookups': {
    title: '서로 독립적인 조회 두 개, 병렬 호출 끔',
    description:
      'SKU-100의 재고와 고객의 연락처는 서로 상관이 없으므로, 모델은 한 응답에서 둘 다 요청할 수 있습니다. “병렬 도구 호출”을 끄면 모델은 응답마다 호출을 하나만 하므로 턴이 하나가 아니라 둘이 됩니다. 스위치를 켜고 턴 수를 비교해 보세요.',
    tryThis:
      '끝까지 실행을 누르고 턴을 세어 보세요. 턴마다 호출이 하나씩입니다. 그다음 “병렬 도구 호출”을 켜고 새 실행을 눌러 비교해 보세요.',
  },
  'memory-followup': {
    title: '대화 메모리로 답하는 후속 질문',
    description:
      'advisor 제어로 실행하세요. 예약이 실행된 뒤 “What was the product I just reserved?”를 보냅니다. 루프 바깥의 chat memory advisor(+200)가 첫 질문과 최종 답을 저장해 두었으므로, 두 번째 요청에 그 내용이 함께 담깁니다. 메모리를 루프 안쪽으로 옮기면(‘안쪽으로 →’ 버튼은 +390에 둡니다: 루프의 +300보다 크고, 루프 지표 advisor의 +400과 겹치지 않습니다) 무엇을 저장하는지 볼 수 있습니다.',
    tryThis:
      '어드바이저 탭에서 advisor 제어를 켜고 끝까지 실행하세요. 그다음 “What was the product I just reserved?”를 보내고 다시 끝까지 실행하세요.',
  },
};
