import { describe, expect, it } from 'vitest';
import { chooseLanguage } from './languages';
import { formatters } from './react';

describe('chooseLanguage', () => {
  it('takes ?lang= first, then the remembered choice, then the browser, then English', () => {
    expect(chooseLanguage({ search: '?lang=ko', stored: 'en', browser: ['en-US'] })).toBe('ko');
    expect(chooseLanguage({ search: '?lang=xx', stored: 'ko', browser: ['en-US'] })).toBe('ko');
    expect(chooseLanguage({ search: '', stored: null, browser: ['fr-FR', 'ko-KR'] })).toBe('ko');
    expect(chooseLanguage({ search: '', stored: null, browser: ['fr-FR'] })).toBe('en');
  });
});

describe('formatters', () => {
  it('format numbers and durations for the language', () => {
    expect(formatters('en').number(28700)).toBe('28,700');
    expect(formatters('en').duration(850)).toBe('850 ms');
    expect(formatters('en').duration(1234)).toBe('1.2 sec');
    expect(formatters('ko').number(28700)).toBe('28,700');
    expect(formatters('ko').duration(1234)).toMatch(/^1\.2\s?초$/);
  });
});
