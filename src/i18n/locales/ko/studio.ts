import type { Catalog } from '../../catalog';

export const studio: Catalog['studio'] = {
  editor: {
    notSavedYet: '아직 저장 안 됨',
    unsaved: '저장하지 않은 변경',
    unsavedTitle: '저장하지 않은 변경이 있습니다: 도구 저장을 누르면 남고, 편집기 닫기를 누르면 사라집니다.',
  },
  run: {
    running: '실행 중… {{elapsed}}',
  },
  params: {
    none: '매개변수가 없습니다.',
    add: '+ 매개변수 추가',
    addProperty: '+ {{parent}}에 속성 추가',
    unnamed: '(이름 없음)',
    legend: '매개변수 {{label}}',
    name: '이름',
    nameOf: '매개변수 {{label}}의 이름',
    type: '타입',
    typeOf: '{{label}}의 타입',
    required: '필수(required)',
    remove: '매개변수 {{label}} 삭제',
    description: '설명(description)',
    descriptionOf: '{{label}}의 설명',
    descriptionPlaceholder: '모델이 읽는 설명',
    allowed: '허용 값(enum)',
    allowedOf: '{{label}}의 허용 값',
    allowedPlaceholder: '쉼표로 구분(선택)',
    items: '{{label}}의 항목',
  },
};
