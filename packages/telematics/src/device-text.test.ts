import { describe, expect, it } from 'vitest';
import { isSafeDeviceId, toStorableAttributes, toStorableText } from './device-text.js';

describe('toStorableText', () => {
  it('replaces a lone high or low surrogate with U+FFFD and keeps pairs', () => {
    expect(toStorableText('x\ud800y')).toBe('x\ufffdy');
    expect(toStorableText('x\udc00')).toBe('x\ufffd');
    expect(toStorableText('\ud83d\ude9a truck')).toBe('\ud83d\ude9a truck');
  });

  it('drops NUL and other control characters but keeps tabs and line breaks', () => {
    expect(toStorableText('a\u0000b\u0007c\u001bd\u007f')).toBe('abcd');
    expect(toStorableText('a\tb\nc\r')).toBe('a\tb\nc\r');
  });

  it('leaves ordinary text alone', () => {
    expect(toStorableText('Ñandú 12,5 °C')).toBe('Ñandú 12,5 °C');
  });
});

describe('toStorableAttributes', () => {
  it('cleans keys and string values and drops attributes whose key is only control characters', () => {
    expect(toStorableAttributes({ 'a\u0000': 'x\ud800', '\u0001': 'gone', n: 1, b: true })).toEqual(
      {
        a: 'x\ufffd',
        n: 1,
        b: true,
      },
    );
  });
});

describe('isSafeDeviceId', () => {
  it('accepts IMEIs and Traccar Client ids up to 40 characters', () => {
    for (const id of ['356307042441013', '1', 'phone-1', 'a.b:c_d', 'x'.repeat(40)])
      expect(isSafeDeviceId(id)).toBe(true);
  });

  it('refuses empty, long, percent, quote, semicolon, space and non-ASCII ids', () => {
    for (const id of ['', 'x'.repeat(41), '%ZZ%', "a';b", 'a b', 'ñ', 'a\u0000'])
      expect(isSafeDeviceId(id)).toBe(false);
  });
});
