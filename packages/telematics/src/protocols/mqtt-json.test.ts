import { describe, expect, it } from 'vitest';
import { decodeMqttJson, mqttTopicDevice } from './mqtt-json.js';

const bytes = (value: unknown) => Buffer.from(JSON.stringify(value));

describe('MQTT JSON decoding', () => {
  it('reads one record or an array, keeps the known keys and drops the others', () => {
    const one = decodeMqttJson(
      'gw-1',
      bytes({ fixTimeMs: 1000, lat: -34.6, lng: -58.4, rpm: 1200, extra: 1 }),
    );
    expect(one).toEqual({
      identity: 'gw-1',
      records: [
        { deviceId: 'gw-1', fixTimeMs: 1000, lat: -34.6, lng: -58.4, rpm: 1200, attributes: {} },
      ],
    });
    const many = decodeMqttJson(
      'gw-1',
      bytes([
        {
          fixTimeMs: 1000,
          lat: 1,
          lng: 2,
          ignition: true,
          harshEvent: 'brake',
          attributes: { a: 'x' },
        },
        { fixTimeMs: 2000, lat: 1, lng: 2, driverCode: 'D1' },
      ]),
    );
    expect(many.records.map((r) => [r.ignition, r.harshEvent, r.attributes, r.driverCode])).toEqual(
      [
        [true, 'brake', { a: 'x' }, undefined],
        [undefined, undefined, {}, 'D1'],
      ],
    );
  });

  it('refuses what is not JSON, a record without time or place, and wrong types', () => {
    expect(decodeMqttJson('d', Buffer.from('{')).error?.reason).toBe('not JSON');
    expect(decodeMqttJson('d', bytes({ lat: 1, lng: 2 })).error).toBeDefined();
    expect(decodeMqttJson('d', bytes({ fixTimeMs: 1.5, lat: 1, lng: 2 })).error).toBeDefined();
    expect(
      decodeMqttJson('d', bytes({ fixTimeMs: 1, lat: 1, lng: 2, rpm: '9' })).error,
    ).toBeDefined();
    expect(
      decodeMqttJson('d', bytes({ fixTimeMs: 1, lat: 1, lng: 2, harshEvent: 'x' })).error,
    ).toBeDefined();
    expect(
      decodeMqttJson('d', bytes({ fixTimeMs: 1, lat: 1, lng: 2, attributes: { a: {} } })).error,
    ).toBeDefined();
    const tooMany = Array.from({ length: 1001 }, () => ({ fixTimeMs: 1, lat: 1, lng: 2 }));
    expect(decodeMqttJson('d', bytes(tooMany)).error).toBeDefined();
  });

  it('reads the tachograph slots: working states by name and the second card (issue 26)', () => {
    const decoded = decodeMqttJson(
      'gw-1',
      bytes({
        fixTimeMs: 1000,
        lat: 1,
        lng: 2,
        driverCode: 'E1',
        driver1WorkingState: 'drive',
        driver2Code: 'E2',
        driver2WorkingState: 'available',
        attributes: { driver1WorkingState: 0, other: 1 },
      }),
    );
    expect(decoded.records).toEqual([
      {
        deviceId: 'gw-1',
        fixTimeMs: 1000,
        lat: 1,
        lng: 2,
        driverCode: 'E1',
        // The tachograph's codes, as a Teltonika device's IO 184/185 fill them; the field wins.
        attributes: { driver1WorkingState: 3, driver2WorkingState: 1, driver2Code: 'E2', other: 1 },
      },
    ]);
    for (const [key, value] of [
      ['driver1WorkingState', 3],
      ['driver2WorkingState', 'sleep'],
      ['driver1WorkingState', 'toString'],
      ['driver2Code', 7],
      ['driver2Code', 'x'.repeat(65)],
    ] as const)
      expect(
        decodeMqttJson('gw-1', bytes({ fixTimeMs: 1, lat: 1, lng: 2, [key]: value })).error?.reason,
      ).toMatch(key);
  });

  it('reads the device id from the topic', () => {
    expect(mqttTopicDevice('rumbo/gw-7/telemetry')).toBe('gw-7');
  });
});
