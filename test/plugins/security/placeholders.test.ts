import { describe, expect, it } from 'vitest';
import { echoesKeyName, isPlaceholder } from '../../../plugins/security/engine/placeholders.js';
import { fakeString } from './fake-secrets.js';

describe('isPlaceholder', () => {
  it.each(['your-api-key-here', 'changeme', '<TOKEN>', 'xxxxxxxx', '${DB_PASSWORD}', '{{ secrets.NPM_TOKEN }}', 'process.env.API_KEY', 'sk_test_placeholder', 'REPLACE_ME', 'example-secret-value-for-docs-only', '', '********'])(
    'treats %j as a placeholder',
    (value) => expect(isPlaceholder(value)).toBe(true),
  );

  it('does not drop random values that contain a placeholder word by chance', () => {
    expect(isPlaceholder('Zq8hY3fakeK2mP9xLw7TbQ4nR')).toBe(false);
    expect(isPlaceholder(`MIIEvQIBADANBgkqhkiG9w0BAQEFAASCBKcwggSj${'xxx'}AgEAAoIBAQC7VfAkeTodoAbCdEfGhIjKlMnOp`)).toBe(false);
  });

  it('keeps every random base64 key body of 1,000 as a candidate', () => {
    const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';
    const dropped = Array.from({ length: 1000 }, (_, i) => fakeString(1600, i + 11, alphabet)).filter(isPlaceholder);
    expect(dropped).toEqual([]);
  });
});

describe('echoesKeyName', () => {
  it.each([
    ["clientSecret: '", 'clientSecret'],
    ["  clientSecret: '", 'clientSecret2'],
    ["password: '", 'password1'],
    ["apiKey: '", 'api-key-3'],
    ['DB_PASSWORD=', 'password'],
    ['"secret_key": "', 'SECRET_KEY_01'],
  ])('treats %j followed by %j as a mock value', (key, value) => expect(echoesKeyName(key, value)).toBe(true));

  it.each([
    ["clientSecret: '", 'Hq7vR2mX9pL4sT8w'],
    ["password: '", 'Password!23'],
    ["password: '", 'secret1'],
    ["apiKey: '", 'api-key-12345'],
    ['token=', 'tok'],
  ])('keeps %j followed by %j', (key, value) => expect(echoesKeyName(key, value)).toBe(false));
});
