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

describe('bytes', () => {
  it('writes sizes as the runtimes label them, the number in the page language', () => {
    const en = formatters('en');
    expect(en.bytes(1.25 * 2 ** 30)).toBe('1.3 GB');
    expect(en.bytes(340 * 2 ** 20)).toBe('340 MB');
    expect(en.bytes(4.4 * 2 ** 20)).toBe('4.4 MB');
    expect(en.bytes(12 * 1024)).toBe('12 KB');
    expect(en.bytes(10)).toBe('1 KB');
    expect(en.bytes(2 * 2 ** 30, { binary: true })).toBe('2.0 GiB');
    expect(en.bytes(569 * 1024, { binary: true })).toBe('569 KiB');
    expect(en.bytes(512, { binary: true })).toBe('512 B');
    expect(formatters('ko').bytes(3.5 * 2 ** 20, { binary: true })).toBe('3.5 MiB');
  });
});
