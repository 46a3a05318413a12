import { describe, expect, it } from 'vitest';
import { vehicleInput } from '@rumbo/contracts';
import { autoPlate, PLATE_MAX_LENGTH } from './auto-plate.js';

const fitsPlateRule = (plate: string): boolean => vehicleInput.shape.plate.safeParse(plate).success;

describe('autoPlate', () => {
  it('uses the device id itself when it fits a plate', () => {
    expect(autoPlate('356307042441013', 0)).toBe('356307042441013');
    expect(autoPlate('phone-1', 0)).toBe('phone-1');
  });

  it('shortens a 21-character id to 20 characters that still fit the plate rule', () => {
    const plate = autoPlate('abcdefghijklmnopqrstu', 0);
    expect(plate).toHaveLength(PLATE_MAX_LENGTH);
    expect(plate.startsWith('abcdefghijklm-')).toBe(true);
    expect(fitsPlateRule(plate)).toBe(true);
  });

  it('gives two long ids with the same prefix different plates', () => {
    const a = autoPlate(`${'x'.repeat(30)}a`, 0);
    const b = autoPlate(`${'x'.repeat(30)}b`, 0);
    expect(a).not.toBe(b);
  });

  it('gives a different plate on each retry', () => {
    const plates = new Set([0, 1, 2, 3].map((n) => autoPlate('356307042441013', n)));
    expect(plates.size).toBe(4);
  });

  it.each(['a:b:c', '%ZZ%', "a';b", 'x'.repeat(64), ':', 'ñandú'])(
    'derives a plate that fits the plate rule from %j',
    (id) => {
      for (const attempt of [0, 1]) {
        const plate = autoPlate(id, attempt);
        expect(plate.length).toBeLessThanOrEqual(PLATE_MAX_LENGTH);
        expect(fitsPlateRule(plate)).toBe(true);
      }
    },
  );
});
