import { describe, expect, it } from 'vitest';
import { isPlaceholder } from '../../../plugins/security/engine/placeholders.js';
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
