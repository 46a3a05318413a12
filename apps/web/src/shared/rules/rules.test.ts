import { describe, expect, it } from 'vitest';
import { email, minLength, noWhitespace, required, runRules } from './rules';

describe('validation rules (spec §5)', () => {
  it('required fails on empty with the Spanish default message', () => {
    expect(required()('')).toBe('valor requerido');
    expect(required()(null)).toBe('valor requerido');
    expect(required()(undefined)).toBe('valor requerido');
    expect(required()('x')).toBe(true);
  });

  it('required takes an overriding message', () => {
    expect(required('Required value')('')).toBe('Required value');
  });

  it('minLength fails when empty or shorter, naming N', () => {
    expect(minLength(6)('')).toBe('tamaño mínimo requerido 6');
    expect(minLength(6)('abcde')).toBe('tamaño mínimo requerido 6');
    expect(minLength(6)('abcdef')).toBe(true);
  });

  it('minLength fills :value in an overriding message', () => {
    expect(minLength(6, "can't be less than :value")('abc')).toBe("can't be less than 6");
    expect(minLength(6, "can't be less than 6")('abc')).toBe("can't be less than 6");
  });

  it('noWhitespace fails on empty or any white space', () => {
    expect(noWhitespace()('')).toBe('espacios en blanco no permitidos');
    expect(noWhitespace()('demo 1234')).toBe('espacios en blanco no permitidos');
    expect(noWhitespace()('demo\t1234')).toBe('espacios en blanco no permitidos');
    expect(noWhitespace()('demo1234')).toBe(true);
    expect(noWhitespace('white space is not allowed')(' ')).toBe('white space is not allowed');
  });

  it('email accepts addresses and rejects other text', () => {
    expect(email()('ana@rumbo.test')).toBe(true);
    expect(email()('ana.perez+fleet@mail.example.com')).toBe(true);
    expect(email()('ana@rumbo')).toBe('formato inválido');
    expect(email()('ana rumbo@test.com')).toBe('formato inválido');
    expect(email()('')).toBe('formato inválido');
    expect(email('Invalid format')('nope')).toBe('Invalid format');
  });

  it('runRules returns the first failure in order', () => {
    const rules = [required(), minLength(6), noWhitespace()];
    expect(runRules(rules, '')).toBe('valor requerido');
    expect(runRules(rules, 'a b')).toBe('tamaño mínimo requerido 6');
    expect(runRules(rules, 'abc def')).toBe('espacios en blanco no permitidos');
    expect(runRules(rules, 'abcdefg')).toBe(true);
  });
});

describe('limits shared with the server', () => {
  it('uses the minimum credential length of @rumbo/contracts', async () => {
    const contracts = await import('@rumbo/contracts');
    const { MIN_CREDENTIAL_LENGTH } = await import('./rules');
    expect(MIN_CREDENTIAL_LENGTH).toBe(contracts.MIN_CREDENTIAL_LENGTH);
  });
});
