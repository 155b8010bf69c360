import type { Catalog } from '../../catalog';

export const exchange: Catalog['exchange'] = {
  httpRequest: 'HTTP 요청',
  rawResponse: '원본 응답',
  rawResponseStatus: '원본 응답 (HTTP {{status}})',
  cutAtLimit: ', 크기 한도에서 잘림',
  rawStream: '원본 응답 스트림',
  nothingReceived: '(받은 것 없음)',
  todayDate: 'Today Date (오늘 날짜)',
  todayDateLabel: 'Llama 3.2 프롬프트에 찍히는 Today Date',
  datePrintedRun:
    'Llama 3.2 프롬프트에는 “Today Date: {{date}}”가 찍힙니다. 이 실행이 시작된 날입니다 (transformers는 렌더링하는 날을 찍습니다). 다른 형식은 날짜를 찍지 않습니다.',
  datePrintedChosen:
    'Llama 3.2 프롬프트에는 “Today Date: {{date}}”가 찍힙니다. 직접 정한 날짜입니다 (transformers는 렌더링하는 날을 찍습니다). 다른 형식은 날짜를 찍지 않습니다.',
  useRunDate: '실행 날짜 사용',
};
